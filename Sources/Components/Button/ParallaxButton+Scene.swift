import Assets
import JSON
import LayerMath
import Layers
import Scene

extension ParallaxButton {
    /// Keys a `parallaxButton` object may have (docs/scene-format.md, with `stepped`,
    /// `fixReverseQuirk` and `shadow`).
    static let keys: Set<String> = [
        "kind", "name", "frame", "layers", "imagestack", "spotlight", "cornerRadius", "rotateMethod",
        "parallaxMethod", "rotationFrames", "rotationInterval", "scaleBase", "scaleAddition", "active",
        "stepped", "fixReverseQuirk", "shadow",
    ]

    /// Builds a `parallaxButton` component from its JSON object. Without `layers` or
    /// `imagestack` it shows the built-in `DefaultIcon`; without `spotlight`, the
    /// built-in radial highlight.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        var c = Configuration(frame: Rect(x: f.x, y: f.y, width: f.w, height: f.h))
        c.cornerRadius = try node["cornerRadius"].radius(default: 5)
        c.rotateMethod = try node["rotateMethod"].enumValue(RotateMethod.self, default: .auto)
        c.parallaxMethod = try node["parallaxMethod"].enumValue(ParallaxMethod.self, default: .linear)
        c.rotationFrames = try node["rotationFrames"].int(atLeast: 1, default: 100)
        guard c.rotationFrames <= 1_000_000 else {
            throw node["rotationFrames"].error("expected an integer in 1...1000000, found \(c.rotationFrames)")
        }
        c.rotationInterval = try node["rotationInterval"].double(in: 0.001...1e6, default: 3)
        c.scaleBase = try node["scaleBase"].double(in: 0.01...100, default: 1.1)
        c.scaleAddition = try node["scaleAddition"].double(in: -100...100, default: 0.4)
        c.active = try node["active"].bool(default: false)
        c.stepped = try node["stepped"].bool(default: false)
        c.fixReverseQuirk = try node["fixReverseQuirk"].bool(default: false)
        c.shadow = try node["shadow"].bool(default: true)

        let images = try imageLayers(node, context: context, cardWidth: c.frame.width)
        let spotlight = node["spotlight"].exists ? try context.image(node["spotlight"]) : context.images.builtinSpotlight()
        return ParallaxButton(name: name, configuration: c, images: images, spotlight: spotlight)
    }

    /// The image layers named by `layers` or `imagestack` (bottom first), or the
    /// built-in icon. Shared with `FocusGrid`.
    static func imageLayers(_ node: JSONNode, context: SceneContext, cardWidth: Double) throws -> [ImageRef] {
        if node["layers"].exists && node["imagestack"].exists {
            throw node["imagestack"].error("expected either layers or imagestack, found both")
        }
        if node["imagestack"].exists {
            return try loadLayeredImage(path: node["imagestack"], context: context)
        }
        if node["layers"].exists {
            let list = try node["layers"].array()
            guard !list.isEmpty else { throw node["layers"].error("expected at least one image path, found an empty list") }
            return try list.map { try context.image($0) }
        }
        return context.images.builtinIcon(forCardWidth: cardWidth)
    }
}
