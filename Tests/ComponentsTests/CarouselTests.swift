import Assets
import Input
import Scene
import XCTest
import LayerMath
import Layers
import _TestSupport
@testable import Components

final class CarouselTests: XCTestCase {
    let canvas = Size(375, 600)
    let seedFrame = Rect(x: 0, y: 150, width: 375, height: 300)    // the seed's (0, H/4, W, H/2)

    private func carousel(_ type: CarouselType = .rotatedFlow, count: Int = 9, frame: Rect? = nil,
                          options: CarouselOptions = CarouselOptions(), wrap: Bool? = nil,
                          autoscroll: Double = 0, start: Int? = nil) -> Carousel {
        Carousel(name: "c", frame: frame ?? seedFrame, count: count, type: type, options: options,
                 images: ImageStore(), startIndex: start, wrap: wrap, autoscroll: autoscroll)
    }

    private func quads(_ c: Carousel) -> RenderList { c.rootLayer.flatten(canvas: Size(1400, 800)) }

    private func quad(_ list: RenderList, _ name: String) -> RenderQuad? { list.quads.first { $0.name == name } }

    private func assertCorners(_ q: RenderQuad?, _ expected: [Point], accuracy: Double = 0.5,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let q else { return XCTFail("missing quad", file: file, line: line) }
        for (a, e) in zip(q.cornerArray, expected) {
            XCTAssertEqual(a.x, e.x, accuracy: accuracy, "x of \(q.name)", file: file, line: line)
            XCTAssertEqual(a.y, e.y, accuracy: accuracy, "y of \(q.name)", file: file, line: line)
        }
    }

    /// Expected corners of a rotatedFlow item, computed by hand from HHCollectionView's
    /// formula: rotate the corner about Y by `angle`, perspective 200 about the item centre.
    private func flowCorners(centre: Point, size: Size, angle: Double) -> [Point] {
        let hw = size.width / 2, hh = size.height / 2
        return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map { (x, y) in
            let xr = x * cos(angle), zr = -x * sin(angle)
            let w = 1 - zr / 200
            return Point(centre.x + xr / w, centre.y + y / w)
        }
    }

    private func press(_ c: Carousel, _ key: String, times: Int, start: Double, every: Double = 0.05) -> Double {
        var t = start
        for _ in 0..<times {
            _ = c.moveFocus(FocusDirection(key: key)!, at: t)
            c.update(to: t)
            t += every
        }
        return t
    }

    // MARK: rotatedFlow

    func testRotatedFlowSizesAndAngles() {
        let l = CarouselLayout(type: .rotatedFlow, frame: Size(375, 300), count: 9)
        XCTAssertEqual(l.itemSize, Size(187.5, 290))
        XCTAssertEqual(l.dragPitch, 197.5)
        // Neighbour (offset +1): distance = -197.5 -> angle -31.6 degrees.
        let neighbour = l.itemTransform(offset: 1)
        let angle = atan2(-neighbour.m13, neighbour.m11)
        XCTAssertEqual(angle * 180 / .pi, -31.6, accuracy: 0.05)
        // 90 degrees at a distance of 3 item widths.
        let t = l.itemTransform(offset: -3 * 187.5 / 197.5)
        let expected = Transform3D.rotation(.pi / 2, 0, 1, 0) * .perspective(200)
        for (a, b) in zip(t.entries, expected.entries) { XCTAssertEqual(a, b, accuracy: 1e-12) }
    }

