// Animation timing as CAMediaTiming defines it: begin time, duration, speed, time
// offset, repeat count / duration, autoreverses and fill mode, mapped from scene time to
// a progress in 0...1 of one simple duration.
//
// Does not: model the layer's own timing (CALayer is a CAMediaTiming too; layers here run
// on scene time with speed 1), nor negative speeds (the scene file rejects them; the
// struct treats a negative product as "not started yet").

/// What an animation shows outside its active interval (CAMediaTimingFillMode).
public enum FillMode: String, Sendable, CaseIterable {
    /// kCAFillModeRemoved: nothing before the start or after the end.
    case removed
    /// kCAFillModeForwards: the final value is held after the end.
    case forwards
    /// kCAFillModeBackwards: the first value is shown before the start.
    case backwards
    /// kCAFillModeBoth: both of the above.
    case both
}

/// Where an animation stands at a given time.
public enum AnimationPhase: Equatable, Sendable {
    /// Not contributing: before the start (no backwards fill) or after the end (no forwards fill).
    case inactive
    /// Contributing; `time` is seconds into the simple duration (0...duration, already
    /// reversed on the way back of an autoreversing cycle).
    case active(time: Double)
}

/// CAMediaTiming for one animation. All times are seconds.
public struct MediaTiming: Equatable, Sendable {
    /// Core Animation's duration when 0 is given: 0.25 s.
    public static let defaultDuration = 0.25

    /// Scene time at which the animation starts (CAMediaTiming.beginTime).
    public var beginTime: Double = 0
    /// One simple duration in the animation's local time; 0 means Core Animation's 0.25 s.
    public var duration: Double = 0
    /// Local seconds per scene second (2 plays twice as fast; 0 freezes at `timeOffset`).
    public var speed: Double = 1
    /// Added to the local time; the active interval wraps around (CAMediaTiming.timeOffset).
    public var timeOffset: Double = 0
    /// Number of cycles (fractional allowed, `.infinity` for ever); 0 means one.
    public var repeatCount: Double = 0
    /// Length of the active interval in local seconds when `repeatCount` is 0; 0 means one cycle.
    public var repeatDuration: Double = 0
    /// Each cycle plays forward then backward (a cycle lasts two durations).
    public var autoreverses = false
    /// What is shown outside the active interval.
    public var fillMode: FillMode = .removed

    /// Timing with CAMediaTiming's defaults for every parameter not given.
    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime; self.duration = duration; self.speed = speed; self.timeOffset = timeOffset
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses; self.fillMode = fillMode
    }

    /// The simple duration actually used: `duration`, or 0.25 s when it is 0.
    public var simpleDuration: Double { duration > 0 ? duration : MediaTiming.defaultDuration }

    /// One cycle: the simple duration, doubled when the animation autoreverses.
    public var cycleDuration: Double { simpleDuration * (autoreverses ? 2 : 1) }

    /// The active interval in local seconds: `repeatCount` cycles, else `repeatDuration`,
    /// else one cycle. May be infinite.
    public var activeDuration: Double {
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : cycleDuration * repeatCount }
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration
    }

    /// Scene time at which the active interval ends (infinite for a frozen or endless animation).
    public var endTime: Double {
        guard speed > 0 else { return .infinity }
        let end = beginTime + activeDuration / speed
        return end.isNaN ? .infinity : end
    }

    /// True once scene time `t` is at or past the end of the active interval.
    public func isFinished(at t: Double) -> Bool { t >= endTime }

    /// Maps scene time `t` to a phase: local time `(t - beginTime) * speed + timeOffset`,
    /// wrapped into the active interval, then into one cycle, then reversed on the way back.
    public func phase(at t: Double) -> AnimationPhase {
        let active = activeDuration
        var elapsed = (t - beginTime) * speed
        if t < beginTime || elapsed.isNaN {
            guard fillMode == .backwards || fillMode == .both else { return .inactive }
            elapsed = 0
        } else if elapsed >= active {
            guard fillMode == .forwards || fillMode == .both else { return .inactive }
            elapsed = active
        }
        return .active(time: simpleTime(elapsed: elapsed, active: active))
    }

    /// Seconds into the simple duration after `elapsed` local seconds of the active interval.
    func simpleTime(elapsed: Double, active: Double) -> Double {
        let d = simpleDuration, cycle = cycleDuration
        var local = elapsed + timeOffset
        let atEnd = elapsed >= active
        if active.isFinite && active > 0 {
            if atEnd && timeOffset == 0 {
                local = active
            } else {
                local = local.truncatingRemainder(dividingBy: active)
                if local < 0 { local += active }
            }
        }
        // Time within the current cycle; the end of the active interval on a cycle
        // boundary is the end of the last cycle, not the start of the next one.
        var inCycle = local.truncatingRemainder(dividingBy: cycle)
        if inCycle < 0 { inCycle += cycle }
        if inCycle == 0 && local > 0 && atEnd { inCycle = cycle }
        if !inCycle.isFinite { inCycle = 0 }
        if autoreverses && inCycle > d { return max(0, 2 * d - inCycle) }
        return min(inCycle, d)
    }
}
