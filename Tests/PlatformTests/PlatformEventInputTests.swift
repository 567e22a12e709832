import Input
import LayerMath
import Platform
import XCTest

/// Platform events become the scene's input events (window points to canvas points,
/// wheel steps to points), worked out by hand from WindowToCanvas's definition.
final class PlatformEventInputTests: XCTestCase {
    // 1280x720 canvas in a 640x480 window: scale 0.5, offset (0, 60).
    let mapping = WindowToCanvas(canvas: Size(1280, 720), windowWidth: 640, windowHeight: 480)

    func testPointerAndMoveAreMappedToCanvasPoints() {
        XCTAssertEqual(PlatformEvent.pointer(x: 320, y: 240, button: "left", down: true).inputEvent(mapping: mapping),
                       .pointer(Point(640, 360), button: .left, down: true))
        XCTAssertEqual(PlatformEvent.move(x: 10, y: 70).inputEvent(mapping: mapping), .move(Point(20, 20)))
    }

    func testUnnamedMouseButtonIsNotSceneInput() {
        XCTAssertNil(PlatformEvent.pointer(x: 1, y: 1, button: "x1", down: true).inputEvent(mapping: mapping))
    }

    func testWheelStepsBecomeFortyPointsEach() {
        XCTAssertEqual(PlatformEvent.wheel(dx: 0.5, dy: -2).inputEvent(mapping: mapping), .wheel(dx: 20, dy: -80))
    }

    func testKeysAndControllersPassThrough() {
        XCTAssertEqual(PlatformEvent.key(name: "Left", down: true, repeat: true).inputEvent(mapping: mapping), .key("Left", down: true))
        XCTAssertEqual(PlatformEvent.controllerButton(name: "A", down: false).inputEvent(mapping: mapping),
                       .controllerButton("A", down: false))
        XCTAssertEqual(PlatformEvent.controllerAxis(name: "leftx", value: -0.25).inputEvent(mapping: mapping),
                       .controllerAxis("leftx", value: -0.25))
        XCTAssertEqual(PlatformEvent.controllerTouchpad(x: 0.25, y: 0.75, down: true).inputEvent(mapping: mapping),
                       .touchpad(x: 0.25, y: 0.75, down: true))
        XCTAssertEqual(PlatformEvent.controllerGyro(x: 1, y: -2, z: 3).inputEvent(mapping: mapping), .gyro(x: 1, y: -2, z: 3))
    }

    func testWindowEventsAreNotSceneInput() {
        for e: PlatformEvent in [.quit, .resized(pointsWidth: 1, pointsHeight: 1, pixelsWidth: 2, pixelsHeight: 2),
                                 .controllerAdded(name: "pad"), .controllerRemoved] {
            XCTAssertNil(e.inputEvent(mapping: mapping), "\(e)")
        }
    }
}