    func testRotatedFlowAtRestCentredItemIsFlatAndFullSize() {
        let c = carousel()
        c.update(to: 0)
        XCTAssertEqual(c.centredIndex, 4)
        XCTAssertEqual(c.status, "item 5 of 9 (rotatedFlow)")
        let list = quads(c)
        assertCorners(quad(list, "c/item4"), [Point(93.75, 155), Point(281.25, 155), Point(281.25, 445), Point(93.75, 445)],
                      accuracy: 1e-9)
        // Neighbours, by hand.
        let size = Size(187.5, 290)
        let a = 197.5 / (187.5 * 6) * Double.pi
        assertCorners(quad(list, "c/item5"), flowCorners(centre: Point(187.5 + 197.5, 300), size: size, angle: -a))
        assertCorners(quad(list, "c/item3"), flowCorners(centre: Point(187.5 - 197.5, 300), size: size, angle: a))
        XCTAssertEqual(quad(list, "c/item5")?.tag, 5)
        // Rounded corners on the items, frame clips.
        XCTAssertEqual(quad(list, "c/item4")?.cornerRadius, 10)
        XCTAssertEqual(list.clips.first?.name, "c")
        // Far items are not drawn.
        XCTAssertNil(quad(list, "c/item0"))
        XCTAssertNil(quad(list, "c/item8"))
    }

    /// The items are rasterized (one kept image) only while they rest: not on the first
    /// layout, not while a press scrolls them, and again once the offset stays put.
    func testItemsAreRasterizedOnlyWhileTheCarouselRests() {
        let c = carousel()
        c.update(to: 0)
        XCTAssertFalse(c.rootLayer.shouldRasterize, "first layout: nothing to compare with")
        c.update(to: 0.05)
        XCTAssertTrue(c.rootLayer.shouldRasterize, "at rest")
        _ = c.moveFocus(.right, at: 0.1)
        c.update(to: 0.2)
        XCTAssertFalse(c.rootLayer.shouldRasterize, "scrolling")
        c.update(to: 0.25)
        XCTAssertFalse(c.rootLayer.shouldRasterize, "still scrolling")
        c.update(to: 3)
        c.update(to: 3.05)
        XCTAssertEqual(c.physics.offset, 5)
        XCTAssertTrue(c.rootLayer.shouldRasterize, "settled on item 5")
    }

    func testRightPressesMoveExactlyNItemsAndClamp() {
        let c = carousel()
        var t = press(c, "Right", times: 3, start: 0.1)
        c.update(to: t + 1)
        XCTAssertEqual(c.centredIndex, 7)
        XCTAssertEqual(c.physics.offset, 7)
        assertCorners(quad(quads(c), "c/item7"), [Point(93.75, 155), Point(281.25, 155), Point(281.25, 445), Point(93.75, 445)])
        t = press(c, "Right", times: 5, start: t + 1)
        c.update(to: t + 1)
        XCTAssertEqual(c.centredIndex, 8)
        t = press(c, "Left", times: 20, start: t + 1, every: 0.02)
        c.update(to: t + 1)
        XCTAssertEqual(c.centredIndex, 0)
        c.handle(.key("End", down: true), at: t + 2)
        c.update(to: t + 3)
        XCTAssertEqual(c.centredIndex, 8)
    }

    func testPressesDuringAnimationCountFromTarget() {
        let c = carousel(count: 30, start: 10)
        // Each press lands well before the previous animation ends.
        let t = press(c, "Right", times: 6, start: 0, every: 0.03)
        XCTAssertEqual(c.physics.targetIndex, 16)
        c.update(to: t + 1)
        XCTAssertEqual(c.centredIndex, 16)
    }

    func testClickOnSideItemCentresIt() {
        let c = carousel()
        c.update(to: 0)
        // The right neighbour's centre on screen (its centre stays on its axis).
        let p = Point(187.5 + 197.5 - 60, 300)
        XCTAssertEqual(quads(c).hitTest(p)?.tag, 5)
        c.handle(.pointer(p, button: .left, down: true), at: 0.1)
        c.handle(.pointer(p, button: .left, down: false), at: 0.15)
        c.update(to: 1)
        XCTAssertEqual(c.centredIndex, 5)
        // Clicking the centred item selects it without moving.
        let centre = Point(187.5, 300)
        c.handle(.pointer(centre, button: .left, down: true), at: 1.1)
        c.handle(.pointer(centre, button: .left, down: false), at: 1.2)
        c.update(to: 2)
        XCTAssertEqual(c.centredIndex, 5)
        XCTAssertEqual(c.selectedIndex, 5)
        XCTAssertEqual(c.status, "item 6 of 9 (rotatedFlow), selected 6")
        // A click outside the frame does nothing.
        c.handle(.pointer(Point(10, 10), button: .left, down: true), at: 2.1)
        c.handle(.pointer(Point(10, 10), button: .left, down: false), at: 2.2)
        XCTAssertEqual(c.physics.targetIndex, 5)
    }

