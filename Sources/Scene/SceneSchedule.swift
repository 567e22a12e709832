// When a scene at rest must next be advanced: the earliest of its components' timers,
// held-direction repeats, a pending announcement, the screensaver, videos and layer
// animations. A host sleeps until then (or input) instead of polling.

extension Scene {
    /// The earliest scene time from `time` on at which `update(to:)` may change a layer or
    /// post an event with no input: `time` while something moves or a video plays, the next
    /// timer's time while the scene waits, `.infinity` when nothing is scheduled (no allocation).
    public func nextUpdateTime(after time: Double) -> Double {
        guard time.isFinite else { return .infinity }
        if !videos.isEmpty { return time }
        var next = min(focus.nextUpdateTime(after: time), announcer.nextUpdateTime)
        if let attract { next = min(next, attract.nextUpdateTime(after: time)) }
        for c in components where next > time { next = min(next, c.nextUpdateTime(after: time)) }
        for l in rootLayers where next > time { next = min(next, l.nextAnimationTime(after: time)) }
        return max(next, time)
    }
}
