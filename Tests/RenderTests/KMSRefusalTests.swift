import Foundation
import Platform
import XCTest

/// parallax-demo on KMS (`--video kmsdrm` or SDL_VIDEODRIVER=kmsdrm) where there is no DRM
/// device: one line naming why, exit status 1, no fallback to an invisible offscreen window.
final class KMSRefusalTests: XCTestCase {
    func run(_ arguments: [String], environment extra: [String: String]) throws -> (status: Int32, stderr: String) {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let demo = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("parallax-demo").path
        guard FileManager.default.isExecutableFile(atPath: demo) else {
            XCTFail("parallax-demo is not built beside the tests (\(demo))")
            return (0, "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: demo)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = nil
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testWithoutADRMDeviceKMSIsRefusedInOneLine() throws {
        guard let problem = DRMDevices.problem() else {
            throw XCTSkip("this machine has a DRM device the user may open: the refusal cannot be seen here")
        }
        let expected = "parallax-demo: kmsdrm: \(problem)\n"
        let byOption = try run(["--video", "kmsdrm", "--frames", "1"], environment: [:])
        XCTAssertEqual(byOption.status, 1)
        XCTAssertEqual(byOption.stderr, expected)
        let byEnvironment = try run(["--frames", "1"], environment: ["SDL_VIDEODRIVER": "kmsdrm"])
        XCTAssertEqual(byEnvironment.status, 1)
        XCTAssertEqual(byEnvironment.stderr, expected)
    }
}
