// A Core Animation property animation: CABasicAnimation (from / to / by),
// CAKeyframeAnimation (values, keyTimes, per-segment timing functions, linear or discrete
// calculation) and CASpringAnimation, each with CAMediaTiming and a
// CAMediaTimingFunction, optionally additive. A value type: adding it to a layer copies
// it, as Core Animation copies an animation when it is added.
//
// Does not: group animations (CAAnimationGroup), paced or cubic keyframe calculation,
// paths (CAKeyframeAnimation.path), cumulative repeats, delegates or completion blocks.

/// A property animation attached to a layer with `Layer.add(_:forKey:)`.
public struct Animation: Equatable, Sendable {
    /// What drives the value.
    public enum Kind: Equatable, Sendable {
        /// CABasicAnimation: any of fromValue, toValue, byValue (nil: the layer's value).
        case basic(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
        /// CAKeyframeAnimation.
        case keyframe(Keyframes)
        /// CASpringAnimation: a basic animation whose fraction follows `Spring`.
        case spring(Spring, from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)
    }

    /// The animated property.
    public var keyPath: AnimationKeyPath
    /// Basic, keyframe or spring.
    public var kind: Kind
    /// Begin time, duration, repeats, fill, speed, offset.
    public var timing: MediaTiming
    /// Eases the whole animation's progress (CAAnimation.timingFunction); linear by default.
    public var timingFunction: TimingFunction = .linear
    /// The value is added to the layer's value instead of replacing it.
    public var isAdditive = false
    /// Removed from the layer once its active interval ends (then the model value shows,
    /// whatever the fill mode), as Core Animation's default.
    public var isRemovedOnCompletion = true

    /// An animation of `keyPath` driven by `kind`.
    public init(keyPath: AnimationKeyPath, kind: Kind, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction = .linear, isAdditive: Bool = false, isRemovedOnCompletion: Bool = true) {
        self.keyPath = keyPath; self.kind = kind; self.timing = timing; self.timingFunction = timingFunction
        self.isAdditive = isAdditive; self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// A CABasicAnimation.
    public static func basic(_ keyPath: AnimationKeyPath, from: AnimationValue? = nil, to: AnimationValue? = nil,
                             by: AnimationValue? = nil, duration: Double = 0) -> Animation {
        Animation(keyPath: keyPath, kind: .basic(from: from, to: to, by: by), timing: MediaTiming(duration: duration))
    }

    /// A CAKeyframeAnimation.
    public static func keyframe(_ keyPath: AnimationKeyPath, values: [AnimationValue], keyTimes: [Double]? = nil,
                                timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                                duration: Double = 0) -> Animation {
        Animation(keyPath: keyPath,
                  kind: .keyframe(Keyframes(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                            calculationMode: calculationMode)),
                  timing: MediaTiming(duration: duration))
    }

    /// A CASpringAnimation; as in Core Animation its duration is separate from the
    /// spring (set it to `spring.settlingDuration` to see the whole motion).
    public static func spring(_ keyPath: AnimationKeyPath, _ spring: Spring = Spring(), from: AnimationValue? = nil,
                              to: AnimationValue? = nil, by: AnimationValue? = nil, duration: Double = 0) -> Animation {
        Animation(keyPath: keyPath, kind: .spring(spring, from: from, to: to, by: by), timing: MediaTiming(duration: duration))
    }

    /// The value this animation gives at scene time `t` on top of `base` (the layer's
    /// value with the earlier animations applied), or nil when it is inactive there.
    public func value(at t: Double, base: AnimationValue) -> AnimationValue? {
        guard case .active(let simple) = timing.phase(at: t) else { return nil }
        let d = timing.simpleDuration
        let eased = timingFunction(d > 0 ? simple / d : 1)
        let v: AnimationValue
        switch kind {
        case let .basic(from, to, by):
            let (a, b) = Animation.endpoints(from: from, to: to, by: by, base: base)
            v = AnimationValue.interpolate(a, b, eased)
        case let .spring(spring, from, to, by):
            let (a, b) = Animation.endpoints(from: from, to: to, by: by, base: base)
            v = AnimationValue.interpolate(a, b, spring.fraction(at: eased * d))
        case let .keyframe(frames):
            guard !frames.values.isEmpty else { return nil }
            v = frames.value(at: eased)
        }
        return isAdditive ? AnimationValue.add(base, v) : v
    }

    /// CABasicAnimation's rules for the interpolated pair: from & to; from & from + by;
    /// to - by & to; from & the layer's value; the layer's value & to; the layer's value
    /// & that plus by; with none, the layer's value throughout.
    public static func endpoints(from: AnimationValue?, to: AnimationValue?, by: AnimationValue?,
                                 base: AnimationValue) -> (AnimationValue, AnimationValue) {
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, AnimationValue.add(f, b))
        case let (nil, t?, b?): return (AnimationValue.subtract(t, b), t)
        case let (f?, nil, nil): return (f, base)
        case let (nil, t?, nil): return (base, t)
        case let (nil, nil, b?): return (base, AnimationValue.add(base, b))
        case (nil, nil, nil): return (base, base)
        }
    }
}
