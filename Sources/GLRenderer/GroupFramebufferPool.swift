// GroupFramebufferPool: the offscreen framebuffers that group-opacity groups are drawn into.
//
// Does NOT: decide what is a group (Flattener does), draw anything, or shrink: a slot
// keeps its largest framebuffer so the steady-state frame creates nothing.

import CGL

/// Offscreen framebuffers for group-opacity groups, one slot per group of a frame, reused
/// across frames. Sizes are rounded up to multiples of 64 pixels so a group that grows by a
/// pixel per frame does not recreate its framebuffer each frame.
final class GroupFramebufferPool {
    private var slots: [Framebuffer] = []

    /// Framebuffers created so far (for tests and statistics).
    private(set) var created = 0

    /// A single-sampled framebuffer of at least `width` x `height` for slot `slot` (nearest
    /// filtering: it is composited 1:1 onto whole pixels). Requires a current context.
    func framebuffer(slot: Int, width: Int, height: Int) throws -> Framebuffer {
        while slots.count <= slot { slots.append(try make(width: 64, height: 64)) }
        let old = slots[slot]
        if old.width >= width, old.height >= height { return old }
        let fb = try make(width: max(roundUp(width), old.width), height: max(roundUp(height), old.height))
        old.destroy()
        slots[slot] = fb
        return fb
    }

    private func make(width: Int, height: Int) throws -> Framebuffer {
        let fb = try Framebuffer(width: width, height: height)
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
    func removeAll() {
        for f in slots { f.destroy() }
        slots.removeAll()
    }

    private func roundUp(_ v: Int) -> Int { (max(v, 1) + 63) / 64 * 64 }
}
