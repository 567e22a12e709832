import LayerMath

// The values an animation interpolates, and Core Animation's per-type arithmetic:
// interpolation (from, to, fraction) and addition (for `byValue` and additive animations).
//
// Does not: convert between kinds (a point animation on a scalar key path is an error
// found when the animation is built), nor clamp (the key path clamps when it writes).

/// A value of an animatable layer property.
public enum AnimationValue: Equatable, Sendable {
    /// opacity, zPosition, cornerRadius, position.x, transform.rotation.z, ...
    case scalar(Double)
    /// position, anchorPoint.
    case point(Point)
    /// bounds (the bounds origin is always 0, 0 here).
    case size(Size)
    /// backgroundColor, straight RGBA.
    case color(Color)
    /// transform.
    case transform(Transform3D)
    /// contentsCenter, a unit rectangle [x, y, w, h].
    case rect(Rect)
    /// A shape layer's path (`ShapePath.interpolate` says how two paths blend).
    case path(ShapePath)

    /// A short name of the kind, for error messages.
    public var kindName: String {
        switch self {
        case .scalar: return "a number"
        case .point: return "a point [x, y]"
        case .size: return "a size [w, h]"
        case .color: return "a colour [r, g, b, a]"
        case .transform: return "a transform"
        case .rect: return "a rectangle [x, y, w, h]"
        case .path: return "SVG path data"
        }
    }

    /// True when both values are of the same kind.
    public func sameKind(as other: AnimationValue) -> Bool {
        switch (self, other) {
        case (.scalar, .scalar), (.point, .point), (.size, .size), (.color, .color), (.transform, .transform),
             (.rect, .rect), (.path, .path): return true
        default: return false
        }
    }

    /// The value `fraction` of the way from `a` to `b` (fractions outside 0...1
    /// extrapolate, as a spring's overshoot needs). Numbers, points, sizes and colours
    /// and rectangles interpolate linearly per component; transforms as Core Animation does,
    /// by decomposing both (`DecomposedTransform`); paths point by point when their commands
    /// match, else as a discrete value (`ShapePath.interpolate`). Mismatched kinds give `b`.
    public static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ f: Double) -> AnimationValue {
        switch (a, b) {
        case let (.scalar(x), .scalar(y)): return .scalar(lerp(x, y, f))
        case let (.point(p), .point(q)): return .point(Point(lerp(p.x, q.x, f), lerp(p.y, q.y, f)))
        case let (.size(p), .size(q)): return .size(Size(lerp(p.width, q.width, f), lerp(p.height, q.height, f)))
        case let (.color(p), .color(q)):
            return .color(Color(lerp(p.r, q.r, f), lerp(p.g, q.g, f), lerp(p.b, q.b, f), lerp(p.a, q.a, f)))
        case let (.transform(p), .transform(q)): return .transform(DecomposedTransform.interpolate(p, q, f))
        case let (.rect(p), .rect(q)):
            return .rect(Rect(x: lerp(p.minX, q.minX, f), y: lerp(p.minY, q.minY, f),
                              width: lerp(p.size.width, q.size.width, f), height: lerp(p.size.height, q.size.height, f)))
        case let (.path(p), .path(q)): return .path(ShapePath.interpolate(p, q, f))
        default: return b
        }
    }

    /// `base` plus `delta`, Core Animation's type-dependent addition: per component for
    /// numbers, points, sizes, colours, rectangles and matching paths; for transforms the two matrices are
    /// concatenated, `delta` acting first (`delta * base`). Mismatched kinds give `base`.
    public static func add(_ base: AnimationValue, _ delta: AnimationValue) -> AnimationValue {
        switch (base, delta) {
        case let (.scalar(x), .scalar(y)): return .scalar(x + y)
        case let (.point(p), .point(q)): return .point(p + q)
        case let (.size(p), .size(q)): return .size(Size(p.width + q.width, p.height + q.height))
        case let (.color(p), .color(q)): return .color(Color(p.r + q.r, p.g + q.g, p.b + q.b, p.a + q.a))
        case let (.transform(p), .transform(q)): return .transform(q * p)
        case let (.rect(p), .rect(q)):
            return .rect(Rect(x: p.minX + q.minX, y: p.minY + q.minY, width: p.size.width + q.size.width,
                              height: p.size.height + q.size.height))
        case let (.path(p), .path(q)): return .path(ShapePath.adding(p, q))
        default: return base
        }
    }

    /// `base` minus `delta` (the inverse of `add`; a singular transform delta gives `base`).
    public static func subtract(_ base: AnimationValue, _ delta: AnimationValue) -> AnimationValue {
        switch (base, delta) {
        case let (.scalar(x), .scalar(y)): return .scalar(x - y)
        case let (.point(p), .point(q)): return .point(p - q)
        case let (.size(p), .size(q)): return .size(Size(p.width - q.width, p.height - q.height))
        case let (.color(p), .color(q)): return .color(Color(p.r - q.r, p.g - q.g, p.b - q.b, p.a - q.a))
        case let (.transform(p), .transform(q)):
            guard let inverse = q.inverted() else { return base }
            return .transform(inverse * p)
        case let (.rect(p), .rect(q)):
            return .rect(Rect(x: p.minX - q.minX, y: p.minY - q.minY, width: p.size.width - q.size.width,
                              height: p.size.height - q.size.height))
        case let (.path(p), .path(q)): return .path(ShapePath.subtracting(p, q))
        default: return base
        }
    }
}
