import Foundation
import Platform
import XCTest
import _GLTestSupport

/// parallax-demo on KMS (`--video kmsdrm` or SDL_VIDEODRIVER=kmsdrm) where there is no DRM
/// device: one line naming why, exit status 1, no fallback to an invisible offscreen window.
final class KMSRefusalTests: XCTestCase {
    /// Runs parallax-demo with SDL's own choice of driver (none set) unless `extra` sets one.
    func run(_ arguments: [String], environment extra: [String: String]) throws -> (status: Int32, stderr: String) {
        var environment: [String: String?] = ["SDL_VIDEODRIVER": nil]
        for (k, v) in extra { environment[k] = v }
        return try BuiltTool.run("parallax-demo", arguments, environment: environment)
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
