import Input
import LayerMath
import Layers
import Scene

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JZParallaxButton (JZtvOSParallaxButton) as a scene component: layered images in a
/// rounded, clipped card that tilts with perspective while each layer slides by its
/// depth, with a spotlight on top and a drop shadow below.
///
/// State machine (JZParallaxButton.m's gestures), a pure function of the event history and time:
/// - a pointer pressed inside the card and held `longPressDuration` (0.5 s) fires a long
///   press; releasing earlier does nothing. `auto` toggles the effect on each long press;
///   the finger modes begin it if inactive and end it on release.
/// - begin (at the long press): shadow on, spotlight fades in over 0.1 s (linear), then
///   the pose moves linearly from rest to the first pose over 0.4 s. The rotation clock
///   starts when that ends: t0 = fire + 0.5.
/// - a release before the begin animation has finished ends it when it finishes.
/// - end: the pose moves linearly from wherever it is back to rest over 0.4 s, then the
///   spotlight fades out over 0.1 s, then the shadow goes off (the brief's order; the
///   seed removes the shadow at once).
/// - a long press during the end animation is ignored (the seed would restart the end).
///
/// Differences from the seed, all optional: continuous time instead of the 30 ms timer
/// (`stepped: true` reproduces the timer's steps for `auto`), and `fixReverseQuirk`.
public final class ParallaxButton: SceneComponent {
    /// Everything a scene file can set (docs/scene-format.md), with JZ's code defaults.
    public struct Configuration: Equatable, Sendable {
        /// The card's frame in canvas points.
        public var frame: Rect
        /// Corner radius of the clip (the demo's 5).
        public var cornerRadius: Double = 5
        public var rotateMethod: RotateMethod = .auto
        public var parallaxMethod: ParallaxMethod = .linear
        /// Timer steps per revolution (`stepped` only).
        public var rotationFrames: Int = 100
        /// Seconds per revolution of the auto rotation.
        public var rotationInterval: Double = 3
        /// Whole-card scale while active.
        public var scaleBase: Double = 1.1
        /// Per-layer scale spread.
        public var scaleAddition: Double = 0.4
        /// Begin at t = 0 as if long-pressed then.
        public var active = false
        /// Reproduce the seed's timer steps (auto rotation only).
        public var stepped = false
        /// `fingerReverse`: translate the card by -25·Y (the seed uses +25·Y).
        public var fixReverseQuirk = false
        /// Draw the drop shadow while active.
        public var shadow = true

        public init(frame: Rect) { self.frame = frame }
    }

    /// Where the effect is in its life cycle.
    public enum Phase: Equatable, Sendable {
        case rest, beginning, active, ending
    }

    /// UILongPressGestureRecognizer's minimumPressDuration in the seed.
    public static let longPressDuration = 0.5
    /// Spotlight fade in/out.
    public static let fadeDuration = 0.1
    /// Pose move from/to rest.
    public static let moveDuration = 0.4
    /// The seed's shadow: black, radius 8 (a Gaussian of standard deviation 4), offset
    /// (0, 12), opacity 0.6.
    public static let shadowRadius = 8.0, shadowOffset = Point(0, 12), shadowOpacity = 0.6

    public let name: String
    public let configuration: Configuration
    /// Turns poses into transforms (JZ's constants).
    public let geometry: ParallaxGeometry
    /// The layers (root = `layers.root`).
    public let layers: ParallaxCardLayers
    public var rootLayer: Layer { layers.root }

    // Event state. Times are scene seconds.
    private var pressStart: Double?          // pointer down inside the card, long press pending
    private var pressFired = false           // the current press has fired its long press
    private var pointer: Point                // last pointer position, card space
    private var beginTime: Double?           // long press that began the current activation
    private var endTime: Double?             // start of the end animation
    private var endFrom = ParallaxPose.rest  // pose when the end began
    private var endSpotlight = 1.0           // spotlight opacity when the end began
    private var pendingEnd: Double?          // a release waiting for the begin animation

    /// The phase at the last `update(to:)`.
    public private(set) var phase: Phase = .rest

