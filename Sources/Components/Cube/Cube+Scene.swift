import Assets
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene

/// The scene file's `cube` kind: its keys and its factory, registered in
/// `SceneKinds.standard`.
extension Cube {
    static let keys: Set<String> = ["kind", "name", "frame", "faceSize", "preset", "perspective", "lighting",
                                    "light", "ambient"]

    /// Builds a `cube` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        var frame = Rect(x: (context.canvas.width - 375) / 2, y: (context.canvas.height - 375) / 2,
                         width: 375, height: 375)
        if node["frame"].exists {
            let f = try node["frame"].rect()
            frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)
        }
        let preset = try node["preset"].int(default: 1)
        guard (1...CubeGeometry.presetCount).contains(preset) else {
            throw node["preset"].error("expected a preset in 1...\(CubeGeometry.presetCount), found \(preset)")
        }
        var light = CubeLighting.defaultLight
        if node["light"].exists {
            let n = try node["light"].numbers(3)
            light = Vector3(n[0], n[1], n[2])
            guard light.length > 0 else { throw node["light"].error("expected a non-zero light direction") }
        }
        return Cube(name: name, frame: frame, canvas: context.canvas, images: context.images,
                    faceSize: try node["faceSize"].extent(default: 140), preset: preset,
                    perspective: node["perspective"].exists ? try node["perspective"].positive() : 0,
                    lighting: try node["lighting"].enumValue(CubeLighting.self, default: .diffuse),
                    light: light, ambient: try node["ambient"].double(in: 0...1, default: 0.5))
    }
}
