import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// masksToBounds as nested clips: stencil shapes, or scissor boxes for square unrotated ones.
final class ClipTests: XCTestCase {
    let green: (UInt8, UInt8, UInt8, UInt8) = (0, 255, 0, 255)
    let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    /// A rounded clip: a pixel just inside the corner radius is drawn, one in the cut-out is not.
    func testRoundedClipCorner() throws {
        let h = try RenderHarness.shared()
        let clip = Layer(name: "clip", bounds: Size(100, 100), position: Point(100, 100))
        clip.masksToBounds = true
        clip.cornerRadius = 30
        let child = Layer(name: "fill", bounds: Size(100, 100), position: Point(50, 50))
        child.contents = .color(Color(0, 1, 0))
        clip.addSublayer(child)
        defer { h.renderer.analyticClips = true }
        // The child lies in the clip's plane: tested in the quad shader, or a stencil shape.
        for analytic in [true, false] {
            h.renderer.analyticClips = analytic
            let image = try h.render([clip], canvas: Size(200, 200), dump: "roundedClip")
            // Corner circle centre at canvas (80, 80), radius 30.
            let d = 26.0 / 2.0.squareRoot()   // 26 points from the centre along the diagonal: inside
            assertPixel(image, Int(80 - d), Int(80 - d), green, "just inside the corner radius")
            assertPixel(image, 53, 53, black, "in the corner cut-out (about 38 from the centre)")
            assertPixel(image, 52, 100, green, "left edge, middle")
            assertPixel(image, 148, 148 - 30, green, "right edge above the bottom-right corner")
            assertPixel(image, 147, 147, black, "bottom-right cut-out")
            XCTAssertEqual(h.renderer.stats.clipPasses, analytic ? 0 : 2)
            XCTAssertEqual(h.renderer.stats.analyticClips, analytic ? 1 : 0)
        }
    }

    /// Two nested clips: a child shows only in their intersection; the parent's own colour
    /// shows outside the inner clip; a later sibling outside any clip draws normally.
    func testNestedClips() throws {
        let h = try RenderHarness.shared()
        let outer = Layer(name: "outer", bounds: Size(100, 100), position: Point(70, 70))   // 20...120
        outer.masksToBounds = true
        outer.contents = .color(Color(0, 0, 1))
        let inner = Layer(name: "inner", bounds: Size(100, 100), position: Point(100, 100)) // outer space 50...150
        inner.masksToBounds = true
        let content = Layer(name: "content", bounds: Size(300, 300), position: Point(50, 50))
        content.contents = .color(Color(1, 0, 0))
        inner.addSublayer(content)
        outer.addSublayer(inner)
        let later = Layer(name: "later", bounds: Size(20, 20), position: Point(180, 180))
        later.contents = .color(Color(0, 1, 0))
        defer { h.renderer.scissorClips = true }
        // Square clips are scissor boxes (no clip pass); as stencil shapes, a push and a pop each.
        for (scissor, passes) in [(true, 0), (false, 4)] {
            h.renderer.scissorClips = scissor
            let image = try h.render([outer, later], canvas: Size(200, 200), dump: "nestedClips")
            assertPixel(image, 100, 100, (255, 0, 0, 255), "inside both clips")
            assertPixel(image, 40, 40, (0, 0, 255, 255), "inside outer only: outer's own colour")
            assertPixel(image, 140, 140, black, "inside inner only: clipped by outer")
            assertPixel(image, 125, 90, black, "right of outer")
            assertPixel(image, 180, 180, green, "sibling after the clips is unclipped")
            XCTAssertEqual(h.renderer.stats.clipPasses, passes)
            XCTAssertEqual(h.renderer.stats.scissorClips, scissor ? 2 : 0)
            XCTAssertEqual(h.renderer.stats.quads, 3)
        }
    }

    /// A clip under a 3D rotation still clips in its own plane.
    func testClipUnderRotation() throws {
        let h = try RenderHarness.shared()
        let clip = Layer(name: "clip", bounds: Size(100, 100), position: Point(100, 100))
        clip.masksToBounds = true
        clip.transform = .rotation(.pi / 4, 0, 0, 1)
        let child = Layer(name: "fill", bounds: Size(400, 400), position: Point(50, 50))
        child.contents = .color(Color(0, 1, 0))
        clip.addSublayer(child)
        let image = try h.render([clip], canvas: Size(200, 200), dump: "rotatedClip")
        // A diamond: half-diagonal 70.7 around (100, 100).
        assertPixel(image, 100, 35, green, "top vertex region")
        assertPixel(image, 55, 55, black, "outside the diamond")
    }
}
