/// The remote's feel: the focused card tilts from a controller's touch surface and
/// gyroscope, as the Siri Remote's touch surface tilts a tvOS card.
///
/// - Touch: the finger's position from the surface's centre, ±1 at the edges, with a
///   radial deadzone (`touchDeadzone` of the half-width: nothing inside it, then the rest
///   rescaled to 0...1); lifting the finger releases it.
/// - Gyroscope: turning the controller leans the card, tilt = -rate / `gyroFullScale`
///   (yaw leans it sideways, pitch up and down), clamped to ±1; rates under
///   `gyroDeadzone` rad/s (sensor drift) count as still, which releases it.
/// - Touch wins over the gyroscope. A released tilt returns to rest with the card's
///   `transitionSpeed` and `transitionEasing`.
///
/// Does not: talk to SDL (Platform turns SDL's touchpad and sensor events into
/// `InputEvent.touchpad` / `.gyro`), or animate (the card follows `tilt`).
public struct RemoteTilt: Equatable, Sendable {
    /// Fraction of the touch surface's half-width around its centre that does nothing.
    public static let touchDeadzone = 0.1
    /// Angular speed (rad/s) under which the gyroscope counts as still.
    public static let gyroDeadzone = 0.1
    /// Angular speed (rad/s) that gives full tilt.
    public static let gyroFullScale = 2.0

    private var touch: (x: Double, y: Double)?
    private var gyro: (x: Double, y: Double)?

    public init() {}

    public static func == (a: RemoteTilt, b: RemoteTilt) -> Bool {
        a.touch?.x == b.touch?.x && a.touch?.y == b.touch?.y && a.gyro?.x == b.gyro?.x && a.gyro?.y == b.gyro?.y
    }

    /// The tilt to follow, each axis in -1...1, or nil when released (return to rest).
    public var tilt: (x: Double, y: Double)? { touch ?? gyro }

    /// Takes a touchpad or gyroscope event; true when it was one (the tilt may have changed).
    public mutating func handle(_ event: InputEvent, at time: Double) -> Bool {
        switch event {
        case .touchpad(let x, let y, let down):
            guard down, x.isFinite, y.isFinite else { touch = nil; return true }
            touch = RemoteTilt.deadzoned(x: 2 * min(max(x, 0), 1) - 1, y: 2 * min(max(y, 0), 1) - 1,
                                         zone: RemoteTilt.touchDeadzone)
            return true
        case .gyro(let x, let y, _):
            guard x.isFinite, y.isFinite, (x * x + y * y).squareRoot() >= RemoteTilt.gyroDeadzone else {
                gyro = nil
                return true
            }
            let k = RemoteTilt.gyroFullScale
            gyro = (min(max(-y / k, -1), 1), min(max(-x / k, -1), 1))
            return true
        default:
            return false
        }
    }

    /// A radial deadzone: vectors shorter than `zone` give zero, longer ones are rescaled
    /// so the zone's edge is 0 and length 1 stays 1 (the direction is kept).
    public static func deadzoned(x: Double, y: Double, zone: Double) -> (x: Double, y: Double) {
        let r = (x * x + y * y).squareRoot()
        guard r > zone, r > 0 else { return (0, 0) }
        let k = min((r - zone) / (1 - zone), 1) / r
        return (x * k, y * k)
    }
}
