import Assets
import Components
import Foundation
import Images
import Scene
import SceneRuntime

/// Writes a scene's events as JSON lines (`--events FILE`, or `-` for standard output),
/// one line per event as it happens, flushed per line so kiosk scripts can follow it.
///
/// Does not: buffer, rotate or reopen the file.
public final class SceneEventLog {
    /// The log; nil once a write failed (reported once, the scene keeps running).
    private var output: OutputFile?
    /// The write error that ended the log, if one did (a tool exits 1 with it).
    public private(set) var failure: Error?

    /// Writes to `path`, or to standard output for "-". A link, device or FIFO is written
    /// through, never replaced (`OutputFile`).
    /// - Parameter notes: print a failed write on standard error when it happens (the
    ///   demo keeps running); a one-shot tool leaves it to `failure` and its exit line.
    /// - Parameter streaming: a live log, created or emptied at its first event and
    ///   written line by line; otherwise a temporary file that `output` hands to the
    ///   run's `ToolOutputs`, and that is dropped unless committed.
    public init(path: String, notes: Bool = true, streaming: Bool = true) throws {
        output = try OutputFile(path: path == "-" ? "/dev/stdout" : path, streaming: streaming)
        self.notes = notes
        self.streaming = streaming
    }
    private let notes: Bool
    private let streaming: Bool

    /// The log's file, to stage with the run's other outputs once the run is done.
    /// - Throws: the write error that ended the log, if one did.
    package func finish() throws -> OutputFile? {
        if let failure { throw failure }
        defer { output = nil }
        return output
    }

    /// Writes every event `scene` reports from now on.
    public func attach(to scene: Scene) {
        scene.onEvent { [weak self] e in self?.write(e) }
    }

    /// Writes one event line. A failed write (full disk, closed pipe) is reported once
    /// on standard error and ends the log; it never stops the scene.
    public func write(_ event: SceneEvent) {
        guard let output else { return }
        do {
            try output.write(Array((event.jsonLine + "\n").utf8))
        } catch {
            if notes { ToolProcess.note("\(ToolProcess.name): \(error) (event log stopped)\n") }
            failure = error
            self.output = nil
        }
    }

    deinit { if streaming { try? output?.commit() } }
}
