#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D affine transform with `CGAffineTransform`'s layout and semantics:
/// row vectors, `[x y 1] * [a b 0; c d 0; tx ty 1]`.
/// `t.rotated(a)` etc. act like CGAffineTransformRotate: the new operation acts first.
public struct AffineTransform: Equatable, Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// CGAffineTransformMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }
    /// CGAffineTransformMakeScale.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// CGAffineTransformMakeRotation: (1, 0) goes to (cos a, sin a).
    public static func rotation(_ angle: Double) -> AffineTransform {
        AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }
    /// CGAffineTransformConcat(t1, t2) = t1 * t2: t1 applies first.
    public static func * (l: AffineTransform, r: AffineTransform) -> AffineTransform {
        AffineTransform(a: l.a * r.a + l.b * r.c, b: l.a * r.b + l.b * r.d,
                        c: l.c * r.a + l.d * r.c, d: l.c * r.b + l.d * r.d,
                        tx: l.tx * r.a + l.ty * r.c + r.tx, ty: l.tx * r.b + l.ty * r.d + r.ty)
    }
    /// CGAffineTransformTranslate.
    public func translated(_ tx: Double, _ ty: Double) -> AffineTransform { .translation(tx, ty) * self }
    /// CGAffineTransformScale.
    public func scaled(_ sx: Double, _ sy: Double) -> AffineTransform { .scale(sx, sy) * self }
    /// CGAffineTransformRotate.
    public func rotated(_ angle: Double) -> AffineTransform { .rotation(angle) * self }
    /// CGPointApplyAffineTransform.
    public func apply(_ p: Point) -> Point { Point(p.x * a + p.y * c + tx, p.x * b + p.y * d + ty) }
    /// CATransform3DMakeAffineTransform.
    public var transform3D: Transform3D {
        Transform3D(a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1)
    }
}
