import Foundation

/// A fresh directory under the system temporary folder, removed by `remove()` or when
/// the value is deinitialised.
public final class TemporaryDirectory {
    /// The directory's absolute path (no trailing slash).
    public let path: String
    /// The directory as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// Creates a new empty directory whose name starts with `prefix`.
    public init(prefix: String = "parallax-test") throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    deinit { remove() }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative` inside the directory.
    public func file(_ relative: String) -> String {
        relative.isEmpty ? path : path + "/" + relative
    }

    /// Writes `bytes` to `relative`, creating intermediate folders; returns the path.
    @discardableResult
    public func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let target = file(relative)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes `text` as UTF-8 to `relative`, creating intermediate folders; returns the path.
    @discardableResult
    public func write(_ relative: String, text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    /// Creates the folder `relative` (and its parents); returns its path.
    @discardableResult
    public func makeDirectory(_ relative: String) throws -> String {
        let target = file(relative)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        return target
    }
}
