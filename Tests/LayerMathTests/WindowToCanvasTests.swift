import LayerMath
import XCTest

/// The window-to-canvas mapping, with values worked out by hand from its definition
/// (uniform fit, centred: window = canvas * scale + offset).
final class WindowToCanvasTests: XCTestCase {
    func testWiderWindowLetterboxesLeftAndRight() {
        // 1280x720 canvas in a 1600x720 window: scale min(1.25, 1) = 1, 320 pt bars split 160/160.
        let m = WindowToCanvas(canvas: Size(1280, 720), windowWidth: 1600, windowHeight: 720)
        XCTAssertEqual(m.scale, 1)
        XCTAssertEqual(m.offsetX, 160)
        XCTAssertEqual(m.offsetY, 0)
        XCTAssertEqual(m.canvasPoint(x: 160, y: 0), Point(0, 0))
        XCTAssertEqual(m.canvasPoint(x: 100, y: 10), Point(-60, 10), "a click in the bar maps outside the canvas")
    }

    func testTallerWindowLetterboxesTopAndBottomAtHalfScale() {
        // 1280x720 canvas in 640x480: scale min(0.5, 0.666...) = 0.5, canvas 640x360, bars (480-360)/2 = 60.
        let m = WindowToCanvas(canvas: Size(1280, 720), windowWidth: 640, windowHeight: 480)
        XCTAssertEqual(m.scale, 0.5)
        XCTAssertEqual(m.offsetX, 0)
        XCTAssertEqual(m.offsetY, 60)
        XCTAssertEqual(m.canvasPoint(x: 320, y: 240), Point(640, 360), "the window's centre is the canvas's centre")
        XCTAssertEqual(m.canvasPoint(x: 640, y: 420), Point(1280, 720))
    }

    func testWindowPointInvertsCanvasPoint() {
        let m = WindowToCanvas(canvas: Size(1280, 720), windowWidth: 1000, windowHeight: 1000)
        // scale 1000/1280 = 0.78125; offsetY = (1000 - 720 * 0.78125) / 2 = 218.75.
        XCTAssertEqual(m.offsetY, 218.75)
        XCTAssertEqual(m.windowPoint(Point(640, 360)), Point(500, 500))
        XCTAssertEqual(m.canvasPoint(x: 500, y: 500), Point(640, 360))
    }

    func testEmptyCanvasMapsOneToOne() {
        let m = WindowToCanvas(canvas: Size(0, 720), windowWidth: 640, windowHeight: 480)
        XCTAssertEqual(m, WindowToCanvas(canvas: Size(1, 1), windowWidth: 1, windowHeight: 1))
        XCTAssertEqual(m.canvasPoint(x: 12, y: 34), Point(12, 34))
    }

    func testWheelStepIsFortyPoints() {
        let m = WindowToCanvas(canvas: Size(1280, 720), windowWidth: 640, windowHeight: 360)
        let w = m.wheelPoints(dx: -1, dy: 2.5)
        XCTAssertEqual(w.dx, -40)
        XCTAssertEqual(w.dy, 100)
    }
}
