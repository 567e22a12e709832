// Rasterized groups kept between frames (CALayer.shouldRasterize). A rasterized group is
// drawn into an offscreen image and composited, like a group with group opacity; its image
// then stays in its pooled framebuffer, and the next frame composites it again, without
// drawing the group, when everything that drew it is the same: its box in target pixels
// and the canvas mapping, its commands, its quads, the clips they sit in (each quad's chain
// of clips, not the others), the groups nested in it, and the renderer's switches. Images
// stand for immutable pixels (`ImageRef`), so equal quads sample equal texels, unless a
// texture was still streaming in: an image drawn while an upload was deferred or an image
// was missing is not kept. A reused image is the image that drawing the group again would
// make, bit for bit, so what is drawn never depends on what was drawn before.
//
// Does NOT: call GL (GLRenderer+Groups draws and composites), decide what is rasterized
// (Flattener, from `Layer.shouldRasterize`), or keep anything a pooled slot no longer
// holds: every draw into a slot records or forgets it.

import LayerMath
import Layers

/// What each pooled group framebuffer holds, when it holds a rasterized group's image.
struct RasterizedGroups {
    /// The renderer's switches that change a group's pixels, as they were when it was drawn.
    struct Switches: Equatable {
        var antialias = false, magnifiedWithoutMips = false, scissorClips = false, analyticClips = false
        var fuseLayers = false, maxFusedLayers = 0, reorderOpaque = false
        var cutsOccludedParts = false, opaqueWithoutBlending = false
    }

    /// One slot's kept image and everything it was drawn from.
    struct Record {
        /// The slot's framebuffer `texture` holds the image of the group described by the rest.
        var isKept = false
        var texture: UInt32 = 0
        var x = 0, y = 0, width = 0, height = 0
        var scale = 0.0, offsetX = 0.0, offsetY = 0.0
        var switches = Switches()
        var group: RenderGroup?
        var begin = 0
        var commands: [RenderCommand] = []
        var quads: [RenderQuad] = []
        /// Every clip some quad or push of the group sits in, with its index.
        var clips: [(index: Int, clip: RenderClip)] = []
        var nested: [RenderGroup] = []
    }

    private(set) var records: [Record] = []

    /// Where group `g` of `list` (its `beginGroup` at `begin`) lands this frame.
    struct Placement {
        var texture: UInt32
        var x: Int, y: Int, width: Int, height: Int
        var map: CanvasMapping
        var switches: Switches
    }

    /// True when group `g` of `list` (its `beginGroup` at `begin`), placed at `p` this frame,
    /// is what slot `slot` last recorded (all but the texture and the group's own opacity,
    /// which only composites the image).
    func hasSameContent(_ list: RenderList, group g: Int, begin: Int, at p: Placement, slot: Int) -> Bool {
        guard slot < records.count else { return false }
        let r = records[slot]
        let group = list.groups[g]
        guard r.isKept, r.x == p.x, r.y == p.y, r.width == p.width, r.height == p.height,
              r.scale == p.map.scale, r.offsetX == p.map.offsetX, r.offsetY == p.map.offsetY, r.switches == p.switches,
              r.begin == begin, let kept = r.group, kept.box == group.box, kept.end == group.end,
              kept.firstQuad == group.firstQuad, kept.clipDepth == group.clipDepth, kept.parent == group.parent,
              kept.isRasterized == group.isRasterized, r.commands.count == group.end - begin + 1 else { return false }
        for k in 0..<r.commands.count where r.commands[k] != list.commands[begin + k] { return false }
        var quadIndex = 0, nestedIndex = 0
        for k in (begin + 1)..<group.end {     // inside its beginGroup and endGroup
            switch list.commands[k] {
            case .quad(let i):
                guard quadIndex < r.quads.count, r.quads[quadIndex].drawsSame(as: list.quads[i]) else { return false }
                quadIndex += 1
            case .beginGroup(let h):
                guard nestedIndex < r.nested.count, r.nested[nestedIndex].drawsSame(as: list.groups[h]) else { return false }
                nestedIndex += 1
            default: break
            }
        }
        guard quadIndex == r.quads.count, nestedIndex == r.nested.count else { return false }
        for (i, c) in r.clips {
            guard i < list.clips.count, list.clips[i].drawsSame(as: c) else { return false }
        }
        return true
    }

    /// True when slot `slot`'s framebuffer texture `texture` holds its recorded group's image.
    func holdsImage(slot: Int, texture: UInt32) -> Bool {
        slot < records.count && records[slot].isKept && records[slot].texture == texture
    }

    /// Records group `g`, drawn this frame at `p` into slot `slot`'s framebuffer, complete.
    mutating func record(_ list: RenderList, group g: Int, begin: Int, at p: Placement, slot: Int) {
        while records.count <= slot { records.append(Record()) }
        // Filled in place: the arrays keep their storage, so the steady state allocates nothing.
        Self.fill(&records[slot], list, group: list.groups[g], begin: begin, at: p)
    }

    /// Slot `slot` was drawn into by a group that is not kept.
    mutating func forget(slot: Int) {
        guard slot < records.count else { return }
        records[slot].isKept = false
    }

    /// Forgets every slot (their framebuffers are gone).
    mutating func removeAll() {
        for i in records.indices { forget(slot: i) }
    }

    private static func fill(_ r: inout Record, _ list: RenderList, group: RenderGroup, begin: Int, at p: Placement) {
        r.isKept = true
        r.texture = p.texture
        (r.x, r.y, r.width, r.height) = (p.x, p.y, p.width, p.height)
        (r.scale, r.offsetX, r.offsetY) = p.map
        r.switches = p.switches
        r.group = group
        r.begin = begin
        r.commands.removeAll(keepingCapacity: true)
        r.quads.removeAll(keepingCapacity: true)
        r.clips.removeAll(keepingCapacity: true)
        r.nested.removeAll(keepingCapacity: true)
        r.commands.append(contentsOf: list.commands[begin...group.end])
        for k in (begin + 1)..<group.end {     // inside its beginGroup and endGroup
            let command = list.commands[k]
            switch command {
            case .quad(let i):
                r.quads.append(list.quads[i])
                addClipChain(list.quads[i].clipIndex, list, to: &r)
            case .pushClip(let i):
                addClipChain(i, list, to: &r)
            case .beginGroup(let h):
                r.nested.append(list.groups[h])
            default: break
            }
        }
    }

    private static func addClipChain(_ index: Int, _ list: RenderList, to r: inout Record) {
        var i = index
        while i >= 0, i < list.clips.count {
            if r.clips.contains(where: { $0.index == i }) { return }    // and its parents with it
            r.clips.append((i, list.clips[i]))
            i = list.clips[i].parent
        }
    }
}
