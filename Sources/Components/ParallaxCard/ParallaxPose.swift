import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the per-layer parallax grows from the bottom layer to the top one
/// (JZParallaxButton's `ParallaxMethodType`).
public enum ParallaxMethod: String, CaseIterable, Sendable {
    /// f(u) = u.
    case linear
    /// f(u) = u^0.5: the foreground layers move more.
    case easeIn
    /// f(u) = u^2: the background layers move more.
    case easeOut

    /// The parallax weight of a layer at relative depth `u` = index / count in 0...1.
    @inline(__always)
    public func weight(_ u: Double) -> Double {
        switch self {
        case .linear: return u
        case .easeIn: return u.squareRoot()
        case .easeOut: return u * u
        }
    }
}

/// What drives the tilt (JZParallaxButton's `RotateMethodType`).
public enum RotateMethod: String, CaseIterable, Sendable {
    /// A virtual finger circling the card: S = sin θ / 4, C = cos θ / 4.
    case auto
    /// The edge under the pointer comes toward the viewer; layers slide away from it.
    case finger
    /// The mirror image of `finger` (with the seed's y-translation sign quirk by default).
    case fingerReverse
}

/// The tilt state of a card: the seed's two angle parameters plus how far the card is
/// lifted (card and layer scales) — everything a frame's transforms depend on.
///
/// `x` and `y` are JZ's `S`/`XDegress` and `C`/`YDegress` (range ±0.25 in the seed).
/// Interpolating these numbers (not the matrices) is how begin/end animations and the
/// focus grid's transitions blend poses.
public struct ParallaxPose: Equatable, Sendable {
    /// Horizontal tilt parameter (S or X), ±0.25 at full deflection.
    public var x: Double
    /// Vertical tilt parameter (C or Y), ±0.25 at full deflection.
    public var y: Double
    /// Scale of the whole card (1 at rest, `scaleBase` when lifted).
    public var cardScale: Double
    /// 0...1: how much of the per-layer scale spread applies (0 at rest, 1 when lifted).
    public var layerLift: Double

    public init(x: Double, y: Double, cardScale: Double, layerLift: Double) {
        self.x = x; self.y = y; self.cardScale = cardScale; self.layerLift = layerLift
    }

    /// The pose at rest: no tilt, no scale (the seed's model value `P(-1/800)`).
    public static let rest = ParallaxPose(x: 0, y: 0, cardScale: 1, layerLift: 0)

    /// Linear blend of every parameter (`t` = 0 gives `a`).
    public static func mix(_ a: ParallaxPose, _ b: ParallaxPose, _ t: Double) -> ParallaxPose {
        ParallaxPose(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), cardScale: lerp(a.cardScale, b.cardScale, t),
                     layerLift: lerp(a.layerLift, b.layerLift, t))
    }

    /// The auto-rotation pose at angle θ: S = sin θ / 4, C = cos θ / 4 (JZParallaxButton.m's auto rotation).
    public static func autoRotation(angle: Double, cardScale: Double) -> ParallaxPose {
        ParallaxPose(x: sin(angle) / 4, y: cos(angle) / 4, cardScale: cardScale, layerLift: 1)
    }

    /// The finger pose for a point in the card's own (untransformed) coordinates,
    /// clamped to the card: X = (clamp(x, 0, W) - W/2) / W / 2, Y likewise (±0.25).
    public static func finger(at p: Point, size: Size, cardScale: Double) -> ParallaxPose {
        let w = max(size.width, 1e-9), h = max(size.height, 1e-9)
        let px = p.x.isFinite ? p.x : w / 2, py = p.y.isFinite ? p.y : h / 2
        let x = (min(max(px, 0), w) - w / 2) / w / 2
        let y = (min(max(py, 0), h) - h / 2) / h / 2
        return ParallaxPose(x: x, y: y, cardScale: cardScale, layerLift: 1)
    }
}

