// How each clip of a frame reaches the pixels: a clip that is an axis-aligned rectangle of
// the canvas becomes a scissor box (free: no clip shape is drawn, no stencil is read); a
// clip whose quads all lie in its plane along its axes is tested in the quad shader
// (`AnalyticClip`); any other clip (nested, rotated against its quads) a stencil shape.
// Pure Swift, no GL.
//
// Does NOT: call GL (GLRenderer+Commands sets the scissor and draws stencil shapes), or
// change which pixels a clip keeps: a scissor box holds exactly the pixels whose centres
// the stencil shape would have covered.

import LayerMath
import Layers

/// A box of whole target pixels, rows counted from the top: columns x0..<x1, rows y0..<y1.
package struct PixelBox: Equatable {
    package var x0: Int, y0: Int, x1: Int, y1: Int

    @inlinable package init(x0: Int, y0: Int, x1: Int, y1: Int) { (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1) }

    /// The pixels in both boxes (an empty box when they do not meet).
    @inlinable
    package func intersection(_ o: PixelBox) -> PixelBox {
        let a = max(x0, o.x0), b = max(y0, o.y0)
        return PixelBox(x0: a, y0: b, x1: max(a, min(x1, o.x1)), y1: max(b, min(y1, o.y1)))
    }

    /// The box of the pixels whose centres lie in the canvas rectangle `r` under `map`
    /// (left and top edges included, right and bottom excluded, as GL rasterises a shape's
    /// edges), clamped to a `pixelWidth` x `pixelHeight` target.
    package static func covering(_ r: Rect, map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) -> PixelBox {
        // Pixel i's centre is i + 0.5: it lies in [a, b) for i in ceil(a - 0.5) ..< ceil(b - 0.5).
        func first(_ v: Double, limit: Int) -> Int {
            let c = (v - 0.5).rounded(.up)
            guard c.isFinite else { return c > 0 ? limit : 0 }   // NaN counts as 0
            return Int(max(0, min(Double(limit), c)))
        }
        let x0 = first(r.minX * map.scale + map.offsetX, limit: pixelWidth)
        let x1 = first(r.maxX * map.scale + map.offsetX, limit: pixelWidth)
        let y0 = first(r.minY * map.scale + map.offsetY, limit: pixelHeight)
        let y1 = first(r.maxY * map.scale + map.offsetY, limit: pixelHeight)
        return PixelBox(x0: x0, y0: y0, x1: max(x0, x1), y1: max(y0, y1))
    }
}

