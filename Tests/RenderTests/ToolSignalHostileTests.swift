import Foundation
import XCTest
import _TestSupport

/// The class "signals obeyed" for the interactive demo and the benchmark, as for
/// parallax-render: SIGINT and SIGTERM stop them within a frame, with one line and exit
/// 128 + the signal, and leave their outputs as they were (left to SDL, the signal is a
/// quit event: the demo would exit 0 with a partial recording in place of the old one, and
/// the benchmark would run on).
extension ToolHostileTests {
    func assertStopsCleanly(_ tool: String, _ arguments: String, output: String, line: UInt = #line) throws {
        let dir = try TemporaryDirectory()
        let kept = try dir.write(output, text: "the old file")
        for (signal, status) in [("INT", 130), ("TERM", 143)] {
            let r = try shell("""
                cd '\(dir.path)' || exit 9; "$\(tool)" \(arguments) 2> err.txt > /dev/null & pid=$!; \
                trap 'kill -KILL $pid 2>/dev/null' EXIT; sleep 4; kill -\(signal) $pid; wait $pid; s=$?; \
                grep -v 'no audio device' err.txt >&2; rm err.txt; exit $s
                """, timeout: 30)
            XCTAssertEqual(r.status, Int32(status), r.stderr, line: line)
            // One line (the benchmark's progress before it is rewritten in place with CR).
            let name = tool == "DEMO" ? "parallax-demo" : "parallax-bench"
            XCTAssertTrue(r.stderr.hasSuffix("\(name): stopped by SIG\(signal)\n"), r.stderr, line: line)
            XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr, line: line)
            XCTAssertLessThan(r.seconds, 10, line: line)
            XCTAssertEqual(contents(kept), "the old file", line: line)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [output], line: line)
        }
    }

    func testStopSignalsEndTheDemoWithoutSavingItsRecording() throws {
        try assertStopsCleanly("DEMO", "--headless --frames 1000000 --size 320x180 --record rec.jsonl", output: "rec.jsonl")
    }

    func testStopSignalsWakeTheDemoAsleepAtRest() throws {
        // No --frames: a scene at rest leaves the loop waiting for events with no timeout.
        try assertStopsCleanly("DEMO", "layers --headless --size 320x180 --record rec.jsonl", output: "rec.jsonl")
    }

    func testStopSignalsEndTheBenchmarkWithoutWritingItsReport() throws {
        try assertStopsCleanly("BENCH", "--scene button --frames 1000000 --size 320x180 --json report.json", output: "report.json")
    }
}
