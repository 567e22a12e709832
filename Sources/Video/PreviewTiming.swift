/// When a focused card's preview plays (tvOS's and Google TV's rows): the card must hold
/// focus for `delay` seconds, then the video fades in over the poster for `fade` seconds
/// and plays, looping; focus leaving the card stops it at once (the poster shows again).
///
/// Does not: decode or draw; a card asks `state(at:)` each frame and shows the result.
public struct PreviewTiming: Equatable, Sendable {
    /// Seconds of focus before the preview starts (a row's `previewDelay`).
    public var delay: Double
    /// Seconds of the fade from the poster to the video.
    public var fade: Double
    /// The focused item and since when; nil while the row has no focus.
    public private(set) var focused: (item: Int, since: Double)?

    public init(delay: Double = 1.5, fade: Double = 0.5) {
        self.delay = delay; self.fade = fade
    }

    public static func == (a: PreviewTiming, b: PreviewTiming) -> Bool {
        a.delay == b.delay && a.fade == b.fade && a.focused?.item == b.focused?.item && a.focused?.since == b.focused?.since
    }

    /// Focus moved to `item` at `time` (nil: it left the row). The same item again keeps
    /// its preview running.
    public mutating func focus(_ item: Int?, at time: Double) {
        guard let item else { focused = nil; return }
        if focused?.item != item { focused = (item, time) }
    }

    /// What shows at `time`: nil for the poster alone; else the item, how far into its
    /// video (seconds since the preview started) and the video's opacity over the poster.
    public func state(at time: Double) -> (item: Int, videoTime: Double, opacity: Double)? {
        guard let f = focused, time.isFinite else { return nil }
        let playing = time - f.since - delay
        guard playing >= 0 else { return nil }
        return (f.item, playing, fade > 0 ? min(1, playing / fade) : 1)
    }
}
