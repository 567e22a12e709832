// Which draws of a frame share one instanced draw call, decided in pure Swift.
//
// Each draw (the interior, ring or whole rectangle of a quad, a group image, a clip shape)
// has a `DrawKey` (everything GL must have bound for it) and a box in target pixels (every
// pixel it may touch). Draws with equal keys go in one batch, drawn by one
// instanced draw call. Batches are drawn in the order they were opened, the draws of
// a batch in submission order; a draw joins an earlier batch only when no batch opened
// after that one may touch the same pixels, so every pair of draws that changes order
// touches disjoint pixels and the frame is pixel for pixel the painter's result. Draws
// that overlap and differ in key keep their order; so do draws that are both in the same
// batch (GL draws the instances of one call in order).
//
// Does NOT: call GL, hold instance data (BatchQueue writes it, a RenderBackend
// uploads it), or know what a key's fields mean beyond equality.

import LayerMath

/// Which vertex range of the unit buffer a draw uses (see quad.vert): all instances of one
/// draw call use the same range.
package enum DrawGeometry: Equatable {
    /// One rectangle (the instance's `fill` rectangle): 4 vertices.
    case rect
    /// The ring between the instance's outer and inner rectangles: 10 vertices.
    case ring
}

/// Everything a draw needs bound: equal keys may share one draw call.
package struct DrawKey: Equatable {
    /// The program that draws it.
    package var program: DrawProgram
    package var geometry: DrawGeometry
    /// Texture on unit 0 (none: a colour fill) and its sampler.
    package var texture = TextureHandle.none
    package var sampler = SamplerChoice.own
    /// The coverage program's `u_antialias` (false for every other program).
    package var smooth = false
    /// The stencil mode of the draw.
    package var stencil: StencilMode = .off
    /// The scissor box (the damage, an app's viewport, scissor clips); nil: none.
    package var scissor: PixelBox? = nil
    /// Blending on; false for an opaque fully covered part, which replaces the pixels (the
    /// same result: with source alpha 1, src + dst (1 - 1) is src), without reading them.
    package var blend = true

    @inlinable
    package init(program: DrawProgram, geometry: DrawGeometry, texture: TextureHandle = .none, sampler: SamplerChoice = .own,
                 smooth: Bool = false, stencil: StencilMode = .off, scissor: PixelBox? = nil, blend: Bool = true) {
        (self.program, self.geometry, self.texture, self.sampler) = (program, geometry, texture, sampler)
        (self.smooth, self.stencil, self.scissor, self.blend) = (smooth, stencil, scissor, blend)
    }
}

