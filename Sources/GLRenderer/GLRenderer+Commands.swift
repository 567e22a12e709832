// The frame's commands in GL: windows of quads between clip pops, the front-to-back
// opaque pre-pass, the in-order pass and clip shapes into the stencil. Every decision
// about one quad comes from its `QuadPlan` (QuadPlanner.swift, pure); this file turns
// plans into queued draws (GLRenderer+Batches), which reach GL batched.
//
// Does NOT: decide what a quad draws (QuadPlanner), whether the pre-pass pays
// (OpaquePrePass), which draws share a call (DrawBatcher), or draw group images
// (GLRenderer+Groups).

import CGL
import LayerMath
import Layers
import RenderPlan

extension GLRenderer {
    /// Queues the draws of a run of the list's commands (a `DrawStep.run`: quads and clips,
    /// no group) for the bound target: windows of quads and clip pushes, split at the pops
    /// of stencil clips. The pop of a scissor or analytic clip changes no GL state: the
    /// window goes on past it, so the quads of many clipped cards share one pre-pass and
    /// their batches. The end of the pass flushes them.
    func drawCommands(_ list: RenderList, _ range: Range<Int>, map: CanvasMapping, images: ImageSource) {
        let commands = list.commands
        var k = range.lowerBound
        while k < range.upperBound {
            switch commands[k] {
            case .popClip(let i):
                // A scissor or analytic clip has nothing to undo: each draw applies it.
                if !clipLowering.skipsStencil(i) {
                    let d = clipLowering.stencilDepth(i)
                    drawClipShape(list.clips[i], mode: .decrement(depth: d - stencilBase))
                    // Later draws set their stencil test from it when they reach GL (their keys).
                    stencilDepth = d - 1 - stencilBase
                }
                k += 1
            case .beginGroup(let g):
                // Not in a run: the draw list composites the group's image in its place.
                k = list.groups[g].end + 1
            case .endGroup:
                k += 1
            case .quad, .pushClip:
                var end = k + 1
                scan: while end < range.upperBound {
                    switch commands[end] {
                    case .popClip(let i):
                        if clipLowering.skipsStencil(i) { end += 1 } else { break scan }
                    case .beginGroup, .endGroup: break scan
                    case .quad, .pushClip: end += 1
                    }
                }
                drawWindow(list, commands: k..<end, map: map, images: images)
                k = end
            }
        }
    }

