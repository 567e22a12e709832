import Assets
import Components
import LayerMath
import Layers
import Scene
import XCTest

/// Seed 003's header: quads and alphas at replayed offsets, and the inputs.
final class ScrollHeaderTests: XCTestCase {
    let size = Size(375, 667)

    func makeHeader() -> ScrollHeader {
        ScrollHeader(name: "h", frame: Rect(x: 0, y: 0, width: 375, height: 667), images: ImageStore())
    }

    /// The header's corners through its layer matrix (drawn or not).
    func headerCorners(_ h: ScrollHeader) -> [Point] {
        let m = h.headerLayer.matrixToSuperlayer
        return [Point(0, 0), Point(375, 0), Point(375, 300), Point(0, 300)].map { m.project($0) }
    }

    func assertCorners(_ c: [Point], _ e: [(Double, Double)], line: UInt = #line) {
        for i in 0..<4 {
            XCTAssertEqual(c[i].x, e[i].0, accuracy: 1e-9, "corner \(i)", line: line)
            XCTAssertEqual(c[i].y, e[i].1, accuracy: 1e-9, "corner \(i)", line: line)
        }
    }

    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)] {
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    }

    func quad(_ list: RenderList, _ name: String) -> RenderQuad? { list.quads.first { $0.name == name } }

    func testSeedFormulas() {
        let rest = HeaderParallax(offsetY: -300)
        XCTAssertEqual(rest.transform, .identity)
        XCTAssertEqual(rest.imageAlpha, 1)
        XCTAssertEqual(rest.navigationBarAlpha, 0)
        let half = HeaderParallax(offsetY: -150)
        XCTAssertEqual(half.transform, .translation(0, -75))
        XCTAssertEqual(half.imageAlpha, 0.5)
        XCTAssertEqual(half.navigationBarAlpha, 0.875)
        let top = HeaderParallax(offsetY: 0)
        XCTAssertEqual(top.transform, .translation(0, -150))
        XCTAssertEqual(top.imageAlpha, 0)
        XCTAssertEqual(top.navigationBarAlpha, 1)
        let below = HeaderParallax(offsetY: 100)
        XCTAssertEqual(below.transform, .identity, "the seed's Translate(t, 0, 0) of the identity")
        XCTAssertEqual(below.imageAlpha, 0)
        XCTAssertEqual(below.navigationBarAlpha, 1)
        let over = HeaderParallax(offsetY: -450)
        XCTAssertEqual(over.transform, .scale(1.5, 1.5))
        XCTAssertEqual(over.imageAlpha, 1.5, "the seed's value; UIKit clamps it when drawing")
        XCTAssertEqual(over.drawnImageAlpha, 1)
        XCTAssertEqual(over.navigationBarAlpha, 1 - 1.5 * 1.5 * 1.5)
    }

    func testHeaderQuadsAtReplayedOffsets() {
        let h = makeHeader()
        // Rest: the seed's frame (0, -150, W, 300) with anchor (0.5, 0) sits at y 0...300.
        XCTAssertEqual(h.contentOffsetY, -300)
        XCTAssertEqual(h.headerLayer.position, Point(187.5, 0))
        var list = h.rootLayer.flatten(canvas: size)
        assertCorners(quad(list, "h/header")!.cornerArray, rect(0, 0, 375, 300))
        XCTAssertEqual(quad(list, "h/header")!.opacity, 1)
        XCTAssertNil(quad(list, "h/navbar"), "bar alpha 0 at rest")

        h.contentOffsetY = -150
        list = h.rootLayer.flatten(canvas: size)
        assertCorners(quad(list, "h/header")!.cornerArray, rect(0, -75, 375, 225))
        XCTAssertEqual(quad(list, "h/header")!.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(quad(list, "h/navbar")!.opacity, 0.875, accuracy: 1e-12)

        h.contentOffsetY = 0
        list = h.rootLayer.flatten(canvas: size)
        assertCorners(headerCorners(h), rect(0, -150, 375, 150))
        XCTAssertEqual(h.headerLayer.opacity, 0)
        XCTAssertNil(quad(list, "h/header"), "alpha 0: not drawn")
        XCTAssertEqual(quad(list, "h/navbar")!.opacity, 1)

        h.contentOffsetY = 100
        assertCorners(headerCorners(h), rect(0, 0, 375, 300))
        XCTAssertEqual(h.headerLayer.opacity, 0)
        XCTAssertNil(quad(h.rootLayer.flatten(canvas: size), "h/header"))

        // Overscrolled: scale 1.5 about the top-centre anchor, alpha 1.5 drawn as 1.
        h.contentOffsetY = -450
        XCTAssertEqual(h.contentOffsetY, -450, "held outside the range, as set")
        list = h.rootLayer.flatten(canvas: size)
        assertCorners(quad(list, "h/header")!.cornerArray, rect(187.5 - 281.25, 0, 187.5 + 281.25, 450))
        XCTAssertEqual(quad(list, "h/header")!.opacity, 1)
        XCTAssertEqual(h.parallax.imageAlpha, 1.5)
        XCTAssertNil(quad(list, "h/navbar"), "1 - 1.5^3 < 0 clamps to 0")
        h.update(to: 5)
        XCTAssertEqual(h.contentOffsetY, -450, "a held offset stays until input")
    }

    func testRowsCoverTheHeaderAndArePooled() {
        let h = makeHeader()
        var list = h.rootLayer.flatten(canvas: size)
        let header = list.quads.firstIndex { $0.name == "h/header" }!
        let row0 = list.quads.firstIndex { $0.name == "h/row0" }!
        XCTAssertLessThan(header, row0, "rows are drawn over the header")
        assertCorners(list.quads[row0].cornerArray, rect(0, 300, 375, 344))
        // Rows 0...8 reach into the 667-point viewport at rest (row 8's top is at 652).
        XCTAssertEqual(list.quads.filter { $0.name.hasPrefix("h/row") }.count, 9)

        h.contentOffsetY = 500
        list = h.rootLayer.flatten(canvas: size)
        let rows = list.quads.filter { $0.name.hasPrefix("h/row") }
        XCTAssertEqual(rows.first?.name, "h/row11")
        XCTAssertEqual(rows.first!.corners.0.y, 11 * 44 - 500, accuracy: 1e-9)
        XCTAssertEqual(rows.last?.name, "h/row26")
        XCTAssertLessThanOrEqual(rows.count, Int((667.0 / 44).rounded(.up)) + 1)
        XCTAssertEqual(h.offsetRange, -300...(40 * 44 - 667))
    }

    func testKeys() {
        let h = makeHeader()
        h.handle(.key("Down", down: true), at: 0)
        h.handle(.key("Down", down: true), at: 0.1)
        h.update(to: 1)
        XCTAssertEqual(h.contentOffsetY, -220, accuracy: 1e-9, "two presses add up from the target")
        h.handle(.key("Up", down: true), at: 1)
        h.update(to: 2)
        XCTAssertEqual(h.contentOffsetY, -260, accuracy: 1e-9)
        h.handle(.key("PageDown", down: true), at: 2)
        h.update(to: 3)
        XCTAssertEqual(h.contentOffsetY, -260 + 667, accuracy: 1e-9)
        h.handle(.key("End", down: true), at: 3)
        h.update(to: 4)
        XCTAssertEqual(h.contentOffsetY, 40 * 44 - 667, accuracy: 1e-9)
        h.handle(.key("PageUp", down: true), at: 4)
        h.update(to: 5)
        XCTAssertEqual(h.contentOffsetY, 40 * 44 - 667 - 667, accuracy: 1e-9)
        h.handle(.key("Home", down: true), at: 5)
        h.update(to: 6)
        XCTAssertEqual(h.contentOffsetY, -300, accuracy: 1e-9)
        h.handle(.key("Up", down: true), at: 6)
        h.update(to: 7)
        XCTAssertEqual(h.contentOffsetY, -300, accuracy: 1e-9, "clamped at the top")
    }

    func testWheel() {
        let h = makeHeader()
        h.handle(.wheel(dx: 0, dy: -120), at: 0)
        h.update(to: 0)
        XCTAssertEqual(h.contentOffsetY, -180, "-dy (toward the user) scrolls down the list")
        XCTAssertEqual(h.headerLayer.opacity, 0.6, accuracy: 1e-12)
        h.handle(.wheel(dx: 0, dy: 500), at: 0.1)
        XCTAssertEqual(h.contentOffsetY, -300, "clamped at the top")
        // A held overscroll is dropped by the next input.
        h.contentOffsetY = -450
        h.handle(.wheel(dx: 0, dy: -10), at: 0.2)
        XCTAssertEqual(h.contentOffsetY, -290)
    }

    func testDragFollowsTheFingerAndRubberBandsBack() {
        let h = makeHeader()
        h.handle(.pointer(Point(100, 500), button: .left, down: true), at: 0)
        h.handle(.move(Point(100, 450)), at: 0.1)
        h.handle(.move(Point(100, 400)), at: 0.2)
        h.update(to: 0.2)
        XCTAssertEqual(h.contentOffsetY, -200, accuracy: 1e-9, "content follows the finger")
        // Hold still, then lift: no flick.
        h.handle(.pointer(Point(100, 400), button: .left, down: false), at: 1)
        h.update(to: 2)
        XCTAssertEqual(h.contentOffsetY, -200, accuracy: 1e-9)

        // Pull down past the top: rubber band, the header stretches; then it springs back.
        h.handle(.key("Home", down: true), at: 2)
        h.update(to: 3)
        h.handle(.pointer(Point(100, 300), button: .left, down: true), at: 3)
        h.handle(.move(Point(100, 450)), at: 3.1)
        h.update(to: 3.1)
        XCTAssertLessThan(h.contentOffsetY, -300)
        XCTAssertGreaterThan(h.contentOffsetY, -450, "the rubber band gives less than the finger")
        XCTAssertGreaterThan(h.parallax.transform.a, 1, "the header stretches")
        h.handle(.pointer(Point(100, 450), button: .left, down: false), at: 3.5)
        h.update(to: 8)
        XCTAssertEqual(h.contentOffsetY, -300, accuracy: 1e-9)
        XCTAssertEqual(h.headerLayer.transform, .identity)
    }

    func testSceneFile() throws {
        let scene = try SceneLoader.load(path: SceneFiles.path("scroll-header.json"), images: ImageStore())
        let h = try XCTUnwrap(scene.component(named: "header") as? ScrollHeader)
        XCTAssertEqual(h.contentOffsetY, -300)
        XCTAssertEqual(h.rowCount, 40)

        func failure(_ component: String) -> String {
            let text = "{\"canvas\": {\"width\": 375, \"height\": 667}, \"components\": [\(component)]}"
            do { _ = try SceneLoader.parse(text, file: "s.json", directory: ".", images: ImageStore()) } catch {
                return "\(error)"
            }
            return "no error"
        }
        XCTAssertTrue(failure(#"{"kind":"scrollHeader","name":"h","rowCount":-1}"#).contains("at components[0].rowCount"))
        XCTAssertTrue(failure(#"{"kind":"scrollHeader","name":"h","headerHeight":0}"#).contains("at components[0].headerHeight"))
        XCTAssertTrue(failure(#"{"kind":"scrollHeader","name":"h","image":"missing.png"}"#).contains("at components[0].image"))
        XCTAssertTrue(failure(#"{"kind":"scrollHeader","name":"h","rows":3}"#).contains("at components[0].rows"))
    }
}
