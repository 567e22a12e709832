import LayerMath

// CAShapeLayer.lineDashPattern and lineDashPhase, SVG's stroke-dasharray and
// stroke-dashoffset: the stroke cut into dashes along its length, after strokeStart /
// strokeEnd have trimmed it, the pattern starting again at each subpath.

extension ShapePath {
    /// The most dashes a stroke is cut into; a finer pattern draws the stroke solid.
    package static let maximumDashes = 100_000

    /// `lines` cut into dashes: the pattern's lengths (points) alternately painted and not,
    /// repeated (an odd count is read twice over, as SVG and PostScript do), `phase` points
    /// into it at the start of each polyline (a negative phase counts back from the end of
    /// the pattern). A closed polyline becomes open pieces. `lines` unchanged when the
    /// pattern is empty, has a negative or non-finite length, sums to 0, or would give
    /// more than `maximumDashes` dashes.
    package static func dash(_ lines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }), phase.isFinite else { return lines }
        let cycle = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let total = cycle.reduce(0, +)
        guard total > 0 else { return lines }
        var length = 0.0
        for l in lines { length += ShapePath.length(l) }
        guard length / total * Double(cycle.count) / 2 <= Double(maximumDashes) else { return lines }
        // Where the phase falls: entry `start` of the pattern, `left` points of it to go.
        var offset = phase.truncatingRemainder(dividingBy: total)
        if offset < 0 { offset += total }
        var start = 0
        while offset >= cycle[start] && offset > 0 {
            offset -= cycle[start]
            start = (start + 1) % cycle.count
        }
        var out: [Polyline] = []
        for l in lines {
            var index = start, left = cycle[start] - offset
            var on = index % 2 == 0
            var pts = l.points
            if l.isClosed, let first = pts.first { pts.append(first) }
            guard pts.count >= 2 else {
                if on { out.append(Polyline(points: pts, isClosed: false)) }
                continue
            }
            var piece: [Point] = on ? [pts[0]] : []
            for k in 0..<(pts.count - 1) {
                let a = pts[k], b = pts[k + 1]
                let len = (b - a).length
                var walked = 0.0
                while len - walked > left {
                    walked += left
                    let q = a + (b - a) * (walked / len)
                    if on {
                        piece.append(q)
                        out.append(Polyline(points: piece, isClosed: false))
                        piece = []
                    } else {
                        piece = [q]
                    }
                    on.toggle()
                    index = (index + 1) % cycle.count
                    left = cycle[index]
                }
                left -= len - walked
                if on { piece.append(b) }
            }
            if on, piece.count >= 2 { out.append(Polyline(points: piece, isClosed: false)) }
        }
        return out
    }
}
