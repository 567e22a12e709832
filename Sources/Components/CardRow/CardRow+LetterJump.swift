/// Letter jump: in a row sorted by title, PageDown (a controller's right shoulder) moves
/// focus to the first card of the next initial, PageUp (left shoulder) to the first card of
/// the previous one. Initials compare A-Z without case; any other first character (a digit,
/// a symbol, an accented letter) is an initial of its own.
///
/// Does NOT sort the row, or move when there is no other initial in that direction.
extension CardRow {
    /// The card a letter jump from `from` lands on, forward or back; nil when none.
    public func letterJumpTarget(from: Int, forward: Bool) -> Int? {
        guard count > 0, from >= 0, from < count else { return nil }
        let here = catalogue.initial(from)
        if forward {
            var i = from + 1
            while i < count, catalogue.initial(i) == here { i += 1 }
            return i < count ? i : nil
        }
        // Back past this initial's cards, then to the first card of the initial found there.
        var i = from - 1
        while i >= 0, catalogue.initial(i) == here { i -= 1 }
        guard i >= 0 else { return nil }
        let previous = catalogue.initial(i)
        while i > 0, catalogue.initial(i - 1) == previous { i -= 1 }
        return i
    }

    /// Moves focus by one letter jump; false when there is no other initial that way.
    @discardableResult
    public func jumpLetter(forward: Bool, at time: Double) -> Bool {
        guard time.isFinite, let target = letterJumpTarget(from: focusedIndex, forward: forward) else { return false }
        noteInput(at: time)
        setFocus(target, at: time)
        return true
    }
}
