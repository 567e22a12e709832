import Assets
import Components
import Scene

/// Scenes that need no files: the demo's scenes and the benchmark's named scenes. Their
/// images are generated (default layered icon, posters, cube faces, list rows).
public enum BuiltInScenes {
    /// Scene names in the demo's order (keys 1-9 pick them).
    public static let names: [String] = [
        "home", "button", "grid", "carousel", "coverflow", "cube", "header", "affine", "layers", "carousel-100k",
        "text", "movies", "showcase",
    ]
    /// The scene the demo opens without arguments.
    public static let defaultName = "home"

    /// The scene file text of a built-in scene.
    public static func json(_ name: String) -> String? {
        switch name {
        case "home", "movies": return movies
        case "showcase": return showcase
        case "button": return button
        case "grid": return grid
        case "carousel": return carousel(count: 9)
        case "carousel-100k": return carousel(count: 100_000)
        case "coverflow": return coverflow
        case "cube": return cube
        case "header": return header
        case "affine": return affine
        case "layers": return layers
        case "layers-1000": return manyLayers(1000)
        case "text": return text
        case "controller-test": return controllerTest
        default: return nil
        }
    }

    /// Builds a built-in scene by name.
    public static func load(_ name: String, images: ImageStore) throws -> Scene {
        guard let text = json(name) else {
            throw SceneError(file: name, path: "", message: "unknown built-in scene (expected one of: \(names.joined(separator: ", ")))")
        }
        return try SceneLoader.parse(text, file: "built-in:\(name)", directory: ".", images: images)
    }

    static let background = "[0.08, 0.08, 0.1, 1]"

    /// `parallax-demo --controller-test`: which controller button is which.
    static let controllerTest = """
    {"canvas": {"width": 1280, "height": 720, "background": \(background)},
     "components": [{"kind": "controllerTest", "name": "pad"}]}
    """

    /// Every row kind in one shelf of four titled rows under a header, one focus across
    /// them (arrows, D-pad, left stick), the focused row scrolled into view.
    /// Row 0 "TOP PICKS": 4 cards at canvas x 56, 360, 664, 968 (256x154); row 1
    /// "FEATURED": a cover flow of 12 posters, the centred one lifted; row 2 "APPS": 6
    /// small cards; row 3 "LIBRARY": 2 rows of 5 cards.
    static let showcase = """
    {"canvas": {"width": 1280, "height": 720, "background": [0.05, 0.05, 0.08, 1]},
     "components": [{"kind": "shelf", "name": "home", "frame": [0, 0, 1280, 720],
       "header": {"title": "PARALLAX TV", "height": 110}, "titleHeight": 40, "rowSpacing": 24, "scrollInset": 40,
       "rows": [
        {"title": "Top Picks", "content": {"kind": "focusGrid", "name": "picks", "frame": [40, 0, 1200, 200],
          "columns": 4, "count": 4, "buttonSize": [256, 154], "spacing": 48, "idleDimming": 0.3}},
        {"title": "Featured", "content": {"kind": "carousel", "name": "featured", "frame": [0, 0, 1280, 260],
          "type": "coverFlow", "count": 12, "startIndex": 3, "itemSize": [150, 210], "cornerRadius": 6,
          "clipsToBounds": false, "focusedItemScale": 1.1}},
        {"title": "Apps", "content": {"kind": "focusGrid", "name": "apps", "frame": [40, 0, 1200, 150],
          "columns": 6, "count": 6, "buttonSize": [160, 96], "spacing": 32, "cornerRadius": 6}},
        {"title": "Library", "content": {"kind": "focusGrid", "name": "library", "frame": [40, 0, 1200, 300],
          "columns": 5, "count": 10, "buttonSize": [200, 120], "spacing": 40, "idleDimming": 0.3}}
       ]}]}
    """

