@testable import GLRenderer
import LayerMath
import Layers
import XCTest

/// The bench's two pixel counts, by hand: what a frame shows (`countVisiblePixels`) and
/// what it shades (`countShadedPixels`); their quotient is the overdraw.
final class PixelCountTests: XCTestCase {
    /// Two 10x10 squares on whole pixels of a 20x10 canvas, an opaque red one and over its
    /// right half a blue one of alpha `frontAlpha`: both counts of that frame.
    func counts(frontAlpha: Double) throws -> (visible: Int, shaded: Int) {
        let h = try RenderHarness.shared()
        let back = Layer(name: "back", bounds: Size(10, 10), position: Point(5, 5))
        back.contents = .color(Color(1, 0, 0))
        let front = Layer(name: "front", bounds: Size(10, 10), position: Point(10, 5))
        front.contents = .color(Color(0, 0, 1, frontAlpha))
        _ = try h.render([back, front], canvas: Size(20, 10))
        let fb = try Framebuffer(width: 20, height: 10, samples: 0)
        try h.requireExactSampleCounts()
        return (try h.renderer.countVisiblePixels(h.lastList, into: .framebuffer(fb), images: h.images, background: .black),
                try h.renderer.countShadedPixels(h.lastList, into: .framebuffer(fb), images: h.images, background: .black))
    }

    /// Opaque in front: 200 fragments shaded, 150 visible (the back one's hidden half left out).
    func testAnOpaqueSquareOverAnotherHidesHalfOfIt() throws {
        let c = try counts(frontAlpha: 1)
        XCTAssertEqual(c.visible, 150)
        XCTAssertEqual(c.shaded, 200)
    }

    /// Half transparent in front: it hides nothing, 200 and 200.
    func testATranslucentSquareHidesNothing() throws {
        let c = try counts(frontAlpha: 0.5)
        XCTAssertEqual(c.visible, 200)
        XCTAssertEqual(c.shaded, 200)
    }
}
