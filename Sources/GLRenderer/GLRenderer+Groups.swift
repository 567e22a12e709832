// Group opacity (CALayer.allowsGroupOpacity) and rasterization (CALayer.shouldRasterize): a
// group's layers are drawn into an offscreen image the size of the group's projected box
// (in whole target pixels), which is then composited once, with the group's opacity, in
// the group's place in the drawing order. A rasterized group's image is reused while it
// would be drawn the same (RasterizedGroups).
//
// A group's pass (`DrawTarget.group`) binds its pooled framebuffer; the draw list (RenderPlan)
// decides the passes, their order, clears and runs.
//
// Does NOT: decide what is a group or fold single-quad groups (Flattener does), or keep
// the images of group-opacity groups between frames (they are redrawn each frame). A group
// on a multisampled target is drawn single-sampled with analytic edge antialiasing.

import CGL
import LayerMath
import Layers
import RenderPlan

/// Where one group's offscreen image is and where it lands in its parent target.
struct GroupImage {
    /// The image's colour texture (0: nothing to composite).
    var texture: GLuint = 0
    /// Top-left target pixel of the box, its size, and the framebuffer's size.
    var x = 0, y = 0, width = 0, height = 0, textureWidth = 1, textureHeight = 1
}

/// The group whose image the current pass draws.
struct GroupPass {
    var index: Int
    var image: GroupImage
    /// Its slot of kept images and where it lies (a rasterized layer).
    var keptSlot: Int?
    var placement: RasterizedGroups.Placement
    /// The counts of deferred uploads and missing images when the pass began: a pass that
    /// adds to them made an incomplete image, which is not kept.
    var deferredUploads: Int, missingImages: Int
    /// Its mask had no image: nothing of the group shows.
    var maskMissing = false
}

extension GLRenderer {
    /// The switches that change a group's pixels, now (a kept image drawn under others is redrawn).
    var rasterSwitches: RasterizedGroups.Switches {
        RasterizedGroups.Switches(antialias: antialias, magnifiedWithoutMips: samplesMagnifiedWithoutMips,
                                  scissorClips: scissorClips, analyticClips: analyticClips, softClips: softClips,
                                  joinsSharedEdges: joinsSharedEdges, reorderOpaque: reorderOpaque,
                                  cutsOccludedParts: cutsOccludedParts, opaqueWithoutBlending: opaqueWithoutBlending)
    }

