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
