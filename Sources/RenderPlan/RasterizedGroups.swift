// Rasterized layers' images kept between frames (CALayer.shouldRasterize). A rasterized
// group is drawn into an offscreen image and composited, like a group with group opacity;
// the image then stays in a framebuffer of the renderer's `rasterPool` that belongs to the
// layer (a slot per layer, kept through reorders), and the next frame composites it
// again, without drawing the group, when everything that drew it is the same: its box in
// target pixels and the canvas mapping, its steps, its quads, the clips they sit in (each
// quad's chain of clips, by shape), the groups nested in it, and the renderer's switches.
// Images stand for immutable pixels (`ImageRef`), so equal quads sample equal texels,
// unless a texture was still streaming in: an image drawn while an upload was deferred or
// an image was missing is not kept. A reused image is the image that drawing the group
// again would make, bit for bit, so what is drawn never depends on what was drawn before.
// A layer not drawn in a frame gives its slot back (`endFrame`), with its framebuffer.
//
// Does NOT: call GL (GLRenderer+Groups draws and composites, GLRenderer deletes released
// framebuffers), decide what is rasterized (Flattener, from `Layer.shouldRasterize`), or
// keep anything a slot no longer holds: every draw into a slot records or forgets it.

import LayerMath
import Layers

/// Which `rasterPool` slot each rasterized layer has, and what each slot's image was drawn from.
package struct RasterizedGroups {
    /// The renderer's switches that change a group's pixels, as they were when it was drawn.
    package struct Switches: Equatable {
        package var antialias = false, magnifiedWithoutMips = false, scissorClips = false, analyticClips = false, softClips = false
        package var joinsSharedEdges = false
        package var reorderOpaque = false
        package var cutsOccludedParts = false, opaqueWithoutBlending = false

        package init(antialias: Bool, magnifiedWithoutMips: Bool, scissorClips: Bool, analyticClips: Bool, softClips: Bool,
                     joinsSharedEdges: Bool, reorderOpaque: Bool, cutsOccludedParts: Bool, opaqueWithoutBlending: Bool) {
            (self.antialias, self.magnifiedWithoutMips, self.scissorClips) = (antialias, magnifiedWithoutMips, scissorClips)
            (self.analyticClips, self.softClips, self.joinsSharedEdges) = (analyticClips, softClips, joinsSharedEdges)
            (self.reorderOpaque, self.cutsOccludedParts, self.opaqueWithoutBlending) = (reorderOpaque, cutsOccludedParts, opaqueWithoutBlending)
        }
        package init() {}
    }

    /// A command inside a group, without the indices that move when the list around the
    /// group changes (nested groups by their offset from the group).
    package enum Step: Equatable { case quad, pushClip, popClip, beginGroup(Int), endGroup(Int) }

    /// One slot's kept image and everything it was drawn from, in terms that do not depend
    /// on where the group sits in the render list.
    package struct Record {
        /// The slot's framebuffer (of generation `framebuffer`) holds the image of the group
        /// described by the rest.
        package var isKept = false
        package var framebuffer = 0
        package var x = 0, y = 0, width = 0, height = 0
        package var scale = 0.0, offsetX = 0.0, offsetY = 0.0
        package var switches = Switches()
        package var box = Rect.zero
        package var clipDepth = 0
        package var steps: [Step] = []
        /// The quads drawn, in order, and the groups nested in it.
        package var quads: [RenderQuad] = []
        package var nested: [RenderGroup] = []
        /// Each quad's and each push's chain of clips, innermost first, one after another;
        /// `chainEnds[n]`: where the n-th chain ends.
        package var chains: [RenderClip] = []
        package var chainEnds: [Int] = []
    }

    /// By slot of the renderer's `rasterPool`.
    package private(set) var records: [Record] = []
    /// The slot of each rasterized layer drawn in the last frame or this one: a layer keeps
    /// its slot (and its image) when the drawing order or the other groups change.
    private var slotOfLayer: [ObjectIdentifier: Int] = [:]
    /// The frame each slot was last asked for in, and the slots no layer holds.
    private var seenInFrame: [Int] = []
    private var freeSlots: [Int] = []
    private var frame = 0
    private var leaving: [ObjectIdentifier] = []

    package init() {}

    /// Starts a frame: `slot(for:)` marks the layers it sees in it.
    package mutating func beginFrame() { frame += 1 }

    /// The slot of rasterized layer `layer` (a free one the first time it is seen).
    package mutating func slot(for layer: ObjectIdentifier) -> Int {
        if let s = slotOfLayer[layer] {
            seenInFrame[s] = frame
            return s
        }
        let s: Int
        if let free = freeSlots.popLast() {
            s = free
        } else {
            s = seenInFrame.count
            seenInFrame.append(0)
        }
        slotOfLayer[layer] = s
        seenInFrame[s] = frame
        forget(slot: s)
        return s
    }

    /// Ends a frame: the slots of layers that were not drawn in it are freed and listed in
    /// `released`, for their framebuffers to be deleted (a layer gone, hidden or culled: its
    /// image would be stale memory). Allocates nothing while the same layers are drawn.
    package mutating func endFrame() {
        released.removeAll(keepingCapacity: true)
        leaving.removeAll(keepingCapacity: true)
        for (layer, s) in slotOfLayer where seenInFrame[s] != frame { leaving.append(layer) }
        for layer in leaving {
            guard let s = slotOfLayer.removeValue(forKey: layer) else { continue }
            forget(slot: s)
            freeSlots.append(s)
            released.append(s)
        }
    }

    /// The slots the last `endFrame` freed.
    package private(set) var released: [Int] = []

    /// Rasterized layers holding a slot (for tests).
    package var layersKept: Int { slotOfLayer.count }

    /// Where group `g` of `list` (its `beginGroup` at `begin`) lands this frame.
    package struct Placement {
        /// The slot's framebuffer generation (`GroupFramebufferPool.generation`).
        package var framebuffer: Int
        package var x: Int, y: Int, width: Int, height: Int
        package var map: CanvasMapping
        package var switches: Switches

        package init(framebuffer: Int, x: Int, y: Int, width: Int, height: Int, map: CanvasMapping, switches: Switches) {
            (self.framebuffer, self.x, self.y, self.width, self.height) = (framebuffer, x, y, width, height)
            (self.map, self.switches) = (map, switches)
        }
    }

    /// True when group `g` of `list` (its `beginGroup` at `begin`), placed at `p` this frame,
    /// draws what slot `slot` last recorded: the same steps, quads, nested groups and clip
    /// chains, wherever in the list it sits now. Its own opacity may differ: it only
    /// composites the image.
    package func hasSameContent(_ list: RenderList, group g: Int, begin: Int, at p: Placement, slot: Int) -> Bool {
        guard slot < records.count else { return false }
        let r = records[slot]
        let group = list.groups[g]
        guard r.isKept, r.x == p.x, r.y == p.y, r.width == p.width, r.height == p.height,
              r.scale == p.map.scale, r.offsetX == p.map.offsetX, r.offsetY == p.map.offsetY, r.switches == p.switches,
              r.box == group.box, r.clipDepth == group.clipDepth, r.steps.count == group.end - begin - 1 else { return false }
        var quadIndex = 0, nestedIndex = 0, chain = 0
        for k in (begin + 1)..<group.end {     // inside its beginGroup and endGroup
            let command = list.commands[k]
            guard Self.step(command, group: g) == r.steps[k - begin - 1] else { return false }
            switch command {
            case .quad(let i):
                let q = list.quads[i], kept = r.quads[quadIndex]
                guard q.drawsSameWherever(as: kept), q.group - g == kept.group,
                      Self.chain(from: q.clipIndex, in: list, equals: r, chain: chain) else { return false }
                quadIndex += 1
                chain += 1
            case .pushClip(let i):
                guard Self.chain(from: i, in: list, equals: r, chain: chain) else { return false }
                chain += 1
            case .beginGroup(let h):
                guard list.groups[h].drawsSameWherever(as: r.nested[nestedIndex]) else { return false }
                nestedIndex += 1
            default: break
            }
        }
        return true
    }

    /// True when the clips from `index` outward are, by shape and depth, chain `n` of `r`.
    private static func chain(from index: Int, in list: RenderList, equals r: Record, chain n: Int) -> Bool {
        var c = n == 0 ? 0 : r.chainEnds[n - 1]
        var i = index
        while i >= 0, i < list.clips.count {
            guard c < r.chainEnds[n] else { return false }
            guard list.clips[i].drawsSameWherever(as: r.chains[c]) else { return false }
            c += 1
            i = list.clips[i].parent
        }
        return c == r.chainEnds[n]
    }

    private static func step(_ command: RenderCommand, group g: Int) -> Step {
        switch command {
        case .quad: return .quad
        case .pushClip: return .pushClip
        case .popClip: return .popClip
        case .beginGroup(let h): return .beginGroup(h - g)
        case .endGroup(let h): return .endGroup(h - g)
        }
    }

    /// True when slot `slot`'s framebuffer, of generation `framebuffer`, holds its recorded
    /// group's image (a slot given a new framebuffer holds nothing yet).
    package func holdsImage(slot: Int, framebuffer: Int) -> Bool {
        slot < records.count && records[slot].isKept && records[slot].framebuffer == framebuffer
    }

    /// Records group `g`, drawn this frame at `p` into slot `slot`'s framebuffer, complete.
    package mutating func record(_ list: RenderList, group g: Int, begin: Int, at p: Placement, slot: Int) {
        while records.count <= slot { records.append(Record()) }
        // Filled in place: the arrays keep their storage, so the steady state allocates nothing.
        Self.fill(&records[slot], list, group: g, begin: begin, at: p)
    }

    /// Slot `slot` was drawn into by a group that is not kept.
    package mutating func forget(slot: Int) {
        guard slot < records.count else { return }
        records[slot].isKept = false
    }

    /// Forgets every slot and layer (their framebuffers are gone).
    package mutating func removeAll() {
        for i in records.indices { forget(slot: i) }
        for (_, s) in slotOfLayer { freeSlots.append(s) }
        slotOfLayer.removeAll()
    }

    private static func fill(_ r: inout Record, _ list: RenderList, group g: Int, begin: Int, at p: Placement) {
        let group = list.groups[g]
        r.isKept = true
        r.framebuffer = p.framebuffer
        (r.x, r.y, r.width, r.height) = (p.x, p.y, p.width, p.height)
        (r.scale, r.offsetX, r.offsetY) = (p.map.scale, p.map.offsetX, p.map.offsetY)
        r.switches = p.switches
        r.box = group.box
        r.clipDepth = group.clipDepth
        r.steps.removeAll(keepingCapacity: true)
        r.quads.removeAll(keepingCapacity: true)
        r.nested.removeAll(keepingCapacity: true)
        r.chains.removeAll(keepingCapacity: true)
        r.chainEnds.removeAll(keepingCapacity: true)
        for k in (begin + 1)..<group.end {     // inside its beginGroup and endGroup
            let command = list.commands[k]
            r.steps.append(step(command, group: g))
            switch command {
            case .quad(let i):
                var q = list.quads[i]
                q.group -= g
                r.quads.append(q)
                addChain(from: q.clipIndex, list, to: &r)
            case .pushClip(let i):
                addChain(from: i, list, to: &r)
            case .beginGroup(let h):
                r.nested.append(list.groups[h])
            default: break
            }
        }
    }

    private static func addChain(from index: Int, _ list: RenderList, to r: inout Record) {
        var i = index
        while i >= 0, i < list.clips.count {
            r.chains.append(list.clips[i])
            i = list.clips[i].parent
        }
        r.chainEnds.append(r.chains.count)
    }
}
