import CGL

/// Where a frame goes.
public enum RenderTarget {
    /// The window's default framebuffer, `width` x `height` drawable pixels.
    case window(width: Int, height: Int)
    /// An offscreen framebuffer.
    case framebuffer(Framebuffer)

    /// Target size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        switch self {
        case .window(let w, let h): return (w, h)
        case .framebuffer(let f): return (f.width, f.height)
        }
    }

    var framebufferName: GLuint {
        switch self {
        case .window: return 0
        case .framebuffer(let f): return f.drawFramebuffer
        }
    }
}
