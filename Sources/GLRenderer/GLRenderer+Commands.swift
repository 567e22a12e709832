// The frame's commands in GL: windows of quads between clip pops, the front-to-back
// opaque pre-pass, the in-order pass, clip shapes into the stencil, and the per-draw
// uniforms. Every decision about one quad comes from its `QuadPlan` (QuadPlanner.swift,
// pure); this file only turns plans into GL calls.
//
// Does NOT: decide what a quad draws (QuadPlanner), whether the pre-pass pays
// (OpaquePrePass), or draw group images (GLRenderer+Groups).

import CGL
import LayerMath
import Layers

extension GLRenderer {
    /// Draws `range` of the list's commands into the bound target: windows of quads and clip
    /// pushes, split at clip pops and at groups (a group's commands are skipped: its offscreen
    /// image, drawn by `drawGroups`, is composited in their place).
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
                    stencilDepth = d - 1 - stencilBase
                    state.setStencil(stencilDepth == 0 ? .off : .test(depth: stencilDepth), stats: &stats)
                }
                k += 1
            case .beginGroup(let g):
                drawGroupImage(list.groups[g], index: g, map: map)
                k = list.groups[g].end + 1
            case .endGroup:
                k += 1
            case .quad, .pushClip:
                var end = k + 1
                scan: while end < range.upperBound {
                    switch commands[end] {
                    case .popClip, .beginGroup, .endGroup: break scan
                    case .quad, .pushClip: end += 1
                    }
                }
                drawWindow(list, commands: k..<end, map: map, images: images)
                k = end
            }
        }
    }

    /// Draws `commands` (quads and clip pushes, no pops). With depth: first every clip push
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
                      let p = prepare(list.quads[i], images: images, counting: false), p.opaque else { continue }
                if !any {
                    any = true
                    glDepthMask(GLConstant.true)
                    glDisable(GLConstant.blend)
                }
                state.setStencil(d == 0 ? .off : .test(depth: d), stats: &stats)
                let q = list.quads[i]
                applyClipScissor(q.clipIndex)
                setUniforms(q, p, program: plainProgram(p), depth: depth(i))
                if p.inner != nil { drawStrip(first: 4, count: 4) } else { drawStrip(first: 0, count: 4) }
            }
            if any {
                glDepthMask(GLConstant.false)
                glEnable(GLConstant.blend)
            }
            state.setStencil(startDepth == 0 ? .off : .test(depth: startDepth), stats: &stats)
        }
        // Consecutive quads may be composited in one fused draw (GLRenderer+Fusion); a
        // clip push ends the run, quads that draw nothing do not.
        let fusing = fusionPossible(appTarget: drawingAppTarget)
        for k in commands {
            if case .pushClip(let i) = list.commands[k] {
                if fusing { flushRun(list) }
                // A scissor clip is applied by each draw inside it (`applyClipScissor`), an
                // analytic one by the quad shader (`AnalyticClip`).
                if clipLowering.skipsStencil(i) {
                    if clipLowering.isScissor(i) { stats.scissorClips += 1 } else { stats.analyticClips += 1 }
                    continue
                }
                let d = clipLowering.stencilDepth(i)
                if !useDepth { drawClipShape(list.clips[i], mode: .increment(depth: d - 1 - stencilBase)) }
                stencilDepth = d - stencilBase
                state.setStencil(.test(depth: stencilDepth), stats: &stats)
                continue
            }
            guard case .quad(let i) = list.commands[k] else { continue }
            let q = list.quads[i]
            guard let p = prepare(q, images: images) else { continue }
            stats.quads += 1
            if p.nearest { stats.nearestQuads += 1 }
            if p.magnified { stats.magnifiedQuads += 1 }
            if q.isInFrontOfEye {
                stats.pixelsDrawn += coverage.clippedArea(q.corners, width: list.canvas.width, height: list.canvas.height) * map.scale * map.scale
            } else {
                stats.pixelsDrawn += list.canvas.width * list.canvas.height * map.scale * map.scale
            }
            if fusing {
                if let box = fusionBox(q, p) {
                    addToRun(i, p, box: box, list: list)
                    continue
                }
                flushRun(list)
            }
            drawQuad(q, p, index: i)
        }
        if fusing { flushRun(list) }
    }

    /// Draws quad `i` on its own, in order (the pre-pass drew its opaque covered part).
    func drawQuad(_ q: RenderQuad, _ p: QuadPlan, index i: Int) {
        let d = depth(i)
        applyClipScissor(q.clipIndex)
        // The opaque fully covered part was drawn by the pre-pass.
        let coveredDrawn = useDepth && p.opaque
        switch p.draws {
        case .interiorAndRing:
            if !coveredDrawn {
                setUniforms(q, p, program: plainProgram(p), depth: d)
                drawStrip(first: 4, count: 4)
            }
            setUniforms(q, p, program: quadProgram, depth: d)
            drawStrip(first: 8, count: 10)
        case .plainWhole:
            if !coveredDrawn {
                setUniforms(q, p, program: plainProgram(p), depth: d)
                drawStrip(first: 0, count: 4)
            }
        case .coverageWhole:
            setUniforms(q, p, program: quadProgram, depth: d)
            drawStrip(first: 0, count: 4)
        }
    }

    /// A pixel coordinate rounded outwards by 2 and clamped to 0...limit (non-finite: an end).
    func pixelIndex(_ v: Double, down: Bool, limit: Int) -> Int {
        guard v.isFinite else { return v > 0 ? limit : 0 }
        let r = down ? v.rounded(.down) - 2 : v.rounded(.up) + 2
        return Int(max(0, min(Double(limit), r)))
    }

    /// NDC depth of quad `i`: 1 - 2(i+1)/(n+1), nearer for later quads; 0 without depth.
    @inline(__always)
    func depth(_ i: Int) -> Float { useDepth ? Float(1 - Double(i + 1) * depthScale) : 0 }

    @inline(__always)
    func drawStrip(first: GLint, count: GLsizei) {
        glDrawArrays(GLConstant.triangleStrip, first, count)
        stats.drawCalls += 1
    }

    /// The coverage-free program for `p`'s fully covered part.
    @inline(__always)
    func plainProgram(_ p: QuadPlan) -> ShaderProgram { p.textured ? plainTexturedProgram : plainColorProgram }

    /// The plan of `q` for the bound target (`planner`), with its texture looked up (uploaded
    /// on first use) and its mip chain built when the plan needs one. `counting`: count a
    /// missing image in the stats (once per quad: in the in-order pass).
    func prepare(_ q: RenderQuad, images: ImageSource, counting: Bool = true) -> QuadPlan? {
        guard planner.mayDraw(q) else { return nil }
        switch q.contents {
        case .none:
            return nil
        case .color(let c):
            return planner.plan(q, fill: .color(c), clip: clipLowering.analyticClip(for: q, clips: frameClips))
        case .image(let ref):
            var bound = state.texture
            var visible = TextureCache.TexelBox(x0: 0, y0: 0, x1: 1, y1: 1, width: 1, height: 1)
            let t = textures.texture(for: ref, source: images, stats: &stats, bound: &bound, visible: &visible)
            state.noteBoundTexture(bound)
            if t == 0 {
                if counting { stats.missingImages += 1 }
                return nil
            }
            guard var p = planner.plan(q, fill: .image(isOpaque: ref.isOpaque, texels: visible),
                                       clip: clipLowering.analyticClip(for: q, clips: frameClips)) else { return nil }
            p.texture = t
            if p.needsMipmaps {
                var bound = state.texture
                textures.generateMipmaps(ref, bound: &bound)
                state.noteBoundTexture(bound)
            }
            return p
        }
    }

    /// Binds `u`'s program and the quad's texture and sets every uniform the draw reads.
    private func setUniforms(_ q: RenderQuad, _ p: QuadPlan, program u: ShaderProgram, depth: Float) {
        state.useProgram(u.program, stats: &stats)
        if p.texture != 0 {
            state.bindTexture(p.texture, stats: &stats)
            let sampler = p.nearest && u.program == plainTexturedProgram.program ? nearestSampler
                        : p.magnified ? linearSampler : 0
            state.bindSampler(sampler, stats: &stats)
        }
        uploadMatrix(q.matrix, location: u.model)
        if u.program == quadProgram.program, p.smooth != antialiasUniform {
            glUniform1i(u.antialias, p.smooth ? 1 : 0)
            antialiasUniform = p.smooth
        }
        let o = p.outer, cr = p.content
        glUniform4f(u.rect, Float(o.minX), Float(o.minY), Float(o.width), Float(o.height))
        if let i = p.inner {
            glUniform4f(u.inner, Float(i.minX), Float(i.minY), Float(i.width), Float(i.height))
        }
        glUniform4f(u.content, Float(cr.minX), Float(cr.minY), Float(cr.width), Float(cr.height))
        glUniform1f(u.depth, depth)
        glUniform4f(u.color, p.r, p.g, p.b, p.a)
        if u.program == quadProgram.program {
            glUniform2f(u.size, Float(q.size.width), Float(q.size.height))
            glUniform1f(u.radius, Float(q.cornerRadius))
            glUniform1i(u.textured, p.texture != 0 ? 1 : 0)
            if clipUniformProgram != u.program || clipUniform != p.clip {
                clipUniformProgram = u.program
                clipUniform = p.clip
                if let c = p.clip {
                    glUniform4f(u.clipMap, Float(c.scaleX), Float(c.scaleY), Float(c.offsetX), Float(c.offsetY))
                    glUniform3f(u.clipShape, Float(c.width), Float(c.height), Float(c.radius))
                } else {
                    glUniform3f(u.clipShape, 0, 0, 0)
                }
            }
        }
        if p.texture != 0 {
            let tr = p.texRect
            glUniform4f(u.texRect, Float(tr.minX), Float(tr.minY), Float(tr.width), Float(tr.height))
        }
    }

    /// Sets the scissor for draws inside clip `index` (-1: none): the target's base scissor
    /// cut by the scissor clips of the clip's chain.
    func applyClipScissor(_ index: Int) {
        var box = baseScissor
        if index >= 0, let s = clipLowering.scissorBox(clip: index, clips: frameClips, map: targetMap,
                                                       pixelWidth: targetPixelSize.width, pixelHeight: targetPixelSize.height) {
            box = box.map { $0.intersection(s) } ?? s
        }
        applyScissor(box)
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

    private func drawClipShape(_ clip: RenderClip, mode: GLStateCache.StencilMode) {
        // Push and pop must reach the same pixels: both under the parent chain's scissor.
        applyClipScissor(clip.parent)
        // The clip shape must reach the stencil wherever it lies: no depth test for it.
        if useDepth { glDisable(GLConstant.depthTest) }
        // Clip shapes write only the stencil: the visible-pixel count leaves them out.
        if countingVisible { endCountSegment() }
        defer {
            if useDepth { glEnable(GLConstant.depthTest) }
            if countingVisible { glBeginQuery(GLConstant.samplesPassed, countQuery) }
        }
        state.setStencil(mode, stats: &stats)
        state.useProgram(clipProgram.program, stats: &stats)
        uploadMatrix(clip.matrix, location: clipProgram.model)
        glUniform4f(clipProgram.rect, 0, 0, Float(clip.size.width), Float(clip.size.height))
        glUniform1f(clipProgram.depth, 0)
        glUniform2f(clipProgram.size, Float(clip.size.width), Float(clip.size.height))
        glUniform1f(clipProgram.radius, Float(clip.cornerRadius))
        glDrawArrays(GLConstant.triangleStrip, 0, 4)
        stats.drawCalls += 1
        stats.clipPasses += 1
    }

}