    /// A TV home screen of a film library (the default scene): a header, a featured banner
    /// (`hero`) and three rows of parallax poster cards of different shapes, with titles,
    /// from generated posters, over a backdrop following the focused card.
    /// Row 0 "Top Movies": portrait posters 130x195, the focused one's title under it;
    /// row 1 "Continue Watching": 16:9 episodes 256x144, every title shown; row 2 "Apps":
    /// square tiles 110x110.
    static let movies: String = {
        func items(_ titles: [String]) -> String {
            "[" + titles.map { "{\"title\": \"\($0)\"}" }.joined(separator: ", ") + "]"
        }
        let films = ["The Long Night", "Northern Lights", "Glass City", "Red Desert", "Paper Moon", "Silent Tide",
                     "Iron Coast", "Blue Hour", "Last Train", "The Orchard", "Wild Signal", "Harbour Lights",
                     "Salt and Stone", "Night Ferry", "Small Hours", "Winter Garden"]
        let episodes = ["Harbour S1 E3", "Blue Hour S2 E1", "Glass City S1 E8", "Night Ferry E4", "The Orchard E2",
                        "Iron Coast S3 E5", "Small Hours E1", "Red Desert E6"]
        let apps = ["Films", "Series", "Music", "Photos", "Games", "Radio", "News", "Weather", "Settings"]
        let featured = [("Northern Lights", "New film · Drama · 2 h 4 min"), ("Glass City", "New season · Thriller"),
                        ("The Orchard", "Documentary · 1 h 32 min"), ("Night Ferry", "Series · 6 episodes")]
        let hero = "[" + featured.map { "{\"title\": \"\($0.0)\", \"subtitle\": \"\($0.1)\"}" }.joined(separator: ", ") + "]"
        return """
        {"canvas": {"width": 1280, "height": 720, "background": [0.04, 0.04, 0.07, 1]},
         "components": [{"kind": "shelf", "name": "home", "frame": [0, 0, 1280, 720],
           "header": {"title": "PARALLAX TV", "height": 80}, "titleHeight": 36, "rowSpacing": 12, "scrollInset": 24,
           "backdrop": true,
           "rows": [
            {"content": {"kind": "hero", "name": "featured", "frame": [48, 8, 1184, 250], "items": \(hero)}},
            {"title": "Top Movies", "content": {"kind": "cardRow", "name": "films", "frame": [48, 12, 1184, 240],
              "itemSize": [130, 195], "spacing": 28, "items": \(items(films))}},
            {"title": "Continue Watching", "content": {"kind": "cardRow", "name": "episodes", "frame": [48, 12, 1184, 189],
              "itemSize": [256, 144], "spacing": 32, "titles": "all", "items": \(items(episodes))}},
            {"title": "Apps", "content": {"kind": "cardRow", "name": "apps", "frame": [48, 12, 1184, 150],
              "itemSize": [110, 110], "spacing": 28, "cornerRadius": 20, "items": \(items(apps))}}
           ]}]}
        """
    }()

    /// One 800x480 card of the default 4-layer icon plus the spotlight, auto rotation.
    static let button = """
    {"canvas": {"width": 1280, "height": 720, "background": \(background)},
     "components": [{"kind": "parallaxButton", "name": "button", "frame": [240, 120, 800, 480], "cornerRadius": 5,
                     "rotateMethod": "auto", "parallaxMethod": "linear", "rotationInterval": 3.0, "active": true}]}
    """

    /// A tvOS-like home screen of 12 cards.
    static let grid = """
    {"canvas": {"width": 1280, "height": 720, "background": [0.06, 0.06, 0.09, 1]},
     "components": [{"kind": "focusGrid", "name": "grid", "frame": [40, 60, 1200, 600], "columns": 4, "count": 12,
                     "spacing": 48, "cornerRadius": 8}]}
    """

    /// The seed's rotated flow layout (frame = (0, H/4, W, H/2) as in seed 004), with
    /// the seed's perspective-to-item-width ratio (200 / 187.5) at TV size.
    static func carousel(count: Int) -> String {
        """
        {"canvas": {"width": 1280, "height": 720, "background": \(background)},
         "components": [{"kind": "carousel", "name": "carousel", "frame": [0, 180, 1280, 360], "type": "rotatedFlow",
                         "count": \(count), "perspectiveRatio": 1.0667, "rotationDivisor": 6, "cornerRadius": 10}]}
        """
    }

    /// iCarousel's CoverFlow (press C in the demo to cycle the layout type).
    static let coverflow = """
    {"canvas": {"width": 1280, "height": 720, "background": [0.05, 0.05, 0.07, 1]},
     "components": [{"kind": "carousel", "name": "coverflow", "frame": [0, 160, 1280, 400], "type": "coverFlow",
                     "count": 25, "itemSize": [240, 320], "cornerRadius": 6, "clipsToBounds": false,
                     "captions": "Episode {n}"}]}
    """

