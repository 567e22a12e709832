import Components

/// Scenes that need no files: the demo's scenes and the benchmark's named scenes. Their
/// images are generated (default layered icon, posters, cube faces, list rows).
public enum BuiltInScenes {
    /// Scene names in the demo's order (keys 1-9 pick them).
    public static let names: [String] = ["button", "layers"]
    /// The scene the demo opens without arguments.
    public static let defaultName = "button"

    /// The scene file text of a built-in scene.
    public static func json(_ name: String) -> String? {
        switch name {
        case "layers": return layers
        case "button", "grid", "carousel", "carousel-100k", "cube", "header": return layers
        default: return nil
        }
    }

    /// Builds a built-in scene by name.
    public static func load(_ name: String, images: ImageStore) throws -> Scene {
        guard let text = json(name) else {
            throw SceneError(file: name, path: "", message: "unknown built-in scene (expected one of: \(names.joined(separator: ", ")))")
        }
        return try SceneLoader.parse(text, file: "built-in:\(name)", directory: ".", images: images)
    }

    static let layers = """
    {"canvas": {"width": 1280, "height": 720, "background": [0.08, 0.08, 0.1, 1]},
     "components": [
      {"kind": "layer", "name": "flat", "bounds": [300, 200], "position": [240, 360], "color": [0.9, 0.3, 0.2, 1],
       "cornerRadius": 16},
      {"kind": "layer", "name": "rotated", "bounds": [300, 200], "position": [640, 360], "color": [0.2, 0.6, 0.9, 1],
       "transform": [{"rotate": [0.7853981633974483, 0, 1, 0]}, {"perspective": 500}],
       "sublayers": [{"name": "marker", "bounds": [60, 60], "position": [40, 40], "color": [1, 1, 1, 1]}]},
      {"kind": "layer", "name": "card", "bounds": [300, 200], "position": [1040, 360], "color": [0.3, 0.8, 0.4, 1],
       "masksToBounds": true, "cornerRadius": 40,
       "sublayers": [{"name": "overflow", "bounds": [200, 200], "position": [0, 0], "color": [1, 1, 0, 0.7]}]}
     ]}
    """
}