    func testPointerFlickTravelsAndLandsOnAnItem() {
        let c = carousel(count: 50, start: 10)
        var t = 0.0
        c.handle(.pointer(Point(300, 300), button: .left, down: true), at: t)
        for i in 1...12 {
            t = Double(i) / 120
            c.handle(.move(Point(300 - Double(i) * 25, 300)), at: t)     // 3000 pt/s to the left
            c.update(to: t)
        }
        c.handle(.pointer(Point(0, 300), button: .left, down: false), at: t)
        XCTAssertGreaterThan(c.physics.releaseVelocity, 10)
        c.update(to: t + 5)
        XCTAssertEqual(c.physics.offset, c.physics.offset.rounded())
        XCTAssertGreaterThan(c.centredIndex, 13)
        XCTAssertFalse(c.physics.isAnimating)
    }

    func testWheelNotchesAndFractionsAccumulate() {
        let c = carousel(count: 30, start: 10)
        c.handle(.wheel(dx: 0, dy: -1), at: 0)          // towards the user: next item
        XCTAssertEqual(c.physics.targetIndex, 11)
        c.handle(.wheel(dx: -0.4, dy: 0), at: 0.01)
        c.handle(.wheel(dx: -0.4, dy: 0), at: 0.02)
        XCTAssertEqual(c.physics.targetIndex, 11)
        c.handle(.wheel(dx: -0.4, dy: 0), at: 0.03)     // 1.2 accumulated
        XCTAssertEqual(c.physics.targetIndex, 10)
        c.update(to: 1)
        c.handle(.controllerAxis("leftx", value: 0.9), at: 1)   // the focus engine's, not the carousel's
        c.update(to: 3)
        XCTAssertEqual(c.centredIndex, 10)
    }

    func testAutoscrollPausesAndResumesWithoutJump() {
        let c = carousel(.linear, count: 100, autoscroll: 1, start: 10)
        c.update(to: 2)
        XCTAssertEqual(c.physics.offset, 12, accuracy: 1e-9)
        _ = c.moveFocus(.right, at: 2.25)        // from 12.25: target 13
        XCTAssertEqual(c.physics.targetIndex, 13)
        c.update(to: 3)
        XCTAssertEqual(c.physics.offset, 13)
        c.update(to: 5.2)
        XCTAssertEqual(c.physics.offset, 13)                 // paused for 3 s after the press
        c.update(to: 5.5)
        XCTAssertEqual(c.physics.offset, 13.25, accuracy: 1e-9)
        c.update(to: 6.25)
        XCTAssertEqual(c.physics.offset, 14, accuracy: 1e-9)
    }

    // MARK: iCarousel types

