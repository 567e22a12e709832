import JSON
import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The focused card's look and feel, every figure a scene key (docs/tv-screen.md), named
/// as the web tilt libraries (react-parallax-tilt, vanilla-tilt.js) and Core Animation
/// name them. The defaults are the focus grid's tvOS figures.
///
/// Does not: pose layers itself; `FocusGrid` reads these values every frame.
public struct FocusEffect: Equatable, Sendable {
    /// Which pointer axis tilts the card (vanilla-tilt / react-parallax-tilt `axis`):
    /// `x` only turns the card about its vertical axis, `y` only about its horizontal one.
    public enum TiltAxis: String, CaseIterable, Sendable { case both, x, y }
    /// The glare's shape: `radial` (a spotlight that follows the tilt) or `linear`
    /// (vanilla-tilt's gradient, transparent at the top to the colour at the bottom).
    public enum GlareShape: String, CaseIterable, Sendable { case radial, linear }

    /// `tiltMaxAngle`: degrees of tilt at full deflection (ParallaxView's π/32 = 5.625).
    public var tiltMaxAngle = 180.0 / 32
    /// `perspective`: the eye distance in points (m34 = -1/perspective; 700).
    public var perspective = 700.0
    /// `tiltAxis`: axis lock.
    public var tiltAxis = TiltAxis.both
    /// `tiltReverse`: the card leans the other way.
    public var tiltReverse = false
    /// `scale`: the focused card's scale (1.1).
    public var scale = 1.1
    /// `transitionSpeed`: milliseconds the tilt takes to return to rest (focus leaves, the
    /// pointer leaves, the stick or touch is released), as react-parallax-tilt's (300).
    public var transitionSpeed = 300.0
    /// `transitionEasing`: the timing of that return (vanilla-tilt's default
    /// cubic-bezier(.03,.98,.52,.99)).
    public var transitionEasing = TimingFunction(0.03, 0.98, 0.52, 0.99)
    /// `glareColor` (nil: the built-in white spotlight).
    public var glareColor: Color?
    /// `glareMaxOpacity`: the glare's opacity when the card is focused (1).
    public var glareMaxOpacity = 1.0
    /// `glareShape` (nil: the built-in spotlight, radial).
    public var glareShape: GlareShape?
    /// `shadowRadius`: the focused shadow's blur radius in points (8); the blur's standard
    /// deviation is half of it (`shadowSigma`).
    public var shadowRadius = 8.0
    /// `shadowOffset`: the focused shadow's offset; nil = (0, height / 10) (TVButton).
    public var shadowOffset: Point?
    /// `shadowOpacity`: the focused shadow's opacity (0.6; 0.5 at rest).
    public var shadowOpacity = 0.6
    /// `shadowColor` (black).
    public var shadowColor = Color(0, 0, 0, 1)
    /// `idleDelay`: seconds without input before the idle motion starts (3).
    public var idleDelay = 3.0
    /// `idleSwayAmplitude`: the idle sway as a fraction of the full tilt (0.48).
    public var idleSwayAmplitude = 0.48
    /// `idleScale`: the focused card's scale when idle ("grows even larger", 1.15).
    public var idleScale = 1.15
    /// `idleDimming`: how much the other cards dim when idle (0: not at all; 1: black).
    public var idleDimming = 0.0

    public init() {}

    /// Keys `read` accepts.
    public static let keys: Set<String> = [
        "tiltMaxAngle", "perspective", "tiltAxis", "tiltReverse", "scale", "transitionSpeed", "transitionEasing",
        "glareColor", "glareMaxOpacity", "glareShape", "shadowRadius", "shadowOffset", "shadowOpacity", "shadowColor",
        "idleDelay", "idleSwayAmplitude", "idleScale", "idleDimming",
    ]

