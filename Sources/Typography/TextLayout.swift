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
        var text = Array(string.unicodeScalars)
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

/// Line breaking and truncation against one width, measuring with a shaper.
struct LineBreaker {
    let shaper: TextShaper
    let width: Double
    let truncation: TextTruncation
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// True between two characters where a line may break: after a space, and before or
    /// after an ideograph, kana or hangul (not before closing punctuation).
    static func canBreak(between a: Unicode.Scalar, and b: Unicode.Scalar) -> Bool {
        if b.value == 0x20 { return false }
        if a.value == 0x20 || a.value == 0x2D && !isNoBreakBefore(b) { return true }
        if isNoBreakBefore(b) { return false }
        return isIdeographic(a) || isIdeographic(b)
    }

    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    static func isNoBreakBefore(_ s: Unicode.Scalar) -> Bool {
        "、。，．：；？！」』）〕】〉》ー・,.:;?!)]}".unicodeScalars.contains(s)
    }

    /// Greedy breaking: as many words as fit on each line; a word wider than the line
    /// breaks between characters (grapheme clusters). Trailing spaces are dropped. Widths
    /// come from one shaping of the whole paragraph (each cluster's advance counted at its
    /// first character), so breaking is linear in the paragraph's length.
    func wrap(_ p: [Unicode.Scalar], direction: TextDirection) -> [[Unicode.Scalar]] {
        guard !p.isEmpty else { return [[]] }
        // prefix[i] = advance of p[0..<i].
        var advance = [Double](repeating: 0, count: p.count)
        for g in shaper.shape(p.map(\.value), direction: direction).glyphs where g.cluster < p.count {
            advance[g.cluster] += g.advance
        }
        var prefix = [Double](repeating: 0, count: p.count + 1)
        for i in 0..<p.count { prefix[i + 1] = prefix[i] + advance[i] }
        func width(_ from: Int, _ to: Int) -> Double {
            var end = to
            while end > from && p[end - 1].value == 0x20 { end -= 1 }
            return prefix[end] - prefix[from]
        }
        let graphemes = LineBreaker.graphemeStarts(p)
        var opportunities: [Int] = []
        for i in 1..<p.count where graphemes[i] && LineBreaker.canBreak(between: p[i - 1], and: p[i]) {
            opportunities.append(i)
        }
        opportunities.append(p.count)
        var lines: [[Unicode.Scalar]] = []
        var start = 0
        var k = 0
        while start < p.count {
            while k < opportunities.count && opportunities[k] <= start { k += 1 }
            var end: Int
            if k < opportunities.count && width(start, opportunities[k]) <= self.width {
                // The farthest opportunity that fits.
                while k + 1 < opportunities.count && width(start, opportunities[k + 1]) <= self.width { k += 1 }
                end = opportunities[k]
            } else {
                // One word wider than the line: as many grapheme clusters as fit (at least one).
                let limit = k < opportunities.count ? opportunities[k] : p.count
                end = start + 1
                while end < limit && !graphemes[end] { end += 1 }
                var next = end + 1
                while next <= limit {
                    if graphemes[next] {
                        if width(start, next) > self.width { break }
                        end = next
                    }
                    next += 1
                }
            }
            var lineEnd = end
            while lineEnd > start && p[lineEnd - 1].value == 0x20 { lineEnd -= 1 }
            lines.append(Array(p[start..<lineEnd]))
            start = end
            while start < p.count && p[start].value == 0x20 { start += 1 }
        }
        return lines.isEmpty ? [[]] : lines
    }

    /// For each offset 0...count, whether a grapheme cluster (user-perceived character)
    /// starts there (the end counts as a start).
    static func graphemeStarts(_ p: [Unicode.Scalar]) -> [Bool] {
        var starts = [Bool](repeating: false, count: p.count + 1)
        var offset = 0
        for c in String(String.UnicodeScalarView(p)) {
            starts[offset] = true
            offset += c.unicodeScalars.count
        }
        starts[p.count] = true
        return starts
    }

    /// Shortens a line wider than the box with "…" where `truncation` says; returns true
    /// when it did.
    func truncateIfNeeded(_ scalars: inout [Unicode.Scalar], shaped: inout ShapedLine, direction: TextDirection) -> Bool {
        guard truncation != .none, shaped.width > width, width >= 0 else { return false }
        let clusters = String(String.UnicodeScalarView(scalars)).map { Array($0.unicodeScalars) }
        func candidate(_ kept: Int) -> [Unicode.Scalar] {
            let e = [LineBreaker.ellipsis]
            func trimEnd(_ a: ArraySlice<[Unicode.Scalar]>) -> [Unicode.Scalar] {
                var x = Array(a.joined()); while x.last?.value == 0x20 { x.removeLast() }; return x
            }
            func trimStart(_ a: ArraySlice<[Unicode.Scalar]>) -> [Unicode.Scalar] {
                var x = Array(a.joined()); while x.first?.value == 0x20 { x.removeFirst() }; return x
            }
            switch truncation {
            case .end: return trimEnd(clusters[..<kept]) + e
            case .start: return e + trimStart(clusters[(clusters.count - kept)...])
            default:
                let head = (kept + 1) / 2, tail = kept - head
                return trimEnd(clusters[..<head]) + e + trimStart(clusters[(clusters.count - tail)...])
            }
        }
        var lo = 0, hi = clusters.count - 1, best = 0
        var bestShape = shaper.shape(candidate(0).map(\.value), direction: direction)
        while lo <= hi {
            let mid = (lo + hi) / 2
            let s = shaper.shape(candidate(mid).map(\.value), direction: direction)
            if s.width <= width { best = mid; bestShape = s; lo = mid + 1 } else { hi = mid - 1 }
        }
        scalars = candidate(best)
        shaped = bestShape
        return true
    }
}
