// Drawing a scene below the output's resolution and scaling the result up, as Kodi does for
// its GUI on small GPUs: a 4K television fed by a Raspberry Pi draws the scene at 1080p
// (a quarter of the fragments) and a bilinear copy fills the screen.
//
// The copy is a full-screen textured fill of the output: cheap on a GPU, where the scene's
// fragments are what cost, dear on a CPU rasteriser (llvmpipe), where it can cost more than
// a 4K frame whose layers leave much of the screen to the clear (docs/raspberry-pi.md).
//
// Does NOT: sharpen, or scale down (a render size above the output is clamped to it).

import CGL
import LayerMath

/// The render size for an output and a limit, and the scaled copy to the output.
public enum RenderScale {
    /// The largest size of `output`'s aspect within `limit` (and within the output itself),
    /// each side at least 1: the output 3840x2160 under a 1920x1080 limit draws at 1920x1080.
    public static func size(output: PixelSize, limit: PixelSize?) -> PixelSize {
        guard let limit, output.width > 0, output.height > 0 else { return output }
        let s = min(1, Double(limit.width) / Double(output.width), Double(limit.height) / Double(output.height))
        guard s < 1 else { return output }
        return PixelSize(width: max(1, Int((Double(output.width) * s).rounded())),
                         height: max(1, Int((Double(output.height) * s).rounded())))
    }
}

extension GLRenderer {
    /// Copies `source`'s colour over all `width` x `height` pixels of `destination` (0: the
    /// window): a bilinear quad when the sizes differ (`ScaledCopy`), else a blit. Leaves
    /// GL_FRAMEBUFFER bound to 0 (other state changed is what `render` resets each frame).
    public func copy(_ source: Framebuffer, to destination: GLuint, width: Int, height: Int) {
        if width != source.width || height != source.height {
            if scaledCopy == nil {
                do { scaledCopy = try ScaledCopy(library: shaderLibrary) } catch { noteError("scaled copy: \(error)") }
            }
            if let scaledCopy { return scaledCopy.draw(source, to: destination, width: width, height: height) }
        }
        source.resolve()
        glBindFramebuffer(GLConstant.readFramebuffer, source.resolveFramebuffer)
        glBindFramebuffer(GLConstant.drawFramebuffer, destination)
        glBlitFramebuffer(0, 0, GLint(source.width), GLint(source.height), 0, 0, GLint(width), GLint(height),
                          GLConstant.colorBufferBit, GLenum(width == source.width && height == source.height ? GL_NEAREST : GL_LINEAR))
        glBindFramebuffer(GLConstant.framebuffer, 0)
    }
}
