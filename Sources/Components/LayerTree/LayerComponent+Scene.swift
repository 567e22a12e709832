import Assets
import Input
import JSON
import LayerMath
import Layers
import Scene
import Typography

/// The scene file's `layer` kind: its keys and its factory, registered in
/// `SceneKinds.standard`.
extension LayerComponent {
    /// Keys a layer object may have.
    static let keys: Set<String> = Set<String>([
        "kind", "name", "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
        "opacity", "masksToBounds", "cornerRadius", "doubleSided", "hidden", "contents", "color",
        "contentsGravity", "sublayers", "frame", "animations", "allowsGroupOpacity", "shouldRasterize",
    ]).union(textKeys)

    /// Keys that make a layer a text layer (CATextLayer's names, plus `lineSpacing`).
    static let textKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "alignmentMode", "truncationMode", "isWrapped", "lineSpacing",
    ]

    /// Builds a `layer` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        var texts: [TextLayer] = []
        let root = try layer(node, context, texts: &texts)
        return LayerComponent(rootLayer: root, textLayers: texts)
    }

    /// Builds one layer (and its sublayers) from JSON; text layers drawn at scale 1.
    public static func layer(_ node: JSONNode, _ context: SceneContext) throws -> Layer {
        var texts: [TextLayer] = []
        let l = try layer(node, context, texts: &texts)
        for t in texts { t.display() }
        return l
    }

    /// Builds one layer (and its sublayers) from JSON, appending its text layers to `texts`.
    public static func layer(_ node: JSONNode, _ context: SceneContext, texts: inout [TextLayer]) throws -> Layer {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let layer = Layer(name: name)
        if node["anchorPoint"].exists {
            let a = try node["anchorPoint"].point()
            layer.anchorPoint = Point(a.0, a.1)
        }
        if node["frame"].exists {
            if node["bounds"].exists || node["position"].exists {
                throw node["frame"].error("expected either frame or bounds/position, found both")
            }
            let f = try node["frame"].rect()
            layer.frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)
        } else {
            let b = try node["bounds"].numbers(2)
            guard b[0] >= 0, b[1] >= 0 else { throw node["bounds"].error("expected a size >= 0, found [\(JSONNode.format(b[0])), \(JSONNode.format(b[1]))]") }
            layer.bounds = Size(b[0], b[1])
            if node["position"].exists {
                let p = try node["position"].point()
                layer.position = Point(p.0, p.1)
            }
        }
        layer.zPosition = try node["zPosition"].double(default: 0)
        layer.transform = try SceneTransform.read(node["transform"])
        layer.sublayerTransform = try SceneTransform.read(node["sublayerTransform"])
        layer.opacity = try node["opacity"].double(in: 0...1, default: 1)
        layer.allowsGroupOpacity = try node["allowsGroupOpacity"].bool(default: true)
        layer.shouldRasterize = try node["shouldRasterize"].bool(default: false)
        layer.masksToBounds = try node["masksToBounds"].bool(default: false)
        layer.cornerRadius = try node["cornerRadius"].radius(default: 0)
        layer.isDoubleSided = try node["doubleSided"].bool(default: true)
        layer.isHidden = try node["hidden"].bool(default: false)
        layer.contentsGravity = try node["contentsGravity"].enumValue(ContentsGravity.self, default: .resize)
        if node["contents"].exists && node["color"].exists {
            throw node["contents"].error("expected either contents or color, found both")
        }
        if let textKey = textKeys.sorted().first(where: { node[$0].exists }) {
            for other in ["contents", "color"] where node[other].exists {
                throw node[other].error("a text layer (it has \"\(textKey)\") draws its string as contents; expected no \(other) (put it on a layer behind)")
            }
            texts.append(TextLayer(layer: layer, string: try node["string"].string(default: ""),
                                   style: try textStyle(node), images: context.images))
        } else if node["contents"].exists {
            layer.contents = try context.contents(node["contents"], for: layer)
        } else if node["color"].exists {
            let c = try node["color"].rgba()
            layer.contents = .color(Color(c.0, c.1, c.2, c.3))
        }
        for (key, animation) in try SceneAnimations.parse(node["animations"]) {
            layer.add(animation, forKey: key)
        }
        for child in try node["sublayers"].array(default: []) {
            if child["kind"].exists, try child["kind"].string() != "layer" {
                throw child["kind"].error("expected \"layer\" for a sublayer")
            }
            layer.addSublayer(try self.layer(child, context, texts: &texts))
        }
        return layer
    }

    /// The text style of a layer object: CATextLayer's keys and defaults (docs/text.md).
    static func textStyle(_ node: JSONNode) throws -> TextStyle {
        var style = TextStyle()
        style.font = try node["font"].string(default: TextStyle.defaultFont)
        if style.font.trimmingCharacters(in: .whitespaces).isEmpty || style.font.count > 200 {
            throw node["font"].error("expected a fontconfig name such as \"DejaVu Sans Bold\" (1 to 200 characters)")
        }
        do { _ = try FontLibrary.shared.face(named: style.font) } catch { throw node["font"].error("\(error)") }
        style.fontSize = try node["fontSize"].double(in: 0...4096, default: 36)
        if node["foregroundColor"].exists {
            let c = try node["foregroundColor"].rgba()
            style.foregroundColor = Color(c.0, c.1, c.2, c.3)
        }
        style.alignment = try node["alignmentMode"].enumValue(TextAlignment.self, default: .natural)
        style.truncation = try node["truncationMode"].enumValue(TextTruncation.self, default: .none)
        style.isWrapped = try node["isWrapped"].bool(default: false)
        style.lineSpacing = try node["lineSpacing"].double(in: -4096...4096, default: 0)
        if node["string"].exists, try node["string"].string().unicodeScalars.count > TextLayout.maximumScalars {
            throw node["string"].error("expected a string of at most \(TextLayout.maximumScalars) characters")
        }
        return style
    }
}
