import Images
import JSON
import Layers
import Scene

/// Loads an Xcode `.imagestack` folder or `.lsr` file named at `node` and registers its
/// layers (bottom first) in the context's image store. Each layer is placed on the
/// stack's canvas at its `frame-size` / `frame-center` (resampled bilinearly when the
/// frame differs from the image's size), so every returned image fills the card.
func loadLayeredImage(path node: JSONNode, context: SceneContext) throws -> [ImageRef] {
    let path = try context.resolve(node)
    let stack: LayeredImage
    do { stack = try LayeredImage.load(path: path) } catch { throw node.error("\(error)") }
    return stack.layers.enumerated().map { i, layer in
        let image = StackCompositor.place(layer, canvasWidth: stack.canvasWidth, canvasHeight: stack.canvasHeight)
        return context.images.add(image, key: "\(path)#\(i)")
    }
}

/// Places a stack layer on a transparent canvas.
enum StackCompositor {
    static func place(_ layer: LayeredImage.Layer, canvasWidth: Int, canvasHeight: Int) -> Image {
        let f = layer.frame, src = layer.image
        if f.x == 0, f.y == 0, f.width == Double(canvasWidth), f.height == Double(canvasHeight),
           src.width == canvasWidth, src.height == canvasHeight {
            return src
        }
        var out = Image(width: canvasWidth, height: canvasHeight)
        guard src.width > 0, src.height > 0, f.width > 0, f.height > 0 else { return out }
        // Clamped to the canvas in Double first: a frame far off the canvas must not trap.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(max(0, min(Double(limit), v))) }
        let x0 = clamp(f.x.rounded(.down), canvasWidth), x1 = clamp((f.x + f.width).rounded(.up), canvasWidth)
        let y0 = clamp(f.y.rounded(.down), canvasHeight), y1 = clamp((f.y + f.height).rounded(.up), canvasHeight)
        guard x0 < x1, y0 < y1 else { return out }
        let sx = Double(src.width) / f.width, sy = Double(src.height) / f.height
        for y in y0..<y1 {
            let v = (Double(y) + 0.5 - f.y) * sy - 0.5
            guard v > -1, v < Double(src.height) else { continue }
            for x in x0..<x1 {
                let u = (Double(x) + 0.5 - f.x) * sx - 0.5
                guard u > -1, u < Double(src.width) else { continue }
                // Bilinear on premultiplied texels; outside the image counts as transparent.
                let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
                let fu = u - Double(iu), fv = v - Double(iv)
                for c in 0..<4 {
                    func texel(_ tx: Int, _ ty: Int) -> Double {
                        guard tx >= 0, ty >= 0, tx < src.width, ty < src.height else { return 0 }
                        return Double(src.pixels[(ty * src.width + tx) * 4 + c])
                    }
                    let top = texel(iu, iv) * (1 - fu) + texel(iu + 1, iv) * fu
                    let bottom = texel(iu, iv + 1) * (1 - fu) + texel(iu + 1, iv + 1) * fu
                    out.pixels[(y * canvasWidth + x) * 4 + c] = UInt8(min(255, max(0, (top * (1 - fv) + bottom * fv).rounded())))
                }
            }
        }
        return out
    }
}
