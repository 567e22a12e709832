#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// CASpringAnimation's model: a damped harmonic oscillator `m x'' + c x' + k (x - 1) = 0`
// that carries the animation's fraction from x(0) = 0 towards 1, with x'(0) equal to
// the initial velocity (in fractions of the distance per second; positive moves towards
// the target). Solved in closed form for the under-, critically and over-damped cases.
//
// Does not: reproduce Apple's unpublished settlingDuration to the last digit. Ours is
// defined exactly (docs/animations.md): the time after which the response's envelope stays
// within 0.1 % of the distance.

/// CASpringAnimation's physical parameters and its closed-form response.
public struct Spring: Equatable, Sendable {
    /// Mass of the object on the spring (> 0; CA's default 1).
    public var mass: Double = 1
    /// Spring constant (> 0; CA's default 100).
    public var stiffness: Double = 100
    /// Damping coefficient (>= 0; CA's default 10).
    public var damping: Double = 10
    /// Initial velocity in fractions of the distance per second (CA's default 0).
    public var initialVelocity: Double = 0

    /// The settling threshold: 0.1 % of the distance.
    public static let restThreshold = 0.001

    /// A spring with CASpringAnimation's defaults for every parameter not given.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    /// Undamped natural angular frequency sqrt(k / m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio c / (2 sqrt(k m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The fraction x(t) at `t` seconds (0 at t <= 0, tends to 1).
    public func fraction(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 + displacement(at: t)
    }

    /// y(t) = x(t) - 1, with y(0) = -1 and y'(0) = initialVelocity.
    func displacement(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        guard w0.isFinite, w0 > 0, zeta.isFinite else { return 0 }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            return exp(-zeta * w0 * t) * (-cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return exp(-w0 * t) * (-1 + (v0 - w0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// An upper bound of |y(t)| that only decreases after its maximum: the envelope
    /// sqrt(A^2 + B^2) e^(-zeta w0 t) when under-damped, |A| + |B| t times e^(-w0 t)
    /// when critical, |C1| e^(r1 t) + |C2| e^(r2 t) when over-damped.
    func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v0 - zeta * w0) / wd
            return (1 + b * b).squareRoot() * exp(-zeta * w0 * t)
        }
        if zeta == 1 { return (1 + abs(v0 - w0) * t) * exp(-w0 * t) }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let c2 = (v0 + r1) / (r2 - r1), c1 = -1 - c2
        return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// The estimated time to rest: the first time after which `envelope` stays at or
    /// below 0.1 % of the distance. Infinite without damping.
    public var settlingDuration: Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        guard w0.isFinite, w0 > 0, zeta.isFinite, zeta > 0 else { return .infinity }
        let eps = Spring.restThreshold
        if zeta < 1 {
            // Closed form: ln(E0 / eps) / (zeta w0).
            let e0 = envelope(at: 0)
            return max(0, log(e0 / eps) / (zeta * w0))
        }
        // The envelope is decreasing from its peak on; bisect between the peak and a
        // time where it is below the threshold.
        var lo = 0.0
        if zeta == 1 {
            let b = abs(initialVelocity - w0)
            if b > w0 { lo = 1 / w0 - 1 / b }   // peak of (1 + b t) e^(-w0 t)
        }
        if envelope(at: lo) <= eps { return lo }
        var hi = max(lo, 1 / w0)
        var doublings = 0
        while envelope(at: hi) > eps && doublings < 2000 { lo = hi; hi *= 2; doublings += 1 }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > eps { lo = mid } else { hi = mid }
            if hi - lo <= 1e-12 * hi { break }
        }
        return hi
    }
}
