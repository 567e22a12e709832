// Masks (CALayer.mask): a masked layer is a group (Flattener) whose last command range is
// its mask's own group. Both images lie on the target's pixel grid, so once the masked
// group is drawn its pixels are multiplied, pixel for pixel, by the alpha of the mask's
// image: one textured quad over the mask's box blended with (ZERO, SRC_ALPHA).
//
// Does NOT: decide what is masked (Flattener) or draw the mask's image (its own pass draws
// it like any group, before the group holding it).

import CGL
import LayerMath
import Layers
import RenderPlan

extension GLRenderer {
    /// Multiplies the bound framebuffer, the image of a masked group, by the alpha of the
    /// image of mask group `mask`. False when the mask has no image (nothing shows).
    func multiplyByMask(_ mask: Int, map: CanvasMapping) -> Bool {
        guard mask < groupImages.count, groupImages[mask].texture != 0 else { return false }
        flushBatches()
        if useDepth { glDisable(GLConstant.depthTest) }
        glBlendFunc(GLenum(GL_ZERO), GLenum(GL_SRC_ALPHA))
        let (box, values) = groupImageQuad(groupImages[mask], opacity: 1, map: map)
        queueDraw(DrawKey(program: .plainTextured, geometry: .rect, texture: TextureHandle(groupImages[mask].texture)),
                  box: box, values)
        flushBatches()
        glBlendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)
        if useDepth { glEnable(GLConstant.depthTest) }
        stats.masks += 1
        return true
    }

    /// The draw of a group image as a quad in canvas points covering its box's target pixels
    /// exactly, its texels scaled by `opacity`.
    func groupImageQuad(_ image: GroupImage, opacity op: Float, depth: Float = 0, map: CanvasMapping) -> (DrawBox, InstanceValues) {
        let s = map.scale
        let model = Transform3D.translation((Double(image.x) - map.offsetX) / s, (Double(image.y) - map.offsetY) / s, 0)
        let rect = Rect(x: 0, y: 0, width: Double(Float(Double(image.width) / s)), height: Double(Float(Double(image.height) / s)))
        // GL rows run bottom-up: the box's top row is the image's row height - 1.
        let tw = Double(Float(image.width) / Float(image.textureWidth)), th = Double(Float(image.height) / Float(image.textureHeight))
        let box = DrawBox(x0: Double(image.x) - 1, y0: Double(image.y) - 1,
                          x1: Double(image.x + image.width) + 1, y1: Double(image.y + image.height) + 1)
        return (box, InstanceValues(model: model, outer: rect, fill: rect, content: rect,
                                    texRect: Rect(x: 0, y: th, width: tw, height: -th), r: op, g: op, b: op, a: op,
                                    size: rect.size, radius: 0, depth: depth))
    }
}
