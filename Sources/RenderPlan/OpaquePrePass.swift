// Whether the front-to-back opaque pre-pass pays for itself this frame (pure: no GL).
//
// Does NOT: draw anything or know whether the target has a depth buffer (GLRenderer asks).

import LayerMath
import Layers

/// Decides the depth pre-pass (see `GLRenderer.drawWindow`).
package enum OpaquePrePass {
    /// True when opaque parts can hide enough earlier pixels to pay for the depth pass (a
    /// full-frame depth clear and a depth test on every fragment): the canvas area where an
    /// opaque quad's box overlaps the boxes of earlier quads in its window (the commands
    /// between two clip pops) adds up to at least a fifth of the canvas. A lit cube, whose
    /// faces barely overlap, draws faster without it; a stack of card layers, with it.
    package static func opaqueCanHide(_ list: RenderList) -> Bool {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var hideable = 0.0
        let needed = 0.2 * list.canvas.width * list.canvas.height
        for command in list.commands {
            if case .popClip = command {
                x0 = .infinity; y0 = .infinity; x1 = -.infinity; y1 = -.infinity
                continue
            }
            guard case .quad(let i) = command else { continue }
            let q = list.quads[i]
            let c = q.corners
            let box = q.isInFrontOfEye ? Rect.bounding(c.0, c.1, c.2, c.3)
                                       : Rect(x: 0, y: 0, width: list.canvas.width, height: list.canvas.height)
            var opaque = false
            if q.isInFrontOfEye, q.opacityInGroup >= 1 {
                switch q.contents {
                case .color(let c): opaque = c.a >= 1
                case .image(let ref): opaque = ref.isOpaque
                case .none: break
                }
            }
            if opaque {
                let w = min(box.maxX, x1) - max(box.minX, x0), h = min(box.maxY, y1) - max(box.minY, y0)
                if w > 0, h > 0 { hideable += w * h }
                if hideable >= needed { return true }
            }
            x0 = min(x0, box.minX); y0 = min(y0, box.minY); x1 = max(x1, box.maxX); y1 = max(y1, box.maxY)
        }
        return false
    }

}
