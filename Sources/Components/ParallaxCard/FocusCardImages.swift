import Assets
import Images
import LayerMath
import Layers
import Scene

/// Generated images for the focus effect's keys: the glare in either shape (FocusEffect
/// `glareShape`, `glareColor`).
///
/// Does not: cache beyond the image store's keys (each distinct setting is one image).
extension ImageStore {
    /// The glare: `radial`, the spotlight's fall-off in `color` (peak alpha 110/255 times
    /// the colour's alpha); `linear`, vanilla-tilt's gradient from transparent at the top
    /// to `color` at the bottom.
    public func glare(shape: FocusEffect.GlareShape, color: Color) -> ImageRef {
        addLazy(key: "glare/\(shape.rawValue)/\(color)", width: 256, height: 256, isOpaque: false) {
            var p = Painter(width: 256, height: 256)
            switch shape {
            case .radial:
                let r = 128.0
                p.fill { x, y in
                    let t = min(((x - r) * (x - r) + (y - r) * (y - r)).squareRoot() / r, 1)
                    let fade = 1 - t * t * (3 - 2 * t)
                    return (Color(color.r, color.g, color.b, color.a * 110.0 / 255 * fade), 1)
                }
            case .linear:
                p.fill { _, y in (Color(color.r, color.g, color.b, color.a * y / 256), 1) }
            }
            return p.image()
        }
    }
}
