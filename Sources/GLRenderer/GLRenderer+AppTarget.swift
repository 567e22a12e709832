// Drawing a render list into a framebuffer the app owns, with the app's GL state kept.

import CGL
import Layers

extension GLRenderer {
    /// Draws `list` into the app's framebuffer `target`: the canvas is scaled uniformly
    /// and centred in `target.viewport`, over the app's pixels (`.keep`) or a cleared
    /// viewport (`.clear`). Nothing outside the viewport is drawn or cleared. The GL state
    /// the renderer touches is saved before and restored after (`GLStateSnapshot`), so the
    /// app's program, VAO, buffers, texture on unit 0, enables, blend/depth/stencil/scissor
    /// settings, viewport, clear colour, framebuffer bindings and pixel-store alignment are
    /// as they were.
    ///
    /// - Throws: `AppTargetError.noStencil` when the list has clips (`masksToBounds`) other
    ///   than axis-aligned rectangles (those are scissor boxes) and the framebuffer has no
    ///   stencil bits (the scene would silently not clip), `.incomplete`
    ///   for an incomplete framebuffer, `.emptyViewport`; nothing is drawn then.
    public func render(_ list: RenderList, into target: AppTarget, images: ImageSource, background: Color) throws {
        guard target.viewport.width > 0, target.viewport.height > 0 else {
            throw AppTargetError.emptyViewport(target.viewport)
        }
        let saved = GLStateSnapshot.capture()
        defer { saved.restore() }
        GLStateSnapshot.setRendererDefaults()
        glBindFramebuffer(GLConstant.framebuffer, GLuint(target.framebuffer))
        let status = glCheckFramebufferStatus(GLConstant.framebuffer)
        guard status == GLConstant.framebufferComplete else {
            throw AppTargetError.incomplete(framebuffer: target.framebuffer, status: status)
        }
        // Clips that are axis-aligned rectangles are scissor boxes: only the others need stencil.
        clipLowering.update(list, scissors: scissorClips, analyticClips: analyticClips)
        if clipLowering.stencilClipCount > 0, GLRenderer.boundStencilBits(framebuffer: target.framebuffer) == 0 {
            throw AppTargetError.noStencil(framebuffer: target.framebuffer, clips: clipLowering.stencilClipCount)
        }
        render(list, into: .app(target), images: images, background: background)
    }

    /// The stencil bits of the framebuffer bound to GL_FRAMEBUFFER (`framebuffer` is its
    /// name: 0 asks the default framebuffer's GL_STENCIL, an FBO its stencil attachment).
    public static func boundStencilBits(framebuffer: UInt32) -> Int {
        var bits: GLint = 0
        if framebuffer == 0 {
            glGetFramebufferAttachmentParameteriv(GLConstant.framebuffer, GLenum(GL_STENCIL),
                                                  GLenum(GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), &bits)
        } else {
            // Only the object type may be asked of an empty attachment point.
            var type: GLint = 0
            glGetFramebufferAttachmentParameteriv(GLConstant.framebuffer, GLenum(GL_STENCIL_ATTACHMENT),
                                                  GLenum(GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), &type)
            if type != GL_NONE {
                glGetFramebufferAttachmentParameteriv(GLConstant.framebuffer, GLenum(GL_STENCIL_ATTACHMENT),
                                                      GLenum(GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), &bits)
            }
        }
        _ = glGetError()   // a driver that refuses the query: treated as no stencil
        return Int(max(0, bits))
    }
}
