// Hidden parts of earlier quads, left out before they are drawn. A quad drawn later whose
// fully covered part is opaque (an occluder: a card's opaque background over its own
// shadow, a header's image over the page behind it) overwrites every pixel of that part,
// so what an earlier quad draws there is never seen. The earlier quad's rectangle is then
// drawn as a ring around a hole instead: fewer fragments shaded, the same pixels.
//
// Exactness. The hole lies inside the occluder's fully covered part shrunk by a fiftieth of
// a pixel, so every pixel centre the ring leaves out is one the occluder draws over with
// alpha 1. The ring is the vertex buffer's ring strip (quad.vert) between the quad's
// rectangle and the hole: its outer corners are computed exactly as the quad's own
// antialiased ring computes its inner corners, so the two share whole edges (no
// T-junction) and no pixel centre on them is drawn twice or missed, in perspective too.
//
// Stacks. Occluders side by side (a list's rows over the page behind them, a shelf's
// tiles) each hide a strip, and no one of them is worth much alone. Over a quad that lies
// in the canvas plane along its axes, holes stacked along one axis merge into one hole
// spanning them all (their common extent across the axis), and the strips between them,
// which no occluder hides (the rows' antialiased seams), are drawn back as plain
// rectangles ("seams") spanning the hole's width exactly. A seam's sides lie on the
// hole's sides: both are computed from the same floats and, the quad being axis-aligned,
// project to the same pixel column, so the fill rule gives each pixel centre on them to
// exactly one of ring and seam.
//
// Does NOT: call GL, decide what a quad draws (QuadPlanner), or cut more than one hole (or
// one stack) per quad (the largest wins).

import LayerMath
import Layers