    /// Reads the keys present in `node` over the defaults.
    public static func read(_ node: JSONNode) throws -> FocusEffect {
        var e = FocusEffect()
        e.tiltMaxAngle = try node["tiltMaxAngle"].double(in: 0...90, default: e.tiltMaxAngle)
        e.perspective = try node["perspective"].positive(default: e.perspective)
        e.tiltAxis = try node["tiltAxis"].enumValue(TiltAxis.self, default: .both)
        e.tiltReverse = try node["tiltReverse"].bool(default: false)
        e.scale = try node["scale"].double(in: 0.1...10, default: e.scale)
        e.transitionSpeed = try node["transitionSpeed"].double(in: 0...60_000, default: e.transitionSpeed)
        if node["transitionEasing"].exists { e.transitionEasing = try timing(node["transitionEasing"]) }
        if node["glareColor"].exists {
            let c = try node["glareColor"].rgba()
            e.glareColor = Color(c.0, c.1, c.2, c.3)
        }
        e.glareMaxOpacity = try node["glareMaxOpacity"].double(in: 0...1, default: 1)
        if node["glareShape"].exists { e.glareShape = try node["glareShape"].enumValue(GlareShape.self, default: .radial) }
        e.shadowRadius = try node["shadowRadius"].double(in: 0...200, default: e.shadowRadius)
        if node["shadowOffset"].exists {
            let p = try node["shadowOffset"].point()
            guard abs(p.0) <= JSONNode.maxExtent, abs(p.1) <= JSONNode.maxExtent else {
                throw node["shadowOffset"].error("expected an offset within ±\(JSONNode.format(JSONNode.maxExtent)) points")
            }
            e.shadowOffset = Point(p.0, p.1)
        }
        e.shadowOpacity = try node["shadowOpacity"].double(in: 0...1, default: e.shadowOpacity)
        if node["shadowColor"].exists {
            let c = try node["shadowColor"].rgba()
            e.shadowColor = Color(c.0, c.1, c.2, c.3)
        }
        e.idleDelay = try node["idleDelay"].double(in: 0...86_400, default: e.idleDelay)
        e.idleSwayAmplitude = try node["idleSwayAmplitude"].double(in: 0...1, default: e.idleSwayAmplitude)
        e.idleScale = try node["idleScale"].double(in: 0.1...10, default: e.idleScale)
        e.idleDimming = try node["idleDimming"].double(in: 0...1, default: 0)
        return e
    }

    /// A timing function: `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, or
    /// `[c1x, c1y, c2x, c2y]` (a CSS cubic-bezier; x in 0...1).
    public static func timing(_ node: JSONNode) throws -> TimingFunction {
        if case .array? = node.value {
            let n = try node.numbers(4)
            guard (0...1).contains(n[0]), (0...1).contains(n[2]), abs(n[1]) <= 100, abs(n[3]) <= 100 else {
                throw node.error("expected [c1x, c1y, c2x, c2y] with c1x and c2x in 0...1")
            }
            return TimingFunction(n[0], n[1], n[2], n[3])
        }
        switch try node.string() {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut": return .easeInEaseOut
        case "default": return .default
        case let s: throw node.error("expected linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y], found \"\(s)\"")
        }
    }

    /// The pose-to-transform geometry: ParallaxView's pan (8 pt at full deflection) with
    /// this effect's angle, perspective and direction.
    public var geometry: ParallaxGeometry {
        var g = ParallaxGeometry()
        g.rotateParameter = (tiltMaxAngle * Double.pi / 180) / 0.25
        g.cardTranslation = 8 / 0.25
        g.perspective = perspective
        g.reversed = tiltReverse
        g.fixReverseQuirk = true
        return g
    }

    /// The card layer's CALayer `shadowRadius` (a Gaussian's standard deviation): half the
    /// effect's `shadowRadius`, as TVButton's and the web libraries' blur radii are read.
    public var shadowSigma: Double { shadowRadius / 2 }

    /// A pose's tilt with the axis lock applied.
    public func locked(x: Double, y: Double) -> (x: Double, y: Double) {
        switch tiltAxis {
        case .both: return (x, y)
        case .x: return (x, 0)
        case .y: return (0, y)
        }
    }
}
