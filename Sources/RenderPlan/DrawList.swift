// A frame's draw list: the passes a frame makes, in order. First one pass per group image
// (innermost first: an enclosing group composites the images inside it), then the pass
// into the frame's target. Each pass binds its target, clears it, draws runs of commands
// (quads and clips between groups), composites the group images in their place and, for a
// masked group, multiplies its image by its mask's. `execute` hands the steps to a
// `RenderBackend`.
//
// Does NOT: walk the quads of a run (the backend draws a run through the quad planner and
// `BatchQueue`), hold images or framebuffers, or allocate once its arrays have grown.

import LayerMath
import Layers

/// Where a pass draws.
package enum DrawTarget: Equatable {
    /// The frame's target, every draw cut to `scissor` (the damage; nil: no cut).
    case frame(scissor: PixelBox?)
    /// Group `index`'s offscreen image, covering target pixels `box`; `depthStencil`: with
    /// a depth-stencil attachment (a stencil clip inside the group, or the depth pre-pass).
    case group(Int, box: PixelBox, depthStencil: Bool)
}

/// The buffers a pass clears (the colour to transparent for a group image, to the
/// background for the frame).
package struct ClearOperation: Equatable {
    package var color: Bool, stencil: Bool, depth: Bool

    @inlinable package init(color: Bool, stencil: Bool, depth: Bool) {
        (self.color, self.stencil, self.depth) = (color, stencil, depth)
    }
}

/// One step of a frame's draw list.
package enum DrawStep: Equatable {
    /// Binds a pass's target; its steps follow, up to `endPass`.
    case beginPass(DrawTarget)
    case clear(ClearOperation)
    /// An opaque quad of the background over a canvas rectangle: the clear of a damage.
    case fillBackground(Rect)
    /// Draws the list's commands in this range: quads and clips, no group.
    case run(Range<Int>)
    /// Draws group `index`'s image into the pass's target, in the group's place.
    case composite(group: Int)
    /// Multiplies the pass's group image by the alpha of group `mask`'s image.
    case multiplyByMask(Int)
    /// A rasterized group outside the damage: its image from an earlier frame is kept.
    case keepImage(group: Int)
    case endPass
}

/// How the frame's target is set up, as the draw list needs to know it.
package struct FrameSetup {
    /// When the depth pre-pass is made.
    package enum PrePass { case never, whenOpaqueCanHide, always }

    package var map: CanvasMapping
    package var pixelWidth: Int, pixelHeight: Int
    /// The canvas region to redraw (nil: the whole frame).
    package var damage: Rect? = nil
    /// A damage covering this fraction of the target or more redraws it whole.
    package var wholeRedrawFraction = 1.0
    package var prePass = PrePass.never
    /// Whether the frame's colour is cleared (the background), and whether a damage may be
    /// cleared by an opaque quad instead (not on a multisampled target or an app's).
    package var clearsColor = true, fillsDamage = false
    /// An app's target: nothing outside the viewport's pixels is touched.
    package var isAppTarget = false

    package init(map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) {
        self.map = map
        (self.pixelWidth, self.pixelHeight) = (pixelWidth, pixelHeight)
    }
}

