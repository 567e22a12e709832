// Whether an image quad is magnified (or minified by at most 2 %) at every pixel it draws,
// in perspective too: then GL samples it with the magnification filter (or blends in level
// 1 with a weight of at most 1/32) everywhere, and a plain bilinear sampler (no mip levels)
// draws the same pixels, or within that weight, for less work (on llvmpipe a mipmapped
// sampler costs about 30 % of the fill rate even where it magnifies: it computes the level
// of detail).
//
// Does NOT: pick samplers or touch GL (the planner sets `QuadPlan.magnified`; the batches
// bind the sampler), or decide anything for quads behind the eye.

import LayerMath
import Layers

extension QuadPlanner {
    /// The largest ρ at which a quad is sampled from level 0 alone: 2^(1/32), about 1.022.
    /// GL magnifies at ρ <= 1 (level of detail log2 ρ <= 0), and the plain sampler draws the
    /// same pixels there. Between 1 and 2^(1/32) GL's trilinear filter still blends in level 1,
    /// with a weight of log2 ρ <= 1/32 (llvmpipe's 8-bit weight is exactly 0 below
    /// ρ = 2^(1/256)); level 0 alone differs from that by at most the weight times the
    /// difference between the two levels: on photos and painted images under 1/255 (the
    /// grid's icons, 400 texels over 396 pixels at 1080p: at most 1/255, on 0.3 % of the
    /// frame), on a one-texel checkerboard up to 4/255. Bilinear at 2 % minification does
    /// not alias visibly, and on llvmpipe the mipmapped sampler costs far more than its
    /// share: the grid went from 34-37 ms to 19-25 ms a frame. The boundary was 0.95, then
    /// GL's own 1, until a screen-scale image (a header row of 607 texels over 607.2 pixels,
    /// a card's 400-texel icon over 396 pixels) showed the margin costing the mipmapped
    /// sampler for no visible difference. Our ρ is exact for flat quads and an upper bound
    /// in perspective.
    package static let magnifiedUpTo = 1.0218971486541166 // 2^(1/32)

    /// GL's scale factor ρ (texels per target pixel along the screen's x or y axis, the
    /// longer of the two; the level of detail is log2 ρ) stays within `magnifiedUpTo` at
    /// every pixel the quad draws: its rectangle `drawn` in bounds space, grown by the 2x2
    /// pixel blocks GL takes derivatives over.
    package func isMagnifiedEverywhere(_ q: RenderQuad, content cr: Rect, texRect tr: Rect, texels v: TexelBox,
                               drawn: Rect) -> Bool {
        let m = q.matrix
        guard q.isInFrontOfEye, cr.width > 0, cr.height > 0, map.scale > 0 else { return false }
        // Texels per bounds point along the layer's x and y.
        let tx = Double(v.width) * tr.width / cr.width, ty = Double(v.height) * tr.height / cr.height
        guard tx.isFinite, ty.isFinite else { return false }
        if m.m14 == 0, m.m24 == 0 {
            guard m.m44 > 0 else { return false }
            // Affine: one Jacobian everywhere. Its smallest singular value is the fewest
            // canvas points a bounds point covers in any direction.
            let p = m.m11 * m.m11 + m.m12 * m.m12, r = m.m21 * m.m21 + m.m22 * m.m22, c = m.m11 * m.m21 + m.m12 * m.m22
            let half = (p - r) / 2
            let smallest = (p + r) / 2 - (half * half + c * c).squareRoot()
            guard smallest.isFinite, smallest > 0 else { return false }
            let pixelsPerPoint = smallest.squareRoot() / m.m44 * map.scale
            return max(tx, ty) <= QuadPlanner.magnifiedUpTo * pixelsPerPoint
        }
        let grow = 2 * edgeMargin(q)
        let region = Rect(x: drawn.minX - grow, y: drawn.minY - grow, width: drawn.width + 2 * grow, height: drawn.height + 2 * grow)
        guard let bound = QuadPlanner.perspectiveTexelScaleBound(m, over: region, texelsPerPoint: (tx, ty)) else { return false }
        return bound / map.scale <= QuadPlanner.magnifiedUpTo
    }

    /// An upper bound of ρ in texels per canvas point over the bounds-space rectangle
    /// `region` of a layer with matrix `m` (bounds (u, v, 0, 1) to canvas (x, y, w), the
    /// canvas point being (x/w, y/w)); nil where part of it is at or behind the eye.
    ///
    /// With H the inverse of that homography, u and v are (H_i . X)/(H_3 . X) of the canvas
    /// point X = (x, y, 1), so each entry of their Jacobian is N_ij(X)/d(X)^2, both N_ij and
    /// d = H_3 . X affine in X. Over a convex cell |N| (a norm of affine functions) is
    /// largest at a corner and |d| (affine, of one sign) smallest at a corner, so
    /// max over corners |N| / min over corners d^2 bounds the cell. The region is cut
    /// into 4x4 cells (within 3 % of the true maximum for strong tilts; exact when affine).
    package static func perspectiveTexelScaleBound(_ m: Transform3D, over region: Rect,
                                           texelsPerPoint t: (x: Double, y: Double)) -> Double? {
        // The plane's homography (bounds to canvas) and its inverse, in Homography2D's
        // row-vector layout: u's numerator is X a + Y d + g, v's X b + Y e + h, d's X c + Y f + i.
        let plane = m.planeHomography
        guard region.width > 0, region.height > 0, let inv = plane.inverted() else { return nil }
        let n = 4
        var best = 0.0
        var sign = 0.0
        // At grid corner (i, j): the texel-scaled column lengths |t N_.x|, |t N_.y|, and d.
        func corner(_ i: Int, _ j: Int) -> (nx: Double, ny: Double, d: Double)? {
            let u = region.minX + region.width * Double(i) / Double(n)
            let v = region.minY + region.height * Double(j) / Double(n)
            let (p, w) = plane.map(Point(u, v))
            guard w > 0, w.isFinite else { return nil }
            let d = p.x * inv.c + p.y * inv.f + inv.i
            let e0 = p.x * inv.a + p.y * inv.d + inv.g, e1 = p.x * inv.b + p.y * inv.e + inv.h
            // N_ij = H_ij d - (H_i . X) H_3j: row i = u, v; column j = canvas x, y.
            let n0x = inv.a * d - e0 * inv.c, n0y = inv.d * d - e0 * inv.f
            let n1x = inv.b * d - e1 * inv.c, n1y = inv.e * d - e1 * inv.f
            let nx = ((t.x * n0x) * (t.x * n0x) + (t.y * n1x) * (t.y * n1x)).squareRoot()
            let ny = ((t.x * n0y) * (t.x * n0y) + (t.y * n1y) * (t.y * n1y)).squareRoot()
            return (nx, ny, d)
        }
        for i in 0..<n {
            for j in 0..<n {
                var maxN = 0.0, minD = Double.infinity
                for k in 0..<4 {
                    guard let c = corner(i + (k & 1), j + (k >> 1)) else { return nil }
                    if sign == 0 { sign = c.d > 0 ? 1 : -1 }
                    guard c.d * sign > 0 else { return nil }
                    maxN = max(maxN, c.nx, c.ny)
                    minD = min(minD, abs(c.d))
                }
                best = max(best, maxN / (minD * minD))
            }
        }
        return best.isFinite ? best : nil
    }
}