/// The constants that turn a `ParallaxPose` into layer transforms. The defaults are
/// JZParallaxButton's code constants (the top of JZParallaxButton.m), not its README's.
public struct ParallaxGeometry: Equatable, Sendable {
    /// Radians of tilt per unit of x/y (`RotateParameter`, 0.5: ±7.16° at ±0.25).
    public var rotateParameter: Double = 0.5
    /// Card translation per unit of x/y (`BoundsVieTranslation` 50 × OutTranslationParameter 0.5).
    public var cardTranslation: Double = 25
    /// Image-layer translation per unit of x/y times f(u) (`LayerVieTranslation`, 20).
    public var layerTranslation: Double = 20
    /// Spotlight translation per unit of x/y times f(u) (20 × `SpotlightOutRange` 20).
    public var spotlightTranslation: Double = 400
    /// Perspective distance: every transform ends with m34 = -1/d (`zPositionMax`, 800).
    public var perspective: Double = 800
    /// Per-layer scale spread: layer scale = 1 + scaleAddition/10 · f(u) (0.4).
    public var scaleAddition: Double = 0.4
    /// The parallax weight function.
    public var parallaxMethod: ParallaxMethod = .linear
    /// Mirror the motion (`fingerReverse`).
    public var reversed = false
    /// With `reversed`, translate the card by -25·Y instead of the seed's +25·Y.
    public var fixReverseQuirk = false

    public init() {}

    /// JZParallaxButton's geometry for a parallax method and rotate method.
    public init(parallaxMethod: ParallaxMethod, scaleAddition: Double = 0.4, reversed: Bool = false,
                fixReverseQuirk: Bool = false) {
        self.parallaxMethod = parallaxMethod
        self.scaleAddition = scaleAddition
        self.reversed = reversed
        self.fixReverseQuirk = fixReverseQuirk
    }

    /// The card (BoundsView) transform, about its centre:
    /// `RY(-r·x) · RX(r·y) · T(25x, 25y, 0) · Scale(s, s, 1) · P(-1/800)` (reversed:
    /// `RY(+r·x) · RX(-r·y) · T(-25x, ±25y, 0) · ...`).
    public func cardTransform(_ pose: ParallaxPose) -> Transform3D {
        let sign = reversed ? -1.0 : 1.0
        let ty = reversed && !fixReverseQuirk ? cardTranslation * pose.y : sign * cardTranslation * pose.y
        return Transform3D.rotation(-sign * rotateParameter * pose.x, 0, 1, 0)
            * .rotation(sign * rotateParameter * pose.y, 1, 0, 0)
            * .translation(sign * cardTranslation * pose.x, ty, 0)
            * .scale(pose.cardScale, pose.cardScale, 1)
            * .perspective(perspective)
    }

    /// The transform of image layer `index` (0 = bottom) of `count` (images + spotlight),
    /// about its centre: `T(-20·x·f, -20·y·f, 0) · Scale(1 + a/10·f) · P` with f = f(index/count).
    public func layerTransform(_ pose: ParallaxPose, index: Int, count: Int) -> Transform3D {
        shifted(pose, index: index, count: count, by: -layerTranslation)
    }

    /// The spotlight's transform; the spotlight is the last of `count` layers
    /// (u = (count - 1) / count) and moves with the card: `T(+400·x·f, +400·y·f, 0) · Scale · P`.
    public func spotlightTransform(_ pose: ParallaxPose, count: Int) -> Transform3D {
        shifted(pose, index: count - 1, count: count, by: spotlightTranslation)
    }

    private func shifted(_ pose: ParallaxPose, index: Int, count: Int, by amount: Double) -> Transform3D {
        let f = parallaxMethod.weight(count > 0 ? Double(index) / Double(count) : 0)
        let k = (reversed ? -amount : amount) * f
        let s = 1 + scaleAddition / 10 * f * pose.layerLift
        return Transform3D.translation(k * pose.x, k * pose.y, 0) * .scale(s, s, 1) * .perspective(perspective)
    }
}
