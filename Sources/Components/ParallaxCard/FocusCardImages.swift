import Assets
import Images
import LayerMath
import Layers
import Scene

/// Generated images for the focus effect's keys: a card shadow in any colour and the
/// glare in either shape (FocusEffect `shadowColor`, `glareShape`, `glareColor`).
///
/// Does not: cache beyond the image store's keys (each distinct setting is one image).
extension ImageStore {
    /// A soft card shadow like `builtinShadow`, in `color` (black gives `builtinShadow` itself).
    public func cardShadow(size: Size, margin: Double, cornerRadius: Double, blur: Double, color: Color) -> ImageRef {
        if color == Color(0, 0, 0, 1) { return builtinShadow(size: size, margin: margin, cornerRadius: cornerRadius, blur: blur) }
        let scale = min(1, 160 / max(size.width + 2 * margin, size.height + 2 * margin))
        let pw = max(1, Int(((size.width + 2 * margin) * scale).rounded(.up)))
        let ph = max(1, Int(((size.height + 2 * margin) * scale).rounded(.up)))
        return addLazy(key: "shadow/\(size.width)x\(size.height)/\(margin)/\(cornerRadius)/\(blur)/\(color)",
                       width: pw, height: ph, isOpaque: false) {
            var image = BuiltinImages.softShadow(size: size, margin: margin, cornerRadius: cornerRadius, blur: blur,
                                                 scale: scale)
            image.recolour(color)
            return image
        }
    }

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

extension Image {
    /// Replaces every pixel's colour by `color`, keeping its alpha (times the colour's):
    /// premultiplied RGBA8.
    mutating func recolour(_ color: Color) {
        var i = 0
        while i + 3 < pixels.count {
            let a = Double(pixels[i + 3]) / 255 * color.a
            pixels[i] = UInt8((color.r * a * 255).rounded())
            pixels[i + 1] = UInt8((color.g * a * 255).rounded())
            pixels[i + 2] = UInt8((color.b * a * 255).rounded())
            pixels[i + 3] = UInt8((a * 255).rounded())
            i += 4
        }
    }
}
