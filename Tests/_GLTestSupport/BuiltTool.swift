import Foundation
import _TestSupport

/// The executables SwiftPM builds beside the tests (`parallax-render`, `parallax-demo`,
/// `parallax-bench`), run as a user runs them.
public enum BuiltTool {
    /// The folder holding the built products (on Linux the test runner is the .xctest
    /// executable there).
    public static var products: URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }

    /// The path of the executable `name`.
    /// - Throws: `MissingFixture` when it is not built (`swift test` builds every product:
    ///   a missing tool is a broken build, not a skip).
    public static func path(_ name: String) throws -> String {
        let path = products.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingFixture(description: "\(name) is not built beside the tests (\(path))")
        }
        return path
    }

    /// Runs `name` with `arguments` on SDL's offscreen driver, `environment` laid over the
    /// process's (a nil value removes a variable); its exit status and standard error
    /// (standard output is discarded). Past `timeout` seconds it is terminated and said so.
    public static func run(_ name: String, _ arguments: [String], environment overrides: [String: String?] = [:],
                           timeout: Double = 300) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(name))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        for (k, v) in overrides { environment[k] = v }
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, text + (timedOut ? "\(name) timed out after \(timeout) s\n" : ""))
    }
}
