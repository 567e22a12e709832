import Input
import JSON
import LayerMath
import Layers

/// The scene file's `focusGuide` kind: its keys and its factory, registered in
/// `SceneKinds.standard`.
extension FocusGuide {
    static let keys: Set<String> = ["kind", "name", "frame", "preferredFocus", "item"]

    /// Builds a `focusGuide`: `frame [x,y,w,h]` (canvas points), `preferredFocus` (a
    /// focusable component's name, checked when the scene is built), `item` (optional).
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        let target = try node["preferredFocus"].string()
        guard !target.isEmpty else { throw node["preferredFocus"].error("expected a component name, found an empty string") }
        let item: Int? = node["item"].exists ? try node["item"].int(atLeast: 0, default: 0) : nil
        return FocusGuide(name: name, frame: Rect(x: f.x, y: f.y, width: f.w, height: f.h), preferredFocus: target,
                          item: item)
    }
}
