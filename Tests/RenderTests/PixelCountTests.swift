@testable import GLRenderer
import LayerMath
import Layers
import XCTest

/// The bench's two pixel counts, by hand: what a frame shows (`countVisiblePixels`) and
/// what it shades (`countShadedPixels`); their quotient is the overdraw.
final class PixelCountTests: XCTestCase {
    /// Two opaque 10x10 squares on whole pixels, the second over the right half of the
    /// first: 200 fragments shaded, 150 visible (the first one's hidden half left out).
    func testAnOpaqueSquareOverAnotherHidesHalfOfIt() throws {
        let h = try RenderHarness.shared()
        let back = Layer(name: "back", bounds: Size(10, 10), position: Point(5, 5))
        back.contents = .color(Color(1, 0, 0))
        let front = Layer(name: "front", bounds: Size(10, 10), position: Point(10, 5))
        front.contents = .color(Color(0, 0, 1))
        _ = try h.render([back, front], canvas: Size(20, 10))
        let list = h.lastList
        let fb = try Framebuffer(width: 20, height: 10, samples: 0)
        let visible = try h.renderer.countVisiblePixels(list, into: .framebuffer(fb), images: h.images, background: .black)
        let shaded = try h.renderer.countShadedPixels(list, into: .framebuffer(fb), images: h.images, background: .black)
        XCTAssertEqual(visible, 150)
        XCTAssertEqual(shaded, 200)
    }

    /// A half-transparent square over the same back one hides nothing: 200 and 200.
    func testATranslucentSquareHidesNothing() throws {
        let h = try RenderHarness.shared()
        let back = Layer(name: "back", bounds: Size(10, 10), position: Point(5, 5))
        back.contents = .color(Color(1, 0, 0))
        let front = Layer(name: "front", bounds: Size(10, 10), position: Point(10, 5))
        front.contents = .color(Color(0, 0, 1, 0.5))
        _ = try h.render([back, front], canvas: Size(20, 10))
        let fb = try Framebuffer(width: 20, height: 10, samples: 0)
        XCTAssertEqual(try h.renderer.countVisiblePixels(h.lastList, into: .framebuffer(fb), images: h.images, background: .black), 200)
        XCTAssertEqual(try h.renderer.countShadedPixels(h.lastList, into: .framebuffer(fb), images: h.images, background: .black), 200)
    }
}