/// The steps of one frame (see the file comment).
package struct DrawList {
    package private(set) var steps: [DrawStep] = []
    /// Whether the passes draw opaque parts first, front to back, with depth.
    package private(set) var depthPrePass = false
    /// The pixels the damage touches (nil: no damage given), and whether only they are redrawn.
    package private(set) var damagePixels: PixelBox? = nil
    package private(set) var redrawsDamageOnly = false
    /// The damage grown by 2 pixels for antialiased edges, in canvas points (partial redraws).
    package private(set) var damageRegion: Rect? = nil
    /// The command index of each group's `beginGroup`.
    package private(set) var groupBegins: [Int] = []

    package init() {}

    /// Plans the frame of `list` into `frame`'s target; `clips` is lowered for `list`.
    package mutating func plan(_ list: RenderList, frame: FrameSetup, clips: ClipLowering) {
        steps.removeAll(keepingCapacity: true)
        groupBegins.removeAll(keepingCapacity: true)
        switch frame.prePass {
        case .never: depthPrePass = false
        case .always: depthPrePass = true
        case .whenOpaqueCanHide: depthPrePass = OpaquePrePass.opaqueCanHide(list)
        }
        planDamage(frame)
        for _ in list.groups { groupBegins.append(0) }
        for k in list.commands.indices {
            switch list.commands[k] {
            case .beginGroup(let g): groupBegins[g] = k
            case .endGroup(let g): planGroup(list, g, frame: frame, clips: clips)
            default: break
            }
        }
        var scissor = redrawsDamageOnly ? damagePixels : nil
        if scissor == nil && frame.isAppTarget { scissor = PixelBox(x0: 0, y0: 0, x1: frame.pixelWidth, y1: frame.pixelHeight) }
        steps.append(.beginPass(.frame(scissor: scissor)))
        // A partial clear is a quad anyway (Mesa draws one for a scissored glClear): ours,
        // opaque, costs less (the carousel's damaged frame 4.6 -> 4.3 ms on llvmpipe).
        let fills = frame.clearsColor && frame.fillsDamage && redrawsDamageOnly && !depthPrePass
        steps.append(.clear(ClearOperation(color: frame.clearsColor && !fills, stencil: clips.anyStencil, depth: depthPrePass)))
        if fills, let b = damagePixels {
            // The scissor box in canvas points, a pixel more all round (the scissor cuts it).
            let m = frame.map, s = max(m.scale, 1e-300)
            steps.append(.fillBackground(Rect(x: (Double(b.x0) - 1 - m.offsetX) / s, y: (Double(b.y0) - 1 - m.offsetY) / s,
                                              width: Double(b.x1 - b.x0 + 2) / s, height: Double(b.y1 - b.y0 + 2) / s)))
        }
        planRuns(list, 0..<list.commands.count)
        steps.append(.endPass)
    }

    /// The damage in target pixels (rounded out, grown by 2 for antialiased edges) and in
    /// canvas points, grown the same; redrawn alone unless it covers enough to redraw whole.
    private mutating func planDamage(_ frame: FrameSetup) {
        damagePixels = nil
        redrawsDamageOnly = false
        damageRegion = nil
        guard let d = frame.damage else { return }
        let (pw, ph) = (frame.pixelWidth, frame.pixelHeight)
        let box = PixelBox.touched(by: d, map: frame.map, pixelWidth: pw, pixelHeight: ph)
        damagePixels = box
        let area = (box.x1 - box.x0) * (box.y1 - box.y0)
        guard Double(area) < frame.wholeRedrawFraction * Double(pw * ph) || area <= 0 else { return }
        redrawsDamageOnly = true
        let m = 2 / max(frame.map.scale, 1e-9)
        damageRegion = Rect(x: d.minX - m, y: d.minY - m, width: d.width + 2 * m, height: d.height + 2 * m)
    }

    /// The pass of group `g` into its image, unless the damage or the target leaves none of it.
    private mutating func planGroup(_ list: RenderList, _ g: Int, frame: FrameSetup, clips: ClipLowering) {
        let group = list.groups[g]
        let touched = PixelBox.touched(by: group.box, map: frame.map, pixelWidth: frame.pixelWidth,
                                       pixelHeight: frame.pixelHeight)
        let outsideDamage = damageRegion.map { !group.box.intersects($0) } ?? false
        if outsideDamage || touched.isEmpty {
            if group.isRasterized { steps.append(.keepImage(group: g)) }
            return
        }
        let begin = groupBegins[g]
        var clipsInside = false
        for k in (begin + 1)..<group.end {
            if case .pushClip(let i) = list.commands[k], !clips.skipsStencil(i) { clipsInside = true; break }
        }
        steps.append(.beginPass(.group(g, box: touched, depthStencil: clipsInside || depthPrePass)))
        steps.append(.clear(ClearOperation(color: true, stencil: clipsInside, depth: depthPrePass)))
        planRuns(list, (begin + 1)..<group.end)
        if group.mask >= 0 { steps.append(.multiplyByMask(group.mask)) }
        steps.append(.endPass)
    }

    /// `range` as runs between groups, each group's image composited in its place (a
    /// mask's image is never composited: it multiplies the group holding it).
    private mutating func planRuns(_ list: RenderList, _ range: Range<Int>) {
        var start = range.lowerBound, k = start
        while k < range.upperBound {
            guard case .beginGroup(let g) = list.commands[k] else { k += 1; continue }
            if start < k { steps.append(.run(start..<k)) }
            if !list.groups[g].isMask { steps.append(.composite(group: g)) }
            k = list.groups[g].end + 1
            start = k
        }
        if start < range.upperBound { steps.append(.run(start..<range.upperBound)) }
    }

    /// Hands the steps to `backend` in order; a pass whose target it declines is skipped.
    package func execute(_ list: RenderList, on backend: some RenderBackend) {
        var k = 0
        while k < steps.count {
            switch steps[k] {
            case .beginPass(let target):
                if !backend.beginPass(target, of: list) {
                    while k < steps.count, steps[k] != .endPass { k += 1 }
                }
            case .clear(let c): backend.clear(c)
            case .fillBackground(let r): backend.fillBackground(over: r)
            case .run(let r): backend.drawRun(r, of: list)
            case .composite(let g): backend.composite(group: g, of: list)
            case .multiplyByMask(let m): backend.multiplyByMask(m, of: list)
            case .keepImage(let g): backend.keepImage(group: g, of: list)
            case .endPass: backend.endPass(of: list)
            }
            k += 1
        }
    }
}
