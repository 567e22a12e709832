// Hidden parts of earlier quads, left out before they are drawn. A quad drawn later whose
// fully covered part is opaque (an occluder: a card's opaque background over its own
// shadow, a header's image over the page behind it) overwrites every pixel of that part,
// so what an earlier quad draws there is never seen. The earlier quad's rectangle is then
// drawn as up to four pieces around a hole instead: fewer fragments shaded, the same pixels.
//
// Exactness. The hole lies inside the occluder's fully covered part shrunk by a fiftieth of
// a pixel, so every pixel centre the pieces leave out is one the occluder draws over with
// alpha 1. The pieces are cut only from quads that are axis-aligned on screen (no rotation
// or perspective), where all vertices with the same bounds-space y land on exactly the
// same screen row: pieces meeting at a T-junction share one exact line. And each piece's
// float32 record is chosen so that x + width, as the vertex shader adds them, is exactly
// the edge its neighbour (or the quad's antialiased ring) starts at: no pixel centre on a
// seam is drawn twice or missed.
//
// Does NOT: call GL, decide what a quad draws (QuadPlanner), cut more than one hole per
// quad (the largest wins), or cut quads drawn rotated or in perspective (the occluder may be).

import LayerMath
import Layers

/// The occluders of one window of quads and the hole each earlier quad may leave out.
/// Reuse one value: `reset` keeps the storage, so the steady state does not allocate.
struct OcclusionHoles {
    /// A later quad's opaque fully covered part, in canvas points.
    struct Occluder {
        /// Its index in the render list: only quads drawn before it are hidden by it.
        var index: Int
        /// The covered part shrunk by the safety margin, corners in order around it.
        var corners: (Point, Point, Point, Point)
        /// The corners' bounding box, for a quick rejection.
        var bounds: Rect
    }

    /// Occluders with less area than this (canvas points squared times the pixel scale
    /// squared, i.e. target pixels) are not worth the pieces.
    static let minimumHolePixels = 1024.0
    /// The safety margin, as a fraction of the antialiasing margin (`QuadPlanner.edgeMargin`,
    /// about 1.5 pixels): about a fiftieth of a pixel.
    static let marginInMargins = 1.0 / 75
    /// The most occluders one window keeps (the cost of finding a hole grows with it).
    static let maximumOccluders = 64

    private(set) var occluders: [Occluder] = []

    mutating func reset() { occluders.removeAll(keepingCapacity: true) }

    /// Adds quad `index`'s fully covered part `covered` (bounds space) as an occluder, shrunk
    /// by `margin` bounds units on every side. `scissor`: the canvas rectangle its draws
    /// are cut to (already shrunk by the margin), when a clip applied as a scissor box is
    /// around it: then only an axis-aligned quad counts. Skipped when behind the eye, too
    /// small, or when the window already has the most it keeps.
    mutating func addOccluder(_ q: RenderQuad, index: Int, covered: Rect, margin: Double, pixelScale: Double,
                              scissor: Rect? = nil) {
        guard q.isInFrontOfEye, occluders.count < OcclusionHoles.maximumOccluders,
              covered.width > 2 * margin, covered.height > 2 * margin else { return }
        let r = Rect(x: covered.minX + margin, y: covered.minY + margin,
                     width: covered.width - 2 * margin, height: covered.height - 2 * margin)
        let h = q.matrix.planeHomography
        let a = h.map(Point(r.minX, r.minY)), b = h.map(Point(r.maxX, r.minY))
        let c = h.map(Point(r.maxX, r.maxY)), d = h.map(Point(r.minX, r.maxY))
        guard a.w > 0, b.w > 0, c.w > 0, d.w > 0 else { return }
        var corners = (a.point, b.point, c.point, d.point)
        var bounds = Rect.bounding(a.point, b.point, c.point, d.point)
        if let s = scissor {
            // An axis-aligned quad covers its bounding box: cut that to the scissor.
            guard OcclusionHoles.isCuttable(q), let cut = bounds.intersection(s) else { return }
            bounds = cut
            corners = (Point(cut.minX, cut.minY), Point(cut.maxX, cut.minY), Point(cut.maxX, cut.maxY), Point(cut.minX, cut.maxY))
        }
        guard bounds.width * bounds.height * pixelScale * pixelScale >= OcclusionHoles.minimumHolePixels else { return }
        occluders.append(Occluder(index: index, corners: corners, bounds: bounds))
    }

