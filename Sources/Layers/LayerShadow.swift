import LayerMath

/// A layer's drop shadow (CALayer's `shadowOpacity`, `shadowRadius`, `shadowOffset`,
/// `shadowColor`): the layer's rounded bounds, moved by the offset, blurred by a Gaussian
/// whose standard deviation is the radius, drawn just under the layer.
///
/// Drawn for a layer with a background or contents: the bounds rounded by `cornerRadius`
/// (an opaque card's shadow), or, when the layer has a `shadowImage`, that image (the
/// blurred alpha of its contents or of its `shadowPath`). Without a shadow image, a
/// `shadowPath` that is a rounded rectangle (`ShapePath.roundedRect`) is blurred the same
/// analytic way, even for a layer with nothing else. Does not: follow the sublayers.
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

/// A shadow's shape as an image (made outside this module, e.g. by Assets' `ShadowCaster`):
/// its alpha, already blurred, over the layer's bounds grown by `margin` points on every
/// side; drawn in the shadow's colour and opacity, moved by its offset.
public struct ShadowImage: Equatable, Sendable {
    /// The blurred alpha (premultiplied white).
    public var image: ImageRef
    /// Points of the image beyond each side of the bounds.
    public var margin: Double
    /// A shadow image over the bounds grown by `margin` on every side.
    public init(image: ImageRef, margin: Double) { self.image = image; self.margin = margin }
}
