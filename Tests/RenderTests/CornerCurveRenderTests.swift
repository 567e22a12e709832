import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// cornerCurve on screen: a white 200 x 200 layer with cornerRadius 40 over black, probed
/// on the diagonal of its top-left corner at pixel centres 11.5, 12.5 and 13.5.
/// Circular: the arc about (40, 40) crosses the diagonal at 40 (1 - 1/sqrt 2) = 11.716.
/// Continuous (CornerCurve): the superellipse of reach s = 1.528665 x 40 = 61.147 (under
/// half the side) crosses it at s (1 - 2^(-1/3)) = 12.615, inside the arc. A pixel's coverage is 0.5 less its
/// centre's distance outside the curve (pixels, along the diagonal: the curve's normal there).
final class CornerCurveRenderTests: XCTestCase {
    private func card(_ curve: CornerCurve) -> Layer {
        let l = Layer(name: "card")
        l.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        l.backgroundColor = .white
        l.cornerRadius = 40
        l.cornerCurve = curve
        return l
    }

    /// Circular: (11.5, 11.5) lies sqrt 2 x 28.5 - 40 = 0.305 outside the arc (coverage
    /// 0.195: 50), (12.5, 12.5) 1.11 inside (255).
    func testCircularCornerFollowsTheArc() throws {
        let h = try RenderHarness.shared()
        let image = try h.render([card(.circular)], canvas: Size(200, 200), dump: "corner-circular")
        assertPixel(image, 11, 11, (50, 50, 50, 255), tolerance: 3, "0.305 outside the arc")
        assertPixel(image, 12, 12, (255, 255, 255, 255), tolerance: 1, "1.11 inside the arc")
        assertPixel(image, 50, 0, (255, 255, 255, 255), tolerance: 1, "the straight top edge")
        assertPixel(image, 0, 40, (255, 255, 255, 255), tolerance: 1, "the arc ends 40 down the left edge")
    }

    /// Continuous: (12.5, 12.5) lies sqrt 2 x (12.615 - 12.5) = 0.162 outside the curve
    /// (coverage 0.338: 86) where the circular corner covers it whole; (11.5, 11.5), 1.58
    /// outside, is not drawn; (13.5, 13.5), 1.25 inside, is whole.
    func testContinuousCornerLiesInsideTheArcAtFortyFiveDegrees() throws {
        let h = try RenderHarness.shared()
        let image = try h.render([card(.continuous)], canvas: Size(200, 200), dump: "corner-continuous")
        assertPixel(image, 11, 11, (0, 0, 0, 255), tolerance: 1, "1.58 outside the curve")
        assertPixel(image, 12, 12, (86, 86, 86, 255), tolerance: 3, "0.162 outside the curve")
        assertPixel(image, 13, 13, (255, 255, 255, 255), tolerance: 1, "1.25 inside the curve")
        assertPixel(image, 100, 0, (255, 255, 255, 255), tolerance: 1, "the straight top edge, past the reach")
        // 40.5 down the left edge the curve is still 0.794 in (x = s - (s^3 - (s - 40.5)^3)^(1/3)):
        // the pixel centre 0.5 lies 0.29 outside it along the normal (coverage 0.21: 53).
        assertPixel(image, 0, 40, (53, 53, 53, 255), tolerance: 3, "the curve reaches 61.1 down the left edge")
    }

    /// A continuous masksToBounds clip (the analytic clip of its white sublayer) cuts the
    /// same curve: 1.58 outside at (11.5, 11.5), 1.25 inside at (13.5, 13.5).
    func testContinuousClipCutsTheSameCurve() throws {
        let h = try RenderHarness.shared()
        let clip = Layer(name: "clip")
        clip.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        clip.cornerRadius = 40
        clip.cornerCurve = .continuous
        clip.masksToBounds = true
        clip.addSublayer(fill("inside", .white, 0, 0, 200, 200))
        let image = try h.render([clip], canvas: Size(200, 200))
        assertPixel(image, 11, 11, (0, 0, 0, 255), tolerance: 1, "1.58 outside the curve")
        assertPixel(image, 12, 12, (86, 86, 86, 255), tolerance: 3, "0.162 outside the curve")
        assertPixel(image, 13, 13, (255, 255, 255, 255), tolerance: 1, "1.25 inside the curve")
    }

    /// A sublayer turned 45 degrees is not in its clip's axes: the clip becomes a stencil
    /// shape (hard, the pixel centre in or out) drawn by the CONTINUOUS clip program. Pixel
    /// centre 12.5 on the diagonal lies outside the curve (it crosses at 12.615), 13.5 inside.
    func testContinuousStencilClipCutsTheSameCurve() throws {
        let h = try RenderHarness.shared()
        let clip = Layer(name: "clip")
        clip.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        clip.cornerRadius = 40
        clip.cornerCurve = .continuous
        clip.masksToBounds = true
        let turned = fill("turned", .white, -100, -100, 400, 400)
        turned.transform = .rotation(Double.pi / 4, 0, 0, 1)
        clip.addSublayer(turned)
        let image = try h.render([clip], canvas: Size(200, 200))
        assertPixel(image, 12, 12, (0, 0, 0, 255), tolerance: 1, "0.162 outside the curve")
        assertPixel(image, 13, 13, (255, 255, 255, 255), tolerance: 1, "1.25 inside the curve")
        assertPixel(image, 0, 40, (0, 0, 0, 255), tolerance: 1, "0.79 of the left edge still outside, 40.5 down")
    }
}
