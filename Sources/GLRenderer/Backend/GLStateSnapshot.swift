// The GL state the renderer touches (or relies on: pixel-unpack buffer and row layout,
// the sampler on unit 0), read before it draws into an app's framebuffer and put back
// after, so the app's own drawing goes on as if the scene had not drawn.
//
// Does NOT: save state the renderer never changes (cull face mode, front face, polygon
// mode, line width, blend colour, vertex attribute arrays of the app's VAOs, texture
// units other than 0, sampler objects, query objects), the contents of any buffer, or
// the stencil values it clears inside the viewport.

import CGL

/// One face's stencil state: func, ref, value mask, fail, depth fail, depth pass, write mask.
package struct StencilFaceState: Equatable, Sendable {
    package var function: GLint = 0, reference: GLint = 0, valueMask: GLint = 0
    package var fail: GLint = 0, depthFail: GLint = 0, depthPass: GLint = 0, writeMask: GLint = 0
    package init() {}
}

/// A copy of the GL state the renderer changes, read with `glGet*` (about 40 queries, no
/// GPU round trip on Mesa) and restored with the matching setters. A value type of fixed
/// size: capturing and restoring allocate nothing.
package struct GLStateSnapshot: Equatable {
    package var program: GLint = 0
    package var vertexArray: GLint = 0
    package var arrayBuffer: GLint = 0
    package var activeTexture: GLint = 0
    /// The 2D texture and the sampler object bound on unit 0 (the only unit the renderer uses).
    package var texture0: GLint = 0, sampler0: GLint = 0
    /// GL_PIXEL_UNPACK_BUFFER_BINDING: texture uploads would read from it.
    package var pixelUnpackBuffer: GLint = 0
    /// GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS.
    package var unpackRowLength: GLint = 0, unpackSkipRows: GLint = 0, unpackSkipPixels: GLint = 0
    package var renderbuffer: GLint = 0
    package var drawFramebuffer: GLint = 0
    package var readFramebuffer: GLint = 0
    package var blend = false, depthTest = false, stencilTest = false, scissorTest = false, cullFace = false
    /// Capabilities the renderer needs off (`otherCapabilities`), one bit each, in order.
    package var otherEnables: UInt16 = 0
    /// Front and back polygon modes (the renderer fills).
    package var polygonMode = SIMD2<GLint>(GLint(GL_FILL), GLint(GL_FILL))

    /// Capabilities a fresh context has off and the renderer needs off: sRGB encoding,
    /// rasterizer discard, polygon offset, alpha-to-coverage, sample coverage and mask,
    /// logic operations, depth clamping. (Primitive restart is left alone: the renderer
    /// draws unindexed strips.)
    /// (A fixed-size vector, not an array: walking it allocates nothing, even in debug builds.)
    package static let otherCapabilities = SIMD8<Int32>(
        GL_FRAMEBUFFER_SRGB, GL_RASTERIZER_DISCARD, GL_POLYGON_OFFSET_FILL, GL_SAMPLE_ALPHA_TO_COVERAGE,
        GL_SAMPLE_COVERAGE, GL_SAMPLE_MASK, GL_COLOR_LOGIC_OP, GL_DEPTH_CLAMP)
    /// The bits of `otherCapabilities` OpenGL ES 3.0 has (no sRGB switch, logic operations,
    /// depth clamping; GL_SAMPLE_MASK only from 3.1): the others are neither read nor set there.
    static let esCapabilityBits: UInt16 = 0b0001_1110
    /// The bits of `otherCapabilities` the current context has.
    static func capabilityBits(es: Bool) -> UInt16 { es ? esCapabilityBits : 0xFF }

    /// GL_BLEND_SRC_RGB, GL_BLEND_DST_RGB, GL_BLEND_SRC_ALPHA, GL_BLEND_DST_ALPHA.
    package var blendFunc = SIMD4<GLint>(0, 0, 0, 0)
    /// GL_BLEND_EQUATION_RGB, GL_BLEND_EQUATION_ALPHA.
    package var blendEquation = SIMD2<GLint>(0, 0)
    package var depthFunc: GLint = 0
    package var depthMask = true
    package var clearDepth: GLfloat = 1
    package var stencilFront = StencilFaceState(), stencilBack = StencilFaceState()
    package var clearStencil: GLint = 0
    /// Red, green, blue, alpha writes (1: on).
    package var colorMask = SIMD4<UInt8>(1, 1, 1, 1)
    /// x, y, width, height.
    package var viewport = SIMD4<GLint>(0, 0, 0, 0)
    package var scissorBox = SIMD4<GLint>(0, 0, 0, 0)
    package var clearColor = SIMD4<GLfloat>(0, 0, 0, 0)
    package var unpackAlignment: GLint = 4
    package var packAlignment: GLint = 4

    package init() {}

    /// Reads the current context's state.
    package static func capture() -> GLStateSnapshot {
        var s = GLStateSnapshot()
        func int(_ name: Int32) -> GLint { var v: GLint = 0; glGetIntegerv(GLenum(name), &v); return v }
        func int4(_ name: Int32) -> SIMD4<GLint> {
            var v = SIMD4<GLint>(0, 0, 0, 0)
            withUnsafeMutableBytes(of: &v) { glGetIntegerv(GLenum(name), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
            return v
        }
        func face(_ names: (Int32, Int32, Int32, Int32, Int32, Int32, Int32)) -> StencilFaceState {
            var f = StencilFaceState()
            f.function = int(names.0); f.reference = int(names.1); f.valueMask = int(names.2)
            f.fail = int(names.3); f.depthFail = int(names.4); f.depthPass = int(names.5); f.writeMask = int(names.6)
            return f
        }
        func enabled(_ cap: Int32) -> Bool { glIsEnabled(GLenum(cap)) != 0 }
        let es = GLCapabilities.currentIsES()
        s.program = int(GL_CURRENT_PROGRAM)
        s.vertexArray = int(GL_VERTEX_ARRAY_BINDING)
        s.arrayBuffer = int(GL_ARRAY_BUFFER_BINDING)
        s.activeTexture = int(GL_ACTIVE_TEXTURE)
        glActiveTexture(GLenum(GL_TEXTURE0))
        s.texture0 = int(GL_TEXTURE_BINDING_2D)
        s.sampler0 = int(GL_SAMPLER_BINDING)
        glActiveTexture(GLenum(s.activeTexture))
        s.pixelUnpackBuffer = int(GL_PIXEL_UNPACK_BUFFER_BINDING)
        s.unpackRowLength = int(GL_UNPACK_ROW_LENGTH)
        s.unpackSkipRows = int(GL_UNPACK_SKIP_ROWS)
        s.unpackSkipPixels = int(GL_UNPACK_SKIP_PIXELS)
        s.renderbuffer = int(GL_RENDERBUFFER_BINDING)
        s.drawFramebuffer = int(GL_DRAW_FRAMEBUFFER_BINDING)
        s.readFramebuffer = int(GL_READ_FRAMEBUFFER_BINDING)
        s.blend = enabled(GL_BLEND)
        s.depthTest = enabled(GL_DEPTH_TEST)
        s.stencilTest = enabled(GL_STENCIL_TEST)
        s.scissorTest = enabled(GL_SCISSOR_TEST)
        s.cullFace = enabled(GL_CULL_FACE)
        let bits = capabilityBits(es: es)
        for i in 0..<otherCapabilities.scalarCount where bits & (1 << i) != 0 && enabled(otherCapabilities[i]) {
            s.otherEnables |= 1 << i
        }
        if !es {
            withUnsafeMutableBytes(of: &s.polygonMode) {
                glGetIntegerv(GLenum(GL_POLYGON_MODE), $0.baseAddress!.assumingMemoryBound(to: GLint.self))
            }
        }
        s.blendFunc = SIMD4(int(GL_BLEND_SRC_RGB), int(GL_BLEND_DST_RGB), int(GL_BLEND_SRC_ALPHA), int(GL_BLEND_DST_ALPHA))
        s.blendEquation = SIMD2(int(GL_BLEND_EQUATION_RGB), int(GL_BLEND_EQUATION_ALPHA))
        s.depthFunc = int(GL_DEPTH_FUNC)
        var mask: GLboolean = 0
        glGetBooleanv(GLenum(GL_DEPTH_WRITEMASK), &mask)
        s.depthMask = mask != 0
        glGetFloatv(GLenum(GL_DEPTH_CLEAR_VALUE), &s.clearDepth)
        s.stencilFront = face((GL_STENCIL_FUNC, GL_STENCIL_REF, GL_STENCIL_VALUE_MASK, GL_STENCIL_FAIL,
                               GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS, GL_STENCIL_WRITEMASK))
        s.stencilBack = face((GL_STENCIL_BACK_FUNC, GL_STENCIL_BACK_REF, GL_STENCIL_BACK_VALUE_MASK, GL_STENCIL_BACK_FAIL,
                              GL_STENCIL_BACK_PASS_DEPTH_FAIL, GL_STENCIL_BACK_PASS_DEPTH_PASS, GL_STENCIL_BACK_WRITEMASK))
        s.clearStencil = int(GL_STENCIL_CLEAR_VALUE)
        withUnsafeMutableBytes(of: &s.colorMask) {
            glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), $0.baseAddress!.assumingMemoryBound(to: GLboolean.self))
        }
        s.viewport = int4(GL_VIEWPORT)
        s.scissorBox = int4(GL_SCISSOR_BOX)
        withUnsafeMutableBytes(of: &s.clearColor) {
            glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), $0.baseAddress!.assumingMemoryBound(to: GLfloat.self))
        }
        s.unpackAlignment = int(GL_UNPACK_ALIGNMENT)
        s.packAlignment = int(GL_PACK_ALIGNMENT)
        return s
    }

    /// Sets what the renderer assumes but never sets itself, as a fresh context has it: no
    /// pixel-unpack buffer (an upload would read from the app's buffer), rows packed (row
    /// length, skipped rows and pixels 0), no sampler object on unit 0 (the textures' own
    /// parameters apply), `otherCapabilities` off, polygons filled.
    package static func setRendererDefaults() {
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
        glBindSampler(0, 0)
        let es = GLCapabilities.currentIsES()
        let bits = capabilityBits(es: es)
        for i in 0..<otherCapabilities.scalarCount where bits & (1 << i) != 0 { glDisable(GLenum(otherCapabilities[i])) }
        if !es { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL)) }
    }

    /// Puts the state back (every item, changed or not: one call each).
    package func restore() {
        func set(_ cap: Int32, _ on: Bool) { if on { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) } }
        // A program the app deleted while it was current is deleted for real once the
        // renderer switched away: it cannot be made current again (GL_INVALID_VALUE).
        glUseProgram(program != 0 && glIsProgram(GLuint(program)) != 0 ? GLuint(program) : 0)
        glBindVertexArray(GLuint(vertexArray))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture0))
        glBindSampler(0, GLuint(sampler0))
        glActiveTexture(GLenum(activeTexture))
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(pixelUnpackBuffer))
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), unpackRowLength)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), unpackSkipRows)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), unpackSkipPixels)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(renderbuffer))
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(drawFramebuffer))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(readFramebuffer))
        set(GL_BLEND, blend)
        set(GL_DEPTH_TEST, depthTest)
        set(GL_STENCIL_TEST, stencilTest)
        set(GL_SCISSOR_TEST, scissorTest)
        set(GL_CULL_FACE, cullFace)
        let es = GLCapabilities.currentIsES()
        let caps = GLStateSnapshot.otherCapabilities, bits = GLStateSnapshot.capabilityBits(es: es)
        for i in 0..<caps.scalarCount where bits & (1 << i) != 0 { set(caps[i], otherEnables & (1 << i) != 0) }
        // Core profiles set both faces at once; a compatibility context may report them apart.
        if !es { glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(polygonMode[0])) }
        glBlendFuncSeparate(GLenum(blendFunc[0]), GLenum(blendFunc[1]), GLenum(blendFunc[2]), GLenum(blendFunc[3]))
        glBlendEquationSeparate(GLenum(blendEquation[0]), GLenum(blendEquation[1]))
        glDepthFunc(GLenum(depthFunc))
        glDepthMask(depthMask ? GLboolean(GL_TRUE) : GLboolean(GL_FALSE))
        GLCapabilities.clearDepth(clearDepth, es: es)
        func face(_ face: Int32, _ s: StencilFaceState) {
            glStencilFuncSeparate(GLenum(face), GLenum(s.function), s.reference, GLuint(bitPattern: s.valueMask))
            glStencilOpSeparate(GLenum(face), GLenum(s.fail), GLenum(s.depthFail), GLenum(s.depthPass))
            glStencilMaskSeparate(GLenum(face), GLuint(bitPattern: s.writeMask))
        }
        face(GL_FRONT, stencilFront)
        face(GL_BACK, stencilBack)
        glClearStencil(clearStencil)
        glColorMask(colorMask[0], colorMask[1], colorMask[2], colorMask[3])
        glViewport(viewport[0], viewport[1], viewport[2], viewport[3])
        glScissor(scissorBox[0], scissorBox[1], scissorBox[2], scissorBox[3])
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), unpackAlignment)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), packAlignment)
    }
}
