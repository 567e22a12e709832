import Components
import Input
import LayerMath
import Layers
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The remote's feel: touch surface and gyroscope tilt the focused card, with a deadzone
/// and a return to rest (RemoteTilt's doc).
final class RemoteTiltTests: XCTestCase {
    func testRadialDeadzoneRescalesTheRest() {
        // Inside the zone: nothing. Length 0.55 with zone 0.1 -> (0.55 - 0.1) / 0.9 = 0.5.
        XCTAssertTrue(RemoteTilt.deadzoned(x: 0.05, y: -0.05, zone: 0.1) == (0, 0))
        let v = RemoteTilt.deadzoned(x: 0.33, y: 0.44, zone: 0.1)     // length 0.55
        XCTAssertEqual((v.x * v.x + v.y * v.y).squareRoot(), 0.5, accuracy: 1e-12)
        XCTAssertEqual(v.y / v.x, 0.44 / 0.33, accuracy: 1e-12, "direction kept")
        let edge = RemoteTilt.deadzoned(x: 1, y: 0, zone: 0.1)
        XCTAssertEqual(edge.x, 1, accuracy: 1e-12)
    }

    func testTouchAndGyroGiveTheTiltAndReleaseIt() {
        var r = RemoteTilt()
        XCTAssertTrue(r.handle(.touchpad(x: 1, y: 0.5, down: true), at: 0))
        XCTAssertEqual(r.tilt?.x ?? 0, 1, accuracy: 1e-12)          // right edge: full tilt
        XCTAssertEqual(r.tilt?.y ?? 9, 0, accuracy: 1e-12)
        XCTAssertTrue(r.handle(.touchpad(x: 0.52, y: 0.5, down: true), at: 0.1))
        XCTAssertEqual(r.tilt?.x ?? 9, 0, accuracy: 1e-12, "inside the deadzone")
        _ = r.handle(.touchpad(x: 0.52, y: 0.5, down: false), at: 0.2)
        XCTAssertNil(r.tilt)
        // Gyro: yaw -1 rad/s -> x = 1 / 2; pitch 4 rad/s -> y clamped to -1.
        _ = r.handle(.gyro(x: 4, y: -1, z: 0), at: 0.3)
        XCTAssertEqual(r.tilt?.x ?? 0, 0.5, accuracy: 1e-12)
        XCTAssertEqual(r.tilt?.y ?? 0, -1, accuracy: 1e-12)
        _ = r.handle(.gyro(x: 0.05, y: 0.05, z: 3), at: 0.4)      // drift: still
        XCTAssertNil(r.tilt)
        XCTAssertFalse(r.handle(.key("Left", down: true), at: 0.5))
    }

    func testTouchpadTiltsTheFocusedCardAndReturnsToRest() throws {
        let s = try scene(#"{"kind": "focusGrid", "name": "g", "frame": [0, 0, 200, 120], "columns": 1, "count": 1, "buttonSize": [200, 120], "transitionSpeed": 500, "transitionEasing": "linear"}"#)
        let g = s.component(named: "g") as! FocusGrid
        s.update(to: 0)
        func angle() -> Double { atan2(g.cards[0].card.transform.m31, g.cards[0].card.transform.m11) }
        s.handle(.touchpad(x: 1, y: 0.5, down: true), at: 0.1)
        s.update(to: 2)
        XCTAssertEqual(angle(), -Double.pi / 32, accuracy: 1e-9, "full tilt at the right edge")
        s.handle(.touchpad(x: 1, y: 0.5, down: false), at: 2)
        s.update(to: 2.25)
        XCTAssertEqual(angle(), -Double.pi / 64, accuracy: 1e-4, "half way back, linear over 0.5 s")
        s.update(to: 2.5)
        XCTAssertEqual(angle(), 0, accuracy: 1e-12)
    }

    func testReplayLinesRoundTrip() throws {
        let events = [TimedEvent(time: 0.5, event: .touchpad(x: 0.25, y: 1, down: true)),
                      TimedEvent(time: 0.75, event: .gyro(x: 0.5, y: -2, z: 0))]
        let text = events.map(Replay.line(for:)).joined(separator: "\n")
        XCTAssertEqual(text, #"{"t":0.5,"type":"touchpad","x":0.25,"y":1,"down":true}"# + "\n" + #"{"t":0.75,"type":"gyro","x":0.5,"y":-2,"z":0}"#)
        XCTAssertEqual(try Replay.parse(text, file: "r"), events)
    }
}
