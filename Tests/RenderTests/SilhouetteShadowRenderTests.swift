import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// A layer that draws nothing but the shadow of a rounded-rect `shadowPath` (a focus card's
/// silhouette), black at opacity 1 over white: the shadow follows the path's rectangle and
/// radius, not the layer's bounds or cornerRadius.
final class SilhouetteShadowRenderTests: XCTestCase {
    private func silhouette(path: ShapePath, sigma: Double) -> Layer {
        let l = Layer(name: "silhouette")
        l.frame = Rect(x: 20, y: 20, width: 40, height: 40)
        l.cornerRadius = 0
        l.shadowPath = path
        l.shadow.opacity = 1
        l.shadow.radius = sigma
        l.shadow.offset = .zero
        return l
    }

    /// Path (10, 10, 20, 20) in a layer at (20, 20): the shadow's left edge is x = 30. Pixel
    /// centres 29.5 and 30.5 lie 0.25 sigma (2) either side: their coverages sum to 1 (half
    /// at the edge); x 23 (centre 3.25 sigma outside) is white; the centre (40, 40), 5 sigma
    /// inside every edge, is black; the layer's own bounds (x 21) cast nothing.
    func testShadowIsHalfAtThePathsEdgeNothingThreeRadiiOutAndFullInside() throws {
        let h = try RenderHarness.shared()
        let l = silhouette(path: .roundedRect(Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0), sigma: 2)
        let image = try h.render([l], canvas: Size(80, 80), background: .white, dump: "silhouette-shadow")
        let a = Int(image.pixel(29, 40).r), b = Int(image.pixel(30, 40).r)
        XCTAssertEqual(Double(a + b) / 2, 127.5, accuracy: 2, "half at the edge: \(a), \(b)")
        assertPixel(image, 23, 40, (255, 255, 255, 255), tolerance: 1, "three radii outside")
        assertPixel(image, 40, 40, (0, 0, 0, 255), tolerance: 1, "well inside")
        assertPixel(image, 21, 21, (255, 255, 255, 255), tolerance: 1, "the layer's bounds draw nothing")
    }

    /// The path's corner radius 8 (the layer's cornerRadius is 0), sigma 0.5: pixel centre
    /// (31.5, 31.5) is 1.5 inside both sides of the square corner (30, 30) but 9.19 from the
    /// arc's centre (38, 38), 1.19 (2.4 sigma) outside the arc: white within 3; (40, 40) black.
    func testShadowFollowsThePathsCornerRadius() throws {
        let h = try RenderHarness.shared()
        let l = silhouette(path: .roundedRect(Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 8), sigma: 0.5)
        let image = try h.render([l], canvas: Size(80, 80), background: .white)
        assertPixel(image, 31, 31, (255, 255, 255, 255), tolerance: 3, "outside the rounded corner")
        assertPixel(image, 40, 40, (0, 0, 0, 255), tolerance: 1, "inside")
    }
}
