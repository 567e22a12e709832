import JSON
import LayerMath
import Layers
import Scene

extension FocusGrid {
    /// Keys a `focusGrid` object may have.
    static let keys: Set<String> = Set([
        "kind", "name", "frame", "columns", "count", "buttons", "spacing", "buttonSize", "cornerRadius", "focus",
        "spotlight", "remembersLastFocusedItem",
    ]).union(FocusEffect.keys)

    /// Builds a `focusGrid` component: `frame [x,y,w,h]`, `columns` (4), `count` (12)
    /// cards with the built-in icon or `buttons` (a list of layer lists, PNG paths bottom
    /// first), `spacing` (40), `buttonSize [w,h]` (default: fill the frame's width at
    /// 5:3), `cornerRadius` (8), `focus` (initial index, 0), `spotlight` (optional PNG).
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        var c = Configuration(frame: Rect(x: f.x, y: f.y, width: f.w, height: f.h))
        c.columns = try node["columns"].int(atLeast: 1, default: 4)
        c.spacing = try node["spacing"].double(default: 40)
        guard c.spacing >= 0, c.spacing <= JSONNode.maxExtent else { throw node["spacing"].error("expected a spacing in 0...\(JSONNode.format(JSONNode.maxExtent)), found \(JSONNode.format(c.spacing))") }
        if node["buttonSize"].exists {
            let s = try node["buttonSize"].size()
            c.buttonSize = Size(s.0, s.1)
        }
        c.cornerRadius = try node["cornerRadius"].radius(default: 8)
        c.initialFocus = try node["focus"].int(default: 0)
        c.effect = try FocusEffect.read(node)
        if node["spotlight"].exists && (node["glareColor"].exists || node["glareShape"].exists) {
            throw node["spotlight"].error("expected either spotlight or glareColor/glareShape, found both")
        }

        if node["count"].exists && node["buttons"].exists {
            throw node["buttons"].error("expected either count or buttons, found both")
        }
        var images: [[ImageRef]]
        if node["buttons"].exists {
            images = try node["buttons"].array().map { button in
                let list = try button.array()
                guard !list.isEmpty else { throw button.error("expected at least one image path, found an empty list") }
                return try list.map { try context.image($0) }
            }
        } else {
            let count = try node["count"].int(default: 12)
            guard (1...1000).contains(count) else { throw node["count"].error("expected an integer in 1...1000, found \(count)") }
            // The icon's size follows the cards of this grid (a layout of one card would
            // fill the frame's width and pick the icon twice as large as shown).
            let cardWidth = FocusGrid.layout(c, count: count).first?.width ?? 400
            images = Array(repeating: context.images.builtinIcon(forCardWidth: cardWidth), count: count)
        }
        guard !images.isEmpty else { throw node["buttons"].error("expected at least one button, found an empty list") }
        guard (0..<images.count).contains(c.initialFocus) else {
            throw node["focus"].error("expected an index in 0...\(images.count - 1), found \(c.initialFocus)")
        }
        let spotlight: ImageRef
        if node["spotlight"].exists {
            spotlight = try context.image(node["spotlight"])
        } else if c.effect.glareColor != nil || c.effect.glareShape != nil {
            spotlight = context.images.glare(shape: c.effect.glareShape ?? .radial, color: c.effect.glareColor ?? Color(1, 1, 1, 1))
        } else {
            spotlight = context.images.builtinSpotlight()
        }
        let grid = FocusGrid(name: name, configuration: c, images: images, spotlight: spotlight, canvas: context.canvas)
        grid.remembersLastFocusedItem = try node["remembersLastFocusedItem"].bool(default: true)
        return grid
    }
}