    /// True when quad `q` may have pieces cut from it: in front of the eye and axis-aligned
    /// on screen (its matrix scales and translates in the plane, nothing else).
    static func isCuttable(_ q: RenderQuad) -> Bool {
        let m = q.matrix
        return q.isInFrontOfEye && m.m12 == 0 && m.m21 == 0 && m.m14 == 0 && m.m24 == 0 && m.m44 == 1
            && m.m11 != 0 && m.m22 != 0 && m.m11.isFinite && m.m22.isFinite && m.m41.isFinite && m.m42.isFinite
    }

    /// The largest hole in `fill` (bounds space of quad `index`, `q`) that occluders drawn
    /// after it cover, shrunk by `margin` bounds units; nil when none is worth cutting.
    /// `q` must be cuttable (`isCuttable`).
    func hole(for q: RenderQuad, index: Int, fill: Rect, margin: Double, pixelScale: Double) -> Rect? {
        guard !occluders.isEmpty, fill.width > 0, fill.height > 0 else { return nil }
        let m = q.matrix
        // Canvas box of the fill rectangle: occluders that miss it are skipped unmapped.
        let x0 = fill.minX * m.m11 + m.m41, x1 = fill.maxX * m.m11 + m.m41
        let y0 = fill.minY * m.m22 + m.m42, y1 = fill.maxY * m.m22 + m.m42
        let box = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        var best: Rect? = nil
        var bestArea = OcclusionHoles.minimumHolePixels / (pixelScale * pixelScale) / abs(m.m11 * m.m22)
        for o in occluders where o.index > index && o.bounds.intersects(box) {
            // The occluder's corners in this quad's bounds space (an affine map: exact enough,
            // the margins absorb the rounding).
            func local(_ p: Point) -> Point { Point((p.x - m.m41) / m.m11, (p.y - m.m42) / m.m22) }
            let quad = (local(o.corners.0), local(o.corners.1), local(o.corners.2), local(o.corners.3))
            guard let inside = OcclusionHoles.inscribedRect(quad),
                  let cut = inside.intersection(fill) else { continue }
            let shrunk = Rect(x: cut.minX + margin, y: cut.minY + margin,
                              width: cut.width - 2 * margin, height: cut.height - 2 * margin)
            guard shrunk.width > 0, shrunk.height > 0 else { continue }
            let area = shrunk.width * shrunk.height
            if area > bestArea {
                bestArea = area
                best = shrunk
            }
        }
        return best
    }

    /// An axis-aligned rectangle inside the convex quadrilateral `q` (corners in order, either
    /// way round): between the second and third smallest x and y of its corners, kept only
    /// when all four of its corners lie inside `q` (the whole of an axis-aligned rectangle;
    /// most of a slightly rotated or foreshortened one). nil: none found.
    static func inscribedRect(_ q: (Point, Point, Point, Point)) -> Rect? {
        func middle(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double) {
            // Second and third of four values.
            let lo1 = min(a, b), hi1 = max(a, b), lo2 = min(c, d), hi2 = max(c, d)
            return (max(lo1, lo2), min(hi1, hi2))
        }
        let (xa, xb) = middle(q.0.x, q.1.x, q.2.x, q.3.x)
        let (ya, yb) = middle(q.0.y, q.1.y, q.2.y, q.3.y)
        let x0 = min(xa, xb), x1 = max(xa, xb), y0 = min(ya, yb), y1 = max(ya, yb)
        guard x1 > x0, y1 > y0, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
        let r = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard contains(q, Point(x0, y0)), contains(q, Point(x1, y0)),
              contains(q, Point(x1, y1)), contains(q, Point(x0, y1)) else { return nil }
        return r
    }

