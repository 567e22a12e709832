import Foundation
import SceneRuntime
import ToolSupport
import XCTest
import _GLTestSupport
import _TestSupport

/// The executables facing hostile options, outputs and crashes:
/// one line on stderr and exit status 1, no file lost, no trap on a closed stream, a
/// crash that exits at once. Runs the debug binaries SwiftPM built beside the tests.
final class ToolHostileTests: XCTestCase {
    struct Result { var status: Int32; var stdout: String; var stderr: String; var seconds: Double }

    /// The folder holding the built executables (beside the test bundle).
    var products: URL { BuiltTool.products }

    /// Runs `/bin/bash -c script` with `$RENDER`, `$DEMO` and `$BENCH` naming the executables.
    func shell(_ script: String, timeout: Double = 30) throws -> Result {
        let render = try BuiltTool.path("parallax-render")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["RENDER"] = render
        environment["DEMO"] = products.appendingPathComponent("parallax-demo").path
        environment["BENCH"] = products.appendingPathComponent("parallax-bench").path
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["SWIFT_BACKTRACE"] = nil
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let start = Date()
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); XCTFail("timed out: \(script)") }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                      stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                      seconds: Date().timeIntervalSince(start))
    }

    func assertOneLineRefusal(_ r: Result, _ expected: String, line: UInt = #line) {
        XCTAssertEqual(r.status, 1, r.stderr, line: line)
        XCTAssertEqual(r.stderr, expected + "\n", line: line)
    }

    func testOptionErrorsAreOneLineAndExitOne() throws {
        let cases: [(String, String)] = [
            ("--size 0x0", "parallax-render: --size must be WxH with whole numbers in 1...16384 (see --help)"),
            ("--time -1", "parallax-render: --time must be a finite number >= 0 (see --help)"),
            ("--pointer garbage", "parallax-render: --pointer expects two numbers as A,B, found \"garbage\" (see --help)"),
            ("--bogus", "parallax-render: Unknown option '--bogus'. Did you mean '--out'? (see --help)"),
        ]
        for (options, expected) in cases {
            let r = try shell("\"$RENDER\" button \(options)")
            assertOneLineRefusal(r, expected)
            XCTAssertEqual(r.stdout, "", options)
        }
        let demo = try shell("\"$DEMO\" --size 0x0")
        assertOneLineRefusal(demo, "parallax-demo: --size expects WxH in points, found \"0x0\" (see --help)")
        // A screenshot folder that is not there was found out at the first P press.
        assertOneLineRefusal(try shell("\"$DEMO\" --screenshots /nonexistent/shots"),
                             "parallax-demo: --screenshots /nonexistent/shots: no such folder (see --help)")
        assertOneLineRefusal(try shell("\"$DEMO\" --screenshots /dev/null"),
                             "parallax-demo: --screenshots /dev/null: not a folder (see --help)")
        // parallax-bench --poses under a file said "NSCocoaErrorDomain error 512".
        assertOneLineRefusal(try shell("\"$BENCH\" --scene button --frames 1 --warmup 0 --poses /dev/null/poses"),
                             "parallax-bench: --poses /dev/null/poses: cannot create the folder (/dev/null is not a folder)")
        // A clip whose folder is not there was found out after every frame was rendered.
        assertOneLineRefusal(try shell("\"$RENDER\" button --frames 2 --out /nonexistent/clip.gif"),
                             "parallax-render: --out /nonexistent/clip.gif: no folder /nonexistent")
    }

    func testNegativeOptionValueIsReadAsAValue() {
        XCTAssertEqual(ToolProcess.joinNegativeValues(["s", "--time", "-1", "--pointer", "-3,4", "--headless", "-x"]),
                       ["s", "--time=-1", "--pointer=-3,4", "--headless", "-x"])
    }

    /// A write that fails midway (here: the file size limit, like a full disk) leaves the
    /// good PNG that was there, and no temporary file.
    func testFailedPNGWriteKeepsTheGoodPNG() throws {
        let dir = try TemporaryDirectory()
        let good = [UInt8](repeating: 42, count: 100)
        let path = try dir.write("frame.png", bytes: good)
        let r = try shell("ulimit -f 1; trap '' XFSZ; exec \"$RENDER\" button --png '\(path)'")
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("parallax-render: \(path): cannot write PNG: "), r.stderr)
        XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, r.stderr)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), good)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["frame.png"])
    }

    func testQuadsToDevicesAndFailedStandardOutput() throws {
        let null = try shell("\"$RENDER\" button --quads /dev/null && test -c /dev/null")
        XCTAssertEqual(null.status, 0, null.stderr)
        let stdout = try shell("\"$RENDER\" button --quads /dev/stdout && test -c /dev/null")
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        XCTAssertTrue(stdout.stdout.hasPrefix("{\"canvas\": [1280, 720]"), stdout.stdout)
        let full = try shell("\"$RENDER\" button --quads - > /dev/full")
        assertOneLineRefusal(full, "parallax-render: standard output: cannot write: no space left on the device")
        let closed = try shell("\"$RENDER\" button >&-")
        XCTAssertEqual(closed.status, 1, closed.stderr)
    }

    func testClosedOrFullStandardErrorDoesNotTrap() throws {
        XCTAssertEqual(try shell("\"$RENDER\" no-such-scene.json 2>&-").status, 1)
        XCTAssertEqual(try shell("\"$RENDER\" no-such-scene.json 2>/dev/full").status, 1)
    }

    /// A fatal signal in the demo exits at once with one line (Swift's backtracer would
    /// hold the process for about 20 s).
    func testDemoCrashExitsAtOnce() throws {
        let r = try shell("\"$DEMO\" --headless --frames 0 > /dev/null & pid=$!; sleep 2; kill -ILL $pid; wait $pid", timeout: 15)
        XCTAssertEqual(r.status, 128 + SIGILL, r.stderr)
        XCTAssertLessThan(r.seconds, 6)
        XCTAssertTrue(r.stderr.hasSuffix("parallax-demo: fatal error (a bug: the line above, if any, says where); exiting\n"), r.stderr)
    }
}
