import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Premultiplied blending: GL_ONE, GL_ONE_MINUS_SRC_ALPHA.
final class BlendTests: XCTestCase {
    /// 50% white over black is mid grey, by opacity, by colour alpha and by image alpha.
    func testHalfWhiteOverBlackIsMidGrey() throws {
        let h = try RenderHarness.shared()
        let byOpacity = Layer(name: "opacity", bounds: Size(30, 30), position: Point(20, 20))
        byOpacity.contents = .color(.white)
        byOpacity.opacity = 0.5
        let byAlpha = Layer(name: "alpha", bounds: Size(30, 30), position: Point(60, 20))
        byAlpha.contents = .color(Color(1, 1, 1, 0.5))
        let ref = ImageRef(id: 2001, width: 4, height: 4)
        h.images.images[ref.id] = makeImage(width: 4, height: 4) { _, _ in (255, 255, 255, 128) }
        let byImage = Layer(name: "image", bounds: Size(30, 30), position: Point(20, 60))
        byImage.contents = .image(ref)
        let image = try h.render([byOpacity, byAlpha, byImage], canvas: Size(100, 100), dump: "blend")
        for (x, y) in [(20, 20), (60, 20), (20, 60)] {
            assertPixel(image, x, y, (128, 128, 128, 255), tolerance: 2, "50% white over black at (\(x), \(y))")
        }
    }

    /// Over a transparent background the output stays premultiplied (rgb <= alpha).
    func testOutputIsPremultiplied() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "red", bounds: Size(50, 50), position: Point(25, 25))
        layer.contents = .color(Color(1, 0, 0, 0.5))
        let image = try h.render([layer], canvas: Size(50, 50), background: .clear)
        assertPixel(image, 25, 25, (128, 0, 0, 128), tolerance: 2)
    }
}
