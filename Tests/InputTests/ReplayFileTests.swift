import Input
import JSON
import LayerMath
import XCTest

/// Replay files (JSON lines of input events): written and read back, errors naming the line.
final class ReplayFileTests: XCTestCase {
    func testReplayRoundTrip() throws {
        let events = [
            TimedEvent(time: 0, event: .pointer(Point(10, 20.5), button: .left, down: true)),
            TimedEvent(time: 0.25, event: .key("Right", down: true)),
            TimedEvent(time: 0.5, event: .move(Point(1, 2))),
            TimedEvent(time: 1, event: .wheel(dx: 0, dy: -3)),
            TimedEvent(time: 1.5, event: .controllerAxis("rightx", value: 0.5)),
        ]
        let text = events.map(Replay.line).joined(separator: "\n")
        XCTAssertEqual(try Replay.parse(text, file: "r.jsonl"), events)
    }

    func testReplayErrorsNameTheLine() {
        XCTAssertThrowsError(try Replay.parse("{\"t\":0,\"type\":\"key\",\"key\":\"A\",\"down\":true}\n{\"t\":-1,\"type\":\"move\",\"x\":0,\"y\":0}", file: "r.jsonl")) {
            XCTAssertTrue("\($0)".hasPrefix("r.jsonl:2: at t:"), "\($0)")
        }
        XCTAssertThrowsError(try Replay.parse("{\"t\":0,\"type\":\"teleport\"}", file: "r.jsonl")) {
            XCTAssertTrue("\($0)".contains("at type: expected key, pointer"), "\($0)")
        }
    }
}
