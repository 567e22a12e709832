import LayerMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The geometry of seed 002's layer cube: where the six faces sit and the container
/// rotations the seed shows. Pure values; `Cube` builds layers from them.
///
/// Faces are numbered 1...6 as in the seed: front, left, right, top, bottom, back.
package enum CubeGeometry {
    /// The transform of face `k` (1...6) for a cube of edge `size`, exactly as the seed
    /// writes it: `CATransform3DRotate(CATransform3DMakeTranslation(...), ...)`, i.e. the
    /// rotation acts first, then the translation (R * T in row-vector order).
    package static func faceTransform(_ k: Int, size: Double) -> Transform3D {
        let h = size / 2
        switch k {
        case 1: return .translation(0, 0, h)                                    // front
        case 2: return Transform3D.translation(-h, 0, 0).rotated(-.pi / 2, 0, 1, 0) // left
        case 3: return Transform3D.translation(h, 0, 0).rotated(.pi / 2, 0, 1, 0)   // right
        case 4: return Transform3D.translation(0, -h, 0).rotated(.pi / 2, 1, 0, 0)  // top
        case 5: return Transform3D.translation(0, h, 0).rotated(-.pi / 2, 1, 0, 0)  // bottom
        case 6: return Transform3D.translation(0, 0, -h).rotated(.pi, 0, 1, 0)      // back
        default: preconditionFailure("a cube face is numbered 1...6, found \(k)")
        }
    }

    /// Number of container presets (`preset` 1...presetCount).
    package static let presetCount = 3

    /// The container's `sublayerTransform` rotations of the seed ("旋转1/2/3"), written as
    /// the seed writes them with CATransform3DMakeRotation then CATransform3DRotate (so
    /// the last-written rotation acts first on the faces' points).
    package static func preset(_ n: Int) -> Transform3D {
        switch n {
        case 1: return Transform3D.rotation(.pi / 4, 0, 1, 0).rotated(.pi / 4, 1, 0, 0)
        case 2: return Transform3D.rotation(-.pi / 4, 0, 1, 0).rotated(.pi / 4, 1, 0, 0)
        case 3: return Transform3D.rotation(.pi, 0, 1, 0).rotated(.pi / 4, 0, 1, 0).rotated(.pi / 4, 1, 0, 0)
        default: preconditionFailure("a cube preset is numbered 1...\(presetCount), found \(n)")
        }
    }

    /// A rotation followed by a perspective of distance `d` (m34 = -1/d); `d <= 0` means
    /// no perspective. This is the container's `sublayerTransform`.
    package static func sublayerTransform(rotation: Transform3D, perspective d: Double) -> Transform3D {
        d > 0 ? rotation * .perspective(d) : rotation
    }

    /// Direction of a row vector's image under the upper-left 3x3 of `m` (translation
    /// and perspective ignored): `(v.x, v.y, v.z, 0) * m`.
    @inline(__always)
    package static func direction(_ v: Vector3, _ m: Transform3D) -> Vector3 {
        Vector3(v.x * m.m11 + v.y * m.m21 + v.z * m.m31,
                v.x * m.m12 + v.y * m.m22 + v.z * m.m32,
                v.x * m.m13 + v.y * m.m23 + v.z * m.m33)
    }

    /// The outward normal of face `k` in the container's 3D space rotated by `rotation`
    /// (+z toward the viewer): the face's +z axis under its transform, then `rotation`.
    package static func outwardNormal(_ k: Int, rotation: Transform3D) -> Vector3 {
        direction(Vector3(0, 0, 1), faceTransform(k, size: 2) * rotation).normalized
    }
}
