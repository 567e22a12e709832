import Foundation
import Images
import JSON

/// Every file one run of a tool writes, put in place together once the run has succeeded.
///
/// Each output is written to a private temporary file beside its target and sealed
/// (flushed, closed); `commit` renames them all at the end. A run that fails or is
/// stopped before then leaves every target exactly as it was (deinit removes the
/// temporary files). An output that is the same file as one of the run's inputs (same
/// device and inode, whatever the path's spelling or links), or as another output, is
/// refused before anything is written.
///
/// Does not: buffer outputs that are not regular files (a device or FIFO is written
/// through when staged), or create folders.
public final class ToolOutputs {
    private struct Identity: Equatable { var device: UInt64; var inode: UInt64 }
    private var inputs: [(identity: Identity, name: String)] = []
    private var claimed: [(identity: Identity, name: String)] = []
    private var staged: [OutputFile] = []

    public init() {}

    /// Records `path` as read by this run (nothing is recorded when it is not a file).
    /// - Parameter name: how errors name it ("--replay x.jsonl").
    public func input(_ path: String, name: String) {
        if let identity = ToolOutputs.identity(path) { inputs.append((identity, name)) }
    }

    /// Refuses `path` as an output when it is a file this run reads, or another output.
    /// - Parameter name: how errors name the output ("--events x.jsonl").
    /// - Throws: `ExportError`-style one line naming both.
    public func claim(_ path: String, name: String) throws {
        guard let identity = ToolOutputs.identity(path) else { return }
        if let input = inputs.first(where: { $0.identity == identity }) {
            throw ToolOutputError("\(name): is the same file as \(input.name); it would be overwritten before it is read")
        }
        if let other = claimed.first(where: { $0.identity == identity }) {
            throw ToolOutputError("\(name): is the same file as \(other.name)")
        }
        if !ToolOutputs.isDevice(path) { claimed.append((identity, name)) }
    }

    /// Writes `bytes` to a sealed temporary file for `path`, renamed over it by `commit`.
    /// - Throws: `FileError` naming `path`; nothing at `path` has changed.
    public func stage(_ bytes: [UInt8], to path: String) throws {
        let file = try OutputFile(path: path)
        try file.write(bytes)
        try adopt(file)
    }

    /// Takes `file` (written by the caller) to be sealed now and committed with the rest.
    package func adopt(_ file: OutputFile) throws {
        try file.seal()
        staged.append(file)
    }

    /// Puts every staged output in place, in the order staged.
    /// - Throws: the first failure (outputs already renamed stay; the rest are dropped).
    public func commit() throws {
        defer { staged.removeAll() }
        for file in staged { try file.commit() }
    }

    /// Drops every staged output; the targets are unchanged.
    public func abandon() {
        for file in staged { file.abandon() }
        staged.removeAll()
    }

    deinit { abandon() }

    private static func identity(_ path: String) -> Identity? {
        guard !path.utf8.contains(0) else { return nil }
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Character devices (`/dev/null`, a terminal) may be named by several outputs.
    private static func isDevice(_ path: String) -> Bool {
        var info = stat()
        return FileName.withCString(path, { stat($0, &info) }) == 0 && info.st_mode & S_IFMT == S_IFCHR
    }
}

/// A refusal about the outputs of a run, printed as one line.
public struct ToolOutputError: OneLineError, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
