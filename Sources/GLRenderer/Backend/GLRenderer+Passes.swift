// The GL side of a frame's draw list (`DrawList`, executed through `RenderBackend`): a
// pass binds the frame's target or a group's pooled framebuffer, with its viewport,
// projection and scissor; a run goes through the window walk (GLRenderer+Commands); a
// composite and a mask queue one textured quad each; the end of a pass flushes the queue.
//
// Does NOT: decide the passes, their order, clears or runs (RenderPlan's `DrawList`).

import CGL
import LayerMath
import Layers
import RenderPlan

extension GLRenderer {
    package func beginPass(_ target: DrawTarget, of list: RenderList) -> Bool {
        switch target {
        case .group(let g, let box, let depthStencil):
            return beginGroupPass(list, g, box: box, depthStencil: depthStencil)
        case .frame(let scissor):
            guard let frame = frameTarget else { return false }
            groupPass = nil
            targetIsMultisampled = frameIsMultisampled
            let (pw, ph) = (framePixelWidth, framePixelHeight)
            glBindFramebuffer(GLConstant.framebuffer, frame.framebufferName)
            let origin = frame.viewportOrigin
            glViewport(GLint(origin.x), GLint(origin.y), GLsizei(pw), GLsizei(ph))
            targetOrigin = (Int(origin.x), Int(origin.y))
            targetPixelSize = (pw, ph)
            baseScissor = scissor
            applyScissor(baseScissor)
            if let c = frameClearColor {
                let a = max(0, min(1, c.a))
                glClearColor(GLfloat(c.r * a), GLfloat(c.g * a), GLfloat(c.b * a), GLfloat(a))
            }
            setProjection(frameMap, pixelWidth: pw, pixelHeight: ph, origin: (Int(origin.x), Int(origin.y)))
            stencilBase = 0
            stencilDepth = 0
            return true
        }
    }

    package func clear(_ clear: ClearOperation) {
        clearTarget(stencil: clear.stencil, color: clear.color, depth: clear.depth)
    }

    package func fillBackground(over rect: Rect) {
        guard let c = frameClearColor else { return }
        fillBackground(c, over: rect)
    }

    package func drawRun(_ range: Range<Int>, of list: RenderList) {
        guard let images = frameImages else { return }
        drawCommands(list, range, map: frameMap, images: images)
    }

    package func composite(group: Int, of list: RenderList) {
        drawGroupImage(list.groups[group], index: group, map: frameMap)
    }

    package func multiplyByMask(_ mask: Int, of list: RenderList) {
        if !multiplyByMask(mask, map: frameMap) { groupPass?.maskMissing = true }
    }

    package func keepImage(group: Int, of list: RenderList) {
        _ = keptImageSlot(list.groups[group])
    }

    package func endPass(of list: RenderList) {
        // A framebuffer switch or the end of the frame follows.
        flushBatches()
        state.setStencil(.off, stats: &stats)
        guard let pass = groupPass else { return }
        groupPass = nil
        endGroupPass(list, pass)
    }
}
