// A clip applied inside the quad shader instead of the stencil: when a quad lies in its
// clip's plane with the clip's axes (parallax layers translated inside a rounded card, tilted
// or not), each fragment maps its bounds point into the clip's bounds space with a scale
// and an offset and tests the clip's rounded rectangle there: the same point the stencil
// shape's fragment would test, with no clip pass. Pure Swift, no GL.
//
// The clip's edge is antialiased like a quad's own (QuadPlanner.softClips, quad.frag): a
// tilted card's sides and a rounded card's corners are smooth, where the stencil shape
// (and this clip with soft clips off) decides each pixel by its centre.
//
// Does NOT: decide which clips are analytic (ClipLowering does: a clip whose quads all
// qualify), or handle a quad that is not aligned with its clip (that clip stays a stencil
// shape, hard).

import LayerMath
import Layers

/// How a quad's bounds space sits in its clip's bounds space, and the clip's shape.
package struct AnalyticClip: Equatable {
    /// Clip point = quad point * scale + offset, per axis.
    package var scaleX: Double, scaleY: Double, offsetX: Double, offsetY: Double
    /// The clip's bounds size and corner radius (in its own bounds space).
    package var width: Double, height: Double, radius: Double
    /// The clip's corners left square (`CornerMask.squareBits`).
    package var squareCorners = 0
    /// The clip's corners are continuous (`CornerCurve`; `radius` is then their reach, and
    /// the circle of that radius lies inside them, so the interiors below still hold).
    package var continuousCorners = false

    /// The clip's bounds rectangle in the quad's bounds space.
    package var rectInQuad: Rect { rectInQuad(inset: 0) }

    /// A rectangle of quad bounds space whose every point is inside the clip's rounded
    /// rectangle: its bounds inset by r(1 - 1/sqrt 2) (the inset rectangle's corners lie on
    /// the corner arcs), in the quad's bounds space. nil when nothing is left.
    package var interiorInQuad: Rect? { interiorInQuad(margin: 0) }

    /// A rectangle of quad bounds space whose every point is at least `margin` (clip bounds
    /// units) inside the clip's rounded rectangle: the bounds inset by
    /// max(m, r - (r - m)/sqrt 2), which puts the inset rectangle's corners on the corner
    /// arcs moved in by m. nil when nothing is left.
    package func interiorInQuad(margin m: Double) -> Rect? {
        let r = max(0, min(radius, width / 2, height / 2))
        let k = max(m, r - (r - m) / 2.0.squareRoot())
        guard k.isFinite, width - 2 * k > 0, height - 2 * k > 0 else { return nil }
        return rectInQuad(inset: k)
    }

    /// The clip's bounds inset by `k` (clip units; negative grows it), in the quad's bounds space.
    package func rectInQuad(inset k: Double) -> Rect {
        let xa = (k - offsetX) / scaleX, xb = (width - k - offsetX) / scaleX
        let ya = (k - offsetY) / scaleY, yb = (height - k - offsetY) / scaleY
        return Rect(x: min(xa, xb), y: min(ya, yb), width: abs(xb - xa), height: abs(yb - ya))
    }

    /// The map from a quad (`quadMatrix`, bounds `quadSize`) into a clip whose plane
    /// homography's inverse is `clipInverse`: nil unless the composite is an axis-aligned
    /// scale and offset to within 1e-9 of the quad's extent (coplanar, unrotated relative to
    /// the clip), with finite, non-zero scales.
    package static func map(quadMatrix: Transform3D, quadSize: Size, clipInverse inv: Homography2D,
                    clip: RenderClip) -> AnalyticClip? {
        let h = quadMatrix.planeHomography
        // R = H_quad * H_clip^-1 (row vectors): quad point -> clip point (homogeneous).
        let r00 = h.a * inv.a + h.b * inv.d + h.c * inv.g, r01 = h.a * inv.b + h.b * inv.e + h.c * inv.h
        let r02 = h.a * inv.c + h.b * inv.f + h.c * inv.i
        let r10 = h.d * inv.a + h.e * inv.d + h.f * inv.g, r11 = h.d * inv.b + h.e * inv.e + h.f * inv.h
        let r12 = h.d * inv.c + h.e * inv.f + h.f * inv.i
        let r20 = h.g * inv.a + h.h * inv.d + h.i * inv.g, r21 = h.g * inv.b + h.h * inv.e + h.i * inv.h
        let r22 = h.g * inv.c + h.h * inv.f + h.i * inv.i
        guard r22.isFinite, abs(r22) > 1e-300 else { return nil }
        let sx = r00 / r22, sy = r11 / r22, tx = r20 / r22, ty = r21 / r22
        guard sx.isFinite, sy.isFinite, tx.isFinite, ty.isFinite, abs(sx) > 1e-12, abs(sy) > 1e-12 else { return nil }
        // Over the quad's extent, the terms a pure scale and offset leave out must be nil.
        let w = max(1, abs(quadSize.width)), hgt = max(1, abs(quadSize.height))
        let shear = abs(r01 / r22) * w + abs(r10 / r22) * hgt
        let perspective = abs(r02 / r22) * w + abs(r12 / r22) * hgt
        guard shear <= 1e-9 * max(abs(sx) * w, abs(sy) * hgt), perspective <= 1e-9 else { return nil }
        return AnalyticClip(scaleX: sx, scaleY: sy, offsetX: tx, offsetY: ty,
                            width: clip.size.width, height: clip.size.height, radius: clip.cornerRadius,
                            squareCorners: clip.maskedCorners.squareBits, continuousCorners: clip.cornerCurve == .continuous)
    }
}
