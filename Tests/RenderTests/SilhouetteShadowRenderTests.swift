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

    /// A corner against the definition: the path's 60 x 60 square rounded by r at (20, 20),
    /// blurred by sigma, sampled at pixel centres near its top-left corner. The expected
    /// coverage is the Gaussian-weighted area of the rounded square around each centre, summed
    /// here on a 0.05-point grid out to 4 sigma. r = 2 sigma and r = 4 sigma: the two ways the
    /// shader takes corners (a closed form, and rows summed past 2.5 sigma). Within 2/255.
    func testCornersMatchTheGaussianConvolutionOfTheRoundedSquare() throws {
        let h = try RenderHarness.shared()
        for (r, sigma) in [(10.0, 5.0), (12.0, 3.0)] {
            let l = silhouette(path: .roundedRect(Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: r), sigma: sigma)
            l.frame = Rect(x: 20, y: 20, width: 60, height: 60)
            let image = try h.render([l], canvas: Size(100, 100), background: .white)
            for (x, y) in [(20, 20), (22, 22), (24, 21), (17, 23), (15, 15), (26, 26), (30, 19)] {
                let expected = 255 * (1 - Self.blurredRoundedSquare(Point(Double(x) + 0.5 - 20, Double(y) + 0.5 - 20),
                                                                      side: 60, r: r, sigma: sigma))
                XCTAssertEqual(Double(image.pixel(x, y).r), expected, accuracy: 2, "r \(r), sigma \(sigma), pixel (\(x), \(y))")
            }
        }
    }

    /// The rounded square [0, side]^2 (corner radius r) convolved with a Gaussian of standard
    /// deviation sigma at p: a midpoint sum over a 0.05 grid within 4 sigma.
    private static func blurredRoundedSquare(_ p: Point, side: Double, r: Double, sigma: Double) -> Double {
        func inside(_ x: Double, _ y: Double) -> Bool {
            guard x >= 0, y >= 0, x <= side, y <= side else { return false }
            let cx = min(max(x, r), side - r), cy = min(max(y, r), side - r)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        let step = 0.05, reach = 4 * sigma
        let n = Int((2 * reach / step).rounded())
        var sum = 0.0, total = 0.0
        for j in 0..<n {
            let dy = -reach + (Double(j) + 0.5) * step
            for i in 0..<n {
                let dx = -reach + (Double(i) + 0.5) * step
                let w = exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
                total += w
                if inside(p.x + dx, p.y + dy) { sum += w }
            }
        }
        return sum / total
    }
}