    /// Draws `commands` (quads, clip pushes, pops of clips that skip the stencil). With depth: first every clip push
    /// (stencil only), then the opaque parts front to back (depth write on, blending off),
    /// then every other part back to front in the original order (depth test on, write
    /// off). Each quad's depth is its drawing-order index (later = nearer), so the result
    /// equals the painter's algorithm. Quads test stencil >= their clip depth (GL_LEQUAL):
    /// with no pop in the window, a pixel's stencil value is the depth of the deepest clip
    /// around it pushed so far, so a quad still draws inside clips pushed after it.
    private func drawWindow(_ list: RenderList, commands: Range<Int>, map: CanvasMapping, images: ImageSource) {
        let startDepth = stencilDepth
        if useDepth {
            var pushes = 0
            for k in commands {
                guard case .pushClip(let i) = list.commands[k], !clipLowering.skipsStencil(i) else { continue }
                drawClipShape(list.clips[i], mode: .increment(depth: clipLowering.stencilDepth(i) - 1 - stencilBase))
                pushes += 1
            }
            var d = startDepth + pushes
            var any = false
            for k in commands.reversed() {
                if case .pushClip(let i) = list.commands[k] {
                    if !clipLowering.skipsStencil(i) { d -= 1 }
                    continue
                }
                guard case .quad(let i) = list.commands[k],
                      let p = prepare(list.quads[i], index: i, images: images, counting: false), p.opaque else { continue }
                if !any {
                    any = true
                    flushBatches()
                    glDepthMask(GLConstant.true)
                }
                queueQuadPart(list.quads[i], p, covered: true, depth: depth(i), stencil: d == 0 ? .off : .test(depth: d))
            }
            if any {
                flushBatches()
                glDepthMask(GLConstant.false)
            }
        }
        // Without the pre-pass, parts of quads that a later opaque quad hides are left out
        // (OcclusionHoles): the occluders first, then each quad's hole as it is drawn.
        let cutting = cutsOccludedParts && !useDepth
        occlusion.reset()
        clipBands.reset()
        sharedEdges.reset()
        // Soft clips' edge bands belong to the topmost opaque layer (ClipBandCovers).
        let banding = planner.clipsAreSoft && clipLowering.hasAnalyticClips
        // Edges shared with a later opaque quad are left open (SharedEdges); not with the
        // pre-pass (it draws the unopened interiors).
        let joining = joinsSharedEdges && planner.antialias && !planner.multisampled && !useDepth
        if cutting || banding || joining {
            collectOpaqueParts(list, commands: commands, images: images, holes: cutting, bands: banding, seams: joining)
        }
        let seamBand = axisAlignedMarginPixels / max(targetMap.scale, 1e-300)
        // A colour layer lying exactly over the quad before it folds into that quad's draws
        // (OverlayFolding). Not with the pre-pass, which draws interiors apart.
        let folding = foldsOverlays && !useDepth
        var foldedThrough = commands.lowerBound - 1
        for k in commands where k > foldedThrough {
            if case .popClip = list.commands[k] { continue }
            if case .pushClip(let i) = list.commands[k] {
                // A scissor clip is applied by each draw inside it (`clipScissorBox`), an
                // analytic one by the quad shader (`AnalyticClip`).
                if clipLowering.skipsStencil(i) {
                    if clipLowering.isScissor(i) { stats.scissorClips += 1 } else { stats.analyticClips += 1 }
                    continue
                }
                let d = clipLowering.stencilDepth(i)
                if !useDepth { drawClipShape(list.clips[i], mode: .increment(depth: d - 1 - stencilBase)) }
                stencilDepth = d - stencilBase
                continue
            }
            guard case .quad(let i) = list.commands[k] else { continue }
            let q = list.quads[i]
            let open = joining ? sharedEdges.openSides(of: q, index: i, clip: q.clipIndex, band: seamBand) : []
            guard var p = prepare(q, index: i, images: images, open: open) else { continue }
            if !open.isEmpty { stats.sharedEdges += 1 }
            if p.softClip { p.clipCover = clipBands.cover(forQuad: i, clip: q.clipIndex) }
            count(q, p, list: list, map: map)
            let hole = cutting ? occludedHole(q, p, index: i) : nil
            // The next quad, folded into this one's draws (a folded layer has no hole either:
            // it is drawn only as the tint); one at most (OverlayFolding).
            if folding, hole == nil, k + 1 < commands.upperBound, case .quad(let j) = list.commands[k + 1],
               OverlayFolding.mayFold(list.quads[j], onto: q),
               let pj = prepare(list.quads[j], index: j, images: images),
               OverlayFolding.folds(list.quads[j], pj, onto: q, p),
               !cutting || occludedHole(list.quads[j], pj, index: j) == nil {
                // The pair draws as the upper quad: what covers the band above it covers both.
                if p.softClip { p.clipCover = clipBands.cover(forQuad: j, clip: q.clipIndex) }
                drawQuad(q, p, index: i, tint: OverlayTint(pj))
                count(list.quads[j], pj, list: list, map: map)
                stats.foldedQuads += 1
                foldedThrough = k + 1
                continue
            }
            drawQuad(q, p, index: i, hole: hole)
        }
    }

    /// Counts quad `q`, planned as `p`, in the frame's statistics.
    private func count(_ q: RenderQuad, _ p: QuadPlan, list: RenderList, map: CanvasMapping) {
        stats.quads += 1
        if p.nearest { stats.nearestQuads += 1 }
        if p.magnified { stats.magnifiedQuads += 1 }
        if q.isInFrontOfEye {
            stats.pixelsDrawn += coverage.clippedArea(q.corners, width: list.canvas.width, height: list.canvas.height) * map.scale * map.scale
        } else {
            stats.pixelsDrawn += list.canvas.width * list.canvas.height * map.scale * map.scale
        }
    }

