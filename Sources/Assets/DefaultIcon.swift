import Images
import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project's own layered icon, like a tvOS app icon (Apple's rules: two to five
/// layers, the background opaque): a dusk sky, a sun with a glow, two rows of hills and
/// the title "PARALLAX". Generated procedurally, so no asset file is needed.
///
/// Designed at 400x240 (tvOS Home-screen @1x) and scaled to any size, e.g. 800x480 (@2x).
package enum DefaultIcon {
    /// Layer names, bottom first.
    package static let layerNames = ["sky", "sun", "hills", "title"]

    /// The icon's layers, bottom first; the first is opaque.
    package static func layers(width: Int, height: Int) -> [Image] {
        layerNames.indices.map { layer($0, width: width, height: height) }
    }

    /// One layer (0 = background) of the icon at the given pixel size.
    package static func layer(_ index: Int, width: Int, height: Int) -> Image {
        var p = Painter(width: width, height: height)
        let w = Double(width), h = Double(height)
        let k = min(w / 400, h / 240)   // design units: 400x240
        switch index {
        case 0:
            p.verticalGradient(Rect(x: 0, y: 0, width: w, height: h),
                               top: Color(0.12, 0.10, 0.35), bottom: Color(0.95, 0.55, 0.35))
        case 1:
            let c = Point(w * 0.74, h * 0.48)
            p.radialGradient(center: c, radius: 110 * k, inner: Color(1, 0.85, 0.5, 0.55), outer: Color(1, 0.8, 0.5, 0))
            p.ellipse(Rect(x: c.x - 38 * k, y: c.y - 38 * k, width: 76 * k, height: 76 * k), Color(1, 0.93, 0.7))
        case 2:
            p.ellipse(Rect(x: -0.25 * w, y: 0.62 * h, width: 0.9 * w, height: 0.8 * h), Color(0.30, 0.22, 0.45))
            p.ellipse(Rect(x: 0.35 * w, y: 0.58 * h, width: 0.95 * w, height: 0.9 * h), Color(0.24, 0.17, 0.38))
            p.ellipse(Rect(x: 0.05 * w, y: 0.78 * h, width: 1.1 * w, height: 0.7 * h), Color(0.14, 0.10, 0.24))
        default:
            // The title in DejaVu Sans Bold at the icon's pixel size, over a soft drop shadow.
            let size = 44 * k, centre = Point(w / 2, h * 0.2), drop = max(1, (2 * k).rounded())
            p.text("PARALLAX", at: Point(centre.x + drop, centre.y + drop), font: "DejaVu Sans Bold", size: size,
                   Color(0, 0, 0, 0.35))
            p.text("PARALLAX", at: centre, font: "DejaVu Sans Bold", size: size, .white)
        }
        return p.image()
    }
}

/// Generated images the parallax components use when a scene names none.
package enum BuiltinImages {
    /// JZParallaxButton's `Spotlight.png` look: white with a radial alpha falloff from
    /// ≈0.43 at the centre to ≈0.03 at the edge (as JZParallaxButton's), `size` x `size`.
    package static func spotlight(size: Int = 320) -> Image {
        var p = Painter(width: size, height: size)
        let r = Double(size) / 2
        // JZ's Spotlight.png peaks at alpha 110/255 in the centre but keeps 7/255 out to its
        // square border, which shows as a faint square on the card. Ours keeps the peak
        // and fades smoothly to 0 at the inscribed circle, so no edge is ever visible.
        p.fill { x, y in
            let t = min(((x - r) * (x - r) + (y - r) * (y - r)).squareRoot() / r, 1)
            let fade = 1 - t * t * (3 - 2 * t)   // 1 - smoothstep(0, 1, t)
            return (Color(1, 1, 1, 110.0 / 255 * fade), 1)
        }
        return p.image()
    }
}

extension ImageStore {
    /// The built-in spotlight (generated on first use).
    package func builtinSpotlight() -> ImageRef {
        addLazy(key: "builtin:spotlight", width: 320, height: 320, isOpaque: false) { BuiltinImages.spotlight() }
    }

    /// The default icon's layers, bottom first, at 400x240 or, for cards wider than 400
    /// points, 800x480 (generated on first use).
    package func builtinIcon(forCardWidth width: Double) -> [ImageRef] {
        let (w, h) = width > 400 ? (800, 480) : (400, 240)
        return DefaultIcon.layerNames.indices.map { i in
            addLazy(key: "builtin:icon/\(w)x\(h)/\(i)", width: w, height: h, isOpaque: i == 0) {
                DefaultIcon.layer(i, width: w, height: h)
            }
        }
    }
}
