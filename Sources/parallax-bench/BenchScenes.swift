import SceneRuntime

/// The benchmark's named scenes (all built in).
enum BenchScenes {
    /// Run by default (and cycled by --soak).
    static let names = ["button", "grid", "carousel", "carousel-100k", "cube", "header"]
    /// Available by name but not run by default: 1,000 small layers, for the flatten
    /// pass's marginal cost per layer; the TV home screen and the shelf of every row kind.
    /// `fade-group` / `fade-per-layer`: a tilted 800x480 card at opacity 0.6 with four
    /// overlapping opaque layers, composited as one group (offscreen image) or per layer:
    /// the cost of group opacity. `translucent-stack`: 12 pixel-aligned cards of five
    /// translucent colour layers each (a card and four insets): many blended draws.
    static let extras = ["layers-1000", "home", "showcase", "fade-group", "fade-per-layer", "translucent-stack"]

    static func json(_ name: String) -> String? {
        switch name {
        case "fade-group": return fade(groupOpacity: true)
        case "fade-per-layer": return fade(groupOpacity: false)
        case "translucent-stack": return translucentStack()
        default: return BuiltInScenes.json(name)   // every built-in scene is a bench scene too
        }
    }

    static func translucentStack() -> String {
        let cards = (0..<12).map { i in
            let layers = (0..<4).map { k in
                """
                {"name": "card\(i)/\(k)", "frame": [\(4 * k), \(4 * k), \(280 - 8 * k), \(200 - 8 * k)], \
                "color": [\(0.2 * Double(k)), 0.5, \(1 - 0.2 * Double(k)), 0.5]}
                """
            }.joined(separator: ", ")
            return """
            {"kind": "layer", "name": "card\(i)", "frame": [\(40 + (i % 4) * 304), \(40 + (i / 4) * 224), 280, 200], \
            "color": [1, 1, 1, 0.3], "sublayers": [\(layers)]}
            """
        }.joined(separator: ", ")
        return """
        {"canvas": {"width": 1280, "height": 720, "background": [0.08, 0.08, 0.1, 1]}, "components": [\(cards)]}
        """
    }

    static func fade(groupOpacity: Bool) -> String {
        let layers = (0..<4).map { i in
            """
            {"name": "layer\(i)", "frame": [\(20 + 30 * i), \(20 + 20 * i), 680, 380], "color": [\(0.2 * Double(i)), 0.4, 0.8, 1]}
            """
        }.joined(separator: ", ")
        return """
        {"canvas": {"width": 1280, "height": 720, "background": [0.08, 0.08, 0.1, 1]},
         "components": [{"kind": "layer", "name": "card", "frame": [240, 120, 800, 480], "opacity": 0.6,
                         "allowsGroupOpacity": \(groupOpacity), "color": [1, 1, 1, 1], "cornerRadius": 20,
                         "transform": [{"rotate": [0.3, 0, 1, 0]}, {"perspective": 1000}],
                         "sublayers": [\(layers)]}]}
        """
    }
}
