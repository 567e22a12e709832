// Who owns a soft clip's edge band. Inside an antialiased clip's edge band
// (QuadPlanner.softClips) a pixel is covered by the clip by some c < 1, and every layer
// drawn in the clip is blended there with coverage c in turn: under an opaque layer H, a
// layer B drawn before it still shows by c(1 - c) (B - D), D what lies behind the clip's
// layers (a card's sky as a faint pink line along its bottom edge, under the hills). The
// right pixel is c H + (1 - c) D: what is under H in the clip must add nothing there.
//
// So, per window of quads, the opaque parts of quads in soft clips are recorded in their
// clip's bounds space ("covers": a quad's fully covered part with opaque fill, or the part
// its opaque texels cover for certain, `OpaqueRegion`), and each quad drawn in a soft clip
// gets the largest cover of a quad drawn after it in the same clip: the coverage shader
// leaves out the band's pixel centres inside it (quad.frag, `v_clipCover`). Inside the
// cover the later quad's texels are opaque and its own coverage is 1, or at least the
// clip's where its edge lies on or past the clip's (a side carried past the band: `add`),
// so there it draws c H over whatever was left, exactly the pixel above; the interiors
// (coverage 1) are untouched, as is every pixel outside a cover.
//
// Does NOT: call GL, plan quads (QuadPlanner), combine covers (one rectangle per quad: the
// largest), or apply to hard clips, scissor boxes or stencil shapes (no band there).

import LayerMath
import Layers

/// The opaque parts of one window's quads in soft analytic clips, in clip bounds space.
/// Reuse one value: `reset` keeps the storage, so the steady state does not allocate.
package struct ClipBandCovers {
    package struct Cover {
        /// The quad's index in the render list: only quads drawn before it are covered.
        package var index: Int
        /// Its innermost clip (`RenderQuad.clipIndex`).
        package var clip: Int
        /// The opaque part in the clip's bounds space, shrunk by a fiftieth of a pixel.
        package var rect: Rect
    }

    /// The most covers one window keeps (a lookup scans them).
    package static let maximumCovers = 256

    package private(set) var covers: [Cover] = []

    package init() { covers.reserveCapacity(ClipBandCovers.maximumCovers) }

    package mutating func reset() { covers.removeAll(keepingCapacity: true) }

    /// Records quad `index`'s opaque part `part` (its bounds space, where its own coverage
    /// is 1), in clip `clipIndex` mapped by `map`, shrunk by `margin` clip units on every
    /// side (so a pixel centre that interpolation puts on its edge is not left out where
    /// the quad does not draw). A side of `part` that reaches the quad's content edge
    /// (`content`, within `ownMargin`, its antialiasing margin) where that edge lies on or
    /// past the clip's edge is carried past the clip's band (`clipMargin`): there the quad's
    /// own coverage is at least the clip's, so the quad draws the band's pixel as c of itself
    /// (a card's layers have the card's bounds: their edges lie on the clip's). Only for a
    /// quad with square corners (`square`).
    package mutating func add(index: Int, clip clipIndex: Int, part: Rect, content: Rect, ownMargin: Double, square: Bool,
                      map: AnalyticClip, clipMargin: Double, margin: Double) {
        guard covers.count < ClipBandCovers.maximumCovers else { return }
        func toClip(_ r: Rect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
            let x0 = r.minX * map.scaleX + map.offsetX, x1 = r.maxX * map.scaleX + map.offsetX
            let y0 = r.minY * map.scaleY + map.offsetY, y1 = r.maxY * map.scaleY + map.offsetY
            return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        }
        var c = toClip(part)
        if square {
            let e = toClip(content), reach = ownMargin * 1.01
            // Which sides of `part` reach the content edge, in the clip's orientation.
            let flipX = map.scaleX < 0, flipY = map.scaleY < 0
            let reachesMinX = flipX ? part.maxX >= content.maxX - reach : part.minX <= content.minX + reach
            let reachesMaxX = flipX ? part.minX <= content.minX + reach : part.maxX >= content.maxX - reach
            let reachesMinY = flipY ? part.maxY >= content.maxY - reach : part.minY <= content.minY + reach
            let reachesMaxY = flipY ? part.minY <= content.minY + reach : part.maxY >= content.maxY - reach
            let past = 4 * clipMargin + 1
            if reachesMinX, e.x0 <= 0 { c.x0 = -past }
            if reachesMinY, e.y0 <= 0 { c.y0 = -past }
            if reachesMaxX, e.x1 >= map.width { c.x1 = map.width + past }
            if reachesMaxY, e.y1 >= map.height { c.y1 = map.height + past }
        }
        let r = Rect(x: c.x0 + margin, y: c.y0 + margin, width: c.x1 - c.x0 - 2 * margin, height: c.y1 - c.y0 - 2 * margin)
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return }
        covers.append(Cover(index: index, clip: clipIndex, rect: r))
    }

    /// The largest cover of a quad drawn after quad `index` in the same clip, or nil.
    package func cover(forQuad index: Int, clip clipIndex: Int) -> Rect? {
        var best: Rect? = nil, bestArea = 0.0
        for c in covers where c.index > index && c.clip == clipIndex {
            let area = c.rect.width * c.rect.height
            if area > bestArea { best = c.rect; bestArea = area }
        }
        return best
    }
}
