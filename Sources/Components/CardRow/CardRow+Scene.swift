import Assets
import Images
import JSON
import LayerMath
import Layers
import Scene

extension CardRow {
    /// Keys a `cardRow` object may have.
    static let keys: Set<String> = Set([
        "kind", "name", "frame", "items", "itemSize", "spacing", "contentsGravity", "titles", "startIndex",
        "scrollInset", "cornerRadius", "spotlight", "remembersLastFocusedItem", "previewDelay",
        "previewAudio",
    ]).union(FocusEffect.keys)

    /// Builds a `cardRow` (docs/scene-format.md, `cardRow`).
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        var c = Configuration(frame: Rect(x: f.x, y: f.y, width: f.w, height: f.h))
        if node["itemSize"].exists {
            let s = try node["itemSize"].size()
            guard s.0 >= 1, s.1 >= 1, s.0 <= JSONNode.maxExtent, s.1 <= JSONNode.maxExtent else {
                throw node["itemSize"].error("expected an item size of 1...\(JSONNode.format(JSONNode.maxExtent)) points, found [\(JSONNode.format(s.0)), \(JSONNode.format(s.1))]")
            }
            c.itemSize = Size(s.0, s.1)
        }
        c.spacing = try node["spacing"].double(in: 0...JSONNode.maxExtent, default: 40)
        if node["scrollInset"].exists { c.scrollInset = try node["scrollInset"].double(in: 0...JSONNode.maxExtent, default: 0) }
        // Every card across the frame is a set of layers and a decode: a few hundred at most.
        let across = (c.frame.width / (c.itemSize.width + c.spacing)).rounded(.up)
        guard across <= Double(CardRow.maxCardsAcross) else {
            throw node["itemSize"].error("expected at most \(CardRow.maxCardsAcross) cards across the frame, found "
                                         + "\(JSONNode.format(across)) (frame width / (item width + spacing))")
        }
        c.gravity = try node["contentsGravity"].enumValue(ContentsGravity.self, default: .resizeAspectFill)
        c.titles = try node["titles"].enumValue(Titles.self, default: .focused)
        c.cornerRadius = try node["cornerRadius"].radius(default: 8)
        c.effect = try FocusEffect.read(node)
        guard node["items"].exists else { throw node.error("expected items (a list, a folder, a glob or a .json catalogue)") }
        let catalogue = try CardCatalogue.read(node["items"], context: context)
        c.startIndex = try node["startIndex"].int(default: 0)
        guard (0..<catalogue.count).contains(c.startIndex) else {
            throw node["startIndex"].error("expected an index in 0...\(catalogue.count - 1), found \(c.startIndex)")
        }
        if node["spotlight"].exists && (node["glareColor"].exists || node["glareShape"].exists) {
            throw node["spotlight"].error("expected either spotlight or glareColor/glareShape, found both")
        }
        let spotlight: ImageRef
        if node["spotlight"].exists {
            spotlight = try context.image(node["spotlight"])
        } else if c.effect.glareColor != nil || c.effect.glareShape != nil {
            spotlight = context.images.glare(shape: c.effect.glareShape ?? .radial, color: c.effect.glareColor ?? Color(1, 1, 1, 1))
        } else {
            spotlight = context.images.builtinSpotlight()
        }
        // Layered posters are read now (a few per row); flat ones stream as they come into view.
        var layered: [Int: [ImageRef]] = [:]
        if catalogue.hasItemObjects {
            for i in 0..<catalogue.count {
                guard let path = catalogue.imagePath(i), CardCatalogue.isLayered(path) else { continue }
                do {
                    let stack = try LayeredImage.load(path: path)
                    layered[i] = stack.layers.enumerated().map { k, layer in
                        context.images.add(StackCompositor.place(layer, canvasWidth: stack.canvasWidth,
                                                                 canvasHeight: stack.canvasHeight), key: "\(path)#\(k)")
                    }
                } catch {
                    throw node["items"].error("item \(i): \(error)")
                }
            }
        }
        let row = CardRow(name: name, configuration: c, catalogue: catalogue, images: context.images, layered: layered,
                          spotlight: spotlight)
        row.remembersLastFocusedItem = try node["remembersLastFocusedItem"].bool(default: true)
        let delay = try node["previewDelay"].double(in: 0...3600, default: 1.5)
        if catalogue.hasItemObjects, (0..<catalogue.count).contains(where: { catalogue.item($0).preview != nil }) {
            row.preview = CardPreview(delay: delay, audio: try node["previewAudio"].bool(default: false),
                                      videos: context.videos, images: context.images)
        }
        return row
    }
}