    /// Records as occluders (`holes`) the quads of `commands` whose fully covered part is
    /// opaque and drawn wherever it lies but for scissor boxes (no stencil clip), and of a
    /// translucent image's quad the part its opaque texels cover for certain
    /// (`OpaqueRegion`); and (`bands`) the same parts of quads in soft clips, before the
    /// clip cut them, as covers of their clip's edge band (`ClipBandCovers`).
    /// And (`seams`) the opaque quads along the canvas axes that later join earlier quads'
    /// edges (`SharedEdges`).
    private func collectOpaqueParts(_ list: RenderList, commands: Range<Int>, images: ImageSource, holes: Bool, bands: Bool,
                                  seams: Bool) {
        let s = targetMap.scale, inset = 0.02 / max(s, 1e-300)
        // The in-order lookups count deferred uploads (as after `uploadAhead`).
        let deferred = stats.deferredUploads
        // Occluders outside the damage count too: a quad is then cut the same way in a
        // damaged redraw as in a full one (a textured quad in perspective drawn as a ring
        // may differ by 1/255 from one drawn whole), and the hole they leave is outside
        // the damage, where nothing is drawn.
        let visible = planner.visible
        planner.visible = nil
        defer {
            stats.deferredUploads = deferred
            planner.visible = visible
        }
        for k in commands {
            guard case .quad(let i) = list.commands[k] else { continue }
            let q = list.quads[i]
            guard q.isInFrontOfEye, q.opacityInGroup >= 1 else { continue }
            var translucentImage = false
            switch q.contents {
            case .color(let c): guard c.a >= 1 else { continue }
            case .image(let ref): translucentImage = !ref.isOpaque
            case .none: continue
            }
            // A stencil clip cuts what a quad hides (an occluder, a cover) but not the edge it
            // shares with a quad in the same clip: both are cut alike.
            let stencilled = clipLowering.stencilDepth(q.clipIndex) != 0
            guard !stencilled || seams,
                  let p = prepare(q, index: i, images: images, counting: false), p.opaqueFill || translucentImage,
                  p.rebase != nil || !planner.isHuge(q) else { continue }
            // The part its opaque texels cover for certain, sampled without mip levels
            // (magnified, nearest) or through them (minified); nil: all of it (opaque fill).
            var opaqueTexels: Rect? = nil
            if translucentImage {
                guard cutsUnderOpaqueTexels, let t = p.texels, !t.opaque.isEmpty, OpaqueRegion.keepsItsScale(q),
                      let tpp = planner.texelsPerPixel(q, t) else { continue }
                let margin = OpaqueRegion.filterMargin(texelsPerPixel: tpp, minified: !(p.magnified || p.nearest),
                                                       anisotropy: textures.maxAnisotropy)
                guard let part = OpaqueRegion.coveredPart(q, opaque: t.opaque, width: t.width, height: t.height, margin: margin) else { continue }
                opaqueTexels = part
            }
            if seams, p.opaqueFill, p.clip == nil, p.content == q.contentRect {
                sharedEdges.add(q, index: i, clip: q.clipIndex)
            }
            if stencilled { continue }
            if bands, p.softClip, let c = p.clip, let before = p.coveredBeforeClip {
                // Shrunk by a fiftieth of a pixel or more (clipMargin is 0.75 or 1.5 pixels).
                let part: Rect? = opaqueTexels == nil ? before : opaqueTexels!.intersection(before)
                let clipMargin = planner.clipMargin(q, c)
                if let part {
                    clipBands.add(index: i, clip: q.clipIndex, part: part, content: p.content,
                                  ownMargin: p.smooth ? planner.edgeMargin(q) : 0, square: q.cornerRadius <= 0,
                                  map: c, clipMargin: clipMargin, margin: clipMargin / 37.5)
                }
            }
            guard holes, p.opaque || translucentImage, var covered = p.inner ?? (p.plainWhole ? p.outer : nil) else { continue }
            if let part = opaqueTexels {
                guard let cut = part.intersection(covered) else { continue }
                covered = cut
            }
            // The pixels a scissor box keeps, as a canvas rectangle a fiftieth of a pixel inside.
            // (The target's own scissor, the damage, cuts every draw alike: not counted.)
            var scissor: Rect? = nil
            if let b = clipScissorBox(q.clipIndex), b != baseScissor {
                scissor = Rect(x: (Double(b.x0) - targetMap.offsetX) / s + inset, y: (Double(b.y0) - targetMap.offsetY) / s + inset,
                               width: Double(b.x1 - b.x0) / s - 2 * inset, height: Double(b.y1 - b.y0) / s - 2 * inset)
            }
            occlusion.addOccluder(q, index: i, covered: covered, margin: planner.edgeMargin(q) * OcclusionHoles.marginInMargins,
                                  pixelScale: planner.map.scale, scissor: scissor)
        }
    }

