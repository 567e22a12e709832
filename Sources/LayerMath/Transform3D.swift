// CONVENTIONS (shared by every module; docs/architecture.md)
//
// - Points are ROW vectors: p' = p * M. `concat(a, b)` = a * b applies `a` first
//   (CATransform3DConcat). The translation lives in m41, m42, m43.
// - Perspective is m34 = -1/d; after a transform w = 1 - z/d (z toward the viewer).
// - Axes: +x right, +y DOWN, +z toward the viewer. Units are points; the window's
//   origin is its top-left corner.
// - rotation(a, 0,0,1) maps (1, 0) to (cos a, sin a): clockwise on screen. About Y, a
//   positive angle moves the +x edge away from the viewer.
// - `t.translated(...)`, `t.rotated(...)`, `t.scaled(...)` behave like
//   CATransform3DTranslate/Rotate/Scale: the new operation acts BEFORE `t`
//   (result = op * t).
// - Uploading m11...m44 in this order to GLSL with transpose = GL_FALSE makes
//   `u_model * vec4(p, 1)` compute CA's p * M.
//
// What this module does NOT do: no SIMD dependence, no Float storage (CA uses CGFloat,
// i.e. Double, and so do we; the renderer converts once per quad).

/// A 4x4 homogeneous transform with `CATransform3D`'s layout and semantics.
public struct Transform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var m11: Double, m12: Double, m13: Double, m14: Double
    public var m21: Double, m22: Double, m23: Double, m24: Double
    public var m31: Double, m32: Double, m33: Double, m34: Double
    public var m41: Double, m42: Double, m43: Double, m44: Double

    /// Creates a matrix from its sixteen entries, row by row.
    public init(_ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double,
                _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
                _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double,
                _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The identity transform (CATransform3DIdentity).
    public static let identity = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// The flattening matrix diag(1, 1, 0, 1): drops z, keeps w (a layer rendering its sublayers into its plane).
    public static let flatten = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)

    /// CATransform3DMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1)
    }

    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D(sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1)
    }

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), normalised.
    /// A zero axis gives the identity, as in Core Animation.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D(
            t * x * x + c, t * x * y + z * s, t * x * z - y * s, 0,
            t * x * y - z * s, t * y * y + c, t * y * z + x * s, 0,
            t * x * z + y * s, t * y * z - x * s, t * z * z + c, 0,
            0, 0, 0, 1)
    }

    /// The seeds' `CATransform3DMakePerspective`: identity with m34 = -1/d.
    public static func perspective(_ distance: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = distance == 0 ? 0 : -1 / distance
        return t
    }

    /// The seeds' `CATransform3DPerspect(t, center, d)`: `t`, then a perspective of
    /// distance `d` about `center` (T(-c) * P * T(c)).
    public func perspected(center: (x: Double, y: Double) = (0, 0), distance: Double) -> Transform3D {
        concat(self, .translation(-center.x, -center.y, 0) * .perspective(distance) * .translation(center.x, center.y, 0))
    }

    /// CATransform3DTranslate: a translation applied before this transform.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        .translation(tx, ty, tz) * self
    }

    /// CATransform3DScale: a scale applied before this transform.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        .scale(sx, sy, sz) * self
    }

    /// CATransform3DRotate: a rotation applied before this transform.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        .rotation(angle, x, y, z) * self
    }

    /// True when this is exactly the identity (CATransform3DIsIdentity).
    public var isIdentity: Bool { self == .identity }

    /// True when the matrix has no perspective and no z coupling: a 2D affine transform
    /// (CATransform3DIsAffine).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// True when every entry is finite (no NaN, no infinity).
    public var isFinite: Bool {
        var ok = true
        withEntries { for v in $0 where !v.isFinite { ok = false } }
        return ok
    }

    /// Calls `body` with the sixteen entries in row-major order (m11, m12, ... m44),
    /// the order to upload to GLSL with transpose = GL_FALSE.
    public func withEntries<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        var copy = self
        return try withUnsafeBytes(of: &copy) { raw in
            try body(raw.bindMemory(to: Double.self))
        }
    }

    /// The sixteen entries, row by row.
    public var entries: [Double] { withEntries { Array($0) } }

    /// The determinant of the 4x4 matrix.
    public var determinant: Double {
        let a = self
        let s0 = a.m11 * a.m22 - a.m21 * a.m12, s1 = a.m11 * a.m23 - a.m21 * a.m13
        let s2 = a.m11 * a.m24 - a.m21 * a.m14, s3 = a.m12 * a.m23 - a.m22 * a.m13
        let s4 = a.m12 * a.m24 - a.m22 * a.m14, s5 = a.m13 * a.m24 - a.m23 * a.m14
        let c5 = a.m33 * a.m44 - a.m43 * a.m34, c4 = a.m32 * a.m44 - a.m42 * a.m34
        let c3 = a.m32 * a.m43 - a.m42 * a.m33, c2 = a.m31 * a.m44 - a.m41 * a.m34
        let c1 = a.m31 * a.m43 - a.m41 * a.m33, c0 = a.m31 * a.m42 - a.m41 * a.m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// CATransform3DInvert: the inverse, or nil when the matrix is singular
    /// (Core Animation returns the original matrix in that case; we make it explicit).
    public func inverted() -> Transform3D? {
        let a = self
        let s0 = a.m11 * a.m22 - a.m21 * a.m12, s1 = a.m11 * a.m23 - a.m21 * a.m13
        let s2 = a.m11 * a.m24 - a.m21 * a.m14, s3 = a.m12 * a.m23 - a.m22 * a.m13
        let s4 = a.m12 * a.m24 - a.m22 * a.m14, s5 = a.m13 * a.m24 - a.m23 * a.m14
        let c5 = a.m33 * a.m44 - a.m43 * a.m34, c4 = a.m32 * a.m44 - a.m42 * a.m34
        let c3 = a.m32 * a.m43 - a.m42 * a.m33, c2 = a.m31 * a.m44 - a.m41 * a.m34
        let c1 = a.m31 * a.m43 - a.m41 * a.m33, c0 = a.m31 * a.m42 - a.m41 * a.m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Transform3D(
            (a.m22 * c5 - a.m23 * c4 + a.m24 * c3) * k,
            (-a.m12 * c5 + a.m13 * c4 - a.m14 * c3) * k,
            (a.m42 * s5 - a.m43 * s4 + a.m44 * s3) * k,
            (-a.m32 * s5 + a.m33 * s4 - a.m34 * s3) * k,
            (-a.m21 * c5 + a.m23 * c2 - a.m24 * c1) * k,
            (a.m11 * c5 - a.m13 * c2 + a.m14 * c1) * k,
            (-a.m41 * s5 + a.m43 * s2 - a.m44 * s1) * k,
            (a.m31 * s5 - a.m33 * s2 + a.m34 * s1) * k,
            (a.m21 * c4 - a.m22 * c2 + a.m24 * c0) * k,
            (-a.m11 * c4 + a.m12 * c2 - a.m14 * c0) * k,
            (a.m41 * s4 - a.m42 * s2 + a.m44 * s0) * k,
            (-a.m31 * s4 + a.m32 * s2 - a.m34 * s0) * k,
            (-a.m21 * c3 + a.m22 * c1 - a.m23 * c0) * k,
            (a.m11 * c3 - a.m12 * c1 + a.m13 * c0) * k,
            (-a.m41 * s3 + a.m42 * s1 - a.m43 * s0) * k,
            (a.m31 * s3 - a.m32 * s1 + a.m33 * s0) * k)
    }

    /// Applies the transform to the row vector (x, y, z, w); no perspective divide.
    @inline(__always)
    public func apply(_ v: Vector4) -> Vector4 {
        Vector4(v.x * m11 + v.y * m21 + v.z * m31 + v.w * m41,
                v.x * m12 + v.y * m22 + v.z * m32 + v.w * m42,
                v.x * m13 + v.y * m23 + v.z * m33 + v.w * m43,
                v.x * m14 + v.y * m24 + v.z * m34 + v.w * m44)
    }

    /// Projects a point of the layer's plane (z = 0) to 2D, dividing by w.
    @inline(__always)
    public func project(_ p: Point) -> Point {
        let v = apply(Vector4(p.x, p.y, 0, 1))
        return Point(v.x / v.w, v.y / v.w)
    }

    /// Projects a 3D point, dividing by w.
    public func project(_ p: Vector3) -> Vector3 {
        let v = apply(Vector4(p.x, p.y, p.z, 1))
        return Vector3(v.x / v.w, v.y / v.w, v.z / v.w)
    }

    /// The homography this transform induces on the z = 0 plane, as the 3x3 matrix
    /// of rows (x, y, 1) -> (X, Y, W).
    public var planeHomography: Homography2D {
        Homography2D(m11, m12, m14, m21, m22, m24, m41, m42, m44)
    }

    public var description: String {
        func f(_ v: Double) -> String { "\((v * 10000).rounded() / 10000)" }
        return "[\(f(m11)) \(f(m12)) \(f(m13)) \(f(m14))]\n[\(f(m21)) \(f(m22)) \(f(m23)) \(f(m24))]\n"
            + "[\(f(m31)) \(f(m32)) \(f(m33)) \(f(m34))]\n[\(f(m41)) \(f(m42)) \(f(m43)) \(f(m44))]"
    }
}

/// CATransform3DConcat(a, b) = a * b: `a` is applied first.
@inline(__always)
public func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a * b }

extension Transform3D {
    /// Matrix product; with row vectors `a * b` applies `a` first.
    @inline(__always)
    public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
        Transform3D(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
