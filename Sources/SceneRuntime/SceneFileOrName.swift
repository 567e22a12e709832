import Assets
import Images
import Scene

/// Neither a scene file nor a built-in scene has this name.
public struct SceneNotFound: Error, CustomStringConvertible, Equatable {
    /// The name that was looked up.
    public let name: String
    /// The error for the scene name or path `name`.
    public init(name: String) { self.name = name }
    public var description: String {
        "\(name): no such file, and not a built-in scene (built-in scenes: \(BuiltInScenes.names.joined(separator: ", ")))"
    }
}

extension BuiltInScenes {
    /// Loads the scene file `name` (anything at that path: a broken link says what is wrong),
    /// else the built-in scene of that name; the one loader of the host and the tools.
    /// `builtIn` gives a built-in scene's text by name (the bench adds its own).
    /// - Throws: the loader's one-line error; `SceneNotFound` when neither exists.
    public static func load(fileOrName name: String, images: ImageStore,
                            builtIn: (String) -> String? = BuiltInScenes.json) throws -> Scene {
        if InputFile.namesSomething(name) { return try SceneLoader.load(path: name, images: images) }
        guard let text = builtIn(name) else { throw SceneNotFound(name: name) }
        return try SceneLoader.parse(text, file: "built-in:\(name)", directory: ".", images: images)
    }
}
