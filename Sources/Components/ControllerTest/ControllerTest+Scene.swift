import Input
import JSON
import LayerMath
import Scene

/// The scene file's `controllerTest` kind: `frame` (default: the canvas) and `family`
/// (`xbox`, `playStation`, `nintendo`: whose labels to show before a controller says).
extension ControllerTest {
    static let keys: Set<String> = ["kind", "name", "frame", "family"]

    /// Builds a `controllerTest` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        var frame = Rect(x: 0, y: 0, width: context.canvas.width, height: context.canvas.height)
        if node["frame"].exists {
            let f = try node["frame"].rect()
            frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)
        }
        let family = try node["family"].enumValue(ControllerFamily.self, default: .xbox)
        return ControllerTest(name: name, frame: frame, family: family, images: context.images)
    }
}
