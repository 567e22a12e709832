import Foundation

/// Text laid out in a box of pixels: lines broken, truncated and aligned, each with its
/// glyphs and baseline. Everything is in pixels of the image the text is drawn into
/// (points times the contents scale), y down from the top of the box.
///
/// Core Animation's rules (CATextLayer): text starts at the top; without `isWrapped`
/// each paragraph (ended by a newline) is one line; lines wider than the box are clipped,
/// or shortened with "…" by `truncation`; with `isWrapped` and a truncation mode, the
/// last line that fits in the height ends the text and is truncated.
public struct TextLayout {
    /// One line: its glyphs (x from the box's left edge, after alignment), its baseline
    /// y (whole pixels) and ink-free width.
    public struct Line {
        public var glyphs: [PlacedGlyph]
        public var baseline: Double
        public var width: Double
        public var direction: TextDirection
        /// The line's text (after truncation), for tests and debugging.
        public var text: String
    }

    /// The lines, top first.
    public var lines: [Line]
    /// Box size in pixels.
    public var width: Double, height: Double
    /// Pixels per em, ascent above the baseline and line pitch, in pixels.
    public var pixelSize: Double, ascent: Double, linePitch: Double

    /// Longest string laid out (longer strings are cut here, with "…").
    public static let maximumScalars = 20_000

    /// Lays out `string` with `style` in a box of `size` points drawn at `scale` pixels
    /// per point. Throws only when no font can be found.
    public init(_ string: String, style: TextStyle, width: Double, height: Double, scale: Double = 1,
                library: FontLibrary = .shared) throws {
        let face = try library.face(named: style.font)
        let k = scale.isFinite && scale > 0 ? min(scale, 64) : 1
        let px = style.fontSize.isFinite ? min(max(style.fontSize, 0), 4096) * k : 0
        self.width = max(0, width.isFinite ? width : 0) * k
        self.height = max(0, height.isFinite ? height : 0) * k
        pixelSize = px
        ascent = face.ascender / face.unitsPerEm * px
        let spacing = style.lineSpacing.isFinite ? min(max(style.lineSpacing, -style.fontSize), 4096) : 0
        linePitch = max(face.lineHeight / face.unitsPerEm * px + spacing * k, 0)
        lines = []
        guard px > 0 else { return }
        let shaper = TextShaper(face: face, pixelSize: px, library: library)
        let breaker = LineBreaker(shaper: shaper, width: self.width, truncation: style.truncation)

        // Paragraphs, then lines.
        var text = TextLayout.cappingMarks(Array(string.unicodeScalars))
        if text.count > TextLayout.maximumScalars { text = Array(text[..<TextLayout.maximumScalars]) + ["\u{2026}"] }
        let paragraphs = TextLayout.paragraphs(text)
        let maxLines = style.isWrapped && style.truncation != .none && linePitch > 0
            ? max(1, Int(min(self.height / linePitch, 1e6).rounded(.down))) : Int.max
        var pending: [(scalars: [Unicode.Scalar], direction: TextDirection, last: Bool)] = []
        outer: for (pi, p) in paragraphs.enumerated() {
            let direction = Bidi.paragraphDirection(p.map(\.value)[...])
            if style.isWrapped && self.width > 0 {
                let broken = breaker.wrap(p, direction: direction)
                for (li, line) in broken.enumerated() {
                    if pending.count == maxLines - 1 && (li < broken.count - 1 || pi < paragraphs.count - 1) {
                        // The last line that fits: it takes the rest of the paragraph.
                        let rest = Array(broken[li...].joined(separator: [" "]))
                        pending.append((rest, direction, true))
                        break outer
                    }
                    pending.append((line, direction, li == broken.count - 1))
                }
            } else {
                pending.append((p, direction, true))
            }
        }
        for (i, item) in pending.enumerated() {
            var scalars = item.scalars
            var shaped = shaper.shape(scalars.map(\.value), direction: item.direction)
            let truncated = breaker.truncateIfNeeded(&scalars, shaped: &shaped, direction: item.direction)
            let baseline = (ascent + Double(i) * linePitch).rounded()
            var line = Line(glyphs: shaped.glyphs, baseline: baseline, width: shaped.width, direction: item.direction,
                            text: String(String.UnicodeScalarView(scalars)))
            TextLayout.align(&line, in: self.width, alignment: style.alignment, isLastOfParagraph: item.last || truncated)
            lines.append(line)
        }
    }

    /// Splits at line feeds, CR LF, CR and the paragraph/line separators.
    static func paragraphs(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = [[]]
        var i = 0
        while i < text.count {
            let s = text[i].value
            if s == 0x0A || s == 0x0D || s == 0x2028 || s == 0x2029 || s == 0x85 {
                if s == 0x0D, i + 1 < text.count, text[i + 1].value == 0x0A { i += 1 }
                out.append([])
            } else if s >= 0x20 || s == 0x09 {
                out[out.count - 1].append(s == 0x09 ? " " : text[i])
            }
            i += 1
        }
        return out
    }

    /// Moves a line's glyphs to their aligned place; justified lines stretch their spaces.
    static func align(_ line: inout Line, in width: Double, alignment: TextAlignment, isLastOfParagraph: Bool) {
        let extra = width - line.width
        let natural: TextAlignment = line.direction == .rightToLeft ? .right : .left
        var mode = alignment == .natural ? natural : alignment
        if mode == .justified {
            let spaces = line.glyphs.filter(\.isSpace).count
            if isLastOfParagraph || extra <= 0 || spaces == 0 {
                mode = natural
            } else {
                let add = extra / Double(spaces)
                var shift = 0.0
                for i in line.glyphs.indices {
                    line.glyphs[i].x += shift
                    if line.glyphs[i].isSpace { shift += add }
                }
                line.width = width
                return
            }
        }
        let dx: Double
        switch mode {
        case .right: dx = extra
        case .center: dx = extra / 2
        default: dx = 0
        }
        let offset = dx.rounded()
        if offset != 0 { for i in line.glyphs.indices { line.glyphs[i].x += offset } }
    }
}
