import CGL
import LayerMath

/// Where a frame goes.
public enum RenderTarget {
    /// The window's default framebuffer, `width` x `height` drawable pixels.
    case window(width: Int, height: Int)
    /// An offscreen framebuffer.
    case framebuffer(Framebuffer)
    /// A framebuffer the app owns (see `AppTarget`): drawn with `GLRenderer.render(_:into:images:background:)`.
    case app(AppTarget)

    /// Target size in pixels.
    public var pixelSize: PixelSize {
        switch self {
        case .window(let w, let h): return PixelSize(width: w, height: h)
        case .framebuffer(let f): return PixelSize(width: f.width, height: f.height)
        case .app(let a): return PixelSize(width: a.viewport.width, height: a.viewport.height)
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
