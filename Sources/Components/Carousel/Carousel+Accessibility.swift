import Scene

/// The carousel's words for speech: the item's caption, when it has one.
extension Carousel: AccessibleItems {
    public func accessibilityLabel(of index: Int) -> (title: String, detail: String?)? {
        caption?.captions.text(for: index).map { ($0, nil) }
    }
}
