// GroupFramebufferPool: the offscreen framebuffers that groups are drawn into.
//
// Does NOT: decide what is a group (Flattener does) or which slot a group takes (the group's
// index for group opacity, its layer's kept slot for a rasterized one: RasterizedGroups),
// draw anything, or shrink: a slot keeps its largest framebuffer until it is released, so
// the steady-state frame creates nothing. A released framebuffer is kept as a spare (at
// most `maximumSpares`) for the next slot that needs one: a carousel rasterized at rest and
// drawn live while it moves takes the same framebuffer back each time it stops, instead
// of creating (and clearing) a full-screen texture per stop.

import CGL

/// Offscreen framebuffers for groups, by slot, reused across frames. Sizes are rounded up to multiples of 64 pixels so a group that grows by a
/// pixel per frame does not recreate its framebuffer each frame.
final class GroupFramebufferPool {
    private var slots: [Framebuffer?] = []
    /// Per slot: how many framebuffers it has had (a new one holds nothing drawn before).
    private var generations: [Int] = []

    /// Released framebuffers kept for reuse, most recently released last.
    private var spares: [Framebuffer] = []
    /// The most spares kept; releasing one more deletes the oldest.
    static let maximumSpares = 2

    /// Framebuffers created so far (for tests and statistics).
    private(set) var created = 0

    init() { spares.reserveCapacity(GroupFramebufferPool.maximumSpares + 1) }

    /// A single-sampled framebuffer of at least `width` x `height` for slot `slot` (nearest
    /// filtering: it is composited 1:1 onto whole pixels), with a depth-stencil attachment
    /// when `depthStencil` (a slot that once needed one keeps it). Requires a current context.
    func framebuffer(slot: Int, width: Int, height: Int, depthStencil: Bool) throws -> Framebuffer {
        while slots.count <= slot { slots.append(nil); generations.append(0) }
        let old = slots[slot]
        if let old, old.width >= width, old.height >= height, old.hasDepthStencil || !depthStencil { return old }
        let fb: Framebuffer
        if old == nil, let k = spares.lastIndex(where: { $0.width >= width && $0.height >= height
                                                          && ($0.hasDepthStencil || !depthStencil) }) {
            fb = spares.remove(at: k)
        } else {
            fb = try make(width: max(roundUp(width), old?.width ?? 64), height: max(roundUp(height), old?.height ?? 64),
                          depthStencil: depthStencil || old?.hasDepthStencil == true)
        }
        old?.destroy()
        slots[slot] = fb
        generations[slot] += 1
        return fb
    }

    /// Slot `slot`'s framebuffer generation: it changes whenever the slot gets a new one.
    func generation(slot: Int) -> Int {
        slot < generations.count ? generations[slot] : 0
    }

    /// Takes slot `slot`'s framebuffer away (the slot gets a new one, or a spare, when asked
    /// again): it becomes a spare, and the oldest spare past `maximumSpares` is deleted,
    /// giving its memory back. Requires a current context.
    func release(slot: Int) {
        guard slot < slots.count, let fb = slots[slot] else { return }
        slots[slot] = nil
        generations[slot] += 1
        spares.append(fb)
        if spares.count > GroupFramebufferPool.maximumSpares { spares.removeFirst().destroy() }
    }

    /// Releases every slot that holds a framebuffer and that `unused` names.
    func release(where unused: (Int) -> Bool) {
        for slot in slots.indices where slots[slot] != nil && unused(slot) { release(slot: slot) }
    }

    /// Framebuffers held: in slots and spare.
    var count: Int { slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } + spares.count }

    private func make(width: Int, height: Int, depthStencil: Bool) throws -> Framebuffer {
        let fb = try Framebuffer(width: width, height: height, depthStencil: depthStencil)
        glBindTexture(GLConstant.texture2D, fb.colorTexture)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.nearest)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.nearest)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        glBindTexture(GLConstant.texture2D, 0)
        created += 1
        return fb
    }

    /// Deletes every framebuffer (requires the context to be current).
    /// Every slot's generation moves on: what was kept there is gone.
    func removeAll() {
        for f in slots { f?.destroy() }
        for f in spares { f.destroy() }
        slots = Array(repeating: nil, count: slots.count)
        for k in generations.indices { generations[k] += 1 }
        spares.removeAll()
    }

    private func roundUp(_ v: Int) -> Int { (max(v, 1) + 63) / 64 * 64 }
}
