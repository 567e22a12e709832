@testable import GLRenderer
import LayerMath
import Layers
import XCTest
import _TestSupport

/// The antialiased edge of a square-cornered layer or analytic clip near its corners:
/// quad.frag measures the distance to each side in pixels along that side's own axis
/// (`boxPixels`), so the coverage
/// is `clamp(0.5 - d, 0, 1)` with `d` the rectangle's signed distance in pixels, at a corner
/// as along the sides. Black layers on white at one pixel per point: a pixel's red channel
/// is 255 (1 - coverage). Expected values worked out by hand from the layers' edges.
final class SquareCornerCoverageTests: XCTestCase {
    /// A 40 x 30 rectangle at x 10.25...50.25, y 20.25...50.25. The top-left corner pixel
    /// (centre 10.5, 20.5) is a quarter pixel inside both sides: d = -0.25, coverage 0.75,
    /// 255 x 0.25 = 63.75, like the sides next to it. It came out whole (0): its 2 x 2
    /// block (pixels 10-11, 20-21) saw the same distance -0.25 in all three pixels the
    /// derivatives use, so the distance's gradient was 0 and d / |gradient| minus infinity.
    /// The top-right and bottom-left corners are a quarter pixel outside one side (d = 0.25:
    /// 191.25); the bottom-right one outside both (d = 0.25 sqrt 2 = 0.354: coverage 0.146,
    /// 217.7).
    func testACornerPixelQuarterInsideBothSidesIsThreeQuartersCovered() throws {
        let h = try RenderHarness.shared()
        let box = Layer(name: "box", bounds: Size(40, 30), position: Point(30.25, 35.25))
        box.contents = .color(Color(0, 0, 0, 1))
        let image = try h.render([box], canvas: Size(80, 70), background: .white)
        assertPixel(image, 10, 20, (64, 64, 64, 255), tolerance: 1, "top-left corner")
        assertPixel(image, 25, 20, (64, 64, 64, 255), tolerance: 1, "top side")
        assertPixel(image, 10, 35, (64, 64, 64, 255), tolerance: 1, "left side")
        assertPixel(image, 50, 20, (191, 191, 191, 255), tolerance: 1, "top-right corner")
        assertPixel(image, 10, 50, (191, 191, 191, 255), tolerance: 1, "bottom-left corner")
        assertPixel(image, 50, 50, (218, 218, 218, 255), tolerance: 1, "bottom-right corner")
        assertPixel(image, 11, 21, (0, 0, 0, 255), tolerance: 0, "inside")
        assertPixel(image, 9, 20, (255, 255, 255, 255), tolerance: 0, "outside")
    }

    /// A 50 x 50 layer scaled 4x along x only (centred at 160, 105.25): x 60...260, y
    /// 80.25...130.25. Row 80 is a quarter pixel outside the top (coverage 0.75: 64) and row
    /// 130 three quarters outside the bottom (0.25: 191) along their whole length, corner
    /// columns 60 and 259 included (the sides lie on pixel edges). In bounds units the top's
    /// 0.25 pixels are 0.25 units and the left side's 0.5 pixels 0.125 units, so one distance
    /// in bounds units took the far side: pixels 60 to 62 of row 80 came out whole (0), then
    /// 25 and 55, a notch at each end of the edge.
    func testALayerScaledAlongOneAxisKeepsItsEdgeCoverageUpToTheCorners() throws {
        let h = try RenderHarness.shared()
        let wide = Layer(name: "wide", bounds: Size(50, 50), position: Point(160, 105.25))
        wide.transform = .scale(4, 1, 1)
        wide.contents = .color(Color(0, 0, 0, 1))
        let image = try h.render([wide], canvas: Size(320, 200), background: .white)
        for x in [60, 61, 62, 63, 64, 65, 100, 160, 255, 256, 257, 258, 259] {
            assertPixel(image, x, 80, (64, 64, 64, 255), tolerance: 1, "top edge, column \(x)")
            assertPixel(image, x, 130, (191, 191, 191, 255), tolerance: 1, "bottom edge, column \(x)")
            assertPixel(image, x, 81, (0, 0, 0, 255), tolerance: 0)
        }
        for y in [80, 81, 100, 130] {
            assertPixel(image, 59, y, (255, 255, 255, 255), tolerance: 0, "left of it, row \(y)")
            assertPixel(image, 260, y, (255, 255, 255, 255), tolerance: 0, "right of it, row \(y)")
        }
    }

    /// The same for an analytic clip (`masksToBounds`, tested in the quad shader): a square
    /// 50 x 50 clip turned a quarter turn and scaled 4x along y (x 135...185, y 5.25...205.25;
    /// a turned clip is not a scissor box), a black layer larger than it inside. Row 5 is a
    /// quarter pixel outside its top edge (64) from column 135 to 184, corners included, and
    /// column 135 whole below it. It read 239 above the corner, then 102, 32, 2 down the
    /// first column: the clip's distance in its bounds units took the far side.
    func testAClipScaledAlongOneAxisKeepsItsEdgeCoverageUpToTheCorners() throws {
        let h = try RenderHarness.shared()
        let clip = Layer(name: "clip", bounds: Size(50, 50), position: Point(160, 105.25))
        clip.transform = Transform3D.rotation(Double.pi / 2, 0, 0, 1) * .scale(1, 4, 1)
        clip.masksToBounds = true
        let fill = Layer(name: "fill", bounds: Size(250, 250), position: Point(25, 25))
        fill.contents = .color(Color(0, 0, 0, 1))
        clip.addSublayer(fill)
        let image = try h.render([clip], canvas: Size(320, 200), background: .white)
        for x in [135, 136, 137, 160, 182, 183, 184] {
            assertPixel(image, x, 4, (255, 255, 255, 255), tolerance: 1, "above, column \(x)")
            assertPixel(image, x, 5, (64, 64, 64, 255), tolerance: 1, "top edge, column \(x)")
            assertPixel(image, x, 6, (0, 0, 0, 255), tolerance: 1, "inside, column \(x)")
        }
        for y in [6, 7, 8, 100, 199] {
            assertPixel(image, 135, y, (0, 0, 0, 255), tolerance: 1, "first column, row \(y)")
            assertPixel(image, 184, y, (0, 0, 0, 255), tolerance: 1, "last column, row \(y)")
            assertPixel(image, 134, y, (255, 255, 255, 255), tolerance: 0)
            assertPixel(image, 185, y, (255, 255, 255, 255), tolerance: 0)
        }
    }
}
