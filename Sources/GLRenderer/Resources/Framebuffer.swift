import CGL

/// An offscreen render target: RGBA8 colour plus a depth24/stencil8 renderbuffer (unless
/// made without one), optionally multisampled (then a single-sample resolve framebuffer is
/// kept for readback).
///
/// `destroy()` deletes the GL objects (a second call is a no-op); `deinit` calls it, so
/// release framebuffers while their context is still current.
public final class Framebuffer {
    /// Size in pixels.
    public let width: Int, height: Int
    /// MSAA samples actually allocated (0: single-sampled).
    public let samples: Int
    /// The framebuffer to draw into.
    public private(set) var drawFramebuffer: GLuint = 0
    /// The single-sample framebuffer to read from (equals `drawFramebuffer` without MSAA).
    public private(set) var resolveFramebuffer: GLuint = 0
    /// The single-sample colour texture (resolved colour when multisampled).
    public private(set) var colorTexture: GLuint = 0
    /// It has a depth24/stencil8 attachment (depth tests and stencil clips work in it).
    public let hasDepthStencil: Bool
    private var colorRenderbuffer: GLuint = 0
    private var depthStencil: GLuint = 0

    /// The largest width and height a framebuffer can have on the current context: the
    /// least of GL_MAX_TEXTURE_SIZE, GL_MAX_RENDERBUFFER_SIZE and GL_MAX_VIEWPORT_DIMS, so
    /// a tool can name its own option before allocating (requires a current context).
    public static func maxSide() -> Int {
        var texture: GLint = 0, renderbuffer: GLint = 0
        var viewport: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &texture)
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &renderbuffer)
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        return Int([texture, renderbuffer, viewport[0], viewport[1]].filter { $0 > 0 }.min() ?? 0)
    }

    /// Creates the framebuffer (requires a current context). `samples` is clamped to
    /// GL_MAX_SAMPLES; 0 or 1 means no MSAA. `depthStencil` false: colour only (half the
    /// memory, for images drawn without depth test or stencil clip). Throws when the size
    /// is invalid or the framebuffer is incomplete.
    public init(width: Int, height: Int, samples: Int = 0, depthStencil withDepthStencil: Bool = true) throws {
        var maxSize: GLint = 0
        glGetIntegerv(GLConstant.maxTextureSize, &maxSize)
        guard width > 0, height > 0, width <= Int(maxSize), height <= Int(maxSize) else {
            throw RendererError.invalidFramebufferSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        hasDepthStencil = withDepthStencil
        var maxSamples: GLint = 0
        glGetIntegerv(GLConstant.maxSamples, &maxSamples)
        let s = samples > 1 ? min(samples, Int(maxSamples)) : 0
        self.samples = s > 1 ? s : 0

        // Single-sample colour texture (the resolve target when multisampled).
        glGenTextures(1, &colorTexture)
        glBindTexture(GLConstant.texture2D, colorTexture)
        glTexImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, GLsizei(width), GLsizei(height), 0,
                     GLConstant.rgba, GLConstant.unsignedByte, nil)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        glBindTexture(GLConstant.texture2D, 0)
        glGenFramebuffers(1, &resolveFramebuffer)
        glBindFramebuffer(GLConstant.framebuffer, resolveFramebuffer)
        glFramebufferTexture2D(GLConstant.framebuffer, GLConstant.colorAttachment0, GLConstant.texture2D, colorTexture, 0)

        if self.samples > 0 {
            glGenFramebuffers(1, &drawFramebuffer)
            glBindFramebuffer(GLConstant.framebuffer, drawFramebuffer)
            glGenRenderbuffers(1, &colorRenderbuffer)
            glBindRenderbuffer(GLConstant.renderbuffer, colorRenderbuffer)
            glRenderbufferStorageMultisample(GLConstant.renderbuffer, GLsizei(self.samples), GLConstant.rgba8Enum,
                                             GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(GLConstant.framebuffer, GLConstant.colorAttachment0, GLConstant.renderbuffer,
                                      colorRenderbuffer)
        } else {
            drawFramebuffer = resolveFramebuffer
        }
        if withDepthStencil {
            glGenRenderbuffers(1, &depthStencil)
            glBindRenderbuffer(GLConstant.renderbuffer, depthStencil)
            if self.samples > 0 {
                glRenderbufferStorageMultisample(GLConstant.renderbuffer, GLsizei(self.samples), GLConstant.depth24Stencil8,
                                                 GLsizei(width), GLsizei(height))
            } else {
                glRenderbufferStorage(GLConstant.renderbuffer, GLConstant.depth24Stencil8, GLsizei(width), GLsizei(height))
            }
            glFramebufferRenderbuffer(GLConstant.framebuffer, GLConstant.depthStencilAttachment, GLConstant.renderbuffer,
                                      depthStencil)
            glBindRenderbuffer(GLConstant.renderbuffer, 0)
        }

        var status = glCheckFramebufferStatus(GLConstant.framebuffer)
        if status == GLConstant.framebufferComplete && self.samples > 0 {
            glBindFramebuffer(GLConstant.framebuffer, resolveFramebuffer)
            status = glCheckFramebufferStatus(GLConstant.framebuffer)
        }
        glBindFramebuffer(GLConstant.framebuffer, 0)
        if status != GLConstant.framebufferComplete {
            destroy()
            throw RendererError.framebufferIncomplete(width: width, height: height, samples: self.samples,
                                                      status: UInt32(status))
        }
    }

    /// True when drawing goes into a multisampled buffer that must be resolved before reading.
    public var isMultisampled: Bool { samples > 0 }

    /// Resolves the multisampled colour into `colorTexture` / `resolveFramebuffer`
    /// (a no-op without MSAA). Leaves GL_FRAMEBUFFER bound to 0.
    public func resolve() {
        guard samples > 0 else { return }
        glBindFramebuffer(GLConstant.readFramebuffer, drawFramebuffer)
        glBindFramebuffer(GLConstant.drawFramebuffer, resolveFramebuffer)
        glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                          GLConstant.colorBufferBit, GLConstant.nearestEnum)
        glBindFramebuffer(GLConstant.framebuffer, 0)
    }

    /// Deletes the GL objects; calling it again does nothing.
    public func destroy() {
        if drawFramebuffer != 0 && drawFramebuffer != resolveFramebuffer { glDeleteFramebuffers(1, &drawFramebuffer) }
        if resolveFramebuffer != 0 { glDeleteFramebuffers(1, &resolveFramebuffer) }
        if colorRenderbuffer != 0 { glDeleteRenderbuffers(1, &colorRenderbuffer) }
        if depthStencil != 0 { glDeleteRenderbuffers(1, &depthStencil) }
        if colorTexture != 0 { glDeleteTextures(1, &colorTexture) }
        drawFramebuffer = 0; resolveFramebuffer = 0; colorRenderbuffer = 0; depthStencil = 0; colorTexture = 0
    }

    deinit { destroy() }
}
