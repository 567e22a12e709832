import LayerMath

/// CAReplicatorLayer's settings: a layer with them draws its sublayers `instanceCount`
/// times, instance k under `instanceTransform` applied k times (about the layer's anchor
/// point, in its own space) and multiplied by the colour `instanceColor` + k x the offsets
/// (each component clamped to 0...1). Instances are drawn in order, each with all the
/// sublayers, instance k's sublayers at the replicator's time less k x `instanceDelay`.
///
/// Does not: keep the instances' depth (`preservesDepth`): they are flattened into the
/// layer like any sublayers.
public struct Replicator: Equatable, Sendable {
    /// How many copies (1: the sublayers alone).
    public var instanceCount = 1
    /// What takes each instance to the next.
    public var instanceTransform: Transform3D = .identity
    /// The first instance's colour multiplier, straight alpha.
    public var instanceColor: Color = .white
    /// Added to the colour's components for each further instance.
    public var instanceRedOffset = 0.0, instanceGreenOffset = 0.0, instanceBlueOffset = 0.0, instanceAlphaOffset = 0.0
    /// Seconds (of the replicator's time) each instance's sublayer animations run behind
    /// the previous instance's (animatable: the drawn value is `LayerPresentation.instanceDelay`).
    public var instanceDelay = 0.0

    public init() {}

    /// The colour multiplier of instance `k`.
    public func color(ofInstance k: Int) -> Color {
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        let n = Double(k)
        return Color(c(instanceColor.r + n * instanceRedOffset), c(instanceColor.g + n * instanceGreenOffset),
                     c(instanceColor.b + n * instanceBlueOffset), c(instanceColor.a + n * instanceAlphaOffset))
    }
}
