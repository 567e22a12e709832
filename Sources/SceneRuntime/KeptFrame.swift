// Damaged redraw for a frame loop (the demo's): the frame is kept in an offscreen
// framebuffer between presents, redrawn only where the render list changed
// (`RenderList.damage(since:)`, scissored), and copied to the destination (the window's
// back buffer) before each present: whole before a swap, which leaves the back buffer
// undefined, or only what changed when the caller presents without swapping (a partial
// present: `PartialPresenter`), so a grid where one card sways costs about that card.
//
// Does NOT: decide whether to present at all (the compositor skips frames that draw what
// is on screen), swap buffers, or keep anything across a size change (it starts over).

import CGL
import Assets
import GLRenderer
import Images
import LayerMath
import Layers
import Scene

/// A frame kept between presents and redrawn where it changed.
package final class KeptFrame {
    private var framebuffer: Framebuffer?
    /// The render list the kept frame shows.
    private var shown = RenderList()
    /// The background the kept frame was cleared to (the render list does not hold it).
    private var shownBackground: Color?
    /// The kept frame holds `shown` completely (false: redraw it whole next time).
    private var isValid = false
    /// Pixels redrawn by the last `draw` (0: nothing; the whole frame: width x height).
    package private(set) var lastRedrawnPixels = 0
    /// The pixels the last `draw` changed, rows from the bottom (GL's window coordinates):
    /// the whole frame, the damage, or nil when nothing changed.
    package private(set) var lastChangedBox: (x: Int, y: Int, width: Int, height: Int)?
    /// Draw the frame at most this size (the output's aspect kept, `RenderScale`) and scale
    /// it to the destination bilinearly; nil: at the destination's size. A scaled frame is
    /// copied whole (a changed box would blur into its neighbours).
    package var renderLimit: PixelSize?

    package init() {}

    /// Forgets the kept frame (a scene switch, a reload): the next draw is whole.
    package func invalidate() { isValid = false }

    /// Brings the kept frame up to `list`, drawn by `renderer` over `background`, redrawing
    /// only the damage, then copies it to `destination` (a framebuffer name, 0: the window's back
    /// buffer) of `width` x `height` pixels: all of it when `copiesWhole`, else only
    /// `lastChangedBox` (the destination holds the previous frame: it was not swapped).
    /// Falls back to drawing straight into the window when no framebuffer can be made.
    package func draw(renderer: GLRenderer, list: RenderList, images: ImageSource, background: Color,
                     width: Int, height: Int, destination: GLuint = 0, copiesWhole: Bool = true) {
        let output = PixelSize(width: width, height: height)
        let drawn = RenderScale.size(output: output, limit: renderLimit)
        let (width, height) = (drawn.width, drawn.height)
        let scaled = drawn != output
        if framebuffer.map({ $0.width != width || $0.height != height }) ?? true {
            framebuffer?.destroy()
            framebuffer = try? Framebuffer(width: width, height: height)
            isValid = false
        }
        guard let fb = framebuffer else {
            renderer.render(list, into: .window(width: output.width, height: output.height), images: images, background: background)
            lastRedrawnPixels = output.width * output.height
            lastChangedBox = (0, 0, output.width, output.height)
            return
        }
        if shownBackground != background { isValid = false }
        shownBackground = background
        if !isValid {
            renderer.render(list, into: .framebuffer(fb), images: images, background: background)
            lastRedrawnPixels = width * height
            lastChangedBox = (0, 0, width, height)
        } else if let damage = list.damage(since: shown) {
            renderer.render(list, into: .framebuffer(fb), images: images, background: background, damage: damage)
            let s = renderer.stats
            lastRedrawnPixels = s.damagePixels
            lastChangedBox = s.damagePixels > 0 ? (s.damageX, s.damageY, s.damageWidth, s.damageHeight) : nil
        } else {
            lastRedrawnPixels = 0
            lastChangedBox = nil
        }
        // A quad whose image waited for a later upload (or had none yet) is missing from the
        // kept pixels without any change in the list: redraw whole next time.
        let stats = renderer.stats
        isValid = lastRedrawnPixels == 0 || (stats.deferredUploads == 0 && stats.missingImages == 0)
        shown.copy(from: list)
        if scaled {
            if lastChangedBox != nil || copiesWhole {
                lastChangedBox = (0, 0, output.width, output.height)
                renderer.copy(fb, to: destination, width: output.width, height: output.height)
            }
            return
        }
        let copy = copiesWhole ? (x: 0, y: 0, width: width, height: height) : lastChangedBox
        guard let c = copy, c.width > 0, c.height > 0 else { return }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), fb.drawFramebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), destination)
        let x0 = GLint(c.x), y0 = GLint(c.y), x1 = GLint(c.x + c.width), y1 = GLint(c.y + c.height)
        glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
    }
}