    /// Text layers (docs/text.md): Latin with kerning and ligatures, Arabic, CJK, wrapping,
    /// truncation and alignment, rasterised at the window's pixel size.
    static let text = """
    {"canvas": {"width": 1280, "height": 720, "background": [0.08, 0.08, 0.1, 1]},
     "components": [{"kind": "layer", "name": "text", "frame": [140, 80, 1000, 560], "color": [0.15, 0.16, 0.21, 1],
       "cornerRadius": 16, "sublayers": [
        {"name": "text/title", "frame": [40, 30, 920, 70], "string": "Text layers: AV Wa fi ffl", "font": "DejaVu Sans Bold",
         "fontSize": 48},
        {"name": "text/arabic", "frame": [40, 110, 920, 56], "string": "مرحبا بالعالم", "fontSize": 40,
         "foregroundColor": [1, 0.85, 0.5, 1]},
        {"name": "text/cjk", "frame": [40, 176, 920, 56], "string": "你好，世界 — こんにちは", "fontSize": 40,
         "foregroundColor": [0.6, 0.9, 1, 1], "alignmentMode": "center"},
        {"name": "text/wrapped", "frame": [40, 260, 440, 260], "isWrapped": true, "fontSize": 24, "lineSpacing": 4,
         "alignmentMode": "justified", "foregroundColor": [0.9, 0.9, 0.92, 1],
         "string": "Shaped by HarfBuzz and rasterised by FreeType at the pixel size shown, so text stays crisp in a HiDPI window. Fonts come from fontconfig."},
        {"name": "text/end", "frame": [520, 260, 440, 36], "fontSize": 24, "truncationMode": "end",
         "foregroundColor": [0.9, 0.9, 0.92, 1], "string": "Truncated at the end when it does not fit the bounds"},
        {"name": "text/middle", "frame": [520, 310, 440, 36], "fontSize": 24, "truncationMode": "middle",
         "foregroundColor": [0.9, 0.9, 0.92, 1], "string": "Truncated in the middle when it does not fit the bounds"},
        {"name": "text/right", "frame": [520, 360, 440, 36], "fontSize": 24, "alignmentMode": "right",
         "foregroundColor": [0.9, 0.9, 0.92, 1], "string": "Right aligned"}]}]}
    """

    /// Seed 002's cube, lit, drag to rotate.
    static let cube = """
    {"canvas": {"width": 1280, "height": 720, "background": [0.1, 0.1, 0.12, 1]},
     "components": [{"kind": "cube", "name": "cube", "frame": [452.5, 172.5, 375, 375], "faceSize": 140, "preset": 1,
                     "lighting": "diffuse", "light": [-0.5, -0.7, 1], "ambient": 0.5, "perspective": 800}]}
    """

    /// Seed 003's scroll header on a phone-sized canvas.
    static let header = """
    {"canvas": {"width": 375, "height": 667, "background": [1, 1, 1, 1]},
     "components": [{"kind": "scrollHeader", "name": "header", "headerHeight": 300, "rowHeight": 44, "rowCount": 40,
                     "navBarHeight": 64, "title": "PARALLAX"}]}
    """

    /// Seed 002's two orders of rotate, scale and translate side by side.
    static let affine = """
    {"canvas": {"width": 600, "height": 400, "background": [0.1, 0.1, 0.12, 1]},
     "components": [{"kind": "affineOrders", "name": "orders", "imageSize": 160}]}
    """

    /// `count` small layers, each rotated about Y with perspective: the flatten pass's
    /// marginal cost per layer (benchmark only; not in the demo's list).
    static func manyLayers(_ count: Int) -> String {
        var components: [String] = []
        components.reserveCapacity(count)
        for i in 0..<count {
            let x = 20 + (i % 50) * 25, y = 20 + (i / 50) * 30
            components.append("""
                {"kind": "layer", "name": "l\(i)", "bounds": [20, 20], "position": [\(x), \(y)], \
                "color": [\(Double(i % 7) / 7), 0.5, 0.8, 0.9], \
                "transform": [{"rotate": [\(0.3 + Double(i) * 0.001), 0, 1, 0]}, {"perspective": 500}]}
                """)
        }
        return "{\"canvas\": {\"width\": 1280, \"height\": 720}, \"components\": [\(components.joined(separator: ","))]}"
    }

    /// Plain Core Animation layers: a flat card, a 45-degree Y rotation with perspective, a rounded clip.
    static let layers = """
    {"canvas": {"width": 1280, "height": 720, "background": \(background)},
     "components": [
      {"kind": "layer", "name": "flat", "bounds": [300, 200], "position": [240, 360], "color": [0.9, 0.3, 0.2, 1],
       "cornerRadius": 16},
      {"kind": "layer", "name": "rotated", "bounds": [300, 200], "position": [640, 360], "color": [0.2, 0.6, 0.9, 1],
       "transform": [{"rotate": [0.7853981633974483, 0, 1, 0]}, {"perspective": 500}],
       "sublayers": [{"name": "marker", "bounds": [60, 60], "position": [40, 40], "color": [1, 1, 1, 1]}]},
      {"kind": "layer", "name": "card", "bounds": [300, 200], "position": [1040, 360], "color": [0.3, 0.8, 0.4, 1],
       "masksToBounds": true, "cornerRadius": 40,
       "sublayers": [{"name": "overflow", "bounds": [200, 200], "position": [0, 0], "color": [1, 1, 0, 0.7]}]}
     ]}
    """
}