/// Per frame: which clips are scissor boxes, the stencil value inside each clip (counting
/// stencil clips only), and the clip around each group. Reuse one value across frames:
/// `update` keeps the storage, so the steady state does not allocate.
package struct ClipLowering {
    /// Per clip: its canvas rectangle when it is applied as a scissor box; nil: a stencil shape.
    package private(set) var scissorRects: [Rect?] = []
    /// Per clip: the stencil value inside it, the number of stencil clips in its chain
    /// (itself included). A scissor or analytic clip has its parent's value.
    package private(set) var stencilDepths: [Int] = []
    /// Per group: the innermost clip around its `beginGroup`, or -1.
    package private(set) var groupClips: [Int] = []
    /// Per clip: whether every quad inside it tests it in the quad shader (`AnalyticClip`).
    package private(set) var analytic: [Bool] = []
    /// Per quad: its analytic clip (nil: none, or its clip is not analytic), worked out once.
    package private(set) var quadClips: [AnalyticClip?] = []
    /// Per clip: its parent clip, or -1 (for the scissor chain).
    private var parents: [Int] = []
    /// Per clip: the inverse of its plane homography where it may be analytic (scratch).
    private var clipInverses: [Homography2D?] = []
    /// Clips drawn into the stencil (neither scissor boxes nor analytic).
    package private(set) var stencilClipCount = 0
    /// Whether any clip of the frame is drawn into the stencil.
    package var anyStencil: Bool { stencilClipCount > 0 }
    private var stack: [Int] = []

    package init() {}

    /// Works the clips of `list` out; `scissors` false: no clip is a scissor box;
    /// `analyticClips` false: no clip is tested in the quad shader.
    package mutating func update(_ list: RenderList, scissors: Bool = true, analyticClips: Bool = true) {
        scissorRects.removeAll(keepingCapacity: true)
        analytic.removeAll(keepingCapacity: true)
        clipInverses.removeAll(keepingCapacity: true)
        quadClips.removeAll(keepingCapacity: true)
        parents.removeAll(keepingCapacity: true)
        stencilDepths.removeAll(keepingCapacity: true)
        groupClips.removeAll(keepingCapacity: true)
        stencilClipCount = 0
        for clip in list.clips {
            let rect = scissors ? ClipLowering.scissorRect(clip) : nil
            // Parents come before their children in `clips` (a clip is recorded when pushed).
            let parentDepth = clip.parent >= 0 && clip.parent < stencilDepths.count ? stencilDepths[clip.parent] : 0
            parents.append(clip.parent)
            scissorRects.append(rect)
            stencilDepths.append(rect == nil ? parentDepth + 1 : parentDepth)
            if rect == nil { stencilClipCount += 1 }
        }
        for _ in list.groups { groupClips.append(-1) }
        stack.removeAll(keepingCapacity: true)
        for command in list.commands {
            switch command {
            case .pushClip(let i): stack.append(i)
            case .popClip: if !stack.isEmpty { stack.removeLast() }
            case .beginGroup(let g): if g < groupClips.count { groupClips[g] = stack.last ?? -1 }
            case .quad, .endGroup: break
            }
        }
        markAnalytic(list, enabled: analyticClips)
    }

    /// A stencil clip with no stencil clip around it, in front of the eye, with no clip or
    /// group inside it, whose quads all lie in its plane along its axes, is tested in the
    /// quad shader instead (`AnalyticClip`): it leaves the stencil.
    private mutating func markAnalytic(_ list: RenderList, enabled: Bool) {
        for (c, clip) in list.clips.enumerated() {
            var inverse: Homography2D? = nil
            if enabled, scissorRects[c] == nil, stencilDepths[c] == 1 {
                let h = clip.matrix.planeHomography
                let w = clip.size.width, hh = clip.size.height
                let inFront = h.map(Point(0, 0)).w > 0 && h.map(Point(w, 0)).w > 0
                    && h.map(Point(w, hh)).w > 0 && h.map(Point(0, hh)).w > 0
                if inFront { inverse = h.inverted() }
            }
            clipInverses.append(inverse)
            analytic.append(inverse != nil)
        }
        for clip in list.clips where clip.parent >= 0 && clip.parent < analytic.count { analytic[clip.parent] = false }
        for c in groupClips where c >= 0 && c < analytic.count { analytic[c] = false }
        for q in list.quads {
            let c = q.clipIndex
            var map: AnalyticClip? = nil
            if c >= 0, c < analytic.count, analytic[c], let inverse = clipInverses[c] {
                map = AnalyticClip.map(quadMatrix: q.matrix, quadSize: q.size, clipInverse: inverse, clip: list.clips[c])
                if map == nil { analytic[c] = false }
            }
            quadClips.append(map)
        }
        // A clip left out by a later quad takes its earlier quads' maps with it.
        for (i, q) in list.quads.enumerated() where quadClips[i] != nil && !analytic[q.clipIndex] { quadClips[i] = nil }
        for c in analytic.indices where analytic[c] {
            stencilDepths[c] = 0   // no stencil clip around it (stencilDepths was 1)
            stencilClipCount -= 1
        }
    }

    /// Whether some clip of the frame is tested in the quad shader.
    package var hasAnalyticClips: Bool { analytic.contains(true) }

    /// Whether clip `index` is applied without the stencil (a scissor box or analytic).
    @inlinable
    package func skipsStencil(_ index: Int) -> Bool {
        index >= 0 && index < scissorRects.count && (scissorRects[index] != nil || analytic[index])
    }

    /// The analytic clip of quad `index` (its innermost clip tested in the quad shader), or nil.
    @inlinable
    package func analyticClip(forQuad index: Int) -> AnalyticClip? {
        index >= 0 && index < quadClips.count ? quadClips[index] : nil
    }

    /// The stencil value inside clip `index` (0 for -1: no clip).
    @inlinable
    package func stencilDepth(_ index: Int) -> Int {
        index >= 0 && index < stencilDepths.count ? stencilDepths[index] : 0
    }

    /// Whether clip `index` is applied as a scissor box.
    @inlinable
    package func isScissor(_ index: Int) -> Bool {
        index >= 0 && index < scissorRects.count && scissorRects[index] != nil
    }

    /// The pixels kept by the scissor clips in the chain of clip `index` (itself and its
    /// ancestors) on a target under `map`; nil when the chain has no scissor clip.
    package func scissorBox(clip index: Int, map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) -> PixelBox? {
        var box: PixelBox? = nil
        var c = index
        while c >= 0 && c < scissorRects.count {
            if let r = scissorRects[c] {
                let b = PixelBox.covering(r, map: map, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
                box = box.map { $0.intersection(b) } ?? b
            }
            c = parents[c]
        }
        return box
    }

    /// The canvas rectangle of `clip` when it is an axis-aligned rectangle of the canvas:
    /// square corners and a matrix that only scales (positively) and translates x and y,
    /// with no perspective (w = m44 > 0 everywhere). nil otherwise.
    package static func scissorRect(_ clip: RenderClip) -> Rect? {
        let m = clip.matrix
        guard clip.cornerRadius <= 0, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0,
              m.m44 > 0, m.m11 > 0, m.m22 > 0 else { return nil }
        let x0 = m.m41 / m.m44, y0 = m.m42 / m.m44
        let x1 = (clip.size.width * m.m11 + m.m41) / m.m44, y1 = (clip.size.height * m.m22 + m.m42) / m.m44
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return nil }
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