    /// Whether `p` lies in the convex quadrilateral `q` (its boundary included).
    static func contains(_ q: (Point, Point, Point, Point), _ p: Point) -> Bool {
        func cross(_ a: Point, _ b: Point) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let c0 = cross(q.0, q.1), c1 = cross(q.1, q.2), c2 = cross(q.2, q.3), c3 = cross(q.3, q.0)
        return (c0 >= 0 && c1 >= 0 && c2 >= 0 && c3 >= 0) || (c0 <= 0 && c1 <= 0 && c2 <= 0 && c3 <= 0)
    }

    /// Calls `body` with each piece of `fill` around `hole` (up to four: the full-width
    /// strips above and below it, the strips left and right of it), as rectangles whose
    /// values are float32 numbers chosen so that the vertex shader's `x + width` and
    /// `y + height` land exactly on the neighbouring piece's edge and on the edges of `fill`
    /// as the quad's ring draws them (`Float(minX) + Float(width)`). The hole's edges move
    /// inwards by a few float32 steps where needed: not every float is `a + w` for a given
    /// `a` (round-to-even skips every other one when `a` has finer bits than the sum).
    /// Returns false, calling nothing, when `hole` does not lie inside `fill` or no exact
    /// record was found (draw `fill` whole then).
    @discardableResult
    static func forEachPiece(of fill: Rect, around hole: Rect, _ body: (Rect) -> Void) -> Bool {
        let fx0 = Float(fill.minX), fy0 = Float(fill.minY), fw = Float(fill.width), fh = Float(fill.height)
        let fx3 = fx0 + fw, fy3 = fy0 + fh
        var hx1 = Float(hole.minX), hy1 = Float(hole.minY)
        var hx2 = Float(hole.maxX), hy2 = Float(hole.maxY)
        guard fx0 <= hx1, hx1 < hx2, hx2 <= fx3, fy0 <= hy1, hy1 < hy2, hy2 <= fy3 else { return false }
        var left: Float? = nil, top: Float? = nil, right: Float? = nil, bottom: Float? = nil, middle: Float? = nil
        for _ in 0..<16 where left == nil && hx1 < hx2 {
            left = exactSpan(from: fx0, to: hx1)
            if left == nil { hx1 = hx1.nextUp }
        }
        for _ in 0..<16 where top == nil && hy1 < hy2 {
            top = exactSpan(from: fy0, to: hy1)
            if top == nil { hy1 = hy1.nextUp }
        }
        for _ in 0..<16 where right == nil && hx1 < hx2 {
            right = exactSpan(from: hx2, to: fx3)
            if right == nil { hx2 = hx2.nextDown }
        }
        for _ in 0..<32 where (bottom == nil || middle == nil) && hy1 < hy2 {
            bottom = exactSpan(from: hy2, to: fy3)
            middle = exactSpan(from: hy1, to: hy2)
            if bottom == nil || middle == nil { hy2 = hy2.nextDown }
        }
        guard let top, let left, let right, let bottom, let middle, hx1 < hx2, hy1 < hy2 else { return false }
        func rect(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> Rect {
            Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
        }
        if hy1 > fy0 { body(rect(fx0, fy0, fw, top)) }
        if hx1 > fx0 { body(rect(fx0, hy1, left, middle)) }
        if fx3 > hx2 { body(rect(hx2, hy1, right, middle)) }
        if fy3 > hy2 { body(rect(fx0, hy2, fw, bottom)) }
        return true
    }

    /// A float32 `w` with `a + w == b` exactly in float32 (the vertex shader's sum), nil when
    /// none lies within 64 steps of `b - a` (there may be none: see `forEachPiece`).
    static func exactSpan(from a: Float, to b: Float) -> Float? {
        var w = b - a
        for _ in 0..<64 {
            let s = a + w
            if s == b { return w }
            w = s < b ? w.nextUp : w.nextDown
        }
        return nil
    }
}
