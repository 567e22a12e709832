import LayerMath

/// A layer's drop shadow (CALayer's `shadowOpacity`, `shadowRadius`, `shadowOffset`,
/// `shadowColor`): the layer's rounded bounds, moved by the offset, blurred by a Gaussian
/// whose standard deviation is the radius, drawn just under the layer.
///
/// Drawn for a layer with a background or contents. Does not: follow the alpha of
/// translucent contents or of sublayers (the shape is the bounds rounded by
/// `cornerRadius`, the shadow of an opaque card), nor take a `shadowPath`.
public struct LayerShadow: Equatable, Sendable {
    /// 0 draws no shadow (CALayer's default).
    public var opacity: Double = 0
    /// Blur radius in the layer's points (CALayer's default 3).
    public var radius: Double = 3
    /// Offset in the layer's points, +height down (CALayer's default (0, -3)).
    public var offset: Point = Point(0, -3)
    /// The shadow's colour; its alpha multiplies `opacity`.
    public var color: Color = .black

    public init() {}

    /// True when the shadow draws something.
    public var isVisible: Bool { opacity > 0 && color.a > 0 }
}