    func testTypeTransformsMatchReferenceFormulas() {
        var o = CarouselOptions()
        o.itemSize = Size(200, 300)
        let frame = Size(1000, 400)
        let base = Transform3D.perspective(500)                   // m34 = -1/500
        let w = 200.0
        for offset in [-2.3, -1, -0.4, 0, 0.5, 1, 3.7] {
            func check(_ type: CarouselType, _ expected: Transform3D, line: UInt = #line) {
                let l = CarouselLayout(type: type, options: o, frame: frame, count: 20)
                let t = l.itemTransform(offset: offset)
                for (a, b) in zip(t.entries, expected.entries) {
                    XCTAssertEqual(a, b, accuracy: 1e-9, "\(type) at \(offset)", line: line)
                }
            }
            check(.linear, .translation(offset * w, 0, 0) * base)
            // circularCarouselItemCount = min(30, max(12, ceil(1000 / 200) * pi)) = 15 (truncated).
            let n = 15.0
            let angle = offset / n * 2 * .pi
            let rr = max(w / 2, w / 2 / tan(.pi / n))
            check(.rotary, .translation(rr * sin(angle), 0, rr * cos(angle) - rr) * base)
            check(.invertedRotary, .translation(-rr * sin(-angle), 0, -rr * cos(-angle) + rr) * base)
            let rc = max(0.01, w / 2 / tan(.pi / n))
            check(.cylinder, .translation(0, 0, rc + 0.01) * .rotation(angle, 0, 1, 0) * .translation(0, 0, -rc) * base)
            let rw = w * n / (2 * .pi)
            check(.wheel, .translation(0, -rw, offset * 0.01) * .rotation(2 * .pi / n * offset, 0, 0, 1)
                  * .translation(0, rw, 0) * base)
            let c = min(max(offset, -1), 1)
            check(.coverFlow, .rotation(-c * .pi / 2 * 0.9, 0, 1, 0)
                  * .translation((c * 0.5 * 0.9 + offset * 0.25) * w, 0, abs(c) * -w * 0.5) * base)
            check(.timeMachine, .translation(offset * w * 0.3, 0, offset * w) * base)
            check(.invertedTimeMachine, .translation(-offset * w * -0.3, 0, -offset * w) * base)
        }
    }

    func testCountsAndDefaults() {
        var o = CarouselOptions()
        o.itemSize = Size(200, 300)
        let frame = Size(1000, 400)
        func layout(_ t: CarouselType, _ n: Int = 100) -> CarouselLayout { CarouselLayout(type: t, options: o, frame: frame, count: n) }
        XCTAssertEqual(layout(.linear).visibleCount, 7)              // ceil(1000/200) + 2
        XCTAssertEqual(layout(.coverFlow).visibleCount, 22)          // ceil(1000/50) + 2
        XCTAssertEqual(layout(.rotary).visibleCount, 15)
        XCTAssertEqual(layout(.invertedCylinder).visibleCount, 8)
        XCTAssertEqual(layout(.timeMachine).visibleCount, 30)
        XCTAssertEqual(layout(.linear, 3).visibleCount, 3)
        XCTAssertEqual(layout(.rotary, 5).circularCount, 5)
        XCTAssertTrue(CarouselType.cylinder.wrapsByDefault)
        XCTAssertFalse(CarouselType.coverFlow.wrapsByDefault)
        XCTAssertEqual(layout(.linear).perspective, 500)
        XCTAssertEqual(layout(.rotatedFlow).perspective, 200)
    }

    func testCoverFlow2Toggle() {
        let l = CarouselLayout(type: .coverFlow2, frame: Size(1000, 400), count: 9)
        XCTAssertEqual(l.coverFlow2Clamp(offset: 0.3, toggle: 0), 0)
        XCTAssertEqual(l.coverFlow2Clamp(offset: 0.7, toggle: 0), 1)
        XCTAssertEqual(l.coverFlow2Clamp(offset: -0.7, toggle: 0), -1)
        XCTAssertEqual(l.coverFlow2Clamp(offset: 0.4, toggle: -1), 1)      // new current item still turned
        XCTAssertEqual(l.coverFlow2Clamp(offset: -0.6, toggle: -1), 0)     // previous one still flat
        XCTAssertEqual(l.coverFlow2Clamp(offset: 0.4, toggle: 1), -1)
        XCTAssertEqual(l.coverFlow2Clamp(offset: 1.2, toggle: 0.25), 0.75)

        // A key press is not a drag: iCarousel recomputes the flip per item, so the toggle
        // stays 0 through the index change (drags: ICarouselFidelityTests).
        let c = carousel(.coverFlow2, frame: Rect(x: 0, y: 0, width: 1000, height: 400))
        c.update(to: 0)
        XCTAssertEqual(c.toggle, 0)
        _ = c.moveFocus(.right, at: 0)
        c.update(to: 0.19)
        XCTAssertEqual(c.toggle, 0)                  // offset 4.43: index not changed yet
        c.update(to: 0.21)
        XCTAssertEqual(c.centredIndex, 5)
        XCTAssertEqual(c.toggle, 0)
    }