    /// The hole quad `i` may leave out of the part `drawQuad` draws as a ring around it (its
    /// interior, or its whole rectangle), or nil.
    private func occludedHole(_ q: RenderQuad, _ p: QuadPlan, index i: Int) -> Rect? {
        guard !occlusion.occluders.isEmpty, !p.drawnAsTarget else { return nil }
        let fill = p.inner ?? p.outer
        return occlusion.hole(for: q, index: i, fill: fill, margin: planner.edgeMargin(q) * OcclusionHoles.marginInMargins,
                              pixelScale: planner.map.scale)
    }

    /// Queues quad `i`'s draws of the in-order pass (the pre-pass drew its opaque covered
    /// part). `hole`: a rectangle of its interior (or of its whole rectangle, without one)
    /// that later opaque quads hide: that part is drawn as a ring around it.
    /// `tint`: the colour layer above it folded into its draws (`OverlayFolding`).
    func drawQuad(_ q: RenderQuad, _ p: QuadPlan, index i: Int, hole: Rect? = nil, tint: OverlayTint = .none) {
        let d = depth(i), stencil = currentStencilTest
        // The opaque fully covered part was drawn by the pre-pass.
        let coveredDrawn = useDepth && p.opaque
        if hole != nil { stats.occludedQuads += 1 }
        // The part with the hole: covered (an interior, a plain whole rectangle) or not.
        let holedPartCovered: Bool
        switch p.draws {
        case .interiorAndRing:
            holedPartCovered = true
            if !coveredDrawn { queueQuadPart(q, p, covered: true, depth: d, stencil: stencil, around: hole, tint: tint) }
            queueQuadPart(q, p, covered: false, depth: d, stencil: stencil, tint: tint)
        case .plainWhole:
            holedPartCovered = true
            if !coveredDrawn { queueQuadPart(q, p, covered: true, depth: d, stencil: stencil, around: hole, tint: tint) }
        case .coverageWhole:
            holedPartCovered = false
            queueQuadPart(q, p, covered: false, depth: d, stencil: stencil, around: hole, tint: tint)
        }
        // A stacked hole's seams, which no occluder hides (OcclusionHoles).
        if hole != nil, !(holedPartCovered && coveredDrawn) {
            for seam in occlusion.seams {
                queueQuadPart(q, p, covered: holedPartCovered, depth: d, stencil: stencil, piece: seam)
            }
        }
    }

    /// NDC depth of quad `i`: 1 - 2(i+1)/(n+1), nearer for later quads; 0 without depth.
    @inline(__always)
    func depth(_ i: Int) -> Float { useDepth ? Float(1 - Double(i + 1) * depthScale) : 0 }

    /// The coverage-free program for `p`'s fully covered part.
    @inline(__always)
    func plainProgram(_ p: QuadPlan) -> DrawProgram { p.textured ? .plainTextured : .plainColor }

    /// The plan of `q` (quad `i` of the list) for the bound target (`planner`), with its
    /// analytic clip, its texture looked up (uploaded on first use) and its mip chain built
    /// when the plan needs one. `counting`: count a missing image in the stats (once per
    /// quad: in the in-order pass).
    func prepare(_ q: RenderQuad, index i: Int, images: ImageSource, counting: Bool = true, open: QuadSides = []) -> QuadPlan? {
        guard planner.mayDraw(q) else { return nil }
        switch q.contents {
        case .none:
            return nil
        case .color(let c):
            return planner.plan(q, fill: .color(c), clip: clipLowering.analyticClip(forQuad: i), open: open)
        case .image(let ref):
            // An upload or a stale texture's deletion must not overtake queued draws.
            if textures.mayChangeTexture(for: ref) { flushBatches() }
            var bound = state.texture
            var visible = TexelBox(x0: 0, y0: 0, x1: 1, y1: 1, width: 1, height: 1)
            let t = textures.texture(for: ref, source: images, stats: &stats, bound: &bound, visible: &visible)
            state.noteBoundTexture(bound)
            if t == 0 {
                if counting { stats.missingImages += 1 }
                return nil
            }
            guard var p = planner.plan(q, fill: .image(isOpaque: ref.isOpaque, texels: visible),
                                       clip: clipLowering.analyticClip(forQuad: i), open: open) else { return nil }
            p.texture = TextureHandle(t)
            if p.needsMipmaps {
                if textures.needsMipmapBuild(ref) { flushBatches() }
                var bound = state.texture
                textures.generateMipmaps(ref, bound: &bound)
                state.noteBoundTexture(bound)
            }
            return p
        }
    }

