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
        "contentsGravity", "sublayers", "frame", "animations", "allowsGroupOpacity", "shouldRasterize", "mask",
    ]).union(textKeys).union(decorationKeys)

    /// CALayer's background, border and shadow keys.
    static let decorationKeys: Set<String> = Set<String>([
        "backgroundColor", "borderWidth", "borderColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor",
        "maskedCorners", "contentsRect", "contentsScale", "minificationFilter", "magnificationFilter", "type", "shadowPath",
        "contentsCenter", "cornerCurve",
    ]).union(gradientKeys).union(replicatorKeys).union(shapeKeys).union(["beginTime", "speed", "timeOffset"])

    /// CAShapeLayer's keys.
    static let shapeKeys: Set<String> = [
        "path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "strokeStart",
        "strokeEnd", "lineDashPattern", "lineDashPhase",
    ]

    /// CAReplicatorLayer's keys.
    static let replicatorKeys: Set<String> = [
        "instanceCount", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset", "instanceDelay",
    ]

    /// CAGradientLayer's keys (`gradientType` is its `type`).
    static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint", "gradientType"]

    /// The layer classes of `type`.
    enum LayerType: String, CaseIterable {
        case layer, gradient, replicator, transform, shape
    }

    /// The names of `maskedCorners`' corners (CACornerMask's, without `layer` and `Corner`).
    static let cornerNames: [(String, CornerMask)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// Keys that make a layer a text layer (CATextLayer's names, plus `lineSpacing`).
    static let textKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "alignmentMode", "truncationMode", "isWrapped", "lineSpacing",
    ]

    /// Builds a `layer` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        var texts: [TextLayer] = [], gradients: [GradientLayer] = [], shapes: [ShapeLayer] = []
        let root = try layer(node, context, texts: &texts, gradients: &gradients, shapes: &shapes)
        if copies(root) > maximumCopies {
            throw node.error("replicators nest to more than \(maximumCopies) copies of a layer")
        }
        // Layers that may cast a shadow of another shape than their rounded bounds.
        var casters: [ShadowCaster] = []
        func walk(_ l: Layer) {
            if l.shadowPath != nil || l.hasAnimation(of: .shadowPath) || l.shadow.opacity > 0 || l.hasAnimation(of: .shadowOpacity) {
                casters.append(ShadowCaster(layer: l, images: context.images))
            }
            for s in l.sublayers { walk(s) }
            if let m = l.mask { walk(m) }
        }
        walk(root)
        return LayerComponent(rootLayer: root, textLayers: texts, gradientLayers: gradients, shapeLayers: shapes,
                              shadowCasters: casters)
    }

    /// The most copies of one layer that nested replicators may draw.
    static let maximumCopies = 100_000.0

    /// How many copies of its deepest layer `layer`'s replicators draw (the largest product
    /// of instance counts down any path).
    static func copies(_ layer: Layer) -> Double {
        let own = Double(max(1, layer.replicator?.instanceCount ?? 1))
        return own * (layer.sublayers.map(copies).max() ?? 1)
    }

    /// Builds one layer (and its sublayers) from JSON; text and gradient layers drawn at scale 1.
    public static func layer(_ node: JSONNode, _ context: SceneContext) throws -> Layer {
        var texts: [TextLayer] = [], gradients: [GradientLayer] = []
        let l = try layer(node, context, texts: &texts, gradients: &gradients)
        for t in texts { t.display() }
        for g in gradients { g.display() }
        return l
    }

    /// Builds one layer (and its sublayers) from JSON, appending its text layers to `texts`
    /// and its gradient layers to `gradients`.
    public static func layer(_ node: JSONNode, _ context: SceneContext, texts: inout [TextLayer],
                             gradients: inout [GradientLayer]) throws -> Layer {
        var shapes: [ShapeLayer] = []
        let l = try layer(node, context, texts: &texts, gradients: &gradients, shapes: &shapes)
        for s in shapes { s.display() }
        return l
    }

    /// Builds one layer (and its sublayers) from JSON, appending its text, gradient and shape
    /// layers to `texts`, `gradients` and `shapes`.
    static func layer(_ node: JSONNode, _ context: SceneContext, texts: inout [TextLayer],
                      gradients: inout [GradientLayer], shapes: inout [ShapeLayer]) throws -> Layer {
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
        try readDecorations(node, into: layer)
        let type = try node["type"].enumValue(LayerType.self, default: .layer)
        if type != .gradient, let key = gradientKeys.sorted().first(where: { node[$0].exists }) {
            throw node[key].error("\(key) is a key of a gradient layer; expected \"type\": \"gradient\"")
        }
        if type != .shape, let key = shapeKeys.sorted().first(where: { node[$0].exists }) {
            throw node[key].error("\(key) is a key of a shape layer; expected \"type\": \"shape\"")
        }
        if type != .replicator, let key = replicatorKeys.sorted().first(where: { node[$0].exists }) {
            throw node[key].error("\(key) is a key of a replicator layer; expected \"type\": \"replicator\"")
        }
        if type == .replicator { layer.replicator = try replicator(node) }
        if type == .transform {
            let own = ["contents", "color", "backgroundColor", "borderWidth", "shadowOpacity"] + textKeys.sorted()
            if let key = own.first(where: { node[$0].exists }) {
                throw node[key].error("a transform layer draws nothing of its own; expected no \(key)")
            }
            layer.isTransformLayer = true
        }
        if type == .shape {
            for other in ["contents"] + textKeys.sorted() where node[other].exists {
                throw node[other].error("a shape layer draws its path as contents; expected no \(other)")
            }
            shapes.append(try shape(node, layer, context))
        } else if type == .gradient {
            for other in ["contents"] + textKeys.sorted() where node[other].exists {
                throw node[other].error("a gradient layer draws its gradient as contents; expected no \(other)")
            }
            gradients.append(try gradient(node, layer, context))
        } else if let textKey = textKeys.sorted().first(where: { node[$0].exists }) {
            if node["contents"].exists {
                throw node["contents"].error("a text layer (it has \"\(textKey)\") draws its string as contents; expected no contents (put it on a layer behind)")
            }
            texts.append(TextLayer(layer: layer, string: try node["string"].string(default: ""),
                                   style: try textStyle(node), images: context.images))
        } else if node["contents"].exists {
            layer.contents = try context.contents(node["contents"], for: layer)
        }
        for (key, animation) in try SceneAnimations.parse(node["animations"]) {
            layer.add(animation, forKey: key)
        }
        for child in try node["sublayers"].array(default: []) {
            if child["kind"].exists, try child["kind"].string() != "layer" {
                throw child["kind"].error("expected \"layer\" for a sublayer")
            }
            layer.addSublayer(try self.layer(child, context, texts: &texts, gradients: &gradients, shapes: &shapes))
        }
        if node["mask"].exists {
            let m = node["mask"]
            if m["kind"].exists, try m["kind"].string() != "layer" {
                throw m["kind"].error("expected \"layer\" for a mask")
            }
            layer.mask = try self.layer(m, context, texts: &texts, gradients: &gradients, shapes: &shapes)
        }
        return layer
    }

    /// A shape layer's keys (CAShapeLayer's names and defaults); a malformed `path` names
    /// the character where it goes wrong.
    static func shape(_ node: JSONNode, _ layer: Layer, _ context: SceneContext) throws -> ShapeLayer {
        var path = ShapePath()
        if node["path"].exists {
            do {
                path = try ShapePath(svg: try node["path"].string())
            } catch let e as SVGPathError {
                throw node["path"].error(e.description)
            }
        }
        var style = ShapeRasterizer.Style()
        func color(_ key: String, _ d: Color?) throws -> Color? {
            guard node[key].exists else { return d }
            let c = try node[key].rgba()
            return Color(c.0, c.1, c.2, c.3)
        }
        style.fillColor = try color("fillColor", style.fillColor)
        style.strokeColor = try color("strokeColor", style.strokeColor)
        style.fillRule = try node["fillRule"].enumValue(ShapeRasterizer.FillRule.self, default: .nonZero)
        style.lineWidth = try node["lineWidth"].double(in: 0...JSONNode.maxExtent, default: 1)
        style.lineCap = try node["lineCap"].enumValue(ShapeRasterizer.LineCap.self, default: .butt)
        style.lineJoin = try node["lineJoin"].enumValue(ShapeRasterizer.LineJoin.self, default: .miter)
        style.miterLimit = try node["miterLimit"].double(in: 1...10_000, default: 10)
        style.lineDashPattern = try node["lineDashPattern"].array(default: []).map { try $0.double(in: 0...JSONNode.maxExtent, default: 0) }
        guard style.lineDashPattern.count <= 256 else { throw node["lineDashPattern"].error("expected at most 256 lengths") }
        style.lineDashPhase = try node["lineDashPhase"].double(in: -JSONNode.maxExtent...JSONNode.maxExtent, default: 0)
        layer.strokeStart = try node["strokeStart"].double(in: 0...1, default: 0)
        layer.strokeEnd = try node["strokeEnd"].double(in: 0...1, default: 1)
        return ShapeLayer(layer: layer, path: path, style: style, images: context.images)
    }

    /// A replicator layer's keys (CAReplicatorLayer's names and defaults).
    static func replicator(_ node: JSONNode) throws -> Replicator {
        var r = Replicator()
        let count = try node["instanceCount"].double(in: 0...10_000, default: 1)
        guard count == count.rounded() else { throw node["instanceCount"].error("expected a whole number in 0...10000") }
        r.instanceCount = Int(count)
        r.instanceTransform = try SceneTransform.read(node["instanceTransform"])
        if node["instanceColor"].exists {
            let c = try node["instanceColor"].rgba()
            r.instanceColor = Color(c.0, c.1, c.2, c.3)
        }
        r.instanceRedOffset = try node["instanceRedOffset"].double(in: -1...1, default: 0)
        r.instanceGreenOffset = try node["instanceGreenOffset"].double(in: -1...1, default: 0)
        r.instanceBlueOffset = try node["instanceBlueOffset"].double(in: -1...1, default: 0)
        r.instanceAlphaOffset = try node["instanceAlphaOffset"].double(in: -1...1, default: 0)
        r.instanceDelay = try node["instanceDelay"].double(in: -1e6...1e6, default: 0)
        return r
    }

    /// A gradient layer's keys (CAGradientLayer's names and defaults).
    static func gradient(_ node: JSONNode, _ layer: Layer, _ context: SceneContext) throws -> GradientLayer {
        var colors: [Color] = []
        for item in try node["colors"].array(default: []) {
            let c = try item.rgba()
            colors.append(Color(c.0, c.1, c.2, c.3))
        }
        guard colors.count <= 256 else { throw node["colors"].error("expected at most 256 colours") }
        let g = GradientLayer(layer: layer, colors: colors, images: context.images)
        if node["locations"].exists {
            let l = try node["locations"].numbers(colors.count)
            guard l.allSatisfy({ abs($0) <= JSONNode.maxExtent }), zip(l, l.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw node["locations"].error("expected \(colors.count) increasing numbers, one per colour")
            }
            g.locations = l
        }
        func unitPoint(_ key: String, _ d: Point) throws -> Point {
            guard node[key].exists else { return d }
            let p = try node[key].numbers(2)
            guard p.allSatisfy({ abs($0) <= JSONNode.maxExtent }) else {
                throw node[key].error("expected [x, y] in unit coordinates of the bounds, each within +-16384")
            }
            return Point(p[0], p[1])
        }
        g.startPoint = try unitPoint("startPoint", g.startPoint)
        g.endPoint = try unitPoint("endPoint", g.endPoint)
        g.kind = try node["gradientType"].enumValue(GradientLayer.Kind.self, default: .axial)
        return g
    }

    /// The background (`backgroundColor`, or its alias `color`), border and shadow keys.
    static func readDecorations(_ node: JSONNode, into layer: Layer) throws {
        if node["color"].exists && node["backgroundColor"].exists {
            throw node["color"].error("expected either color or backgroundColor (the same key), found both")
        }
        func color(_ key: String) throws -> Color? {
            guard node[key].exists else { return nil }
            let c = try node[key].rgba()
            return Color(c.0, c.1, c.2, c.3)
        }
        layer.backgroundColor = try color("backgroundColor") ?? color("color")
        layer.borderWidth = try node["borderWidth"].double(in: 0...JSONNode.maxExtent, default: 0)
        if let c = try color("borderColor") { layer.borderColor = c }
        layer.shadow.opacity = try node["shadowOpacity"].double(in: 0...1, default: 0)
        if node["shadowPath"].exists {
            do {
                layer.shadowPath = try ShapePath(svg: try node["shadowPath"].string())
            } catch let e as SVGPathError {
                throw node["shadowPath"].error(e.description)
            }
        }
        layer.shadow.radius = try node["shadowRadius"].double(in: 0...JSONNode.maxExtent, default: 3)
        if node["shadowOffset"].exists {
            let o = try node["shadowOffset"].numbers(2)
            guard o.allSatisfy({ abs($0) <= JSONNode.maxExtent }) else {
                throw node["shadowOffset"].error("expected each of [width, height] in -\(JSONNode.format(JSONNode.maxExtent))...\(JSONNode.format(JSONNode.maxExtent))")
            }
            layer.shadow.offset = Point(o[0], o[1])
        }
        if let c = try color("shadowColor") { layer.shadow.color = c }
        if node["contentsRect"].exists {
            let r = try node["contentsRect"].numbers(4)
            guard r.allSatisfy({ abs($0) <= JSONNode.maxExtent }), r[2] >= 0, r[3] >= 0 else {
                throw node["contentsRect"].error("expected [x, y, w, h] in unit coordinates of the image, w and h >= 0")
            }
            layer.contentsRect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        }
        if node["contentsCenter"].exists {
            let r = try node["contentsCenter"].numbers(4)
            guard r.allSatisfy({ abs($0) <= JSONNode.maxExtent }), r[2] >= 0, r[3] >= 0 else {
                throw node["contentsCenter"].error("expected [x, y, w, h] in unit coordinates of the image, w and h >= 0")
            }
            layer.contentsCenter = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        }
        layer.contentsScale = try node["contentsScale"].double(in: 1.0 / 1024...1024, default: 1)
        layer.cornerCurve = try node["cornerCurve"].enumValue(CornerCurve.self, default: .circular)
        layer.minificationFilter = try node["minificationFilter"].enumValue(ContentsFilter.self, default: .trilinear)
        layer.magnificationFilter = try node["magnificationFilter"].enumValue(ContentsFilter.self, default: .linear)
        layer.timing.beginTime = try node["beginTime"].double(in: -1e9...1e9, default: 0)
        layer.timing.speed = try node["speed"].double(in: -1000...1000, default: 1)
        layer.timing.timeOffset = try node["timeOffset"].double(in: -1e9...1e9, default: 0)
        if node["maskedCorners"].exists {
            var mask: CornerMask = []
            for item in try node["maskedCorners"].array() {
                let name = try item.string()
                guard let corner = cornerNames.first(where: { $0.0 == name })?.1 else {
                    throw item.error("unknown corner \"\(name)\" (expected one of: \(cornerNames.map(\.0).joined(separator: ", ")))")
                }
                mask.insert(corner)
            }
            layer.maskedCorners = mask
        }
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
