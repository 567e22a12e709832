/// A layer's own timing (CALayer as CAMediaTiming): its local time is
/// `(parent time - beginTime) * speed + timeOffset`, what its animations and its
/// sublayers run on. speed 0 pauses the subtree at `timeOffset`; speed 2 plays it twice as fast.
public struct LayerTiming: Equatable, Sendable {
    /// When the layer's time starts, in its superlayer's time.
    public var beginTime = 0.0
    /// Local seconds per superlayer second.
    public var speed = 1.0
    /// Added to the local time.
    public var timeOffset = 0.0

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime; self.speed = speed; self.timeOffset = timeOffset
    }

    /// The local time at superlayer time `t`.
    @inline(__always)
    public func local(_ t: Double) -> Double {
        if beginTime == 0 && speed == 1 && timeOffset == 0 { return t }
        return (t - beginTime) * speed + timeOffset
    }
}
