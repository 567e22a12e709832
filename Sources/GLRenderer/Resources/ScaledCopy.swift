import CGL

/// Draws a framebuffer's colour over a whole destination of another size with one
/// bilinear textured quad (fill.vert / fill.frag, blending off): one draw the renderer
/// controls, the same on both APIs, where a blit's scaling filter is the driver's.
final class ScaledCopy {
    private let program: GLuint
    private let quad = UnitQuad()
    private var sampler: GLuint = 0

    /// Compiles the program (requires a current context).
    init(library: ShaderLibrary) throws {
        program = try library.program(vertex: "fill.vert", fragment: "fill.frag")
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_texture"), 0)
        glUseProgram(0)
        sampler = GLRenderer.makeSampler(filter: GLConstant.linear)
    }

    deinit {
        glDeleteProgram(program)
        glDeleteSamplers(1, &sampler)
    }

    /// Draws `source` (resolved first) over `width` x `height` pixels of `destination`.
    /// Leaves blending, scissor, depth and stencil tests off and GL_FRAMEBUFFER bound to 0.
    func draw(_ source: Framebuffer, to destination: GLuint, width: Int, height: Int) {
        source.resolve()
        glBindFramebuffer(GLConstant.framebuffer, destination)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        for cap in [GLConstant.blend, GLConstant.scissorTest, GLConstant.depthTest, GLConstant.stencilTest] { glDisable(cap) }
        glUseProgram(program)
        glActiveTexture(GLConstant.texture0)
        glBindTexture(GLConstant.texture2D, source.colorTexture)
        glBindSampler(0, sampler)
        quad.bind()
        glDrawArrays(GLConstant.triangleStrip, 0, 4)
        glBindVertexArray(0)
        glBindSampler(0, 0)
        glBindTexture(GLConstant.texture2D, 0)
        glUseProgram(0)
        glBindFramebuffer(GLConstant.framebuffer, 0)
    }
}
