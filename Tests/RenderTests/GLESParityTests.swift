import Foundation
import Images
import SceneRuntime
import XCTest
import _GLTestSupport
import _TestSupport

/// parallax-render failed or is missing: the test fails with the reason.
struct ParityFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// OpenGL ES 3 draws what desktop OpenGL 3.3 draws: every built-in scene and `Assets/scenes`
/// file from `parallax-render --gl desktop` and `--gl es` (two processes: one flavour per
/// SDL process) within 2/255 in every channel. Fails, never skips, when an API is missing.
final class GLESParityTests: XCTestCase {
    /// The largest difference allowed in any channel: the same pixels within 2/255.
    static let tolerance = 2
    /// Scene time and output size: a moment past the scenes' openings, small enough to be quick.
    static let arguments = ["--time", "1", "--size", "480x270"]

    func testEveryBuiltInSceneMatchesDesktopWithinTwoLevels() throws {
        for name in BuiltInScenes.names { try checkParity(scene: name) }
    }

    func testEveryAssetsSceneFileMatchesDesktopWithinTwoLevels() throws {
        let folder = packageRoot().appendingPathComponent("Assets/scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 0, "no scene files in \(folder.path)")
        for file in files { try checkParity(scene: folder.appendingPathComponent(file).path) }
    }

    /// A driver that offers desktop OpenGL 3.1 and no 3.3 core (a Raspberry Pi's v3d):
    /// `--gl auto` falls back to ES and draws the desktop frame.
    func testDesktopThreeOneOnlyFallsBackToESWithTheSameFrame() throws {
        let desktop = try render("home", api: "desktop")
        let fallback = try render("home", api: "auto", environment: ["MESA_GL_VERSION_OVERRIDE": "3.1"])
        XCTAssertLessThanOrEqual(Self.largestDifference(desktop, fallback), Self.tolerance)
        let refused = try run(["home", "--gl", "desktop", "--png", temporaryPNG("refused")],
                              environment: ["MESA_GL_VERSION_OVERRIDE": "3.1"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("parallax-render: no OpenGL 3.3 core context: tried "), refused.stderr)
    }

    // MARK: - Helpers

    func checkParity(scene: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let desktop = try render(scene, api: "desktop")
        let es = try render(scene, api: "es")
        XCTAssertEqual(desktop.width, es.width, scene, file: file, line: line)
        XCTAssertEqual(desktop.height, es.height, scene, file: file, line: line)
        let worst = Self.largestDifference(desktop, es)
        XCTAssertLessThanOrEqual(worst, Self.tolerance, "\(scene): ES differs from desktop by \(worst)/255",
                                 file: file, line: line)
    }

    /// The largest absolute difference of any channel of any pixel (sizes must match: else Int.max).
    static func largestDifference(_ a: Image, _ b: Image) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        var worst = 0
        for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return worst
    }

    func render(_ scene: String, api: String, environment: [String: String] = [:]) throws -> Image {
        let png = temporaryPNG(api)
        let r = try run([scene, "--gl", api, "--png", png] + Self.arguments, environment: environment)
        guard r.status == 0 else {
            throw ParityFailure( "parallax-render \(scene) --gl \(api) failed (\(r.status)): \(r.stderr)")
        }
        defer { try? FileManager.default.removeItem(atPath: png) }
        return try Image.read(path: png)
    }

    func temporaryPNG(_ tag: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gles-parity-\(getpid())-\(tag).png").path
    }

    /// Runs the parallax-render built beside the tests, headless.
    func run(_ arguments: [String], environment extra: [String: String]) throws -> (status: Int32, stderr: String) {
        try BuiltTool.run("parallax-render", arguments, environment: extra.mapValues { Optional($0) })
    }
}
