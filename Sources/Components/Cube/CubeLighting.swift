import LayerMath

/// How the cube's faces are shaded: a black overlay sublayer per face whose alpha is
/// computed here.
///
/// - `seed`: seed 002's `addLightingLayerToFace:` as written. It reinterprets the face's
///   `CATransform3D` as a `GLKMatrix4`, takes `GLKMatrix4GetMatrix3` and multiplies the
///   vector (1, 0, 0). GLKit matrices are column-major, CATransform3D is stored row by
///   row (m11, m12, m13, m14, m21, ...), so with 32-bit CGFloat the product is
///   (m11, m12, m13): the first ROW of the CA matrix, which in CA's row-vector
///   convention is the image of the face's +x axis, a tangent of the face, not its
///   normal. (With 64-bit CGFloat, the cast reads the bytes of Doubles as Floats and
///   the result is garbage; we reproduce the 32-bit meaning.) The "normal" is then dotted
///   with the light (1, 0, 0), so `dot = m11 / |row 1|`, and the overlay alpha is
///   `1 + dot - ambient`, clamped to 0...1 by the colour. The container's
///   sublayerTransform is not included, so the shading never changes as the cube turns.
///   Consequences for the seed's cube (ambient 0.5): front, top and bottom (m11 = 1) get
///   alpha 1.5 -> 1, fully black; left and right (m11 = 0) get 0.5; back (m11 = -1) gets
///   -0.5 -> 0, unshaded. The formula grows with the dot product, so it DARKENS the faces
///   lined up with the light instead of lighting them.
/// - `diffuse` (default): Lambert shading with the face's true outward normal in view
///   space (face transform, then the container's rotation; +z toward the viewer):
///   `alpha = (1 - ambient) * (1 - max(0, n . l))` with `l` the unit direction toward
///   the light.
/// - `none`: no overlays.
public enum CubeLighting: String, CaseIterable, Sendable {
    case diffuse, seed, none

    /// The seed's light direction `LIGHT_DIRECTION 1, 0, 0`.
    public static let seedLight = Vector3(1, 0, 0)
    /// The default light for `diffuse`: from the upper left, in front of the cube.
    public static let defaultLight = Vector3(-0.5, -0.7, 1).normalized

    /// The seed's shadow value `1 + dot - ambient` for a face transform, before the
    /// colour clamps it (may be outside 0...1).
    public static func seedShadow(faceTransform m: Transform3D, ambient: Double) -> Double {
        // GLKMatrix3MultiplyVector3(GetMatrix3(CA as GLK), (1,0,0)) = (m11, m12, m13).
        let normal = Vector3(m.m11, m.m12, m.m13).normalized
        let dot = seedLight.normalized.dot(normal)
        return 1 + dot - ambient
    }

    /// The diffuse overlay alpha for a unit outward normal and a unit light direction.
    public static func diffuseShadow(normal: Vector3, light: Vector3, ambient: Double) -> Double {
        (1 - ambient) * (1 - max(0, normal.dot(light)))
    }

    /// The overlay alpha actually drawn (clamped to 0...1) for face `k`, given the
    /// container rotation (ignored by `seed`).
    public func overlayAlpha(face k: Int, size: Double, rotation: Transform3D, light: Vector3,
                             ambient: Double) -> Double {
        let raw: Double
        switch self {
        case .none: return 0
        case .seed: raw = CubeLighting.seedShadow(faceTransform: CubeGeometry.faceTransform(k, size: size), ambient: ambient)
        case .diffuse:
            raw = CubeLighting.diffuseShadow(normal: CubeGeometry.outwardNormal(k, rotation: rotation),
                                             light: light, ambient: ambient)
        }
        return min(max(raw, 0), 1)
    }
}
