import CFreeType
import Images
import Layers

/// Coverage of laid-out text: one byte per pixel (0 = none, 255 = full), top row first.
public struct TextMask: Sendable {
    public var width: Int, height: Int
    public var coverage: [UInt8]

    /// The smallest rectangle holding every pixel with coverage, as (x, y, width, height);
    /// nil when nothing is inked.
    public var inkBounds: (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        for y in 0..<height {
            for x in 0..<width where coverage[y * width + x] != 0 {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// The mask as a premultiplied image of one colour (straight alpha `color`).
    public func image(color: Color) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        let a = min(max(color.a, 0), 1)
        let r = min(max(color.r, 0), 1) * a, g = min(max(color.g, 0), 1) * a, b = min(max(color.b, 0), 1) * a
        for i in 0..<(width * height) where coverage[i] != 0 {
            let k = Double(coverage[i]) / 255
            px[i * 4] = UInt8(r * k * 255 + 0.5)
            px[i * 4 + 1] = UInt8(g * k * 255 + 0.5)
            px[i * 4 + 2] = UInt8(b * k * 255 + 0.5)
            px[i * 4 + 3] = UInt8(a * k * 255 + 0.5)
        }
        return Image(width: width, height: height, pixels: px)
    }
}

/// Draws glyphs with FreeType at the layout's pixel size: outlines with light
/// (vertical-only) hinting, so stems and the baseline land on whole pixels and stay crisp
/// at any scale, with pen positions rounded to whole pixels.
public enum TextRasterizer {
    /// Largest mask side in pixels (bigger boxes are clipped to it).
    public static let maximumSide = 8192

    /// The coverage of `layout` in an image of its box size (rounded up), glyphs outside
    /// it clipped.
    public static func mask(_ layout: TextLayout) -> TextMask {
        let limit = Double(maximumSide)
        let w = Int(min(layout.width.rounded(.up), limit)), h = Int(min(layout.height.rounded(.up), limit))
        var mask = TextMask(width: w, height: h, coverage: [UInt8](repeating: 0, count: w * h))
        guard w > 0, h > 0 else { return mask }
        mask.coverage.withUnsafeMutableBufferPointer { cov in
            draw(layout, dx: 0, dy: 0, clipWidth: w, clipHeight: h) { x, y, c in
                let i = y * w + x
                let d = Int(cov[i]), k = Int(c)
                cov[i] = UInt8(d + k - d * k / 255)   // "over" for overlapping glyphs
            }
        }
        return mask
    }

    /// Visits every inked pixel of `layout` moved by (`dx`, `dy`) pixels inside
    /// 0..<clipWidth x 0..<clipHeight, with its coverage (1...255).
    public static func draw(_ layout: TextLayout, dx: Int, dy: Int, clipWidth w: Int, clipHeight h: Int,
                            _ plot: (Int, Int, UInt8) -> Void) {
        guard w > 0, h > 0, layout.pixelSize > 0 else { return }
        let charSize = FT_F26Dot6((layout.pixelSize * 64).rounded())
        var sized = Set<ObjectIdentifier>()
        for line in layout.lines {
            let base = line.baseline + Double(dy)
            // Lines wholly outside the clip are skipped.
            if !(base - layout.pixelSize * 2 <= Double(h) && base + layout.pixelSize * 2 >= 0) { continue }
            for g in line.glyphs where abs(g.x) < 1e7 && abs(g.y) < 1e7 {
                let face = g.face.ftFace
                if sized.insert(ObjectIdentifier(g.face)).inserted {
                    FT_Set_Char_Size(face, 0, charSize, 72, 72)
                }
                guard FT_Load_Glyph(face, g.glyph, Int32(CFT_LOAD_TARGET_LIGHT | CFT_LOAD_NO_BITMAP)) == 0,
                      FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0,
                      let slot = face.pointee.glyph else { continue }
                let bitmap = slot.pointee.bitmap
                guard let buffer = bitmap.buffer, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { continue }
                let ox = Int(g.x.rounded()) + dx + Int(slot.pointee.bitmap_left)
                let oy = Int((base - g.y).rounded()) - Int(slot.pointee.bitmap_top)
                let rows = Int(bitmap.rows), cols = Int(bitmap.width), pitch = Int(bitmap.pitch)
                for row in 0..<rows {
                    let y = oy + row
                    guard y >= 0, y < h else { continue }
                    let src = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
                    for col in 0..<cols {
                        let x = ox + col
                        guard x >= 0, x < w, src[col] != 0 else { continue }
                        plot(x, y, src[col])
                    }
                }
            }
        }
    }
}
