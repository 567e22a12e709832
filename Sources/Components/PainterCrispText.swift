import LayerMath
import Layers

extension Painter {
    /// Draws text with the built-in 5x7 font like `text(_:center:scale:_:)`, but with the
    /// scale rounded to whole pixels and every font cell on pixel edges at full coverage:
    /// no antialiased seams between cells. (`text` goes through `roundedRect` with radius
    /// 0, whose distance term gives interior pixels coverage 0.5, so its glyphs come out
    /// half transparent.)
    public mutating func crispText(_ s: String, center: Point, scale: Double, _ c: Color) {
        let k = Int(max(1, scale.rounded()))
        let glyphs = s.uppercased().map { Painter.font[$0] ?? Painter.font["?"]! }
        let total = glyphs.count * 6 * k - k
        var x = Int((center.x - Double(total) / 2).rounded())
        let y = Int((center.y - 3.5 * Double(k)).rounded())
        for g in glyphs {
            for (row, bits) in g.enumerated() {
                for col in 0..<5 where bits & (1 << (4 - col)) != 0 {
                    for py in 0..<k {
                        for px in 0..<k { blend(x + col * k + px, y + row * k + py, c, coverage: 1) }
                    }
                }
            }
            x += 6 * k
        }
    }
}