    /// Uploads (within the frame's budget) the texels of every image the frame may draw
    /// whose texture is new or still streaming, before any draw is queued. Mesa's llvmpipe
    /// flushes and waits for the frame's queued draws before writing a texture they use,
    /// and splitting a frame into two binned scenes costs a second pass over every tile.
    /// Counts deferrals once: the in-order lookups that follow count them.
    func uploadAhead(_ list: RenderList, images: ImageSource) {
        let deferred = stats.deferredUploads
        for q in list.quads {
            guard case .image(let ref) = q.contents, textures.mayChangeTexture(for: ref) else { continue }
            var bound = state.texture
            var visible = TexelBox(x0: 0, y0: 0, x1: 1, y1: 1, width: 1, height: 1)
            _ = textures.texture(for: ref, source: images, stats: &stats, bound: &bound, visible: &visible)
            state.noteBoundTexture(bound)
        }
        stats.deferredUploads = deferred
    }

    /// The scissor for draws inside clip `index` (-1: none): the target's base scissor cut
    /// by the scissor clips of the clip's chain (a draw's key holds it: `flushBatches` sets it).
    func clipScissorBox(_ index: Int) -> PixelBox? {
        var box = baseScissor
        if index >= 0, let s = clipLowering.scissorBox(clip: index, map: targetMap,
                                                       pixelWidth: targetPixelSize.width, pixelHeight: targetPixelSize.height) {
            box = box.map { $0.intersection(s) } ?? s
        }
        return box
    }

    /// Sets GL's scissor box to `box` (pixels of the bound target, rows from the top; nil:
    /// scissor test off), skipping the calls when it is already set.
    func applyScissor(_ box: PixelBox?) {
        if case .some(let current) = appliedScissor, current == box { return }
        appliedScissor = .some(box)
        stats.scissorChanges += 1
        guard let b = box else {
            glDisable(GLConstant.scissorTest)
            return
        }
        glEnable(GLConstant.scissorTest)
        glScissor(GLint(targetOrigin.x + b.x0), GLint(targetOrigin.y + targetPixelSize.height - b.y1),
                  GLsizei(b.x1 - b.x0), GLsizei(b.y1 - b.y0))
    }

    /// Queues a clip shape: a draw like any other (its key holds its stencil mode), batched
    /// with draws that share its key and reordered only past draws it touches no pixel of.
    /// It passes the depth test wherever it lies: clip.frag writes depth 0, nearer than
    /// every depth a quad writes (window depth > 0).
    private func drawClipShape(_ clip: RenderClip, mode: StencilMode) {
        // Clip shapes write only the stencil: the visible-pixel count leaves them out.
        if countingVisible {
            flushBatches()
            endCountSegment()
        }
        let shape = Rect(x: 0, y: 0, width: clip.size.width, height: clip.size.height)
        // Push and pop must reach the same pixels: both under the parent chain's scissor.
        queueDraw(DrawKey(program: clip.cornerCurve == .continuous ? .continuousClip : .clip, geometry: .rect, stencil: mode,
                          scissor: clipScissorBox(clip.parent)),
                  box: DrawBox.of(shape, through: clip.matrix, map: planner.map),
                  InstanceValues(model: clip.matrix, outer: shape, fill: shape, content: shape, texRect: shape,
                                 r: 0, g: 0, b: 0, a: 0, size: clip.size, radius: clip.cornerRadius, depth: 0,
                                 squareCorners: clip.maskedCorners.squareBits,
                                 continuousCorners: clip.cornerCurve == .continuous))
        if countingVisible {
            flushBatches()
            glBeginQuery(GLConstant.samplesPassed, countQuery)
        }
        stats.clipPasses += 1
    }

}
