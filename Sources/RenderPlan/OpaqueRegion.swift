// The opaque part of a translucent image, pure Swift: the largest rectangle of texels whose
// alpha is 255, found once when the texture is made, and the part of a quad it covers for
// certain once texture filtering is accounted for. A layer image with an opaque band (the
// hills of a parallax icon's middle layer) then hides the layers under that band like an
// opaque layer does (OcclusionHoles): their pixels there are left out, not shaded and
// overwritten.
//
// Does NOT: find more than one rectangle, call GL, or decide holes (OcclusionHoles does).

import LayerMath
import Layers
#if canImport(Glibc)
import Glibc
#endif

/// A rectangle of texels, [x0, x1) x [y0, y1); empty when x1 <= x0 or y1 <= y0.
package struct TexelRect: Equatable {
    package var x0: Int32, y0: Int32, x1: Int32, y1: Int32
    package init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }
    package static let empty = TexelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
}

package enum OpaqueRegion {
    /// The largest rectangle (by area) of texels with alpha 255 in `pixels` (premultiplied
    /// RGBA8, `width` x `height`): per row, the run of opaque texels above each column, and
    /// the largest rectangle under that histogram with a stack. O(width x height), no
    /// allocation but two arrays of `width`.
    package static func largestRectangle(_ pixels: [UInt8], width: Int, height: Int) -> TexelRect {
        guard width > 0, height > 0, pixels.count >= width * height * 4 else { return .empty }
        var heights = [Int32](repeating: 0, count: width)
        var stack = [Int32](repeating: 0, count: width + 1)
        var best = TexelRect.empty
        var bestArea = 0
        pixels.withUnsafeBufferPointer { px in
            for y in 0..<height {
                let row = y * width * 4
                for x in 0..<width { heights[x] = px[row + x * 4 + 3] == 255 ? heights[x] + 1 : 0 }
                // Columns on the stack have increasing heights; a lower column closes them.
                var top = 0
                for x in 0...width {
                    let h = x < width ? heights[x] : 0
                    while top > 0, heights[Int(stack[top - 1])] >= h {
                        let column = Int(stack[top - 1])
                        top -= 1
                        let left = top > 0 ? Int(stack[top - 1]) + 1 : 0
                        let area = Int(heights[column]) * (x - left)
                        if area > bestArea {
                            bestArea = area
                            best = TexelRect(x0: Int32(left), y0: Int32(y + 1) - heights[column], x1: Int32(x), y1: Int32(y + 1))
                        }
                    }
                    if x < width { stack[top] = Int32(x); top += 1 }
                }
            }
        }
        return best
    }

    /// Texels to keep clear of the opaque rectangle's edges so that every sample drawn from
    /// inside reads only opaque texels: half a texel for bilinear filtering of the base
    /// level; for a minified quad (trilinear), the mip levels it may read, each of whose
    /// texels averages 2^L texels a side (level L's opaque texels lie up to 2^L - 1 texels
    /// inside, plus half of one of its texels, plus one for an odd side's wider filter),
    /// and anisotropic filtering spreads samples `anisotropy` times further. Rounded up,
    /// with a texel to spare. `texelsPerPixel` is the quad's edges' average (`QuadPlanner`):
    /// it is doubled, and the quad must keep its scale within 2x (`keepsItsScale`).
    package static func filterMargin(texelsPerPixel: Double, minified: Bool, anisotropy: Float) -> Double {
        guard minified else { return 1 }
        let level = max(1, (log2(max(2 * texelsPerPixel, 1)) + 1).rounded(.up))
        return (pow(2, level + 1) + 1) * Double(max(anisotropy, 1))
    }

    /// Whether each pair of `q`'s opposite edges is within 2x of each other: a quad seen
    /// that far from edge-on keeps its scale within 2x of its edges' average everywhere,
    /// which `filterMargin`'s doubled texels per pixel covers.
    package static func keepsItsScale(_ q: RenderQuad) -> Bool {
        let c = q.corners
        let top = c.0.distance(to: c.1), bottom = c.3.distance(to: c.2)
        let left = c.0.distance(to: c.3), right = c.1.distance(to: c.2)
        return min(top, bottom) * 2 >= max(top, bottom) && min(left, right) * 2 >= max(left, right)
    }

    /// The part of quad `q`'s bounds space that its image covers with opaque texels for
    /// certain: `opaque` (texels of an image `width` x `height`, shown in `q`'s content
    /// rectangle through its texture rectangle) shrunk by `margin` texels, in bounds
    /// coordinates; nil when nothing is left or the texture rectangle is flipped or empty.
    /// A side on the image's border is not shrunk: textures clamp to their edge, so a
    /// sample near it reads only the border's rows or columns (and mip texels there
    /// average only those), all inside the rectangle (the hills of a parallax icon then
    /// cover the card's bottom edge, where a soft clip's band needs it: ClipBandCovers).
    package static func coveredPart(_ q: RenderQuad, opaque: TexelRect, width: Int32, height: Int32, margin: Double) -> Rect? {
        let cr = q.contentRect, tr = q.textureRect
        guard !opaque.isEmpty, width > 0, height > 0, tr.width > 0, tr.height > 0, cr.width > 0, cr.height > 0 else { return nil }
        let u0 = (Double(opaque.x0) + (opaque.x0 <= 0 ? 0 : margin)) / Double(width)
        let u1 = (Double(opaque.x1) - (opaque.x1 >= width ? 0 : margin)) / Double(width)
        let v0 = (Double(opaque.y0) + (opaque.y0 <= 0 ? 0 : margin)) / Double(height)
        let v1 = (Double(opaque.y1) - (opaque.y1 >= height ? 0 : margin)) / Double(height)
        // Only the part of the opaque rectangle inside the texture rectangle is shown.
        let a = max(u0, tr.minX), b = min(u1, tr.maxX), c = max(v0, tr.minY), d = min(v1, tr.maxY)
        guard b > a, d > c else { return nil }
        let x0 = cr.minX + (a - tr.minX) / tr.width * cr.width, x1 = cr.minX + (b - tr.minX) / tr.width * cr.width
        let y0 = cr.minY + (c - tr.minY) / tr.height * cr.height, y1 = cr.minY + (d - tr.minY) / tr.height * cr.height
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