    /// Creates a button over the given image layers (bottom first).
    public init(name: String, configuration: Configuration, images: [ImageRef], spotlight: ImageRef) {
        self.name = name
        self.configuration = configuration
        geometry = ParallaxGeometry(parallaxMethod: configuration.parallaxMethod,
                                    scaleAddition: configuration.scaleAddition,
                                    reversed: configuration.rotateMethod == .fingerReverse,
                                    fixReverseQuirk: configuration.fixReverseQuirk)
        layers = ParallaxCardLayers(prefix: name, frame: configuration.frame, images: images, spotlight: spotlight,
                                    shadowRadius: ParallaxButton.shadowRadius / 2, shadowColor: .black,
                                    cornerRadius: configuration.cornerRadius)
        pointer = Point(configuration.frame.width / 2, configuration.frame.height / 2)
        if configuration.active { beginTime = 0 }
        update(to: 0)
    }

    // MARK: Input

    public func handle(_ event: InputEvent, at time: Double) {
        guard time.isFinite else { return }   // a NaN or infinite time is ignored
        advance(to: time)
        let origin = configuration.frame.origin
        switch event {
        case .pointer(let p, .left, let down):
            pointer = p - origin
            if down {
                if Rect(origin: .zero, size: configuration.frame.size).contains(pointer) {
                    pressStart = time
                    pressFired = false
                }
            } else if pressStart != nil {
                release(at: time)
            }
        case .move(let p):
            pointer = p - origin
        default:
            break
        }
    }

    public func update(to time: Double) {
        guard time.isFinite else { return }
        advance(to: time)
        let state = evaluate(at: time)
        phase = state.phase
        layers.apply(state.pose, geometry: geometry, spotlightOpacity: state.spotlight,
                     shadowOpacity: state.shadowOn && configuration.shadow ? ParallaxButton.shadowOpacity : 0,
                     shadowOffset: ParallaxButton.shadowOffset)
    }

    public var status: String {
        "\(name): \(configuration.rotateMethod.rawValue), \(phase)"
    }

    /// `time` while the effect begins, ends or rotates by itself; else the next timer (a
    /// long press firing, a delayed end, the end finishing), `.infinity` when none.
    public func nextUpdateTime(after time: Double) -> Double {
        switch phase {
        case .beginning, .ending: return time
        case .active where configuration.rotateMethod == .auto: return time
        default: break
        }
        var next = Double.infinity
        if let p = pressStart, !pressFired { next = p + ParallaxButton.longPressDuration }
        if let e = pendingEnd { next = min(next, e) }
        if let e = endTime { next = min(next, e + ParallaxButton.moveDuration + ParallaxButton.fadeDuration) }
        return max(next, time)
    }

    // MARK: State machine

    /// Processes the timed transitions (long press firing, delayed end, end finishing)
    /// that fall at or before `time`, in time order.
    private func advance(to time: Double) {
        while true {
            var next = Double.infinity
            var action = 0
            if let p = pressStart, !pressFired, p + ParallaxButton.longPressDuration < next {
                next = p + ParallaxButton.longPressDuration; action = 1
            }
            if let e = pendingEnd, e < next { next = e; action = 2 }
            if let e = endTime, e + ParallaxButton.moveDuration + ParallaxButton.fadeDuration < next {
                next = e + ParallaxButton.moveDuration + ParallaxButton.fadeDuration; action = 3
            }
            guard action != 0, next <= time else { return }   // nothing due (also when time is +inf)
            switch action {
            case 1:
                pressFired = true
                longPress(at: next)
            case 2:
                pendingEnd = nil
                end(at: next)
            default:
                beginTime = nil; endTime = nil
            }
        }
    }

    private func longPress(at time: Double) {
        guard endTime == nil else { return }
        if configuration.rotateMethod == .auto, beginTime != nil {
            end(at: time)
        } else if beginTime == nil {
            beginTime = time
        }
    }

    private func release(at time: Double) {
        pressStart = nil
        guard pressFired else { return }   // released before the long press fired
        pressFired = false
        guard configuration.rotateMethod != .auto, let b = beginTime, endTime == nil, pendingEnd == nil else { return }
        let beginEnds = b + ParallaxButton.fadeDuration + ParallaxButton.moveDuration
        if time < beginEnds {
            pendingEnd = beginEnds
        } else {
            end(at: time)
        }
    }

    private func end(at time: Double) {
        guard beginTime != nil, endTime == nil else { return }
        let state = evaluate(at: time)
        endFrom = state.pose
        endSpotlight = state.spotlight
        endTime = time
    }

