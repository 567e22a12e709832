import Foundation

/// Test media made by the `ffmpeg` command (lavfi sources, so every sample is known by
/// hand): `ffmpeg -v error -y ARGUMENTS PATH`, run once per test process.
public enum FFmpegClip {
    /// The clip at `path`, made with `arguments` unless it is already there; throws when
    /// ffmpeg fails.
    @discardableResult
    public static func make(_ path: String, _ arguments: [String]) throws -> String {
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-v", "error", "-y"] + arguments + [path]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw Failed(arguments: arguments) }
        return path
    }

    /// ffmpeg exited with an error.
    public struct Failed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var description: String { "ffmpeg \(arguments.joined(separator: " ")) failed" }
    }
}
