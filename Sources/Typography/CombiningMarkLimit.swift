// A cap on what one text cluster may carry: Unicode's Stream-Safe Text Format (UAX #15,
// section 13) allows at most 30 non-starters in a row. Shaping a cluster costs more than
// its length (HarfBuzz attaches each mark against the marks before it): one letter with
// 19,999 combining marks costs seconds; cut to 30 marks it costs a letter.
//
// Does NOT: normalise, reorder or insert the combining grapheme joiner the format uses to
// split long runs; the marks past the 30th are dropped (no font stacks them visibly).

extension TextLayout {
    /// Most combining marks (non-starters, or grapheme extenders) kept after one another.
    public static let maximumMarksInARow = 30

    /// `scalars` with every run of combining marks cut to `maximumMarksInARow`.
    static func cappingMarks(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        var run = 0
        for s in scalars {
            let p = s.properties
            if p.canonicalCombiningClass != .notReordered || p.isGraphemeExtend {
                run += 1
                if run > maximumMarksInARow { continue }
            } else {
                run = 0
            }
            out.append(s)
        }
        return out
    }
}
