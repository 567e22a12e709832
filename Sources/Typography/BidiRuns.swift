/// Direction of text: left-to-right or right-to-left.
public enum TextDirection: Sendable, Equatable {
    case leftToRight, rightToLeft
}

/// A simplified Unicode bidi pass for one line: strong classes by script block,
/// neutrals resolved from their neighbours (rules N1/N2 of UAX #9), runs reordered
/// visually (rule L2) with two levels per paragraph.
///
/// What it does NOT do: explicit embeddings and isolates, mirrored brackets, weak-type
/// rules beyond "digits read left to right".
enum Bidi {
    /// Strong direction of a character: R for Hebrew, Arabic, Syriac, Thaana, NKo and
    /// their presentation forms; L for other letters, marks and digits; nil for neutrals.
    static func strongClass(_ s: UInt32) -> TextDirection? {
        switch s {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            // Arabic-Indic digits and the Arabic comma read within the run, as strong R.
            return .rightToLeft
        default:
            guard let u = Unicode.Scalar(s) else { return nil }
            switch u.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .spacingMark:
                return .leftToRight
            default:
                return nil
            }
        }
    }

    /// The paragraph direction: that of its first strong letter (digits do not count);
    /// left to right when there is none.
    static func paragraphDirection(_ scalars: ArraySlice<UInt32>) -> TextDirection {
        for s in scalars {
            if let d = strongClass(s), Unicode.Scalar(s)?.properties.generalCategory != .decimalNumber {
                return d
            }
        }
        return .leftToRight
    }

    /// The resolved direction of each scalar: strong classes as they are, neutrals the
    /// direction of both neighbours when they agree, else the paragraph's; marks follow
    /// their base.
    static func resolve(_ scalars: [UInt32], base: TextDirection) -> [TextDirection] {
        let n = scalars.count
        var strong = scalars.map(strongClass)
        for i in 0..<n where strong[i] == nil {
            if let u = Unicode.Scalar(scalars[i]), u.properties.generalCategory == .nonspacingMark
                || u.properties.generalCategory == .enclosingMark, i > 0 {
                strong[i] = strong[i - 1]
            }
        }
        var out = [TextDirection](repeating: base, count: n)
        var i = 0
        while i < n {
            if let d = strong[i] { out[i] = d; i += 1; continue }
            var j = i
            while j < n && strong[j] == nil { j += 1 }
            let before = i > 0 ? strong[i - 1] : nil
            let after = j < n ? strong[j] : nil
            let d = (before != nil && before == after) ? before! : base
            for k in i..<j { out[k] = d }
            i = j
        }
        return out
    }

    /// Visual order of runs with embedding `levels` (rule L2: from the highest level down
    /// to the lowest odd level, reverse every maximal sequence at that level or higher).
    static func visualOrder(levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let high = levels.max(), let lowOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = high
        while level >= lowOdd {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count && levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            level -= 1
        }
        return order
    }
}
