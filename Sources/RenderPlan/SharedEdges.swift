// Edges two quads share. A quad A whose edge lies exactly on the edge of an opaque quad B
// drawn after it (a scroll header's image and the first row under it, the rows of a list)
// splits each pixel on that edge between them: c of A, 1 - c of B. Drawn as two
// antialiased edges blended in turn, the pixel gets c A + (1 - c) D first (D what lies
// behind both) and then (1 - c) B over that, keeping c (1 - c) of D: a light line along
// the seam (36/255 under the header's image on white). Drawn with A's edge left open
// (coverage 1 through the band, A's interior reaching its rectangle's edge: no ring strip
// there) and B's antialiased over it, the pixel is (1 - c) B + c A, the area split, exactly;
// past the edge B covers A's extra pixels with coverage 1. It is also cheaper: one ring
// strip per seam instead of two.
//
// Only between quads along the canvas axes (scaled and moved, square corners, no clip
// tested in the shader), B opaque and at full opacity, in the same clip, with B's edge
// spanning A's whole edge and B reaching past the band. Found per window of quads, like
// the occluders (OcclusionHoles).
//
// Does NOT: call GL, plan quads (QuadPlanner opens the edges), or join edges that meet at
// an angle or only partly.

import LayerMath
import Layers

/// The sides of a quad's content rectangle, in its bounds space (min x is the left side
/// when the quad is not mirrored).
package struct QuadSides: OptionSet, Equatable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let minX = QuadSides(rawValue: 1), maxX = QuadSides(rawValue: 2)
    package static let minY = QuadSides(rawValue: 4), maxY = QuadSides(rawValue: 8)
}

/// The opaque axis-aligned quads of one window, and which sides of an earlier quad they
/// abut. Reuse one value: `reset` keeps the storage, so the steady state does not allocate.
package struct SharedEdges {
    package struct Abutter {
        /// Its index in the render list: only quads drawn before it are joined to it.
        package var index: Int
        /// Its clip (`RenderQuad.clipIndex`): only quads in the same clip are joined to it.
        package var clip: Int
        /// Its content rectangle in canvas points.
        package var rect: Rect
    }

    /// The most quads one window keeps (a lookup scans them).
    package static let maximumAbutters = 256

    package private(set) var abutters: [Abutter] = []

    package init() { abutters.reserveCapacity(SharedEdges.maximumAbutters) }

    package mutating func reset() { abutters.removeAll(keepingCapacity: true) }

    /// The canvas rectangle of `q`'s content when `q` lies along the canvas axes with
    /// square corners (`OcclusionHoles.isAxisAligned`), else nil.
    package static func canvasRect(_ q: RenderQuad) -> Rect? {
        guard OcclusionHoles.isAxisAligned(q), q.cornerRadius <= 0 else { return nil }
        let m = q.matrix, c = q.contentRect
        let x0 = c.minX * m.m11 + m.m41, x1 = c.maxX * m.m11 + m.m41
        let y0 = c.minY * m.m22 + m.m42, y1 = c.maxY * m.m22 + m.m42
        let r = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        return r
    }

    /// Records quad `index` (in clip `clip`), opaque with coverage 1 inside its content
    /// rectangle but for its antialiased edges, as one that later joins earlier quads.
    package mutating func add(_ q: RenderQuad, index: Int, clip: Int) {
        guard abutters.count < SharedEdges.maximumAbutters, let r = SharedEdges.canvasRect(q) else { return }
        abutters.append(Abutter(index: index, clip: clip, rect: r))
    }

    /// The sides of quad `q` (index `index`, in clip `clip`) that an opaque quad drawn after
    /// it abuts along their whole length, reaching `band` canvas points past them (the
    /// antialiasing band: past it the later quad covers with coverage 1).
    package func openSides(of q: RenderQuad, index: Int, clip: Int, band: Double) -> QuadSides {
        guard !abutters.isEmpty, let r = SharedEdges.canvasRect(q) else { return [] }
        var canvasSides: QuadSides = []
        for b in abutters where b.index > index && b.clip == clip {
            let o = b.rect
            let spansX = o.minX <= r.minX + SharedEdges.tolerance(r.minX) && o.maxX >= r.maxX - SharedEdges.tolerance(r.maxX)
            let spansY = o.minY <= r.minY + SharedEdges.tolerance(r.minY) && o.maxY >= r.maxY - SharedEdges.tolerance(r.maxY)
            if spansX, SharedEdges.same(o.minY, r.maxY), o.maxY >= r.maxY + band { canvasSides.insert(.maxY) }
            if spansX, SharedEdges.same(o.maxY, r.minY), o.minY <= r.minY - band { canvasSides.insert(.minY) }
            if spansY, SharedEdges.same(o.minX, r.maxX), o.maxX >= r.maxX + band { canvasSides.insert(.maxX) }
            if spansY, SharedEdges.same(o.maxX, r.minX), o.minX <= r.minX - band { canvasSides.insert(.minX) }
        }
        // Canvas sides to the quad's own: a negative scale mirrors that axis.
        var sides: QuadSides = []
        let flipX = q.matrix.m11 < 0, flipY = q.matrix.m22 < 0
        if canvasSides.contains(.minX) { sides.insert(flipX ? .maxX : .minX) }
        if canvasSides.contains(.maxX) { sides.insert(flipX ? .minX : .maxX) }
        if canvasSides.contains(.minY) { sides.insert(flipY ? .maxY : .minY) }
        if canvasSides.contains(.maxY) { sides.insert(flipY ? .minY : .maxY) }
        return sides
    }

    /// Edges closer than this (a billionth of their coordinate) are the same edge: layouts
    /// that put a row at 300 + 44 k reach it by different sums.
    package static func tolerance(_ v: Double) -> Double { 1e-9 * max(1, abs(v)) }

    package static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance(max(abs(a), abs(b))) }
}
