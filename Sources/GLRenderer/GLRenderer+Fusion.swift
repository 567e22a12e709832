// Runs of stacked layers composited in one pass (Shaders/fused.frag) in GL: the fused
// program, the pending run, binding its textures on units 0...7 and uploading every
// layer's uniforms as arrays, one draw. Which quads join a run is `LayerFusion` (pure).
//
// Does NOT: decide fusion (LayerFusion), draw a quad on its own (GLRenderer+Commands), or
// fuse on app targets, multisampled targets, without antialiasing, or in a counting render.

import CGL
import LayerMath
import Layers

/// The fused program and its uniform locations.
struct FusedProgram {
    let program: GLuint
    let inverse: GLint, content: GLint, texRect: GLint, color: GLint
    let box: GLint, viewport: GLint, depth: GLint

    /// The variant for `layers` layers, textured where `textured` has bit k set and fully
    /// covered where `covered` has (see fused.frag).
    init(library: ShaderLibrary, layers: Int, textured: Int, covered: Int) throws {
        let p = try library.program(vertex: "fused.vert", fragment: "fused.frag",
                                    defines: ["LAYERS \(layers)", "TEXTURED_MASK \(textured)", "COVERED_MASK \(covered)"])
        program = p
        func loc(_ name: String) -> GLint { glGetUniformLocation(p, name) }
        inverse = loc("u_inverse"); content = loc("u_content")
        texRect = loc("u_texRect"); color = loc("u_color"); box = loc("u_box"); viewport = loc("u_viewport")
        depth = loc("u_depth")
        glUseProgram(p)
        for unit in 0..<LayerFusion.maxLayers { glUniform1i(loc("u_texture\(unit)"), GLint(unit)) }
    }
}

/// What the renderer keeps for fusion between draws: the program (compiled on first use),
/// the run being grown, scratch memory for the uniform arrays (no allocation per frame) and
/// the textures and samplers bound on units 1...7 (unit 0 is `GLStateCache`'s).
final class FusionState {
    /// Compiled variants by key (layers | textured << 4 | covered << 12).
    var programs: [Int: FusedProgram] = [:]
    /// The program failed to compile or link: fusion stays off (the error was noted).
    var failed = false
    /// Quads of the run being grown (quad index and plan), bottom first.
    var pending: [(index: Int, plan: QuadPlan, box: Rect)] = []
    var run = LayerFusion.Run(.zero)
    /// Target pixels to gl_FragCoord: the viewport of the bound target (see `setProjection`).
    var viewport = Rect.zero
    /// Textures and samplers bound on units 1...7 (GLuint.max: unknown).
    var unitTextures = [GLuint](repeating: .max, count: LayerFusion.maxLayers)
    var unitSamplers = [GLuint](repeating: .max, count: LayerFusion.maxLayers)
    let inverse = UnsafeMutablePointer<Float>.allocate(capacity: 9 * LayerFusion.maxLayers)
    let content = UnsafeMutablePointer<Float>.allocate(capacity: 4 * LayerFusion.maxLayers)
    let texRect = UnsafeMutablePointer<Float>.allocate(capacity: 4 * LayerFusion.maxLayers)
    let color = UnsafeMutablePointer<Float>.allocate(capacity: 4 * LayerFusion.maxLayers)

    init() { pending.reserveCapacity(LayerFusion.maxLayers) }

    /// Forgets what units 1...7 hold (a new frame: textures may have been deleted since).
    func forgetUnits() {
        for k in 0..<unitTextures.count { unitTextures[k] = .max; unitSamplers[k] = .max }
    }

    deinit {
        inverse.deallocate(); content.deallocate(); texRect.deallocate(); color.deallocate()
        for p in programs.values { glDeleteProgram(p.program) }
    }
}

extension GLRenderer {
    /// Whether this draw may fuse layers at all (see the file comment).
    func fusionPossible(appTarget: Bool) -> Bool {
        fuseLayers && !appTarget && !countingVisible && planner.antialias && !planner.multisampled && !fusion.failed
    }

    /// The box in target pixels of `p`'s drawn rectangle when `q` may be fused
    /// (`LayerFusion.mayFuse`), else nil.
    func fusionBox(_ q: RenderQuad, _ p: QuadPlan) -> Rect? {
        guard LayerFusion.mayFuse(p, inFrontOfEye: q.isInFrontOfEye, depthPrePass: useDepth) else { return nil }
        let screen = LayerFusion.screenHomography(q.matrix, projection: projection, originX: fusion.viewport.minX,
                                                  originY: fusion.viewport.minY, width: fusion.viewport.width,
                                                  height: fusion.viewport.height)
        return LayerFusion.pixelBox(p.outer, screen: screen, viewport: fusion.viewport)
    }

