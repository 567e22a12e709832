import LayerMath
import Layers
import Typography

extension Painter {
    /// Draws one line of `string` (shaped with HarfBuzz, rasterised with FreeType at
    /// `size` pixels per em) so that the middle of its capital letters sits at `point.y`
    /// and its left edge, centre or right edge (by `alignment`; natural and justified
    /// mean centre) at `point.x`. Returns the line's advance width in pixels; draws nothing
    /// and returns 0 when no font is installed.
    @discardableResult
    public mutating func text(_ string: String, at point: Point, alignment: TextAlignment = .center,
                              font: String = TextStyle.defaultFont, size: Double, _ color: Color) -> Double {
        guard let (layout, capHeight) = Painter.lineLayout(string, font: font, size: size),
              let line = layout.lines.first else { return 0 }
        let left: Double
        switch alignment {
        case .left: left = point.x
        case .right: left = point.x - line.width
        default: left = point.x - line.width / 2
        }
        let dx = Int(left.rounded()), dy = Int((point.y + capHeight / 2 - line.baseline).rounded())
        TextRasterizer.draw(layout, dx: dx, dy: dy, clipWidth: width, clipHeight: height) { x, y, c in
            blend(x, y, color, coverage: Double(c) / 255)
        }
        return line.width
    }

    /// The advance width in pixels of one line of `string` at `size` pixels per em.
    public static func textWidth(_ string: String, font: String = TextStyle.defaultFont, size: Double) -> Double {
        lineLayout(string, font: font, size: size)?.layout.lines.first?.width ?? 0
    }

    /// One unwrapped line laid out from the origin, and the font's cap height in pixels.
    private static func lineLayout(_ string: String, font: String, size: Double) -> (layout: TextLayout, capHeight: Double)? {
        let style = TextStyle(font: font, fontSize: size, alignment: .left)
        guard let layout = try? TextLayout(string, style: style, width: 0, height: 0),
              let face = try? FontLibrary.shared.face(named: font) else { return nil }
        return (layout, face.capHeight / face.unitsPerEm * layout.pixelSize)
    }
}