/// A box in target pixels; `everything` for a draw that may touch any pixel.
package struct DrawBox: Equatable {
    package var x0: Double, y0: Double, x1: Double, y1: Double

    @inlinable package init(x0: Double, y0: Double, x1: Double, y1: Double) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }

    /// Touches every pixel (a quad crossing the eye plane, a box that is not finite).
    package static let everything = DrawBox(x0: -.infinity, y0: -.infinity, x1: .infinity, y1: .infinity)

    /// Closed boxes: sharing an edge counts as touching.
    @inline(__always)
    package func touches(_ o: DrawBox) -> Bool { x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1 }

    @inline(__always)
    package func union(_ o: DrawBox) -> DrawBox {
        DrawBox(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// Width times height (infinite for `everything`).
    package var area: Double { (x1 - x0) * (y1 - y0) }

    /// The target pixels a bounds-space rectangle `r` may touch through `m` (bounds to canvas
    /// points, homogeneous) and `map` (canvas points to pixels): the box of its projected
    /// corners grown by one pixel (rounding between this double arithmetic and the GPU's
    /// floats). `everything` when a corner is not in front of the eye or not finite.
    @inlinable
    package static func of(_ r: Rect, through m: Transform3D, map: CanvasMapping) -> DrawBox {
        var b = DrawBox(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)
        // Four corners without an array (no allocation per draw).
        for k in 0..<4 {
            let v = m.apply(Vector4(k & 1 == 0 ? r.minX : r.maxX, k < 2 ? r.minY : r.maxY, 0, 1))
            guard v.w > 0 else { return .everything }
            let px = v.x / v.w * map.scale + map.offsetX, py = v.y / v.w * map.scale + map.offsetY
            guard px.isFinite, py.isFinite else { return .everything }
            b.x0 = min(b.x0, px); b.y0 = min(b.y0, py); b.x1 = max(b.x1, px); b.y1 = max(b.y1, py)
        }
        return DrawBox(x0: b.x0 - 1, y0: b.y0 - 1, x1: b.x1 + 1, y1: b.y1 + 1)
    }
}

/// Groups a sequence of draws into batches (see the file comment). Reused frame after
/// frame: its arrays keep their capacity, so a steady-state frame allocates nothing.
///
/// Each batch remembers where its draws are as up to `boxesPerBatch` boxes: each draw's
/// own box until they are all used, then a draw's box is merged into the one it grows
/// least. (A single union box would make a batch that reaches from one row of quads to the
/// next block everything between: a grid of quads would break into one batch per row.)
package struct DrawBatcher {
    /// How many of the most recent batches a draw looks back through for one with its key
    /// (bounds the work per draw; a draw that finds none opens a new batch).
    package var lookback: Int
    /// Boxes kept per batch (see above).
    package let boxesPerBatch: Int

    /// Key of each batch, in the order the batches were opened.
    package private(set) var batchKeys: [DrawKey] = []
    /// Batch b's boxes are `boxes[b * boxesPerBatch ..< b * boxesPerBatch + boxCounts[b]]`.
    private var boxes: [DrawBox] = []
    private var boxCounts: [Int] = []
    /// The batch each draw joined, by draw index.
    package private(set) var batchOfDraw: [Int] = []
    /// After `finish`: draw indices in drawing order (batch by batch), and where each batch
    /// starts in it (`batchStarts[b]..<batchStarts[b + 1]`; one more entry than batches).
    package private(set) var order: [Int] = []
    package private(set) var batchStarts: [Int] = []

    package init(lookback: Int = 16, boxesPerBatch: Int = 8, reservedDraws: Int = 256) {
        self.lookback = max(1, lookback)
        self.boxesPerBatch = max(1, boxesPerBatch)
        // Room for a busy frame from the start: a frame with more draws than any before it
        // (a list scrolling a seam into view) would otherwise grow these mid-animation.
        let draws = max(1, reservedDraws)
        batchKeys.reserveCapacity(draws)
        boxes.reserveCapacity(draws * self.boxesPerBatch)
        boxCounts.reserveCapacity(draws)
        batchOfDraw.reserveCapacity(draws)
        order.reserveCapacity(draws)
        batchStarts.reserveCapacity(draws + 1)
    }

    /// Draws added since the last `reset`.
    @inlinable package var drawCount: Int { batchOfDraw.count }
    /// Batches opened since the last `reset`.
    package var batchCount: Int { batchKeys.count }

    /// Forgets every draw and batch (keeps the memory).
    package mutating func reset() {
        batchKeys.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
        boxCounts.removeAll(keepingCapacity: true)
        batchOfDraw.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        batchStarts.removeAll(keepingCapacity: true)
    }

    /// Adds the next draw: it joins the most recent batch with its key among the last
    /// `lookback` batches when no batch opened after that one touches `box`, else it opens a
    /// new batch. Returns the batch it is in.
    @discardableResult
    package mutating func add(_ key: DrawKey, box: DrawBox) -> Int {
        var b = batchKeys.count - 1
        let stop = max(0, batchKeys.count - lookback)
        var joined = -1
        while b >= stop {
            if batchKeys[b] == key { joined = b; break }
            if batchTouches(b, box) { break }
            b -= 1
        }
        if joined < 0 {
            joined = batchKeys.count
            batchKeys.append(key)
            boxCounts.append(1)
            boxes.append(contentsOf: repeatElement(box, count: boxesPerBatch))
        } else {
            addBox(box, to: joined)
        }
        batchOfDraw.append(joined)
        return joined
    }

    /// Whether any draw of batch `b` may touch `box`.
    private func batchTouches(_ b: Int, _ box: DrawBox) -> Bool {
        let first = b * boxesPerBatch
        for k in first..<(first + boxCounts[b]) where boxes[k].touches(box) { return true }
        return false
    }

    /// Records that batch `b` now also draws in `box`: in a free slot, else merged into the
    /// slot whose area grows least (the first such slot on a tie).
    private mutating func addBox(_ box: DrawBox, to b: Int) {
        let first = b * boxesPerBatch
        if boxCounts[b] < boxesPerBatch {
            boxes[first + boxCounts[b]] = box
            boxCounts[b] += 1
            return
        }
        if box == .everything {
            boxes[first] = .everything
            return
        }
        var best = first, bestGrowth = Double.infinity
        for k in first..<(first + boxesPerBatch) {
            let growth = boxes[k].union(box).area - boxes[k].area
            // An infinite box grows by nothing (its growth is NaN): it already holds `box`.
            if growth.isNaN { return }
            if growth < bestGrowth { best = k; bestGrowth = growth }
        }
        boxes[best] = boxes[best].union(box)
    }

    /// Computes `order` and `batchStarts` (a counting sort of the draws by batch, stable).
    package mutating func finish() {
        let n = batchKeys.count
        batchStarts.removeAll(keepingCapacity: true)
        batchStarts.append(contentsOf: repeatElement(0, count: n + 1))
        for b in batchOfDraw { batchStarts[b + 1] += 1 }
        for b in 0..<n { batchStarts[b + 1] += batchStarts[b] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: batchOfDraw.count))
        // Each batch's start advances as its draws are placed, ending at the next batch's start.
        for (draw, b) in batchOfDraw.enumerated() {
            order[batchStarts[b]] = draw
            batchStarts[b] += 1
        }
        // batchStarts[b] now holds the end of batch b: shift back by one batch.
        for b in stride(from: n, to: 0, by: -1) { batchStarts[b] = batchStarts[b - 1] }
        batchStarts[0] = 0
    }
}
