// Group opacity (CALayer.allowsGroupOpacity) and rasterization (CALayer.shouldRasterize): a
// group's layers are drawn into an offscreen image the size of the group's projected box
// (in whole target pixels), which is then composited once, with the group's opacity, in
// the group's place in the drawing order. A rasterized group's image is reused while it
// would be drawn the same (RasterizedGroups).
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

extension GLRenderer {
    /// The switches that change a group's pixels, now (a kept image drawn under others is redrawn).
    var rasterSwitches: RasterizedGroups.Switches {
        RasterizedGroups.Switches(antialias: antialias, magnifiedWithoutMips: samplesMagnifiedWithoutMips,
                                  scissorClips: scissorClips, analyticClips: analyticClips, softClips: softClips,
                                  joinsSharedEdges: joinsSharedEdges, reorderOpaque: reorderOpaque,
                                  cutsOccludedParts: cutsOccludedParts, opaqueWithoutBlending: opaqueWithoutBlending)
    }

    /// Draws every group of `list` into its pooled framebuffer, innermost first (in the
    /// order their `endGroup` commands appear), so that an enclosing group composites
    /// the images of the groups inside it. Leaves some group framebuffer bound.
    func drawGroups(_ list: RenderList, map: CanvasMapping, pixelWidth pw: Int, pixelHeight ph: Int, images: ImageSource) {
        groupImages.removeAll(keepingCapacity: true)
        groupBegins.removeAll(keepingCapacity: true)
        for _ in list.groups { groupImages.append(GroupImage()); groupBegins.append(0) }
        let multisampled = targetIsMultisampled
        targetIsMultisampled = false
        defer { targetIsMultisampled = multisampled }
        glClearColor(0, 0, 0, 0)
        for k in list.commands.indices {
            switch list.commands[k] {
            case .beginGroup(let g): groupBegins[g] = k
            case .endGroup(let g): drawGroup(list, g, map: map, pixelWidth: pw, pixelHeight: ph, images: images)
            default: break
            }
        }
        // A flattened group's framebuffer (or one of a group gone) goes back to the pool.
        groupPool.release(where: { $0 >= list.groups.count || list.groups[$0].end < 0 })
    }

