import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// contentsCenter on screen: a 30 x 30 image whose middle third of columns is red and
/// middle third of rows green (blue everywhere) sliced in thirds over a 100 x 60 layer.
/// Its 10-point borders keep their size, so the centre band covers x 10...90, y 10...50;
/// a plain stretch would put the middle third at x 33...67, y 20...40.
final class NineSliceRenderTests: XCTestCase {
    private func slicedLayer(_ h: RenderHarness) -> Layer {
        let ref = ImageRef(id: 36001, width: 30, height: 30, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 30, height: 30) { x, y in
            ((10..<20).contains(x) ? 255 : 0, (10..<20).contains(y) ? 255 : 0, 255, 255)
        }
        let l = Layer(name: "frame")
        l.frame = Rect(x: 0, y: 0, width: 100, height: 60)
        l.contents = .image(ref)
        l.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        return l
    }

    /// Pixel centres well inside each band (bilinear filtering blends only near a band's
    /// edge): the corners blue, the edges one stripe, the centre both.
    func testBordersKeepTheirSizeAndTheCentreStretches() throws {
        let h = try RenderHarness.shared()
        let image = try h.render([slicedLayer(h)], canvas: Size(100, 60), dump: "nine-slice")
        assertPixel(image, 5, 5, (0, 0, 255, 255), tolerance: 1, "top-left corner")
        assertPixel(image, 95, 55, (0, 0, 255, 255), tolerance: 1, "bottom-right corner")
        assertPixel(image, 20, 5, (255, 0, 255, 255), tolerance: 1, "top edge, x 20 (a stretch shows column 6: no red)")
        assertPixel(image, 80, 40, (255, 255, 255, 255), tolerance: 1, "centre, (80, 40) (a stretch shows column 24)")
        assertPixel(image, 5, 30, (0, 255, 255, 255), tolerance: 1, "left edge")
        assertPixel(image, 95, 20, (0, 255, 255, 255), tolerance: 1, "right edge, y 20")
    }

    /// Turned about z by 10 degrees, the slicing turns with the layer (the map is in bounds
    /// space): the centre point (50, 30) of a layer centred on the canvas is the centre's
    /// colour, and one of its 10-point corners, 5 points in, is blue.
    func testSlicingFollowsTheLayersTransform() throws {
        let h = try RenderHarness.shared()
        let l = slicedLayer(h)
        l.position = Point(60, 40)
        l.transform = .rotation(10 * .pi / 180, 0, 0, 1)
        let image = try h.render([l], canvas: Size(120, 80))
        assertPixel(image, 60, 40, (255, 255, 255, 255), tolerance: 1, "the centre")
        // Bounds point (5, 5) is (-45, -25) from the centre, turned by 10 degrees.
        let c = cos(10 * Double.pi / 180), s = sin(10 * Double.pi / 180)
        let x = 60 + (-45 * c - -25 * s), y = 40 + (-45 * s + -25 * c)
        assertPixel(image, Int(x), Int(y), (0, 0, 255, 255), tolerance: 2, "top-left corner at (\(x), \(y))")
    }

    /// A translucent image whose opaque texels are its left border (columns 0...9) hides
    /// only what that border covers: sliced over 100 x 60 it is x 0...10, not the x 0...33
    /// a plain stretch would give, so a green layer below shows through the transparent
    /// centre at x 20 (an occlusion hole mapped linearly would leave it black there; a sliced
    /// quad has no coverage-free part, so it hides nothing).
    func testOpaqueTexelsOfASlicedImageHideOnlyWhatTheyCover() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 36002, width: 30, height: 30, isOpaque: false)
        h.images.images[ref.id] = makeImage(width: 30, height: 30) { x, _ in x < 10 ? (255, 0, 0, 255) : (0, 0, 0, 0) }
        let below = fill("below", Color(0, 1, 0, 1), 0, 0, 100, 60)
        let l = Layer(name: "frame")
        l.frame = Rect(x: 0, y: 0, width: 100, height: 60)
        l.contents = .image(ref)
        l.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let image = try h.render([below, l], canvas: Size(100, 60))
        assertPixel(image, 5, 30, (255, 0, 0, 255), tolerance: 1, "the opaque left border")
        assertPixel(image, 20, 30, (0, 255, 0, 255), tolerance: 1, "the transparent centre shows the layer below")
    }
}
