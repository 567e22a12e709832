import Assets
import Foundation
import Images
import JSON
import LayerMath
import Layers
import Video

/// What a component factory needs while building from a scene file.
public final class SceneContext {
    /// The scene file (for errors).
    public let file: String
    /// Folder that relative paths are resolved against.
    public let directory: String
    /// Canvas size in points.
    public let canvas: Size
    /// Where images are registered.
    public let images: ImageStore
    /// The component kinds this scene may use (nested components, such as a shelf's rows,
    /// are built through it too).
    public let kinds: SceneKinds
    /// The folders this load has read, shared by every component that names one.
    public let folders = FolderListings()
    /// Names used so far (components and named layers must be unique in a scene).
    private var names = Set<String>()
    /// The scene's video layers (`contents(_:for:)`, a row's previews).
    public let videos = VideoLayers()

    public init(file: String, directory: String, canvas: Size, images: ImageStore, kinds: SceneKinds) {
        self.file = file; self.directory = directory; self.canvas = canvas; self.images = images
        self.kinds = kinds
    }

    /// Registers a name, failing on a duplicate.
    public func claim(_ name: String, at node: JSONNode) throws {
        guard !name.isEmpty else { throw node.error("expected a non-empty name") }
        guard names.insert(name).inserted else { throw node.error("duplicate name \"\(name)\"") }
    }

    /// Checks a component (or layer) object's keys against `allowed` and claims its
    /// unique `name`, which it returns: the first step of every kind's factory.
    public func claimComponent(_ node: JSONNode, allowedKeys allowed: Set<String>) throws -> String {
        try node.allowKeys(allowed)
        let name = try node["name"].string()
        try claim(name, at: node["name"])
        return name
    }

    /// Resolves a path from the scene file (relative to its folder) and checks it exists.
    public func resolve(_ node: JSONNode) throws -> String {
        let raw = try node.string()
        guard !raw.isEmpty else { throw node.error("expected a file path, found an empty string") }
        guard !raw.utf8.contains(0) else { throw node.error("the path contains a NUL byte") }
        let path = raw.hasPrefix("/") ? raw : (directory as NSString).appendingPathComponent(raw)
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0 else { throw node.error("no such file: \(path)") }
        return path
    }

    /// Loads a PNG named at `node`; errors name the scene file and the JSON path.
    public func image(_ node: JSONNode) throws -> ImageRef {
        let path = try resolve(node)
        do { return try images.load(path: path) } catch { throw node.error("\(error)") }
    }
}

/// Reads scene files (docs/scene-format.md) into `Scene`s, building each component through
/// the factory its `kind` registered in a `SceneKinds`.
public enum SceneLoader {
    /// Largest scene file read (4 MiB; the example scenes are a few KiB): parsing and
    /// building cost many times the text (about a second per MiB in a debug build).
    public static let maxSceneBytes = 4 << 20

    /// Reads and builds the scene at `path` (a regular file of at most `maxSceneBytes`).
    public static func load(path: String, images: ImageStore, kinds: SceneKinds) throws -> Scene {
        let text = try SceneError.readText(path, maxBytes: maxSceneBytes, what: "scene")
        let directory = (path as NSString).deletingLastPathComponent
        return try parse(text, file: path, directory: directory.isEmpty ? "." : directory, images: images, kinds: kinds)
    }

    /// Builds a scene from JSON text.
    public static func parse(_ text: String, file: String, directory: String, images: ImageStore,
                             kinds: SceneKinds) throws -> Scene {
        let root = try JSONNode.parse(text, file: file)
        try root.allowKeys(["canvas", "components", "sounds", "speech", "attract", "hwdec"])
        let canvasNode = root["canvas"]
        try canvasNode.allowKeys(["width", "height", "background"])
        let canvas = Size(try canvasNode["width"].positive(), try canvasNode["height"].positive())
        guard canvas.width >= 1, canvas.height >= 1 else {
            throw canvasNode.error("expected a canvas of at least 1x1 point, found \(canvas)")
        }
        guard canvas.width <= 16384, canvas.height <= 16384 else {
            throw canvasNode.error("expected a canvas of at most 16384x16384 points, found \(canvas)")
        }
        var background = Color(0.08, 0.08, 0.1, 1)
        if canvasNode["background"].exists {
            let c = try canvasNode["background"].rgba()
            background = Color(c.0, c.1, c.2, c.3)
        }
        let context = SceneContext(file: file, directory: directory, canvas: canvas, images: images, kinds: kinds)
        var components: [SceneComponent] = []
        for node in try root["components"].array() {
            let kind = try node["kind"].string()
            guard let make = kinds[kind] else {
                throw node["kind"].error("unknown kind \"\(kind)\" (expected one of: \(kinds.names.joined(separator: ", ")))")
            }
            components.append(try make(node, context))
        }
        if let problem = FocusEngine.guideProblem(in: components),
           let k = components.firstIndex(where: { $0.name == problem.guide }) {
            throw try root["components"].array()[k]["preferredFocus"].error(problem.message)
        }
        let scene = Scene(canvas: canvas, background: background, components: components)
        scene.sounds = try SceneSounds(root["sounds"], context: context)
        scene.speech = try SceneSpeech(root["speech"])
        if let attract = try AttractMode.read(root["attract"], canvas: canvas, image: context.image) { scene.setAttract(attract) }
        scene.videos = context.videos
        scene.videos.hardwareDecoding = try root["hwdec"].enumValue(HardwareDecoding.self, default: .auto)
        return scene
    }
}
