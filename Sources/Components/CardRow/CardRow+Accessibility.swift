import Scene

/// The card's words for speech: its item's title, then its subtitle.
extension CardRow: AccessibleItems {
    public func accessibilityLabel(of index: Int) -> (title: String, detail: String?)? {
        guard index >= 0, index < count else { return nil }
        let item = catalogue.item(index)
        return (item.title, item.subtitle)
    }
}
