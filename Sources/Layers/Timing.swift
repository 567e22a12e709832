#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CAMediaTimingFunction: a cubic Bezier from (0, 0) to (1, 1) with two control points.
public struct TimingFunction: Equatable, Sendable {
    public var c1x: Double, c1y: Double, c2x: Double, c2y: Double
    public init(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
    }
    /// kCAMediaTimingFunctionLinear.
    public static let linear = TimingFunction(0, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseIn.
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseOut.
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    /// kCAMediaTimingFunctionEaseInEaseOut.
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The eased progress for linear progress `t` in 0...1 (clamped).
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        if self == .linear { return t }
        // Solve x(s) = t for s by Newton's method, falling back to bisection.
        func bez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func dbez(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = t
        for _ in 0..<8 {
            let x = bez(s, c1x, c2x) - t
            if abs(x) < 1e-9 { return bez(s, c1y, c2y) }
            let d = dbez(s, c1x, c2x)
            if abs(d) < 1e-9 { break }
            s -= x / d
        }
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<60 {
            let x = bez(s, c1x, c2x)
            if abs(x - t) < 1e-10 { break }
            if x < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return bez(s, c1y, c2y)
    }
}

/// iCarousel's cubic ease-in-out: `t < 0.5 ? 0.5 (2t)^3 : 0.5 (2t - 2)^3 + 1`.
package func cubicEaseInOut(_ t: Double) -> Double {
    let t = min(max(t, 0), 1)
    return t < 0.5 ? 0.5 * pow(2 * t, 3) : 0.5 * pow(2 * t - 2, 3) + 1
}

/// Linear interpolation.
@inline(__always)
package func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// A value animated from `from` to `to` over `duration` seconds starting at `start`,
/// like a CABasicAnimation evaluated at a given time (no stored clock).
public struct Tween: Equatable, Sendable {
    public var from: Double, to: Double, start: Double, duration: Double
    public var timing: TimingFunction
    public init(from: Double, to: Double, start: Double, duration: Double, timing: TimingFunction = .linear) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.timing = timing
    }
    /// The value at time `t`.
    public func value(at t: Double) -> Double {
        guard duration > 0 else { return t >= start ? to : from }
        return lerp(from, to, timing((t - start) / duration))
    }
    /// True once `t` is at or past the end.
    public func isFinished(at t: Double) -> Bool { t >= start + duration }
}