    /// Adds quad `i` (plan `p`, box `box`) to the run, drawing the run so far first when
    /// the quad may not join it.
    func addToRun(_ i: Int, _ p: QuadPlan, box: Rect, list: RenderList) {
        if !fusion.pending.isEmpty, fusion.run.accepts(box) {
            fusion.run.add(box)
        } else {
            flushRun(list)
            fusion.run = LayerFusion.Run(box, limit: maxFusedLayers)
        }
        fusion.pending.append((i, p, box))
    }

    /// Draws the pending run: one quad on its own, two or more in one fused draw.
    func flushRun(_ list: RenderList) {
        defer { fusion.pending.removeAll(keepingCapacity: true) }
        if fusion.pending.count == 1 {
            let (i, p, _) = fusion.pending[0]
            drawQuad(list.quads[i], p, index: i)
            return
        }
        guard fusion.pending.count > 1 else { return }
        // Queued draws go first, and the fused draw tests the stencil at the current clip depth.
        flushBatches()
        state.setStencil(currentStencilTest, stats: &stats)
        state.setBlend(true, stats: &stats)   // the fused draw blends once over what is there
        let f = fusion
        var textured = 0, covered = 0
        for (k, entry) in f.pending.enumerated() {
            if entry.plan.texture != 0 { textured |= 1 << k }
            // A pixel-aligned square quad whose box is the run's box covers every pixel drawn.
            if entry.plan.plainWhole && entry.box == f.run.box { covered |= 1 << k }
        }
        let key = f.pending.count | textured << 4 | covered << 12
        if f.programs[key] == nil {
            do {
                f.programs[key] = try FusedProgram(library: shaderLibrary, layers: f.pending.count,
                                                   textured: textured, covered: covered)
                glUseProgram(state.program)
            } catch {
                f.failed = true
                noteError("fused layers off: \(error)")
            }
        }
        guard let u = f.programs[key] else {
            for (i, p, _) in f.pending { drawQuad(list.quads[i], p, index: i) }
            return
        }
        let vp = f.viewport
        for (k, entry) in f.pending.enumerated() {
            let q = list.quads[entry.index], p = entry.plan
            let screen = LayerFusion.screenHomography(q.matrix, projection: projection, originX: vp.minX, originY: vp.minY,
                                                      width: vp.width, height: vp.height)
            // fusionBox checked every corner in front of the eye: the map is invertible.
            let h = screen.inverted() ?? Homography2D(1, 0, 0, 0, 1, 0, 0, 0, 0)
            let m = f.inverse + 9 * k
            m[0] = Float(h.a); m[1] = Float(h.b); m[2] = Float(h.c)
            m[3] = Float(h.d); m[4] = Float(h.e); m[5] = Float(h.f)
            m[6] = Float(h.g); m[7] = Float(h.h); m[8] = Float(h.i)
            let c = f.content + 4 * k, t = f.texRect + 4 * k, col = f.color + 4 * k
            let cr = p.content, tr = p.texRect
            c[0] = Float(cr.minX); c[1] = Float(cr.minY); c[2] = Float(cr.width); c[3] = Float(cr.height)
            t[0] = Float(tr.minX); t[1] = Float(tr.minY); t[2] = Float(tr.width); t[3] = Float(tr.height)
            col[0] = p.r; col[1] = p.g; col[2] = p.b; col[3] = p.a
            if p.texture != 0 {
                // Nearest plans skipped the mip chain: bilinear without mip levels reads the same texel.
                let sampler = p.magnified || p.nearest ? linearSampler : 0
                if k == 0 {
                    state.bindTexture(p.texture, stats: &stats)
                    state.bindSampler(sampler, stats: &stats)
                } else {
                    if f.unitTextures[k] != p.texture || f.unitSamplers[k] != sampler {
                        glActiveTexture(GLConstant.texture0 + GLenum(k))
                        if f.unitTextures[k] != p.texture {
                            glBindTexture(GLConstant.texture2D, p.texture)
                            f.unitTextures[k] = p.texture
                            stats.textureChanges += 1
                        }
                        if f.unitSamplers[k] != sampler {
                            glBindSampler(GLuint(k), sampler)
                            f.unitSamplers[k] = sampler
                            stats.samplerChanges += 1
                        }
                        glActiveTexture(GLConstant.texture0)
                    }
                }
            }
        }
        let n = GLsizei(f.pending.count)
        state.useProgram(u.program, stats: &stats)
        glUniformMatrix3fv(u.inverse, n, GLConstant.false, f.inverse)
        glUniform4fv(u.content, n, f.content)
        glUniform4fv(u.texRect, n, f.texRect)
        glUniform4fv(u.color, n, f.color)
        let b = f.run.box
        glUniform4f(u.box, Float(b.minX - vp.minX), Float(b.minY - vp.minY), Float(b.width), Float(b.height))
        glUniform2f(u.viewport, Float(vp.width), Float(vp.height))
        glUniform1f(u.depth, depth(f.pending[f.pending.count - 1].index))
        glDrawArrays(GLConstant.triangleStrip, 0, 4)
        stats.drawCalls += 1
        stats.fusedRuns += 1
        stats.fusedLayers += f.pending.count
    }
}
