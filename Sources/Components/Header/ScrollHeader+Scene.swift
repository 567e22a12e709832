import Assets
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene

/// The scene file's `scrollHeader` kind: its keys and its factory, registered in
/// `SceneKinds.standard`.
extension ScrollHeader {
    static let keys: Set<String> = ["kind", "name", "frame", "headerHeight", "rowHeight", "rowCount", "navBarHeight",
                                    "title", "image"]

    /// Builds a `scrollHeader` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        var frame = Rect(x: 0, y: 0, width: context.canvas.width, height: context.canvas.height)
        if node["frame"].exists {
            let f = try node["frame"].rect()
            frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)
        }
        let rowCount = try node["rowCount"].int(default: 40)
        guard (0...10_000).contains(rowCount) else {
            throw node["rowCount"].error("expected a row count in 0...10000, found \(rowCount)")
        }
        return ScrollHeader(name: name, frame: frame, images: context.images,
                            headerImage: node["image"].exists ? try context.image(node["image"]) : nil,
                            headerHeight: try node["headerHeight"].double(in: 1...JSONNode.maxExtent, default: 300),
                            rowHeight: try node["rowHeight"].double(in: 1...JSONNode.maxExtent, default: 44), rowCount: rowCount,
                            navBarHeight: try node["navBarHeight"].extent(default: 64),
                            title: try node["title"].string(default: "PARALLAX"))
    }
}