    private func drawGroup(_ list: RenderList, _ g: Int, map: CanvasMapping, pixelWidth pw: Int, pixelHeight ph: Int,
                           images: ImageSource) {
        let group = list.groups[g]
        // A rasterized layer's image lives in its own slot of `rasterPool`, kept from frame
        // to frame; a visible-pixel count (every fragment drawn) leaves kept images alone.
        // A shaded-pixel count counts the frame's work: it reuses kept images as the frame does.
        var keptSlot: Int?
        if group.isRasterized, let layer = group.layer, !countingVisible || countingShaded {
            keptSlot = rasterized.slot(for: layer)
        }
        // Outside the damage, the image would be scissored away whole.
        if let d = damageBox, !group.box.intersects(d) { return }
        // The box in whole target pixels, grown by 2 pixels for the antialiased edges.
        let touched = PixelBox.touched(by: group.box, map: map, pixelWidth: pw, pixelHeight: ph)
        guard !touched.isEmpty else { return }
        let (x0, y0, x1, y1) = (touched.x0, touched.y0, touched.x1, touched.y1)
        let w = x1 - x0, h = y1 - y0
        let begin = groupBegins[g]
        var placement = RasterizedGroups.Placement(framebuffer: 0, x: x0, y: y0, width: w, height: h, map: map,
                                                   switches: rasterSwitches)
        // A depth-stencil attachment only where the group's draws use one: a clip inside it
        // drawn as a stencil shape, or the frame's depth pre-pass.
        var clipsInside = false
        for k in (groupBegins[g] + 1)..<group.end {
            if case .pushClip(let i) = list.commands[k], !clipLowering.skipsStencil(i) { clipsInside = true; break }
        }
        let fb: Framebuffer
        do {
            let depthStencil = clipsInside || useDepth
            fb = try keptSlot.map { try rasterPool.framebuffer(slot: $0, width: w, height: h, depthStencil: depthStencil) }
                ?? groupPool.framebuffer(slot: g, width: w, height: h, depthStencil: depthStencil)
        } catch {
            // Cannot happen within the target's own size; leave the group out rather than trap.
            noteError("group \(group.name): \(error)")
            if let s = keptSlot { rasterized.forget(slot: s) }
            return
        }
        // Making a framebuffer leaves texture 0 bound behind the state cache's back: the next
        // draw of the texture the cache thought bound would sample nothing (black).
        state.noteBoundTexture(0)
        let image = GroupImage(texture: fb.colorTexture, x: x0, y: y0, width: w, height: h,
                               textureWidth: fb.width, textureHeight: fb.height)
        if let s = keptSlot { placement.framebuffer = rasterPool.generation(slot: s) }
        if let s = keptSlot, rasterized.holdsImage(slot: s, framebuffer: placement.framebuffer),
           rasterized.hasSameContent(list, group: g, begin: begin, at: placement, slot: s) {
            groupImages[g] = image
            stats.rasterizedReused += 1
            return
        }
        let deferred = stats.deferredUploads, missing = stats.missingImages
        // The group's own draws are not cut by the frame's damage (its image is, when composited).
        let damage = damageBox
        damageBox = nil
        defer { damageBox = damage }
        glBindFramebuffer(GLConstant.framebuffer, fb.drawFramebuffer)
        // The target's own viewport and projection, moved by whole pixels so that target
        // pixel (x0, y0) is the image's top-left one: every vertex lands where it lands in
        // the target, plus whole pixels, so an edge through pixel centres and a hard clip
        // test there fall the same way in the image as in the target (a projection of the
        // image's own size rounds them differently: a row of a card's edge could flip).
        let origin = (x: -x0, y: y1 - ph)
        glViewport(GLint(origin.x), GLint(origin.y), GLsizei(pw), GLsizei(ph))
        setProjection(map, pixelWidth: pw, pixelHeight: ph, origin: origin)
        // The whole pooled framebuffer, unscissored: Mesa clears a scissored part by drawing a
        // quad, slower than its full clear (measured on fade-group: 50-78 ms against 54-112).
        // Its stencil only when a clip inside the group writes it.
        // No scissor: a clip scissor of the previous group's draws must not cut this clear.
        applyScissor(nil)
        clearTarget(stencil: clipsInside)
        stencilBase = clipLowering.stencilDepth(clipLowering.groupClips[g])
        stencilDepth = 0
        state.setStencil(.off, stats: &stats)
        drawCommands(list, (groupBegins[g] + 1)..<group.end, map: map, images: images)
        state.setStencil(.off, stats: &stats)
        // A mask that drew nothing here (outside the damage) leaves nothing of the group.
        if group.mask >= 0, !multiplyByMask(group.mask, map: map) { return }
        groupImages[g] = image
        if let s = keptSlot {
            // Kept only when complete (every texture there, whole) and drawn as a frame draws it.
            if !countingVisible, stats.deferredUploads == deferred, stats.missingImages == missing {
                rasterized.record(list, group: g, begin: begin, at: placement, slot: s)
            } else {
                rasterized.forget(slot: s)
            }
        }
        stats.groups += 1
        stats.groupPixels += w * h
    }

    /// Composites group `index`'s image into the bound target with the group's opacity,
    /// pixel for pixel, inside the clips around it.
    func drawGroupImage(_ group: RenderGroup, index: Int, map: CanvasMapping) {
        guard index < groupImages.count else { return }
        let image = groupImages[index]
        let op = Float(max(0, min(1, group.opacity)))
        // A mask's image is never composited: it multiplies the group holding it.
        guard image.texture != 0, op > 0, !group.isMask else { return }
        let (box, values) = groupImageQuad(image, opacity: op, depth: depth(group.firstQuad), map: map)
        let clip = index < clipLowering.groupClips.count ? clipLowering.groupClips[index] : -1
        queueDraw(DrawKey(program: .plainTextured, geometry: .rect, texture: TextureHandle(image.texture),
                          stencil: currentStencilTest, scissor: clipScissorBox(clip)), box: box, values)
    }
}