    func testFadeAlpha() {
        let tm = CarouselLayout(type: .timeMachine, frame: Size(1000, 400), count: 9)
        XCTAssertEqual(tm.alpha(offset: 0), 1)
        XCTAssertEqual(tm.alpha(offset: 0.5), 0.5)
        XCTAssertEqual(tm.alpha(offset: 1.5), 0)
        XCTAssertEqual(tm.alpha(offset: -7), 1)
        XCTAssertEqual(CarouselLayout(type: .invertedTimeMachine, frame: Size(1000, 400), count: 9).alpha(offset: -0.25), 0.75)
        var o = CarouselOptions()
        o.fadeMax = 1; o.fadeRange = 2; o.fadeMinAlpha = 0.2
        let lin = CarouselLayout(type: .linear, options: o, frame: Size(1000, 400), count: 9)
        XCTAssertEqual(lin.alpha(offset: 2), 0.6, accuracy: 1e-12)
        XCTAssertEqual(lin.alpha(offset: 5), 0.2, accuracy: 1e-12)
        // In the tree: opacity follows, alpha 0 items are not drawn.
        let c = carousel(.timeMachine, frame: Rect(x: 0, y: 0, width: 1000, height: 400))
        c.update(to: 0)
        let list = quads(c)
        XCTAssertNotNil(quad(list, "c/item4"))
        XCTAssertNil(quad(list, "c/item5"))
        XCTAssertNotNil(quad(list, "c/item0"))
    }

    func testBackfacesHiddenForInvertedCylinder() {
        var o = CarouselOptions()
        o.itemSize = Size(200, 300)
        let l = CarouselLayout(type: .invertedCylinder, options: o, frame: Size(1000, 400), count: 30)
        XCTAssertFalse(l.showBackfaces)
        // 15 around: offset 5 is 120 degrees round, its back faces the viewer.
        XCTAssertTrue(l.isHidden(l.itemTransform(offset: 5)))
        XCTAssertFalse(l.isHidden(l.itemTransform(offset: 2)))
        var shown = o
        shown.showBackfaces = true
        XCTAssertFalse(CarouselLayout(type: .invertedCylinder, options: shown, frame: Size(1000, 400), count: 30)
            .isHidden(l.itemTransform(offset: 5)))
        XCTAssertTrue(CarouselLayout(type: .cylinder, options: o, frame: Size(1000, 400), count: 30).showBackfaces)
    }

    func testDepthOrderPutsTheCentredItemInFront() {
        for type in [CarouselType.coverFlow, .rotary, .cylinder, .linear] {
            let c = carousel(type, count: 9, frame: Rect(x: 0, y: 0, width: 1000, height: 400), wrap: false)
            c.update(to: 0)
            let list = quads(c)
            XCTAssertEqual(list.quads.last?.name, "c/item4", "\(type)")
            // Depth keys never decrease along the drawing order.
            var previous = -Double.infinity
            for q in list.quads {
                let t = c.layout.itemTransform(offset: Double(q.tag) - c.physics.offset)
                let z = CarouselLayout.depth(t)
                XCTAssertGreaterThanOrEqual(z, previous - 1e-9, "\(type)")
                previous = z
            }
            if type == .coverFlow {
                // Ties broken by distance from the centre: outermost first.
                XCTAssertEqual(list.quads.first.map { abs($0.tag - 4) }, 4)
            }
        }
    }

    /// Navigation has one way in, the focus engine: an arrow key handed to the carousel
    /// itself moves nothing, while the same key through the scene scrolls it one item.
    func testArrowKeysReachTheCarouselOnlyThroughTheFocusEngine() throws {
        let scene = try SceneLoader.parse(#"{"canvas": {"width": 1400, "height": 800}, "components": [{"kind": "carousel", "name": "c", "frame": [0, 0, 1400, 800], "count": 9}]}"#,
                                          file: "scene.json", directory: "/tmp", images: ImageStore())
        let c = try XCTUnwrap(scene.components.first as? Carousel)
        scene.update(to: 0)
        XCTAssertEqual(c.physics.targetIndex, 4)
        for key in ["Right", "Left", "Up", "Down"] { c.handle(.key(key, down: true), at: 0.1) }
        XCTAssertEqual(c.physics.targetIndex, 4, "a key handed to the carousel directly")
        scene.handle(.key("Right", down: true), at: 0.2)
        XCTAssertEqual(c.physics.targetIndex, 5, "the same key through the focus engine")
    }

