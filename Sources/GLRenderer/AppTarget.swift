// Drawing into a framebuffer the app owns: its FBO (or the default framebuffer), a
// viewport rectangle in its pixels, and what happens to the pixels already there.
//
// Does NOT: create, resize or bind-and-leave framebuffers (the app owns them), touch the
// app's depth buffer (the opaque depth pre-pass is off for app targets), or keep the
// stencil values inside the viewport when the scene has clips (they are cleared there).

import CGL
import Layers

/// What happens to the app's pixels inside the viewport before the scene draws.
public enum LoadAction: Equatable, Sendable {
    /// Keep them: the scene draws on top of what the app drew (its background is not drawn).
    case keep
    /// Clear the viewport to this colour (straight alpha) first, then draw the scene.
    case clear(Color)
}

/// A rectangle of framebuffer pixels in OpenGL's convention: `x`, `y` is its bottom-left
/// corner counted from the framebuffer's bottom-left pixel (the arguments of `glViewport`).
public struct ViewportRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// A framebuffer the app owns, the viewport the scene fills (uniformly scaled, centred:
/// letterboxed when the aspect ratios differ) and the load action.
///
/// The framebuffer needs a colour attachment; when the scene has `masksToBounds` clips it
/// also needs a stencil buffer (8 bits are plenty: one level per nested clip), checked at
/// every draw. A depth buffer is neither needed nor touched.
public struct AppTarget: Equatable, Sendable {
    /// The app's framebuffer object name; 0 is the default framebuffer (the window).
    public var framebuffer: UInt32
    /// Where the scene goes, in the framebuffer's pixels.
    public var viewport: ViewportRect
    /// Keep the app's pixels (draw on top) or clear the viewport first.
    public var loadAction: LoadAction

    public init(framebuffer: UInt32 = 0, viewport: ViewportRect, loadAction: LoadAction = .keep) {
        self.framebuffer = framebuffer
        self.viewport = viewport
        self.loadAction = loadAction
    }
}

/// Why a frame could not be drawn into an app's framebuffer (one line each).
public enum AppTargetError: Error, CustomStringConvertible, Equatable {
    /// The scene clips (`masksToBounds`) but the target framebuffer has no stencil bits.
    case noStencil(framebuffer: UInt32, clips: Int)
    /// glCheckFramebufferStatus did not say complete.
    case incomplete(framebuffer: UInt32, status: UInt32)
    /// The viewport is empty or negative.
    case emptyViewport(ViewportRect)

    public var description: String {
        switch self {
        case .noStencil(let fb, let clips):
            return "framebuffer \(fb) has no stencil buffer, but the scene has \(clips) clip(s) (masksToBounds): "
                + "attach a stencil buffer (e.g. GL_DEPTH24_STENCIL8, or SDL_GL_STENCIL_SIZE 8 for the window)"
        case .incomplete(let fb, let status):
            return "framebuffer \(fb) is not complete (glCheckFramebufferStatus 0x\(String(status, radix: 16)))"
        case .emptyViewport(let r):
            return "viewport \(r.width)x\(r.height) at (\(r.x), \(r.y)) is empty"
        }
    }
}

extension RenderTarget {
    /// The bottom-left pixel of the viewport in the bound framebuffer (0, 0 but for app targets).
    var viewportOrigin: (x: Int, y: Int) {
        if case .app(let a) = self { return (a.viewport.x, a.viewport.y) }
        return (0, 0)
    }

    /// The colour to clear to (straight alpha); nil: keep what is there.
    func clearColor(background: Color) -> Color? {
        if case .app(let a) = self {
            if case .clear(let c) = a.loadAction { return c }
            return nil
        }
        return background
    }

    /// App targets: every clear and draw stays inside the viewport (scissored), and the
    /// depth pre-pass is off (the app's depth buffer is not the renderer's).
    var isAppTarget: Bool {
        if case .app = self { return true }
        return false
    }
}
