import Input
import JSON
import LayerMath
import Layers
import Scene
import XCTest

/// The screensaver's timing and input rules with idleTimeout 2 s, dim 0.8, fade 1 s and
/// wake fade 0.25 s: every opacity below is worked out from those by hand.
final class AttractModeTests: XCTestCase {
    func mode() -> AttractMode { AttractMode(idleTimeout: 2, dim: 0.8, fade: 1, wakeFade: 0.25, canvas: Size(640, 360)) }

    func testDimsLinearlyAfterTheTimeoutThenHolds() {
        let m = mode()
        XCTAssertEqual(m.opacity(at: 1.99), 0)
        XCTAssertEqual(m.opacity(at: 2), 0)
        XCTAssertEqual(m.opacity(at: 2.5), 0.4, accuracy: 1e-12)
        XCTAssertEqual(m.opacity(at: 3), 0.8, accuracy: 1e-12)
        XCTAssertEqual(m.opacity(at: 1_000), 0.8, accuracy: 1e-12)
        XCTAssertTrue(m.isAsleep(at: 2))
        XCTAssertFalse(m.isAsleep(at: 1.99))
    }

    func testInputBeforeTheTimeoutRestartsIt() {
        let m = mode()
        XCTAssertTrue(m.admit(.key("Right", down: true), at: 1.5))
        XCTAssertEqual(m.opacity(at: 3), 0)            // 1.5 s after the input
        XCTAssertEqual(m.opacity(at: 4), 0.4, accuracy: 1e-12)
    }

    func testFirstPressOnlyWakesAndItsReleaseIsSwallowedToo() {
        let m = mode()
        XCTAssertFalse(m.admit(.key("Right", down: true), at: 10))
        XCTAssertFalse(m.admit(.key("Right", down: false), at: 10.05))
        XCTAssertTrue(m.admit(.key("Left", down: true), at: 10.1))
        XCTAssertTrue(m.admit(.key("Left", down: false), at: 10.15))
        XCTAssertFalse(m.isAsleep(at: 10.2))
    }

    func testWakeBrightensFromTheDimLevelOverAQuarterSecond() {
        let m = mode()
        _ = m.admit(.key("Return", down: true), at: 2.5)   // woken halfway through the fade, at 0.4
        XCTAssertEqual(m.opacity(at: 2.5), 0.4, accuracy: 1e-12)
        XCTAssertEqual(m.opacity(at: 2.6), 0.4 * (1 - 0.1 / 0.25), accuracy: 1e-12)
        XCTAssertEqual(m.opacity(at: 2.75), 0)
        XCTAssertEqual(m.opacity(at: 4.49), 0)
        XCTAssertEqual(m.opacity(at: 5), 0.4, accuracy: 1e-12)   // asleep again 2 s after the wake
    }

    func testGyroAndARestingStickNeitherWakeNorKeepAwake() {
        let m = mode()
        XCTAssertTrue(m.admit(.gyro(x: 0.01, y: 0, z: 0), at: 1.9))
        XCTAssertTrue(m.admit(.controllerAxis("leftx", value: 0.2), at: 1.95))
        XCTAssertTrue(m.isAsleep(at: 2))
        XCTAssertTrue(m.admit(.gyro(x: 0.3, y: 0, z: 0), at: 5))
        XCTAssertTrue(m.isAsleep(at: 5))
        XCTAssertFalse(m.admit(.controllerAxis("leftx", value: -0.9), at: 5))
        XCTAssertFalse(m.isAsleep(at: 5))
    }

    func testPointerReleaseAnywhereEndsTheWakingPress() {
        let m = mode()
        XCTAssertFalse(m.admit(.pointer(Point(10, 10), button: .left, down: true), at: 3))
        XCTAssertFalse(m.admit(.pointer(Point(200, 50), button: .left, down: false), at: 3.2))
        XCTAssertTrue(m.admit(.pointer(Point(200, 50), button: .left, down: true), at: 3.3))
    }

    func testOverlayIsHiddenWhileClear() {
        let m = mode()
        m.update(to: 1)
        XCTAssertTrue(m.layer.isHidden)
        m.update(to: 2.5)
        XCTAssertFalse(m.layer.isHidden)
        XCTAssertEqual(m.layer.opacity, 0.4, accuracy: 1e-12)
        XCTAssertEqual(m.layer.name, "attract")
    }

    func testSceneKeyErrors() throws {
        func problem(_ text: String) -> String {
            do {
                _ = try AttractMode.read(try JSONNode.parse(text, file: "s.json"), canvas: Size(640, 360))
                return "accepted"
            } catch { return "\(error)" }
        }
        XCTAssertTrue(problem(#"{"dim": 0.5}"#).contains("idleTimeout"))
        XCTAssertTrue(problem(#"{"idleTimeout": -1}"#).contains("expected a number > 0"))
        XCTAssertTrue(problem(#"{"idleTimeout": 1e300}"#).contains("at most 86400"))
        XCTAssertTrue(problem(#"{"idleTimeout": 5, "dim": 1.5}"#).contains("expected an opacity from 0 to 1"))
        XCTAssertTrue(problem(#"{"idleTimeout": 5, "fade": -1}"#).contains("expected seconds from 0 to 60"))
        XCTAssertTrue(problem(#"{"idleTimeout": 5, "slideshow": true}"#).contains("unknown key"))
        let m = try XCTUnwrap(AttractMode.read(try JSONNode.parse(#"{"idleTimeout": 300}"#, file: "s.json"), canvas: Size(640, 360)))
        XCTAssertEqual(m.idleTimeout, 300)
        XCTAssertEqual(m.dim, 0.8)
        XCTAssertEqual(m.fade, 2)
    }

    /// Two slides of 4 s (1 s cross-fade) after a 2 s timeout, on a 640-point canvas: at
    /// 3.5 s asleep slide 0 is aged 3.5 s (zoom 1 + 0.1 * 3.5 / 5 = 1.07, pan +0.03 * 640
    /// * 0.7 = 13.44) and slide 1 fades in, aged 0.5 s (1.01, -1.92) at opacity 0.5.
    func testSlidesZoomPanAndCrossFade() {
        let a = ImageRef(id: 1, width: 10, height: 10), b = ImageRef(id: 2, width: 10, height: 10)
        let m = AttractMode(idleTimeout: 2, dim: 1, fade: 0, canvas: Size(640, 360), slides: [a, b], slideDuration: 4)
        let (s0, s1) = (m.layer.sublayers[0], m.layer.sublayers[1])
        m.update(to: 2 + 3.5)
        XCTAssertEqual(s0.contents, .image(a))
        XCTAssertEqual(s0.transform, Transform3D.scale(1.07, 1.07, 1) * Transform3D.translation(0.03 * 640 * 0.7, 0, 0))
        XCTAssertEqual(s1.contents, .image(b))
        XCTAssertEqual(s1.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(s1.transform, Transform3D.scale(1.01, 1.01, 1) * Transform3D.translation(-0.03 * 640 * 0.1, 0, 0))
        // 4.5 s asleep: slide 1 alone, aged 1.5 s; 8.2 s: slide 2 is image a again.
        m.update(to: 2 + 4.5)
        XCTAssertEqual(s0.contents, .image(b))
        XCTAssertTrue(s1.isHidden)
        m.update(to: 2 + 8.2)
        XCTAssertEqual(s0.contents, .image(a))
        // Awake: the overlay and its slides are hidden.
        XCTAssertFalse(m.admit(.key("Return", down: true), at: 20))
        m.update(to: 21)
        XCTAssertTrue(m.layer.isHidden)
    }
}
