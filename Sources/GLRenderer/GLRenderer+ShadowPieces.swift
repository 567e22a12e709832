// A blurred shadow with rounded corners drawn in pieces. The shadow program integrates the
// rounded corners numerically wherever the pixel lies near a corner's rows and columns, and
// a CPU rasteriser runs that integration for every fragment (it shades both sides of a
// branch); three sigma clear of the corners' rows or columns the blur is exactly erf x erf.
// So the quad is cut along those lines: the cross between the corners goes through the
// SQUARE variant, the four corner zones through the shadow program, the same pixels.
//
// Does NOT: split an unblurred or square-cornered shadow's work (one piece, the cheap
// variant for square corners), or change the quads dump (the pieces are draws of one quad).

import LayerMath
import Layers

extension GLRenderer {
    /// Queues shadow quad `q` (plan `p`, drawn whole through the coverage shader) in pieces,
    /// each less `hole` (a part later opaque quads hide); false, with nothing queued, for a
    /// quad that is not a blurred shadow or when `splitsShadows` is off.
    func queueShadowPieces(_ q: RenderQuad, _ p: QuadPlan, depth: Float, stencil: GLStateCache.StencilMode,
                           around hole: Rect?) -> Bool {
        guard splitsShadows, case .shadow(let sigma, let inset) = q.part, sigma > 0, p.rebase == nil else { return false }
        // As quad.frag's SHADOW block: the shape's half size and radius.
        let hw = max(q.size.width / 2 - inset, 0), hh = max(q.size.height / 2 - inset, 0)
        let r = q.maskedCorners.squareBits == 15 ? 0 : max(0, min(q.cornerRadius, hw, hh))
        if r <= 0 {
            queueQuadPart(q, p, covered: false, depth: depth, stencil: stencil, around: hole, program: squareShadowProgram)
            return true
        }
        // Half-widths of the column and the row where the corners add nothing.
        let ex = hw - r - 3 * sigma, ey = hh - r - 3 * sigma
        guard ex > 0 || ey > 0 else { return false }
        let o = p.outer, cx = q.size.width / 2, cy = q.size.height / 2
        let xs = ex > 0 ? (max(o.minX, min(o.maxX, cx - ex)), max(o.minX, min(o.maxX, cx + ex))) : (o.maxX, o.maxX)
        let ys = ey > 0 ? (max(o.minY, min(o.maxY, cy - ey)), max(o.minY, min(o.maxY, cy + ey))) : (o.maxY, o.maxY)
        // The lines between the cells (no array: nothing allocated per frame).
        func column(_ k: Int) -> Double { k == 0 ? o.minX : k == 1 ? xs.0 : k == 2 ? xs.1 : o.maxX }
        func row(_ k: Int) -> Double { k == 0 ? o.minY : k == 1 ? ys.0 : k == 2 ? ys.1 : o.maxY }
        for i in 0..<3 {
            for j in 0..<3 where column(i + 1) > column(i) && row(j + 1) > row(j) {
                let cell = Rect(x: column(i), y: row(j), width: column(i + 1) - column(i), height: row(j + 1) - row(j))
                let program = i == 1 || j == 1 ? squareShadowProgram : shadowProgram
                GLRenderer.forEachPart(of: cell, outside: hole) { piece in
                    queueQuadPart(q, p, covered: false, depth: depth, stencil: stencil, piece: piece, program: program)
                }
            }
        }
        return true
    }

    /// Calls `body` with up to four rectangles covering `r` less `hole`: the bands above and
    /// below the hole, then the parts left and right of it.
    static func forEachPart(of r: Rect, outside hole: Rect?, _ body: (Rect) -> Void) {
        guard let h = hole, let i = r.intersection(h), i.width > 0, i.height > 0 else { return body(r) }
        if i.minY > r.minY { body(Rect(x: r.minX, y: r.minY, width: r.width, height: i.minY - r.minY)) }
        if r.maxY > i.maxY { body(Rect(x: r.minX, y: i.maxY, width: r.width, height: r.maxY - i.maxY)) }
        if i.minX > r.minX { body(Rect(x: r.minX, y: i.minY, width: i.minX - r.minX, height: i.height)) }
        if r.maxX > i.maxX { body(Rect(x: i.maxX, y: i.minY, width: r.maxX - i.maxX, height: i.height)) }
    }
}
