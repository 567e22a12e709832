import Images
import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#endif

/// A tiny software painter for generated assets (posters, cube faces, icon layers):
/// antialiased shapes, gradients and text (set with `Typography`, see PainterText.swift),
/// composited "over" in premultiplied floating point, then quantised to an `Image`.
///
/// What it does NOT do: paths, strokes. It exists so the demo and tests need no asset
/// files; it is not on any per-frame path.
public struct Painter {
    public let width: Int, height: Int
    /// Premultiplied RGBA, top row first.
    private var buffer: [Float]

    /// A transparent canvas.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        buffer = [Float](repeating: 0, count: width * height * 4)
    }

    /// Composites colour `c` (straight alpha) over pixel (x, y) with coverage `k` in 0...1.
    @inline(__always)
    public mutating func blend(_ x: Int, _ y: Int, _ c: Color, coverage k: Double) {
        guard x >= 0, y >= 0, x < width, y < height, k > 0 else { return }
        let a = Float(c.a * min(k, 1))
        let i = (y * width + x) * 4
        let inv = 1 - a
        buffer[i] = Float(c.r) * a + buffer[i] * inv
        buffer[i + 1] = Float(c.g) * a + buffer[i + 1] * inv
        buffer[i + 2] = Float(c.b) * a + buffer[i + 2] * inv
        buffer[i + 3] = a + buffer[i + 3] * inv
    }

    /// Paints every pixel whose centre gives `shade(x, y)` a colour and coverage.
    public mutating func fill(_ rect: Rect? = nil, _ shade: (Double, Double) -> (Color, Double)) {
        let r = rect ?? Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let x0 = max(0, Int(r.minX.rounded(.down))), x1 = min(width, Int(r.maxX.rounded(.up)))
        let y0 = max(0, Int(r.minY.rounded(.down))), y1 = min(height, Int(r.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let (c, k) = shade(Double(x) + 0.5, Double(y) + 0.5)
                blend(x, y, c, coverage: k)
            }
        }
    }

    /// Fills the canvas with one colour.
    public mutating func clear(_ c: Color) { fill { _, _ in (c, 1) } }

    /// A vertical linear gradient over `rect`.
    public mutating func verticalGradient(_ rect: Rect, top: Color, bottom: Color) {
        fill(rect) { _, y in
            let t = min(max((y - rect.minY) / max(rect.height, 1), 0), 1)
            return (Painter.mix(top, bottom, t), 1)
        }
    }

    /// An antialiased rounded rectangle (radius 0: square).
    public mutating func roundedRect(_ rect: Rect, radius: Double, _ c: Color) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        let hw = rect.width / 2, hh = rect.height / 2
        fill(rect) { x, y in
            // Signed distance to the rounded box (negative inside), so interior pixels get
            // full coverage even when r = 0.
            let qx = abs(x - rect.midX) - (hw - r), qy = abs(y - rect.midY) - (hh - r)
            let d = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - r
            let edge = min(x - rect.minX, rect.maxX - x, y - rect.minY, rect.maxY - y)
            // Inside the straight edges d = -r: a square (r = 0) is covered by its edges alone.
            let corner = r > 0 ? min(max(0.5 - d, 0), 1) : 1
            return (c, corner * min(max(edge + 0.5, 0), 1))
        }
    }

    /// An antialiased ellipse inscribed in `rect`.
    public mutating func ellipse(_ rect: Rect, _ c: Color) {
        let rx = rect.width / 2, ry = rect.height / 2
        fill(rect) { x, y in
            let dx = (x - rect.midX) / rx, dy = (y - rect.midY) / ry
            let d = ((dx * dx + dy * dy).squareRoot() - 1) * min(rx, ry)
            return (c, min(max(0.5 - d, 0), 1))
        }
    }

    /// A radial gradient: `inner` at the centre fading to `outer` at `radius`.
    public mutating func radialGradient(center: Point, radius: Double, inner: Color, outer: Color) {
        fill { x, y in
            let t = min(((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot() / radius, 1)
            return (Painter.mix(inner, outer, t), 1)
        }
    }

    /// The painted pixels as a premultiplied RGBA8 image.
    public func image() -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<px.count { px[i] = UInt8(min(max(buffer[i] * 255 + 0.5, 0), 255)) }
        return Image(width: width, height: height, pixels: px)
    }

    /// Linear mix of two straight-alpha colours.
    public static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        Color(lerp(a.r, b.r, t), lerp(a.g, b.g, t), lerp(a.b, b.b, t), lerp(a.a, b.a, t))
    }

    /// A pleasant saturated colour for index `i` (golden-angle hues).
    public static func palette(_ i: Int, saturation: Double = 0.65, value: Double = 0.85) -> Color {
        let h = (Double(i) * 0.618033988749895).truncatingRemainder(dividingBy: 1) * 6
        let f = h - h.rounded(.down)
        let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
        switch Int(h) % 6 {
        case 0: return Color(value, t, p)
        case 1: return Color(q, value, p)
        case 2: return Color(p, value, t)
        case 3: return Color(p, q, value)
        case 4: return Color(t, p, value)
        default: return Color(value, p, q)
        }
    }
}
