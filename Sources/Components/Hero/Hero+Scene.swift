import JSON
import LayerMath
import Scene

extension Hero {
    /// Keys a `hero` object may have.
    static let keys: Set<String> = ["kind", "name", "frame", "items", "interval", "cornerRadius",
                                    "remembersLastFocusedItem"]

    /// Builds a `hero`: `frame`, `items` (as a `cardRow`'s), `interval` (8 s), `cornerRadius` (12).
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        guard node["items"].exists else { throw node.error("expected items (a list, a folder, a glob or a .json catalogue)") }
        let hero = Hero(name: name, frame: Rect(x: f.x, y: f.y, width: f.w, height: f.h),
                        catalogue: try CardCatalogue.read(node["items"], context: context),
                        interval: try node["interval"].double(in: 0.5...86_400, default: 8),
                        cornerRadius: try node["cornerRadius"].radius(default: 12), images: context.images)
        hero.remembersLastFocusedItem = try node["remembersLastFocusedItem"].bool(default: true)
        return hero
    }
}
