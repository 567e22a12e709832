import Assets
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene

/// The scene file's `affineOrders` kind: its keys and its factory, registered in
/// `SceneKinds.standard`.
extension AffineOrders {
    /// Builds an `affineOrders` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: ["kind", "name", "frame", "imageSize"])
        var frame = Rect(x: 0, y: 0, width: context.canvas.width, height: context.canvas.height)
        if node["frame"].exists {
            let f = try node["frame"].rect()
            frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)
        }
        return AffineOrders(name: name, frame: frame, images: context.images,
                            imageSize: try node["imageSize"].extent(default: 160))
    }
}