    func testWrappedRotaryGoesTheShortWay() {
        let c = carousel(.rotary, count: 9, frame: Rect(x: 0, y: 0, width: 1000, height: 400), start: 0)
        XCTAssertTrue(c.physics.wrap)
        _ = c.moveFocus(.left, at: 0)
        c.update(to: 0.2)
        XCTAssertEqual(c.physics.offset, 8.5, accuracy: 1e-9)
        c.update(to: 1)
        XCTAssertEqual(c.centredIndex, 8)
        XCTAssertTrue(quads(c).quads.contains { $0.name == "c/item0" })
    }

    func testVerticalLinearUsesUpDownAndY() {
        var o = CarouselOptions()
        o.vertical = true
        o.itemSize = Size(100, 80)
        let c = carousel(.linear, count: 9, frame: Rect(x: 0, y: 0, width: 300, height: 600), options: o)
        _ = c.moveFocus(.right, at: 0)
        XCTAssertEqual(c.physics.targetIndex, 4)
        _ = c.moveFocus(.down, at: 0)
        c.update(to: 1)
        XCTAssertEqual(c.centredIndex, 5)
        let list = quads(c)
        // Item 6 sits one itemWidth below the centre; vertical, iCarousel's itemWidth is
        // the item view's height (80).
        let q6 = try? XCTUnwrap(quad(list, "c/item6"))
        XCTAssertEqual(q6.map { ($0.corners.0.y + $0.corners.2.y) / 2 } ?? 0, 380, accuracy: 1e-9)
        XCTAssertEqual(q6.map { ($0.corners.0.x + $0.corners.2.x) / 2 } ?? 0, 150, accuracy: 1e-9)
    }

    func testSetTypeKeepsCentredItem() {
        let c = carousel(count: 20, start: 7)
        c.update(to: 0)
        for type in CarouselType.allCases {
            c.setType(type)
            c.update(to: 0.1)
            XCTAssertEqual(c.type, type)
            XCTAssertEqual(c.centredIndex, 7, "\(type)")
            XCTAssertTrue(quads(c).quads.contains { $0.name == "c/item7" }, "\(type)")
        }
    }

    // MARK: Scale

    func testHundredThousandItemsCostTheSameAsNine() {
        for type in [CarouselType.rotatedFlow, .coverFlow, .cylinder, .timeMachine] {
            let frame = Rect(x: 0, y: 180, width: 1280, height: 360)
            let store = ImageStore()
            let big = Carousel(name: "c", frame: frame, count: 100_000, type: type, images: store, startIndex: 50_000)
            let small = Carousel(name: "c", frame: frame, count: 61, type: type, images: ImageStore(), startIndex: 30)
            big.update(to: 0); small.update(to: 0)
            XCTAssertLessThanOrEqual(big.poolSize, CarouselLayout.maxVisibleItems)
            XCTAssertEqual(big.poolSize, small.poolSize)
            XCTAssertEqual(big.rootLayer.sublayers.count, small.rootLayer.sublayers.count)
            XCTAssertEqual(quads(big).quads.count, quads(small).quads.count, "\(type)")
            XCTAssertLessThanOrEqual(store.count, big.poolSize)           // posters registered only when visible
            XCTAssertEqual(store.residentBytes, 0)                         // and painted only when asked for
            // Browse far: the pool stays the same size.
            big.handle(.key("End", down: true), at: 0.1)
            big.update(to: 1)
            XCTAssertEqual(big.centredIndex, 99_999)
            XCTAssertLessThanOrEqual(big.poolSize, CarouselLayout.maxVisibleItems)
            XCTAssertTrue(quads(big).quads.contains { $0.name == "c/item99999" })
        }
    }

