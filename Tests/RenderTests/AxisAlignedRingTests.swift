@testable import GLRenderer
import LayerMath
import Layers
@testable import RenderPlan
import XCTest
import _GLTestSupport
import _TestSupport

/// Quads along the canvas axes are drawn with a 0.75-pixel antialiasing ring instead of
/// 1.5 (QuadPlanner.edgeMargin): the pixels a narrower ring no longer shades have coverage
/// exactly 0 (outside) or 1 (inside, now drawn by the plain interior), so the frame is the
/// same, with fewer fragments through the coverage shader. "The same" is within 1/255: the
/// ring's vertices move, and values interpolated over other triangles round differently
/// in their last bits, which moves a partly covered edge pixel by one level now and then.
final class AxisAlignedRingTests: XCTestCase {
    /// Draws `layers` with the 1.5-pixel ring and with the 0.75-pixel one; returns the
    /// largest difference in any channel and the fragments each shaded.
    private func drawBoth(_ layers: [Layer], canvas: Size = Size(200, 120), width: Int = 274, height: Int = 164)
        throws -> (worst: Int, wideShaded: Int, narrowShaded: Int) {
        let h = try RenderHarness.shared()
        defer { h.renderer.axisAlignedMarginPixels = 0.75 }
        h.renderer.axisAlignedMarginPixels = 1.5
        let wide = try h.render(layers, canvas: canvas, width: width, height: height, background: .white)
        let wideShaded = try h.shadedPixelsOfLastList(width: width, height: height, background: .white)
        h.renderer.axisAlignedMarginPixels = 0.75
        let narrow = try h.render(layers, canvas: canvas, width: width, height: height, background: .white)
        let narrowShaded = try h.shadedPixelsOfLastList(width: width, height: height, background: .white)
        return (largestChannelDifference(wide.pixels, narrow.pixels), wideShaded, narrowShaded)
    }

    /// A translucent colour at fractional points, a rounded one and one scaled 3 x 0.4 by
    /// its transform: the same pixels (within 1/255), and fewer fragments shaded.
    func testColourQuadsAtFractionalPointsDrawTheSamePixels() throws {
        let plain = Layer(name: "plain", bounds: Size(80.3, 40.7), position: Point(50.2, 40.35))
        plain.contents = .color(Color(0.8, 0.2, 0.1, 0.7))
        let rounded = Layer(name: "rounded", bounds: Size(70.5, 50.25), position: Point(140.4, 50.6))
        rounded.contents = .color(Color(0.1, 0.3, 0.9, 0.9))
        rounded.cornerRadius = 9.3
        let squashed = Layer(name: "squashed", bounds: Size(30.1, 60.3), position: Point(100.15, 95.45))
        squashed.contents = .color(Color(0.2, 0.7, 0.2, 1))
        squashed.transform = .scale(3, 0.4, 1)
        let r = try drawBoth([plain, rounded, squashed])
        XCTAssertLessThanOrEqual(r.worst, 1)
        XCTAssertLessThan(r.narrowShaded, r.wideShaded)
    }

    /// A gradient image at fractional points and scale 1.37, and the same image in a
    /// content rectangle smaller than its bounds (resizeAspect): within 1/255.
    func testImageQuadsDrawTheSamePixelsWithinOneLevel() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4401, width: 48, height: 30)
        h.images.images[ref.id] = makeImage(width: 48, height: 30) { x, y in (UInt8(x * 5), UInt8(y * 8), 200, UInt8(120 + x + y)) }
        let image = Layer(name: "image", bounds: Size(90.3, 60.7), position: Point(60.2, 50.35))
        image.contents = .image(ref)
        let fitted = Layer(name: "fitted", bounds: Size(80.5, 80.25), position: Point(150.4, 60.6))
        fitted.contents = .image(ref)
        fitted.contentsGravity = .resizeAspect
        let r = try drawBoth([image, fitted])
        XCTAssertLessThanOrEqual(r.worst, 1)
        XCTAssertLessThan(r.narrowShaded, r.wideShaded)
    }

    /// Seeded random quads along the axes (sizes, fractional places, scales, radii,
    /// colours): the same pixels (within 1/255) with either ring.
    func testRandomQuadsAlongTheAxesDrawTheSamePixels() throws {
        let seed: UInt64 = 20261125
        print("AxisAlignedRingTests.testRandomQuadsAlongTheAxesDrawTheSamePixels seed \(seed)")
        var rng = SeededRandom(seed: seed)
        func r(_ lo: Double, _ hi: Double) -> Double { rng.uniform(lo, hi) }
        for trial in 0..<20 {
            var layers: [Layer] = []
            for i in 0..<6 {
                let l = Layer(name: "q\(i)", bounds: Size(r(2, 90), r(2, 70)), position: Point(r(0, 200), r(0, 120)))
                l.contents = .color(Color(r(0, 1), r(0, 1), r(0, 1), r(0.2, 1)))
                if rng.next() % 2 == 0 { l.cornerRadius = r(0, 20) }
                if rng.next() % 3 == 0 { l.transform = .scale(r(0.3, 3), r(0.3, 3), 1) }
                layers.append(l)
            }
            let worst = try drawBoth(layers).worst   // outside the assertion: a skip (ES) ends the test
            XCTAssertLessThanOrEqual(worst, 1, "trial \(trial)")
        }
    }

    /// A turned quad keeps the 1.5-pixel ring: the setting changes nothing for it.
    func testATurnedQuadKeepsItsRing() throws {
        let turned = Layer(name: "turned", bounds: Size(80.3, 40.7), position: Point(100.2, 60.35))
        turned.contents = .color(Color(0.8, 0.2, 0.1, 0.7))
        turned.transform = .rotation(0.2, 0, 0, 1)
        let r = try drawBoth([turned])
        XCTAssertEqual(r.worst, 0)
        XCTAssertEqual(r.narrowShaded, r.wideShaded)
    }

    /// The built-in scenes with either ring: within 1/255, on at most 0.1 % of the pixels.
    func testBuiltInScenesDrawTheSamePixelsWithEitherRing() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.axisAlignedMarginPixels = 0.75 }
        for name in ["grid", "header", "showcase", "button", "coverflow", "carousel", "cube", "text"] {
            let frame = try BuiltInSceneFrame(name, at: 0.4, pressRight: true)
            h.renderer.axisAlignedMarginPixels = 1.5
            let wide = try frame.draw()
            h.renderer.axisAlignedMarginPixels = 0.75
            let narrow = try frame.draw()
            var worst = 0, differing = 0
            for k in wide.indices where wide[k] != narrow[k] {
                worst = max(worst, abs(Int(wide[k]) - Int(narrow[k])))
                differing += 1
            }
            XCTAssertLessThanOrEqual(worst, 1, name)
            XCTAssertLessThanOrEqual(differing, wide.count / 1000, name)
        }
    }
}
