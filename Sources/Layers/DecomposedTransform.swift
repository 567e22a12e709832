#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerMath

// A CATransform3D split into translation, scale, shear and rotation, the way Core
// Animation (and CSS after it) interpolates transforms: each part is interpolated on its
// own, the rotation along the shorter great circle (a quaternion slerp), so a rotation
// by 90 degrees passes through 45 degrees instead of shrinking through the matrix average.
// The same split serves the component key paths (`transform.rotation.z`,
// `transform.scale.x`, `transform.translation.y`, ...).
//
// Does not: decompose perspective. A matrix whose fourth column is not (0, 0, 0, 1), or
// whose upper 3x3 is singular, is interpolated entry by entry instead (documented in
// docs/animations.md); component key paths keep the fourth column untouched.

/// A transform's parts: `M = S * K * R * T` for row vectors (scale first, then shear,
/// rotation, translation), plus the untouched fourth column.
public struct DecomposedTransform: Equatable, Sendable {
    /// m41, m42, m43.
    public var translation: (x: Double, y: Double, z: Double)
    /// Scale along the layer's x, y, z (negative x when the matrix mirrors).
    public var scale: (x: Double, y: Double, z: Double)
    /// Shear factors xy, xz, yz.
    public var shear: (xy: Double, xz: Double, yz: Double)
    /// Unit quaternion (x, y, z, w) of the rotation.
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)
    /// m14, m24, m34, m44, kept as they are.
    public var column4: (Double, Double, Double, Double)

    public static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.shear == b.shear && a.quaternion == b.quaternion
            && a.column4 == b.column4
    }

    /// Splits `m`, or returns nil when its upper 3x3 is singular or not finite.
    public init?(_ m: Transform3D) {
        guard m.isFinite else { return nil }
        var r0 = (m.m11, m.m12, m.m13), r1 = (m.m21, m.m22, m.m23), r2 = (m.m31, m.m32, m.m33)
        var sx = length(r0)
        guard sx > 1e-12 else { return nil }
        r0 = scaled(r0, 1 / sx)
        var xy = dot(r0, r1)
        r1 = combine(r1, r0, -xy)
        var sy = length(r1)
        guard sy > 1e-12 else { return nil }
        r1 = scaled(r1, 1 / sy)
        xy /= sy
        var xz = dot(r0, r2)
        r2 = combine(r2, r0, -xz)
        var yz = dot(r1, r2)
        r2 = combine(r2, r1, -yz)
        var sz = length(r2)
        guard sz > 1e-12 else { return nil }
        r2 = scaled(r2, 1 / sz)
        xz /= sz
        yz /= sz
        // A mirrored basis: flip it (and the scales) so the rotation is proper.
        if dot(r0, cross(r1, r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = scaled(r0, -1); r1 = scaled(r1, -1); r2 = scaled(r2, -1)
        }
        translation = (m.m41, m.m42, m.m43)
        scale = (sx, sy, sz)
        shear = (xy, xz, yz)
        quaternion = DecomposedTransform.quaternion(r0, r1, r2)
        column4 = (m.m14, m.m24, m.m34, m.m44)
    }

    /// Splits `m` even when its upper 3x3 is singular (a scale of 0 on some axis): then
    /// the scales are the row lengths, with no shear and no rotation.
    public static func lenient(_ m: Transform3D) -> DecomposedTransform {
        if let d = DecomposedTransform(m) { return d }
        return DecomposedTransform(
            translation: (m.m41, m.m42, m.m43),
            scale: (length((m.m11, m.m12, m.m13)), length((m.m21, m.m22, m.m23)), length((m.m31, m.m32, m.m33))),
            shear: (0, 0, 0), quaternion: (0, 0, 0, 1), column4: (m.m14, m.m24, m.m34, m.m44))
    }

    private init(translation: (x: Double, y: Double, z: Double), scale: (x: Double, y: Double, z: Double),
                 shear: (xy: Double, xz: Double, yz: Double), quaternion: (x: Double, y: Double, z: Double, w: Double),
                 column4: (Double, Double, Double, Double)) {
        self.translation = translation; self.scale = scale; self.shear = shear
        self.quaternion = quaternion; self.column4 = column4
    }

    /// Rebuilds the matrix.
    public var matrix: Transform3D {
        let (r0, r1, r2) = DecomposedTransform.rows(quaternion)
        // r1' = sy (xy r0 + r1), r2' = sz (xz r0 + yz r1 + r2), r0' = sx r0.
        let a = scaled(r0, scale.x)
        let b = scaled(combine(r1, r0, shear.xy), scale.y)
        let c = scaled(combine(combine(r2, r0, shear.xz), r1, shear.yz), scale.z)
        return Transform3D(a.0, a.1, a.2, column4.0,
                           b.0, b.1, b.2, column4.1,
                           c.0, c.1, c.2, column4.2,
                           translation.x, translation.y, translation.z, column4.3)
    }

    /// Interpolates two transforms part by part (entry by entry when either has
    /// perspective or cannot be decomposed). `f` may lie outside 0...1.
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ f: Double) -> Transform3D {
        if f == 0 { return a }
        if f == 1 { return b }
        guard a.m14 == 0, a.m24 == 0, a.m34 == 0, a.m44 == 1, b.m14 == 0, b.m24 == 0, b.m34 == 0, b.m44 == 1,
              let p = DecomposedTransform(a), let q = DecomposedTransform(b) else {
            return entryWise(a, b, f)
        }
        var r = p
        r.translation = (lerp(p.translation.x, q.translation.x, f), lerp(p.translation.y, q.translation.y, f),
                         lerp(p.translation.z, q.translation.z, f))
        r.scale = (lerp(p.scale.x, q.scale.x, f), lerp(p.scale.y, q.scale.y, f), lerp(p.scale.z, q.scale.z, f))
        r.shear = (lerp(p.shear.xy, q.shear.xy, f), lerp(p.shear.xz, q.shear.xz, f), lerp(p.shear.yz, q.shear.yz, f))
        r.quaternion = slerp(p.quaternion, q.quaternion, f)
        return r.matrix
    }

    /// Entry-by-entry interpolation (the fallback for perspective matrices).
    public static func entryWise(_ a: Transform3D, _ b: Transform3D, _ f: Double) -> Transform3D {
        Transform3D(lerp(a.m11, b.m11, f), lerp(a.m12, b.m12, f), lerp(a.m13, b.m13, f), lerp(a.m14, b.m14, f),
                    lerp(a.m21, b.m21, f), lerp(a.m22, b.m22, f), lerp(a.m23, b.m23, f), lerp(a.m24, b.m24, f),
                    lerp(a.m31, b.m31, f), lerp(a.m32, b.m32, f), lerp(a.m33, b.m33, f), lerp(a.m34, b.m34, f),
                    lerp(a.m41, b.m41, f), lerp(a.m42, b.m42, f), lerp(a.m43, b.m43, f), lerp(a.m44, b.m44, f))
    }

    // MARK: Euler angles for the rotation.x|y|z key paths

    /// The rotation as angles about x, then y, then z (`Rx * Ry * Rz`, x acting first),
    /// the order in which `transform.rotation.x|y|z` are recombined.
    public var eulerAngles: (x: Double, y: Double, z: Double) {
        let (r0, r1, r2) = DecomposedTransform.rows(quaternion)
        // Rx*Ry*Rz = [[cy cz, cy sz, -sy], [.., .., sx cy], [.., .., cx cy]].
        let sy = min(max(-r0.2, -1), 1)
        let ay = asin(sy)
        if abs(sy) < 1 - 1e-12 {
            return (atan2(r1.2, r2.2), ay, atan2(r0.1, r0.0))
        }
        // Gimbal lock: put everything in x.
        return (atan2(-r2.1, r1.1), ay, 0)
    }

    /// Replaces the rotation with `Rx(x) * Ry(y) * Rz(z)`.
    public mutating func setEulerAngles(_ x: Double, _ y: Double, _ z: Double) {
        let r = Transform3D.rotation(x, 1, 0, 0) * .rotation(y, 0, 1, 0) * .rotation(z, 0, 0, 1)
        quaternion = DecomposedTransform.quaternion((r.m11, r.m12, r.m13), (r.m21, r.m22, r.m23), (r.m31, r.m32, r.m33))
    }

    // MARK: Quaternions (rows of a row-vector rotation matrix)

    typealias V3 = (Double, Double, Double)

    /// The unit quaternion of the rotation whose rows are r0, r1, r2 (p' = p R).
    static func quaternion(_ r0: V3, _ r1: V3, _ r2: V3) -> (x: Double, y: Double, z: Double, w: Double) {
        // Column-vector matrix C = R^T: C[i][j] = R[j][i].
        let c00 = r0.0, c11 = r1.1, c22 = r2.2
        let c01 = r1.0, c10 = r0.1, c02 = r2.0, c20 = r0.2, c12 = r2.1, c21 = r1.2
        let trace = c00 + c11 + c22
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = ((c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4)
        } else if c00 > c11 && c00 > c22 {
            let s = (1 + c00 - c11 - c22).squareRoot() * 2
            q = (s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
        } else if c11 > c22 {
            let s = (1 + c11 - c00 - c22).squareRoot() * 2
            q = ((c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s)
        } else {
            let s = (1 + c22 - c00 - c11).squareRoot() * 2
            q = ((c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s)
        }
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        return (q.x / n, q.y / n, q.z / n, q.w / n)
    }

    /// The rows of the row-vector rotation matrix of a unit quaternion.
    static func rows(_ q: (x: Double, y: Double, z: Double, w: Double)) -> (V3, V3, V3) {
        let (x, y, z, w) = q
        // Column-vector matrix C, then R = C^T.
        let c00 = 1 - 2 * (y * y + z * z), c01 = 2 * (x * y - z * w), c02 = 2 * (x * z + y * w)
        let c10 = 2 * (x * y + z * w), c11 = 1 - 2 * (x * x + z * z), c12 = 2 * (y * z - x * w)
        let c20 = 2 * (x * z - y * w), c21 = 2 * (y * z + x * w), c22 = 1 - 2 * (x * x + y * y)
        return ((c00, c10, c20), (c01, c11, c21), (c02, c12, c22))
    }

    /// Spherical interpolation along the shorter arc; `f` may lie outside 0...1.
    static func slerp(_ a: (x: Double, y: Double, z: Double, w: Double), _ b0: (x: Double, y: Double, z: Double, w: Double),
                      _ f: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        var b = b0
        var d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if d < 0 { b = (-b.x, -b.y, -b.z, -b.w); d = -d }
        var wa = 1 - f, wb = f
        if d < 1 - 1e-9 {
            let theta = acos(min(d, 1)), s = sin(theta)
            wa = sin((1 - f) * theta) / s
            wb = sin(f * theta) / s
        }
        var q = (x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y, z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = (q.x / n, q.y / n, q.z / n, q.w / n) }
        return q
    }
}

private func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
private func length(_ a: (Double, Double, Double)) -> Double { dot(a, a).squareRoot() }
private func scaled(_ a: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) { (a.0 * s, a.1 * s, a.2 * s) }
/// a + s b.
private func combine(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ s: Double) -> (Double, Double, Double) {
    (a.0 + s * b.0, a.1 + s * b.1, a.2 + s * b.2)
}
private func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
    (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
}
