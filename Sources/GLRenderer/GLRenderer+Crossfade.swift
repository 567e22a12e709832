// A crossfade quad (`LayerContents.crossfade`) in one pass: the image fading in on unit 0,
// what it fades in over on unit 1 (an image, or a white texel times a colour), mixed in
// quad.frag's CROSSFADE variants. Costs one quad's pixels, where an image faded in as a
// sublayer of a clipping layer cost the item, two stencil passes and the image again.
//
// Does NOT: decide when a crossfade is drawn (the carousel's fade-in does), fuse a
// crossfade with other layers (LayerFusion), or keep a texture of its own beyond the white
// texel.

import CGL
import LayerMath
import Layers

/// The CROSSFADE variants of quad.frag: coverage-free (interiors) and with coverage.
struct CrossfadePrograms {
    let plain: ShaderProgram
    let coverage: ShaderProgram
    let fromTexture: GLint, fromTexRect: GLint, fromColor: GLint, progress: GLint
    let plainFromTexture: GLint, plainFromTexRect: GLint, plainFromColor: GLint, plainProgress: GLint

    init(library: ShaderLibrary, counting: Bool) throws {
        let extra = counting ? ["COUNT_VISIBLE"] : []
        plain = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                  defines: ["PLAIN", "TEXTURED", "CROSSFADE"] + extra)
        coverage = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                     defines: ["TEXTURED", "CROSSFADE"] + extra)
        func loc(_ p: GLuint, _ name: String) -> GLint { glGetUniformLocation(p, name) }
        fromTexture = loc(coverage.program, "u_fromTexture"); fromTexRect = loc(coverage.program, "u_fromTexRect")
        fromColor = loc(coverage.program, "u_fromColor"); progress = loc(coverage.program, "u_progress")
        plainFromTexture = loc(plain.program, "u_fromTexture"); plainFromTexRect = loc(plain.program, "u_fromTexRect")
        plainFromColor = loc(plain.program, "u_fromColor"); plainProgress = loc(plain.program, "u_progress")
        for (p, t, from) in [(plain, plain.texture, plainFromTexture), (coverage, coverage.texture, fromTexture)] {
            glUseProgram(p.program)
            glUniform1i(t, 0)
            glUniform1i(from, 1)
        }
    }
}

/// What the renderer keeps for crossfades: the programs (compiled on first use, normal and
/// counting) and a 1x1 white texture (a colour `from` samples it).
final class CrossfadeState {
    var normal: CrossfadePrograms?
    var counting: CrossfadePrograms?
    /// The programs failed to compile: crossfades draw their nearer end alone (error noted).
    var failed = false
    var white: GLuint = 0

    deinit {
        for p in [normal, counting].compactMap({ $0 }) {
            glDeleteProgram(p.plain.program); glDeleteProgram(p.coverage.program)
        }
        if white != 0 { glDeleteTextures(1, &white) }
    }
}

extension GLRenderer {
    /// The crossfade programs for this render (counting or not), compiled on first use; nil
    /// when they failed to compile.
    func crossfadePrograms() -> CrossfadePrograms? {
        let c = crossfade
        if c.failed { return nil }
        if let p = countingVisible ? c.counting : c.normal { return p }
        do {
            let p = try CrossfadePrograms(library: shaderLibrary, counting: countingVisible)
            if countingVisible { c.counting = p } else { c.normal = p }
            glUseProgram(state.program)
            return p
        } catch {
            c.failed = true
            noteError("crossfades drawn without fading: \(error)")
            return nil
        }
    }

