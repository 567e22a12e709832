// CAKeyframeAnimation's values and their timing: key times, per-segment timing
// functions, linear or discrete calculation.
//
// Does not: paced or cubic calculation, paths, rotation modes.

/// How a keyframe animation computes values between its key times.
public enum CalculationMode: String, Sendable, CaseIterable {
    /// kCAAnimationLinear: interpolates within each segment.
    case linear
    /// kCAAnimationDiscrete: jumps from value to value at the key times.
    case discrete
}

/// CAKeyframeAnimation's values and their timing.
public struct Keyframes: Equatable, Sendable {
    /// The values, at least one.
    public var values: [AnimationValue]
    /// Fractions of the duration in 0...1, ascending: one per value (linear), or one per
    /// value or one more (discrete). Nil spaces them evenly.
    public var keyTimes: [Double]?
    /// One per segment (values.count - 1), easing each segment; nil is linear.
    public var timingFunctions: [TimingFunction]?
    /// Linear or discrete.
    public var calculationMode: CalculationMode

    /// Keyframes with CAKeyframeAnimation's defaults (even key times, linear segments).
    public init(values: [AnimationValue], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear) {
        self.values = values; self.keyTimes = keyTimes; self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
    }

    /// The value at fraction `p` (0...1) of the duration. Requires at least one value.
    public func value(at p: Double) -> AnimationValue {
        let n = values.count
        if n == 1 { return values[0] }
        switch calculationMode {
        case .discrete:
            return values[lastIndex(upTo: n - 1, atOrBefore: p, divisions: n)]
        case .linear:
            if p <= keyTime(0, count: n - 1) { return values[0] }
            if p >= keyTime(n - 1, count: n - 1) { return values[n - 1] }
            let i = lastIndex(upTo: n - 2, atOrBefore: p, divisions: n - 1)
            let t0 = keyTime(i, count: n - 1), t1 = keyTime(i + 1, count: n - 1)
            var f = t1 > t0 ? (p - t0) / (t1 - t0) : 1
            if let functions = timingFunctions, i < functions.count { f = functions[i](f) }
            return AnimationValue.interpolate(values[i], values[i + 1], f)
        }
    }

    /// The last index in 0...last whose key time is at or before `p` (0 when none): a
    /// binary search over the ascending key times, so long lists cost log n per frame.
    func lastIndex(upTo last: Int, atOrBefore p: Double, divisions: Int) -> Int {
        var lo = 0, hi = last
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if keyTime(mid, count: divisions) <= p { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Key time `i`: the given one, or `i / divisions` when none are given.
    @inline(__always)
    func keyTime(_ i: Int, count divisions: Int) -> Double {
        if let keyTimes, i < keyTimes.count { return keyTimes[i] }
        return Double(i) / Double(max(divisions, 1))
    }
}
