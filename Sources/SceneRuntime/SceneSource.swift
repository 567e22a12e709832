import Components
import Foundation

/// How the tools find a scene from their SCENE argument: an existing file, else a
/// built-in scene name; anything else is an error that lists the built-in names (a
/// typo in a built-in name should not only say "no such file").
///
/// Does not: search folders or guess close names.
public enum SceneSource {
    /// Loads the scene file `name`, or the built-in scene of that name.
    public static func load(_ name: String, images: ImageStore) throws -> Scene {
        if !FileManager.default.fileExists(atPath: name) {
            if BuiltInScenes.json(name) != nil { return try BuiltInScenes.load(name, images: images) }
            throw SceneError(file: name, path: "",
                             message: "no such file, and not a built-in scene (built-in scenes: \(BuiltInScenes.names.joined(separator: ", ")))")
        }
        return try SceneLoader.load(path: name, images: images)
    }
}

/// Writes a scene's events as JSON lines (`--events FILE`, or `-` for standard output),
/// one line per event as it happens, flushed per line so kiosk scripts can follow it.
///
/// Does not: buffer, rotate or reopen the file.
public final class SceneEventLog {
    private let handle: FileHandle
    private let closesHandle: Bool

    /// Creates (truncates) `path`, or uses standard output for "-".
    public init(path: String) throws {
        if path == "-" {
            handle = FileHandle.standardOutput
            closesHandle = false
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let h = FileHandle(forWritingAtPath: path) else {
                throw SceneError(file: path, path: "", message: "cannot create the events file")
            }
            handle = h
            closesHandle = true
        }
    }

    /// Writes every event `scene` reports from now on.
    public func attach(to scene: Scene) {
        scene.onEvent { [weak self] e in self?.write(e) }
    }

    /// Writes one event line.
    public func write(_ event: SceneEvent) {
        handle.write(Data((event.jsonLine + "\n").utf8))
    }

    deinit { if closesHandle { try? handle.close() } }
}