    /// The plan of a crossfade quad: both ends in one draw when both have a texture now;
    /// else the end that has one (the image at opacity `progress` when only it is there, as
    /// drawn over nothing); nil when neither.
    func prepareCrossfade(_ q: RenderQuad, from: CrossfadeSource, to: ImageRef, progress: Double,
                          images: ImageSource, counting: Bool) -> QuadPlan? {
        let t = progress.isNaN ? 0 : max(0, min(1, progress))
        var fromAlone = q
        switch from {
        case .color(let c): fromAlone.contents = .color(c)
        case .image(let ref): fromAlone.contents = .image(ref); fromAlone.textureRect = q.fromTextureRect
        }
        var toAlone = q
        toAlone.contents = .image(to)
        if t <= 0 { return prepare(fromAlone, images: images, counting: counting) }
        if t >= 1 { return prepare(toAlone, images: images, counting: counting) }
        guard planner.mayDraw(q) else { return nil }

        var bound = state.texture
        var visible = TextureCache.TexelBox(x0: 0, y0: 0, x1: 1, y1: 1, width: 1, height: 1)
        let toTexture = textures.texture(for: to, source: images, stats: &stats, bound: &bound, visible: &visible)
        state.noteBoundTexture(bound)
        // The image is not uploaded yet: what it fades in over, alone.
        guard toTexture != 0, crossfadePrograms() != nil else {
            return prepare(fromAlone, images: images, counting: counting)
        }
        var draw = CrossfadeDraw(texture: 0, texRect: Rect(x: 0, y: 0, width: 1, height: 1), r: 1, g: 1, b: 1, a: 1,
                                 progress: Float(t))
        switch from {
        case .color(let c):
            let a = Float(max(0, min(1, c.a)))
            draw.r = Float(c.r) * a; draw.g = Float(c.g) * a; draw.b = Float(c.b) * a; draw.a = a
            draw.texture = whiteTexture()
        case .image:
            guard let fromPlan = prepare(fromAlone, images: images, counting: false), fromPlan.texture != 0 else {
                // Nothing to fade over yet: the image at opacity t, as over an empty layer.
                toAlone.opacity *= t
                toAlone.opacityInGroup *= t
                toAlone.isOpaque = false
                return prepare(toAlone, images: images, counting: counting)
            }
            draw.texture = fromPlan.texture
        }
        guard var p = planner.plan(q, fill: .image(isOpaque: to.isOpaque && from.isOpaque, texels: visible),
                                   clip: clipLowering.analyticClip(for: q, clips: frameClips)) else { return nil }
        p.texture = toTexture
        // `from`'s uv rectangle over the planned content rectangle (trimmed or not): the
        // affine map contentRect -> fromTextureRect evaluated at its corners.
        let cr = q.contentRect, ft = q.fromTextureRect, pc = p.content
        let sx = ft.width / max(cr.width, 1e-300), sy = ft.height / max(cr.height, 1e-300)
        if case .image = from {
            draw.texRect = Rect(x: ft.minX + (pc.minX - cr.minX) * sx, y: ft.minY + (pc.minY - cr.minY) * sy,
                                width: pc.width * sx, height: pc.height * sy)
        }
        p.crossfade = draw
        if p.needsMipmaps {
            var bound = state.texture
            textures.generateMipmaps(to, bound: &bound)
            state.noteBoundTexture(bound)
        }
        return p
    }

    /// The program for `p`'s coverage draws (its ring, or the whole rectangle).
    @inline(__always)
    func coverageProgram(_ p: QuadPlan) -> ShaderProgram {
        if p.crossfade != nil, let c = crossfadePrograms() { return c.coverage }
        return quadProgram
    }

    /// Sets the crossfade's uniforms of `u` (one of the CROSSFADE programs) and binds its
    /// `from` texture on unit 1; the coverage variant also gets the uniforms `setUniforms`
    /// sets only for the general quad program.
    func setCrossfadeUniforms(_ q: RenderQuad, _ p: QuadPlan, program u: ShaderProgram) {
        guard let d = p.crossfade, let c = crossfadePrograms() else { return }
        // Unit 0 (`to`): setUniforms binds the nearest sampler for the plain textured
        // program only; the crossfade's plain variant samples `to` the same way.
        state.bindSampler(p.nearest ? nearestSampler : p.magnified ? linearSampler : 0, stats: &stats)
        let f = fusion
        if f.unitTextures[1] != d.texture || f.unitSamplers[1] != 0 {
            glActiveTexture(GLConstant.texture0 + 1)
            if f.unitTextures[1] != d.texture {
                glBindTexture(GLConstant.texture2D, d.texture)
                f.unitTextures[1] = d.texture
                stats.textureChanges += 1
            }
            if f.unitSamplers[1] != 0 {
                glBindSampler(1, 0)
                f.unitSamplers[1] = 0
                stats.samplerChanges += 1
            }
            glActiveTexture(GLConstant.texture0)
        }
        let plain = u.program == c.plain.program
        let texRect = plain ? c.plainFromTexRect : c.fromTexRect
        let color = plain ? c.plainFromColor : c.fromColor
        let progress = plain ? c.plainProgress : c.progress
        glUniform4f(texRect, Float(d.texRect.minX), Float(d.texRect.minY), Float(d.texRect.width), Float(d.texRect.height))
        glUniform4f(color, d.r, d.g, d.b, d.a)
        glUniform1f(progress, d.progress)
        if !plain {
            glUniform1i(u.antialias, p.smooth ? 1 : 0)
            glUniform2f(u.size, Float(q.size.width), Float(q.size.height))
            glUniform1f(u.radius, Float(q.cornerRadius))
            // The quad's analytic clip (`AnalyticClip`), as setUniforms sets it for the
            // general quad program.
            if let c = p.clip {
                glUniform4f(u.clipMap, Float(c.scaleX), Float(c.scaleY), Float(c.offsetX), Float(c.offsetY))
                glUniform3f(u.clipShape, Float(c.width), Float(c.height), Float(c.radius))
            } else {
                glUniform3f(u.clipShape, 0, 0, 0)
            }
        }
    }

    /// A 1x1 white texture (a colour `from` multiplies it), made on first use.
    func whiteTexture() -> GLuint {
        if crossfade.white != 0 { return crossfade.white }
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLConstant.texture2D, name)
        state.noteBoundTexture(name)
        var texel: [UInt8] = [255, 255, 255, 255]
        glPixelStorei(GLConstant.unpackAlignment, 1)
        glTexImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, 1, 1, 0, GLConstant.rgba, GLConstant.unsignedByte, &texel)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        crossfade.white = name
        return name
    }
}