/// The occluders of one window of quads and the hole each earlier quad may leave out.
/// Reuse one value: `reset` keeps the storage, so the steady state does not allocate.
package struct OcclusionHoles {
    /// A later quad's opaque fully covered part, in canvas points.
    package struct Occluder {
        /// Its index in the render list: only quads drawn before it are hidden by it.
        package var index: Int
        /// The covered part shrunk by the safety margin, corners in order around it.
        package var corners: (Point, Point, Point, Point)
        /// The corners' bounding box, for a quick rejection.
        package var bounds: Rect
    }

    /// Occluders with less area than this (canvas points squared times the pixel scale
    /// squared, i.e. target pixels) are not worth a ring.
    package static let minimumHolePixels = 1024.0

    /// True when `q` lies in the canvas plane along its axes (scaled and moved, not turned
    /// nor in perspective): its rectangle's corners are its bounding box's.
    package static func isAxisAligned(_ q: RenderQuad) -> Bool {
        let m = q.matrix
        return q.isInFrontOfEye && m.m12 == 0 && m.m21 == 0 && m.m14 == 0 && m.m24 == 0 && m.m44 == 1
    }

    /// The safety margin, as a fraction of the antialiasing margin (`QuadPlanner.edgeMargin`,
    /// about 1.5 pixels): about a fiftieth of a pixel.
    package static let marginInMargins = 1.0 / 75
    /// The most occluders one window keeps (the cost of finding a hole grows with it).
    package static let maximumOccluders = 64

    package private(set) var occluders: [Occluder] = []
    /// The strips of the last hole `hole(for:)` returned that no occluder hides (between
    /// stacked holes), in the quad's bounds space: the caller draws them as rectangles.
    package private(set) var seams: [Rect] = []
    /// The most seams one hole keeps (each is one more instance to draw).
    package static let maximumSeams = 24
    /// Scratch storage of `hole(for:)`, kept between calls.
    private var candidates: [Rect] = []
    private var workSeams: [(Double, Double)] = []
    private var stackSeams: [(Double, Double)] = []
    private var bestSeams: [(Double, Double)] = []

    package init() {
        // Room for the most there can be: the steady state never grows them.
        occluders.reserveCapacity(OcclusionHoles.maximumOccluders)
        candidates.reserveCapacity(OcclusionHoles.maximumOccluders)
        workSeams.reserveCapacity(OcclusionHoles.maximumSeams)
        stackSeams.reserveCapacity(OcclusionHoles.maximumSeams)
        bestSeams.reserveCapacity(OcclusionHoles.maximumSeams)
        self.seams.reserveCapacity(OcclusionHoles.maximumSeams)
    }

    package mutating func reset() { occluders.removeAll(keepingCapacity: true) }

    /// Adds quad `index`'s fully covered part `covered` (bounds space) as an occluder, shrunk
    /// by `margin` bounds units on every side. `scissor`: the canvas rectangle its draws
    /// are cut to (already shrunk by the margin), when a clip applied as a scissor box is
    /// around it: then only an axis-aligned quad counts. Skipped when behind the eye, too
    /// small, or when the window already has the most it keeps.
    package mutating func addOccluder(_ q: RenderQuad, index: Int, covered: Rect, margin: Double, pixelScale: Double,
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
            guard OcclusionHoles.isAxisAligned(q), let cut = bounds.intersection(s) else { return }
            bounds = cut
            corners = (Point(cut.minX, cut.minY), Point(cut.maxX, cut.minY), Point(cut.maxX, cut.maxY), Point(cut.minX, cut.maxY))
        }
        guard bounds.width * bounds.height * pixelScale * pixelScale >= OcclusionHoles.minimumHolePixels else { return }
        occluders.append(Occluder(index: index, corners: corners, bounds: bounds))
    }

    /// The largest hole in `fill` (bounds space of quad `index`, `q`) that occluders drawn
    /// after it cover, shrunk by `margin` bounds units; nil when none is worth cutting, or
    /// when `q` is not wholly in front of the eye. When `q` is axis-aligned, the hole may
    /// span a stack of occluders: `seams` then holds the strips between them, to be drawn.
    package mutating func hole(for q: RenderQuad, index: Int, fill: Rect, margin: Double, pixelScale: Double) -> Rect? {
        seams.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
        guard !occluders.isEmpty, q.isInFrontOfEye, fill.width > 0, fill.height > 0 else { return nil }
        let h = q.matrix.planeHomography
        // Canvas box of the fill rectangle: occluders that miss it are skipped unmapped.
        let a = h.map(Point(fill.minX, fill.minY)), b = h.map(Point(fill.maxX, fill.minY))
        let c = h.map(Point(fill.maxX, fill.maxY)), d = h.map(Point(fill.minX, fill.maxY))
        guard a.w > 0, b.w > 0, c.w > 0, d.w > 0 else { return nil }
        let box = Rect.bounding(a.point, b.point, c.point, d.point)
        guard box.width * box.height > 0, let inverse = h.inverted() else { return nil }
        var best: Rect? = nil
        // Worth a ring: at least `minimumHolePixels` target pixels, in bounds units squared.
        var bestArea = OcclusionHoles.minimumHolePixels / (pixelScale * pixelScale) * (fill.width * fill.height)
            / (box.width * box.height)
        for o in occluders where o.index > index && o.bounds.intersects(box) {
            // The occluder's corners in this quad's bounds space; corners at or behind this
            // quad's eye plane (w <= 0) leave it uncut.
            let p0 = inverse.map(o.corners.0), p1 = inverse.map(o.corners.1)
            let p2 = inverse.map(o.corners.2), p3 = inverse.map(o.corners.3)
            guard p0.w > 0, p1.w > 0, p2.w > 0, p3.w > 0,
                  let inside = OcclusionHoles.inscribedRect((p0.point, p1.point, p2.point, p3.point)),
                  let cut = inside.intersection(fill) else { continue }
            let shrunk = Rect(x: cut.minX + margin, y: cut.minY + margin,
                              width: cut.width - 2 * margin, height: cut.height - 2 * margin)
            guard shrunk.width > 0, shrunk.height > 0 else { continue }
            candidates.append(shrunk)
            let area = shrunk.width * shrunk.height
            if area > bestArea {
                bestArea = area
                best = shrunk
            }
        }
        guard candidates.count > 1, OcclusionHoles.isAxisAligned(q) else { return best }
        // Stacks along y, then along x (the same search on transposed rectangles).
        bestSeams.removeAll(keepingCapacity: true)
        var bestAcross = false
        for pass in 0..<2 {
            let across = pass == 1
            if across { for k in candidates.indices { candidates[k] = candidates[k].transposed } }
            guard let (stack, area) = largestStack() else { continue }
            if area > bestArea {
                bestArea = area
                best = across ? stack.transposed : stack
                bestAcross = across
                bestSeams.removeAll(keepingCapacity: true)
                bestSeams.append(contentsOf: stackSeams)
            }
        }
        if let hole = best {
            for (a, b) in bestSeams {
                seams.append(bestAcross ? Rect(x: a, y: hole.minY, width: b - a, height: hole.height)
                                        : Rect(x: hole.minX, y: a, width: hole.width, height: b - a))
            }
        }
        return best
    }

    /// A stack being grown: its common x extent, its y extent and the height of its gaps.
    private struct Stack {
        package var x0, x1, y0, y1: Double
        package var gaps = 0.0
        package var members = 1
        /// The area its members hide: the hole less its seams.
        package var hidden: Double { (x1 - x0) * (y1 - y0 - gaps) }
    }

    /// The stack of `candidates` along y hiding the most area: grown from each candidate in
    /// turn, down and then up, taking each next candidate (in order of top edge) that makes
    /// the hidden area larger; the hole's x extent is the stack's common one. Returns the
    /// hole and the area its members hide; `stackSeams` holds the seams' y ranges. nil: no
    /// stack of two or more.
    private mutating func largestStack() -> (Rect, Double)? {
        // Insertion sort by top edge: few candidates, and no allocation.
        for k in 1..<candidates.count {
            let c = candidates[k]
            var j = k
            while j > 0, candidates[j - 1].minY > c.minY {
                candidates[j] = candidates[j - 1]
                j -= 1
            }
            candidates[j] = c
        }
        var result: (Rect, Double)? = nil
        for seed in candidates.indices {
            workSeams.removeAll(keepingCapacity: true)
            let s = candidates[seed]
            var stack = Stack(x0: s.minX, x1: s.maxX, y0: s.minY, y1: s.maxY)
            // Down: candidates reaching past the stack's bottom; up: those starting above its top.
            for k in (seed + 1)..<candidates.count where candidates[k].maxY > stack.y1 {
                OcclusionHoles.grow(&stack, by: candidates[k], seams: &workSeams)
            }
            for k in stride(from: seed - 1, through: 0, by: -1) where candidates[k].minY < stack.y0 && candidates[k].maxY <= stack.y1 {
                OcclusionHoles.grow(&stack, by: candidates[k], seams: &workSeams)
            }
            if stack.members > 1, stack.hidden > (result?.1 ?? 0) {
                result = (Rect(x: stack.x0, y: stack.y0, width: stack.x1 - stack.x0, height: stack.y1 - stack.y0), stack.hidden)
                stackSeams.removeAll(keepingCapacity: true)
                stackSeams.append(contentsOf: workSeams)
            }
        }
        return result
    }

    /// Adds `c` (wholly below or above the stack, or overlapping its end) to `stack` when the
    /// stack then hides more; a gap between them becomes a seam.
    private static func grow(_ stack: inout Stack, by c: Rect, seams: inout [(Double, Double)]) {
        let x0 = max(stack.x0, c.minX), x1 = min(stack.x1, c.maxX)
        guard x1 > x0, seams.count < maximumSeams else { return }
        let gap = c.minY > stack.y1 ? (stack.y1, c.minY) : c.maxY < stack.y0 ? (c.maxY, stack.y0) : nil
        var grown = stack
        grown.x0 = x0; grown.x1 = x1
        grown.y0 = min(stack.y0, c.minY); grown.y1 = max(stack.y1, c.maxY)
        if let g = gap { grown.gaps += g.1 - g.0 }
        grown.members += 1
        guard grown.hidden > stack.hidden else { return }
        if let g = gap { seams.append(g) }
        stack = grown
    }

    /// An axis-aligned rectangle inside the convex quadrilateral `q` (corners in order, either
    /// way round): between the second and third smallest x and y of its corners, kept only
    /// when all four of its corners lie inside `q` (the whole of an axis-aligned rectangle;
    /// most of a slightly rotated or foreshortened one). nil: none found.
    package static func inscribedRect(_ q: (Point, Point, Point, Point)) -> Rect? {
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
    package static func contains(_ q: (Point, Point, Point, Point), _ p: Point) -> Bool {
        func cross(_ a: Point, _ b: Point) -> Double { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) }
        let c0 = cross(q.0, q.1), c1 = cross(q.1, q.2), c2 = cross(q.2, q.3), c3 = cross(q.3, q.0)
        return (c0 >= 0 && c1 >= 0 && c2 >= 0 && c3 >= 0) || (c0 <= 0 && c1 <= 0 && c2 <= 0 && c3 <= 0)
    }
}

private extension Rect {
    /// The rectangle with x and y swapped.
    package var transposed: Rect { Rect(x: minY, y: minX, width: height, height: width) }
}