    func testPosterIsPaintedLazily() throws {
        let store = ImageStore()
        let c = Carousel(name: "p", frame: Rect(x: 0, y: 0, width: 400, height: 200), count: 5, images: store)
        c.update(to: 0)
        guard case .image(let ref) = try XCTUnwrap(c.rootLayer.find("p/item2")).contents else { return XCTFail() }
        let image = try XCTUnwrap(store.image(for: ref))
        XCTAssertEqual(image.width, ref.width)
        XCTAssertTrue(image.isOpaque)
    }

    // MARK: Robustness

    func testRandomEventsStayFinite() {
        let seed = randomTestSeed(0xCA20_05E1)
        var rng = SeededRandom(seed: seed)
        let context = "seed 0x\(String(seed, radix: 16))"
        for type in CarouselType.allCases {
            let c = carousel(type, count: 12, frame: Rect(x: 0, y: 100, width: 800, height: 300), autoscroll: 0.5)
            var t = 0.0
            for _ in 0..<400 {
                t += Double.random(in: 0...0.04, using: &rng)
                let p = Point(Double.random(in: -50...850, using: &rng), Double.random(in: 50...450, using: &rng))
                let event: InputEvent
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: event = .key(["Left", "Right", "Home", "End", "Return"].randomElement(using: &rng)!, down: true)
                case 1: event = .pointer(p, button: .left, down: Bool.random(using: &rng))
                case 2, 3: event = .move(p)
                case 4: event = .wheel(dx: Double.random(in: -3...3, using: &rng), dy: Double.random(in: -3...3, using: &rng))
                case 5: event = .controllerAxis("leftx", value: Double.random(in: -1...1, using: &rng))
                case 6: event = .wheel(dx: .nan, dy: .infinity)
                default: event = .move(Point(.nan, 1))
                }
                c.handle(event, at: t)
                c.update(to: t)
                XCTAssertTrue(c.physics.offset.isFinite, context)
                XCTAssertTrue((0..<12).contains(c.centredIndex), context)
            }
            for q in quads(c).quads {
                XCTAssertTrue(q.matrix.isFinite, "\(type), \(context)")
                XCTAssertTrue(q.cornerArray.allSatisfy { $0.isFinite }, "\(type), \(context)")
            }
        }
    }

    // MARK: Scene files

    func testSceneFileKeysAndErrors() throws {
        let json = """
        {"canvas": {"width": 1280, "height": 720},
         "components": [{"kind": "carousel", "name": "cf", "frame": [0, 180, 1280, 360], "type": "coverFlow",
                         "count": 20, "startIndex": 3, "tilt": 0.8, "fadeMinAlpha": 0.5, "enlargeCentre": 1.25}]}
        """
        let scene = try SceneLoader.parse(json, file: "t.json", directory: ".", images: ImageStore())
        let c = try XCTUnwrap(scene.component(named: "cf") as? Carousel)
        XCTAssertEqual(c.type, .coverFlow)
        XCTAssertEqual(c.centredIndex, 3)
        XCTAssertEqual(c.layout.options.tilt, 0.8)
        XCTAssertEqual(c.status, "item 4 of 20 (coverFlow)")

        let bad = json.replacingOccurrences(of: "\"tilt\"", with: "\"tilts\"")
        XCTAssertThrowsError(try SceneLoader.parse(bad, file: "t.json", directory: ".", images: ImageStore())) {
            XCTAssertTrue("\($0)".contains("tilts"))
        }
        let badType = json.replacingOccurrences(of: "coverFlow", with: "coverflow")
        XCTAssertThrowsError(try SceneLoader.parse(badType, file: "t.json", directory: ".", images: ImageStore()))
    }

    func testExampleScenesLoad() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for file in ["carousel.json", "carousel-coverflow.json", "carousel-100k.json"] {
            let path = root.appendingPathComponent("Assets/scenes/\(file)").path
            let scene = try SceneLoader.load(path: path, images: ImageStore())
            scene.update(to: 0.5)
            XCTAssertFalse(scene.rootLayers.flatten(canvas: scene.canvas).quads.isEmpty, file)
        }
    }
}
