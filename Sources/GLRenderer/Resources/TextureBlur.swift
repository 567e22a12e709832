import CGL
import Foundation

/// Blurs a texture once by a separable Gaussian on the GPU (blur.frag): across into a
/// scratch framebuffer of its size, then down into a new texture, which replaces it. A
/// shadow's shape is blurred so when its texture is made (`ImageSource.textureBlur`) and
/// kept while the shape stays; a new shape is a new image, blurred again.
///
/// Does NOT: blur by more than `maximumSigma` texels (taps to 3 standard deviations, 49 at
/// most; the image's maker keeps the blur small by drawing a smaller image magnified).
final class TextureBlur {
    /// The widest blur, in texels (a larger one is cut to it).
    static let maximumSigma = 8.0
    private let program: GLuint
    private let stepLocation: GLint, radiusLocation: GLint, weightsLocation: GLint
    /// The taps' weights, 0...radius, uploaded for each blur.
    private var weights = [GLfloat](repeating: 0, count: 25)
    private let quad = UnitQuad()
    private var sampler: GLuint = 0

    /// Compiles the program (requires a current context).
    init(library: ShaderLibrary) throws {
        program = try library.program(vertex: "fill.vert", fragment: "blur.frag")
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_texture"), 0)
        stepLocation = glGetUniformLocation(program, "u_step")
        radiusLocation = glGetUniformLocation(program, "u_radius")
        weightsLocation = glGetUniformLocation(program, "u_weights")
        glUseProgram(0)
        sampler = GLRenderer.makeSampler(filter: GLConstant.nearest)
    }

    deinit {
        glDeleteProgram(program)
        glDeleteSamplers(1, &sampler)
    }

    /// A new RGBA8 texture (linear filtering, clamped) holding `source`, `width` x `height`,
    /// blurred by a Gaussian of standard deviation `sigma` texels; nil when a framebuffer
    /// cannot be made. Every GL state it changes is put back (`GLStateSnapshot`).
    func blurred(_ source: GLuint, width: Int, height: Int, sigma: Double) -> GLuint? {
        let saved = GLStateSnapshot.capture()
        defer { saved.restore() }
        guard let scratch = try? Framebuffer(width: width, height: height, depthStencil: false) else { return nil }
        defer { scratch.destroy() }
        var result: GLuint = 0, target: GLuint = 0
        glGenTextures(1, &result)
        glBindTexture(GLConstant.texture2D, result)
        glTexImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, GLsizei(width), GLsizei(height), 0,
                     GLConstant.rgba, GLConstant.unsignedByte, nil)
        for (name, value) in [(GLConstant.textureMinFilter, GLConstant.linear), (GLConstant.textureMagFilter, GLConstant.linear),
                              (GLConstant.textureWrapS, GLConstant.clampToEdge), (GLConstant.textureWrapT, GLConstant.clampToEdge)] {
            glTexParameteri(GLConstant.texture2D, name, value)
        }
        glGenFramebuffers(1, &target)
        defer { glDeleteFramebuffers(1, &target) }
        glBindFramebuffer(GLConstant.framebuffer, target)
        glFramebufferTexture2D(GLConstant.framebuffer, GLConstant.colorAttachment0, GLConstant.texture2D, result, 0)
        guard glCheckFramebufferStatus(GLConstant.framebuffer) == GLConstant.framebufferComplete else {
            glDeleteTextures(1, &result)
            return nil
        }
        for cap in [GLConstant.blend, GLConstant.scissorTest, GLConstant.depthTest, GLConstant.stencilTest, GLConstant.cullFace] {
            glDisable(cap)
        }
        glColorMask(1, 1, 1, 1)
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glUseProgram(program)
        let radius = setWeights(sigma: min(sigma, TextureBlur.maximumSigma))
        glUniform1i(radiusLocation, GLint(radius))
        weights.withUnsafeBufferPointer { glUniform1fv(weightsLocation, GLsizei($0.count), $0.baseAddress) }
        glActiveTexture(GLConstant.texture0)
        glBindSampler(0, sampler)
        quad.bind()
        // Across: source to scratch; down: scratch to the result.
        glBindFramebuffer(GLConstant.framebuffer, scratch.drawFramebuffer)
        glBindTexture(GLConstant.texture2D, source)
        glUniform2f(stepLocation, 1 / GLfloat(width), 0)
        glDrawArrays(GLConstant.triangleStrip, 0, 4)
        glBindFramebuffer(GLConstant.framebuffer, target)
        glBindTexture(GLConstant.texture2D, scratch.colorTexture)
        glUniform2f(stepLocation, 0, 1 / GLfloat(height))
        glDrawArrays(GLConstant.triangleStrip, 0, 4)
        return result
    }

    /// Fills `weights` with a Gaussian of standard deviation `sigma` to 3 sigma, normalised
    /// over the taps on both sides; returns the radius in taps.
    private func setWeights(sigma: Double) -> Int {
        let radius = min(weights.count - 1, Int((3 * sigma).rounded(.up)))
        var total = 0.0
        for k in 0..<weights.count {
            let w = k <= radius ? exp(-Double(k * k) / (2 * sigma * sigma)) : 0
            weights[k] = GLfloat(w)
            total += k == 0 ? w : 2 * w
        }
        for k in weights.indices { weights[k] = GLfloat(Double(weights[k]) / total) }
        return radius
    }
}
