import LayerMath

/// Programmatic control of a carousel (the embedding API's `scrollCarousel`).
///
/// Does not: move the screen's focus (the focus engine does), or select the item.
extension Carousel {
    /// Scrolls so that item `index` is centred, at scene time `time`: with the carousel's
    /// scroll animation (`animated`), or at once. An index outside 0..<count is clamped
    /// (a wrapping carousel takes the shortest way, as a key press would). Counts as user
    /// interaction (autoscroll pauses). Reports an `index` event when the centred item changes.
    public func scroll(toItem index: Int, animated: Bool, at time: Double) {
        guard count > 0, time.isFinite else { return }
        update(to: time)
        interact()
        physics.scroll(toItem: min(max(index, 0), count - 1), animated: animated)
        update(to: time)
    }
}