    /// The pose, spotlight opacity and shadow at `time`, from the current state.
    private func evaluate(at time: Double) -> (phase: Phase, pose: ParallaxPose, spotlight: Double, shadowOn: Bool) {
        guard let b = beginTime, time >= b else { return (.rest, .rest, 0, false) }
        let fade = ParallaxButton.fadeDuration, move = ParallaxButton.moveDuration
        if let e = endTime, time >= e {
            let u = time - e
            if u < move { return (.ending, .mix(endFrom, .rest, u / move), endSpotlight, true) }
            if u < move + fade { return (.ending, .rest, endSpotlight * (1 - (u - move) / fade), true) }
            return (.rest, .rest, 0, false)
        }
        let u = time - b
        if u < fade { return (.beginning, .rest, u / fade, true) }
        let target = targetPose(at: time, rotationStart: b + fade + move)
        if u < fade + move { return (.beginning, .mix(.rest, target, (u - fade) / move), 1, true) }
        return (.active, target, 1, true)
    }

    /// The pose the effect is heading for at `time` (auto rotation or the pointer).
    private func targetPose(at time: Double, rotationStart t0: Double) -> ParallaxPose {
        let scale = configuration.scaleBase
        switch configuration.rotateMethod {
        case .auto:
            return .autoRotation(angle: ParallaxButton.rotationAngle(at: time - t0, configuration: configuration),
                                 cardScale: scale)
        case .finger, .fingerReverse:
            return .finger(at: pointer, size: configuration.frame.size, cardScale: scale)
        }
    }

    /// The auto-rotation angle θ `elapsed` seconds after the rotation started:
    /// continuous 2π·elapsed/interval, or with `stepped` the seed's timer step
    /// 2π·step/frames (step 0 until the first tick, then 1, 2, ... frames, 1, ...).
    public static func rotationAngle(at elapsed: Double, configuration c: Configuration) -> Double {
        guard elapsed > 0, c.rotationInterval > 0 else { return 0 }
        if !c.stepped { return 2 * Double.pi * elapsed / c.rotationInterval }
        let frames = max(c.rotationFrames, 1)
        let tick = c.rotationInterval / Double(frames)
        // A tiny epsilon so a tick lands on its own time despite rounding.
        // Counted in Double: elapsed / tick can exceed Int.max for a huge time.
        let k = (elapsed / tick + 1e-9).rounded(.down)
        guard k > 0, k.isFinite else { return 0 }
        let step = (k - 1).truncatingRemainder(dividingBy: Double(frames)) + 1
        return 2 * Double.pi * step / Double(frames)
    }
}

// MARK: - Programmatic state (the embedding API's `setButton`)

extension ParallaxButton {
    /// Turns the focus effect on (as a long press does: the spotlight fades in, the card
    /// lifts and tilts) or off (the end animation), at scene time `time`. Turning it on
    /// while the end animation runs is ignored, as a long press then is; on while on and
    /// off while off change nothing.
    public func setActive(_ active: Bool, at time: Double) {
        guard time.isFinite else { return }
        advance(to: time)
        if active {
            if beginTime == nil && endTime == nil { beginTime = time }
        } else {
            pendingEnd = nil
            end(at: time)
        }
        update(to: time)
    }

    /// Presses or releases the card at scene time `time`, as the pointer does inside it
    /// (held `longPressDuration`, a press fires a long press).
    public func setPressed(_ pressed: Bool, at time: Double) {
        guard time.isFinite else { return }
        advance(to: time)
        if pressed {
            if pressStart == nil { pressStart = time; pressFired = false }
        } else if pressStart != nil {
            release(at: time)
        }
        update(to: time)
    }

    /// Tilts the card towards a point given from its centre: `x` and `y` in -1...1 (−1
    /// the left / top edge, 1 the right / bottom edge; clamped). Used by the `finger`
    /// rotate methods while the effect is on; `auto` rotates by itself.
    public func setTilt(x: Double, y: Double, at time: Double) {
        guard time.isFinite, x.isFinite, y.isFinite else { return }
        advance(to: time)
        let size = configuration.frame.size
        pointer = Point((min(max(x, -1), 1) + 1) / 2 * size.width, (min(max(y, -1), 1) + 1) / 2 * size.height)
        update(to: time)
    }
}
