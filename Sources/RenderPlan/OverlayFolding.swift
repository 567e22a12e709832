// Folding a colour layer that lies exactly over the quad drawn before it (a cube face's
// shading, a dimming layer over a poster) into that quad's draws, pure Swift: its interior
// adds the colour, its antialiased ring (or its whole-quad coverage draw) blends it over
// its coverage, so the folded layer costs no draw at all.
//
// Does NOT: call GL, fold images (only a colour is a constant the shaders can add), or
// fold more than one layer into a quad: with each fold the result moves further from
// drawing the layers in turn (8-bit blends round each pass), and two measured 2/255 off,
// beyond the 1/255 the renderer allows; one stays within it.

import LayerMath
import Layers

/// The premultiplied colour of the colour layer folded over a quad: the coverage-free
/// shader outputs `fill * (1 - a) + tint` ("over", one blend instead of two; the same
/// result but for the 8-bit rounding between passes, within 1/255), the coverage shader,
/// where both layers cover a pixel by c, `c tint + (1 - c a) c fill`: what blending
/// `c fill`, then `c tint` over the target gives, to the same rounding.
package struct OverlayTint: Equatable {
    package var r: Float, g: Float, b: Float, a: Float

    /// Nothing folded.
    package static let none = OverlayTint(r: 0, g: 0, b: 0, a: 0)

    /// The colour of a colour layer planned as `plan` (premultiplied, its opacity in it).
    package init(_ plan: QuadPlan) { (r, g, b, a) = (plan.r, plan.g, plan.b, plan.a) }

    package init(r: Float, g: Float, b: Float, a: Float) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
}

/// Which colour layers fold into the quad below them.
package enum OverlayFolding {
    /// Whether the colour quad `over` (planned as `overPlan`), drawn right after `below`
    /// (planned as `belowPlan`), covers exactly the same pixels in the same way: same
    /// matrix, bounds, corner radius and clip, the same drawn rectangle and fully covered
    /// interior. Then it need not be drawn: the draws of `below` add it (`OverlayTint`).
    package static func folds(_ over: RenderQuad, _ overPlan: QuadPlan, onto below: RenderQuad, _ belowPlan: QuadPlan) -> Bool {
        guard case .color = over.contents, !overPlan.textured else { return false }
        guard overPlan.draws == belowPlan.draws else { return false }
        guard below.isInFrontOfEye, over.isInFrontOfEye, mayFold(over, onto: below) else { return false }
        return overPlan.outer == belowPlan.outer && overPlan.inner == belowPlan.inner
            && overPlan.smooth == belowPlan.smooth && overPlan.clip == belowPlan.clip
            && overPlan.rebase == nil && belowPlan.rebase == nil
    }

    /// A quick test, before planning `over`, that rules out most quads: a colour with the
    /// same matrix, bounds, corner radius and clip as `below`.
    package static func mayFold(_ over: RenderQuad, onto below: RenderQuad) -> Bool {
        // A sliced image's shader carries its bands where the folded colour would go.
        guard case .color = over.contents, !over.part.isShaped, !below.part.isShaped, below.nineSlice == nil else { return false }
        return over.clipIndex == below.clipIndex && over.size == below.size
            && over.cornerRadius == below.cornerRadius && over.maskedCorners == below.maskedCorners
            && over.cornerCurve == below.cornerCurve
            && sameMatrix(over.matrix, below.matrix)
    }

    /// The same map of the layer's plane, up to rounding: every entry that acts on a point
    /// (x, y, 0, 1) within 1e-9 of its own size (plus 1e-12). The third row multiplies z,
    /// which is 0 all over a layer, and differs between a layer and its sublayers (a layer
    /// flattens what it renders into its plane); the other entries of a sublayer's matrix,
    /// multiplied out through its own identity transform, differ from its parent's in the
    /// last bits: a millionth of what float32 on the GPU resolves.
    package static func sameMatrix(_ a: Transform3D, _ b: Transform3D) -> Bool {
        func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(abs(x), abs(y)) + 1e-12 }
        return near(a.m11, b.m11) && near(a.m12, b.m12) && near(a.m13, b.m13) && near(a.m14, b.m14)
            && near(a.m21, b.m21) && near(a.m22, b.m22) && near(a.m23, b.m23) && near(a.m24, b.m24)
            && near(a.m41, b.m41) && near(a.m42, b.m42) && near(a.m43, b.m43) && near(a.m44, b.m44)
    }
}
