import CGL

/// Where a frame goes.
public enum RenderTarget {
    /// The window's default framebuffer, `width` x `height` drawable pixels.
    case window(width: Int, height: Int)
    /// An offscreen framebuffer.
    case framebuffer(Framebuffer)
    /// A framebuffer the app owns (see `AppTarget`): drawn with `GLRenderer.render(_:into:images:background:)`.
    case app(AppTarget)

    /// Target size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        switch self {
        case .window(let w, let h): return (w, h)
        case .framebuffer(let f): return (f.width, f.height)
        case .app(let a): return (a.viewport.width, a.viewport.height)
        }
    }

    var framebufferName: GLuint {
        switch self {
        case .window: return 0
        case .framebuffer(let f): return f.drawFramebuffer
        case .app(let a): return a.framebuffer
        }
    }
}