    /// Binds group `g`'s image over target pixels `box` (see `DrawTarget.group`) and makes
    /// it the pass's group. False when the image is kept from an earlier frame (drawn the
    /// same) or cannot be made: the pass is skipped.
    func beginGroupPass(_ list: RenderList, _ g: Int, box: PixelBox, depthStencil: Bool) -> Bool {
        let group = list.groups[g], map = frameMap
        let (pw, ph) = (framePixelWidth, framePixelHeight)
        // A rasterized layer's image lives in its own slot of `rasterPool`, kept from frame
        // to frame; a visible-pixel count (every fragment drawn) leaves kept images alone.
        // A shaded-pixel count counts the frame's work: it reuses kept images as the frame does.
        let keptSlot = keptImageSlot(group)
        let (x0, y0, x1) = (box.x0, box.y0, box.x1)
        let w = x1 - x0, h = box.y1 - y0
        // Groups are drawn single-sampled, with analytic edge antialiasing.
        targetIsMultisampled = false
        var placement = RasterizedGroups.Placement(framebuffer: 0, x: x0, y: y0, width: w, height: h, map: map,
                                                   switches: rasterSwitches)
        let fb: Framebuffer
        do {
            fb = try keptSlot.map { try rasterPool.framebuffer(slot: $0, width: w, height: h, depthStencil: depthStencil) }
                ?? groupPool.framebuffer(slot: g, width: w, height: h, depthStencil: depthStencil)
        } catch {
            // Cannot happen within the target's own size; leave the group out rather than trap.
            noteError("group \(group.name): \(error)")
            if let s = keptSlot { rasterized.forget(slot: s) }
            return false
        }
        // Making a framebuffer leaves texture 0 bound behind the state cache's back: the next
        // draw of the texture the cache thought bound would sample nothing (black).
        state.noteBoundTexture(0)
        let image = GroupImage(texture: fb.colorTexture, x: x0, y: y0, width: w, height: h,
                               textureWidth: fb.width, textureHeight: fb.height)
        let begin = drawList.groupBegins[g]
        if let s = keptSlot { placement.framebuffer = rasterPool.generation(slot: s) }
        if let s = keptSlot, rasterized.holdsImage(slot: s, framebuffer: placement.framebuffer),
           rasterized.hasSameContent(list, group: g, begin: begin, at: placement, slot: s) {
            groupImages[g] = image
            stats.rasterizedReused += 1
            return false
        }
        groupPass = GroupPass(index: g, image: image, keptSlot: keptSlot, placement: placement,
                              deferredUploads: stats.deferredUploads, missingImages: stats.missingImages)
        // The group's own draws are not cut by the frame's damage (its image is, when composited).
        damageBox = nil
        glBindFramebuffer(GLConstant.framebuffer, fb.drawFramebuffer)
        // The target's own viewport and projection, moved by whole pixels so that target
        // pixel (x0, y0) is the image's top-left one: every vertex lands where it lands in
        // the target, plus whole pixels, so an edge through pixel centres and a hard clip
        // test there fall the same way in the image as in the target (a projection of the
        // image's own size rounds them differently: a row of a card's edge could flip).
        let origin = (x: -x0, y: box.y1 - ph)
        glViewport(GLint(origin.x), GLint(origin.y), GLsizei(pw), GLsizei(ph))
        setProjection(map, pixelWidth: pw, pixelHeight: ph, origin: origin)
        // The whole pooled framebuffer, unscissored: Mesa clears a scissored part by drawing a
        // quad, slower than its full clear (measured on fade-group: 50-78 ms against 54-112).
        // No scissor: a clip scissor of the previous group's draws must not cut this clear.
        applyScissor(nil)
        glClearColor(0, 0, 0, 0)
        stencilBase = clipLowering.stencilDepth(clipLowering.groupClips[g])
        stencilDepth = 0
        state.setStencil(.off, stats: &stats)
        return true
    }

    /// Ends the pass of a group: its image is composited where the group lies, and a
    /// rasterized layer's is kept when complete.
    func endGroupPass(_ list: RenderList, _ pass: GroupPass) {
        damageBox = drawList.damageRegion
        // A mask that drew nothing here (outside the damage) leaves nothing of the group.
        guard !pass.maskMissing else { return }
        groupImages[pass.index] = pass.image
        if let s = pass.keptSlot {
            // Kept only when complete (every texture there, whole) and drawn as a frame draws it.
            if !countingVisible, stats.deferredUploads == pass.deferredUploads, stats.missingImages == pass.missingImages {
                rasterized.record(list, group: pass.index, begin: drawList.groupBegins[pass.index], at: pass.placement, slot: s)
            } else {
                rasterized.forget(slot: s)
            }
        }
        stats.groups += 1
        stats.groupPixels += pass.image.width * pass.image.height
    }

    /// The slot of the kept image of `group`, a rasterized layer's (nil: none, or a
    /// visible-pixel count, which leaves kept images alone).
    func keptImageSlot(_ group: RenderGroup) -> Int? {
        guard group.isRasterized, let layer = group.layer, !countingVisible || countingShaded else { return nil }
        return rasterized.slot(for: layer)
    }

    /// Composites group `index`'s image into the bound target with the group's opacity,
    /// pixel for pixel, inside the clips around it.
    func drawGroupImage(_ group: RenderGroup, index: Int, map: CanvasMapping) {
        guard index < groupImages.count else { return }
        let image = groupImages[index]
        let op = Float(max(0, min(1, group.opacity)))
        guard image.texture != 0, op > 0 else { return }
        let (box, values) = groupImageQuad(image, opacity: op, depth: depth(group.firstQuad), map: map)
        let clip = index < clipLowering.groupClips.count ? clipLowering.groupClips[index] : -1
        queueDraw(DrawKey(program: .plainTextured, geometry: .rect, texture: TextureHandle(image.texture),
                          stencil: currentStencilTest, scissor: clipScissorBox(clip)), box: box, values)
    }
}
