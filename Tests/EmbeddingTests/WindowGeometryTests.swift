import ParallaxKit
import XCTest

/// Window points to canvas points: HiDPI, letterboxing, viewports.
final class WindowGeometryTests: XCTestCase {
    /// Same aspect, no HiDPI: the identity scaled by drawable/canvas.
    func testWindowTheCanvasSizeMapsOneToOne() {
        let w = WindowGeometry(width: 1280, height: 720)
        XCTAssertEqual(w.canvasPoint(x: 640, y: 360, canvas: Size(1280, 720)), Point(640, 360))
        XCTAssertEqual(w.canvasPoint(x: 0, y: 0, canvas: Size(1280, 720)), Point(0, 0))
    }

    /// A 2x HiDPI window of 640x360 points (1280x720 pixels) over a 1280x720 canvas: point
    /// (100, 50) is pixel (200, 100), which is canvas (200, 100).
    func testHiDPIWindowScalesPointsToPixelsFirst() {
        let w = WindowGeometry(points: Size(640, 360), pixels: PixelSize(width: 1280, height: 720))
        XCTAssertEqual(w.canvasPoint(x: 100, y: 50, canvas: Size(1280, 720)), Point(200, 100))
    }

    /// A 1000x1000 window over a 1280x720 canvas: scale 1000/1280 = 0.78125, bars of
    /// (1000 - 562.5) / 2 = 218.75 above and below. Window (500, 500) is the canvas centre;
    /// window (0, 218.75) is canvas (0, 0); a point in the top bar maps above the canvas.
    func testLetterboxBarsOffsetAndScale() {
        let w = WindowGeometry(width: 1000, height: 1000)
        let canvas = Size(1280, 720)
        XCTAssertEqual(w.canvasPoint(x: 500, y: 500, canvas: canvas), Point(640, 360))
        XCTAssertEqual(w.canvasPoint(x: 0, y: 218.75, canvas: canvas), Point(0, 0))
        XCTAssertEqual(w.canvasPoint(x: 1000, y: 781.25, canvas: canvas), Point(1280, 720))
        XCTAssertLessThan(w.canvasPoint(x: 500, y: 100, canvas: canvas).y, 0)
    }

    /// HiDPI plus a viewport: window 800x600 points, 1600x1200 pixels; the scene's
    /// viewport is pixels x 400...1200 and, GL bottom-left y = 200, height 600, so its top
    /// edge is 1200 - 200 - 600 = 400 pixels from the top. Canvas 400x300 fits 800x600 at
    /// scale 2 exactly. Window point (300, 250) = pixel (600, 500) = viewport (200, 100) =
    /// canvas (100, 50).
    func testViewportInsideHiDPIDrawable() {
        let w = WindowGeometry(points: Size(800, 600), pixels: PixelSize(width: 1600, height: 1200),
                               viewport: ViewportRect(x: 400, y: 200, width: 800, height: 600))
        XCTAssertEqual(w.canvasPoint(x: 300, y: 250, canvas: Size(400, 300)), Point(100, 50))
    }

    /// A zero-sized window (minimised) never divides by zero.
    func testZeroSizedWindowMapsFinite() {
        let w = WindowGeometry(points: Size(0, 0), pixels: PixelSize(width: 0, height: 0))
        let p = w.canvasPoint(x: 10, y: 10, canvas: Size(1280, 720))
        XCTAssertTrue(p.x.isFinite && p.y.isFinite)
    }
}
