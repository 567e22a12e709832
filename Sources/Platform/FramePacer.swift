// Frame pacing where vsync does not pace: a virtual X server (Xvfb), a remote display or a
// driver that ignores the swap interval returns from the swap at once, and a scene that
// animates (the grid's idle sway) would then be drawn as fast as the machine allows, two
// cores busy for frames nobody sees. The pacer holds each present to at most one per
// display refresh. Pure: the caller sleeps and presents.
//
// Does NOT: sleep, present or read a clock (the caller does), or slow a display whose
// vsync works: it waits only for what is left of a period minus a margin, so a swap that
// blocks until the vertical blank still meets every blank.

/// When the next frame may be presented, given the display's refresh rate.
public struct FramePacer: Sendable {
    /// Seconds between presents (1 / refresh rate; 60 Hz when the rate is unknown).
    public let period: Double
    /// Presents are let through this much before a whole period has passed, so that with
    /// working vsync the swap, not the pacer, decides the moment.
    public static let margin = 0.002
    private var lastPresent: Double?

    /// `refreshRate`: the display's, in Hz (0, negative or not finite: 60).
    public init(refreshRate: Double) {
        let rate = refreshRate.isFinite && refreshRate > 0 ? min(refreshRate, 1000) : 60
        period = 1 / rate
    }

    /// Seconds to wait at `now` before presenting (0: present now).
    public func delay(now: Double) -> Double {
        guard let last = lastPresent, now.isFinite else { return 0 }
        return max(0, min(period, last + period - FramePacer.margin - now))
    }

    /// A frame was presented at `time`.
    public mutating func presented(at time: Double) {
        if time.isFinite { lastPresent = time }
    }
}
