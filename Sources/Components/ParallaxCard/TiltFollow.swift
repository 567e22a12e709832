import Foundation
import Layers

/// One tilt axis of a focus card: an exponential approach (time constant `lag`) to a
/// target that changes only at events; a return to rest (target 0) is a tween of
/// `restDuration` with `restTiming` instead (`transitionSpeed`, `transitionEasing`).
struct TiltFollow {
    var from = 0.0, target = 0.0, since = 0.0
    var restDuration = 0.3, restTiming = TimingFunction.linear
    var lag = 0.1

    func value(at t: Double) -> Double {
        if target == 0 {
            return Tween(from: from, to: 0, start: since, duration: restDuration, timing: restTiming).value(at: t)
        }
        return target + (from - target) * exp(-max(t - since, 0) / lag)
    }

    mutating func retarget(_ value: Double, at t: Double) {
        guard value != target else { return }    // same target: the same curve goes on
        from = self.value(at: t); target = value; since = t
    }
}
