// The total bytes of offscreen images a frame's groups may hold. Groups are granted their
// images in the order their `beginGroup` appears (an enclosing group before the groups in
// it, an earlier sibling before a later one); a group whose image would pass the budget
// is flattened (RenderList.setFlattening), as Core Animation degrades group opacity when
// it cannot have an offscreen image. A depth of nested groups thus holds at most the
// budget, whatever the depth.
//
// Does NOT: draw, allocate framebuffers (GroupFramebufferPool) or flatten the list.

import LayerMath
import Layers
import RenderPlan

/// Which of a frame's groups get an offscreen image under a byte budget.
struct GroupBudget {
    /// Bytes per pixel of a pooled framebuffer at most: RGBA8 colour and depth-stencil.
    static let bytesPerPixel = 8
    /// The default total: 256 MiB, eight 2048x2048 images.
    static let defaultBytes = 256 << 20

    /// The most bytes the groups' images may take together.
    var bytes = GroupBudget.defaultBytes
    /// By group of the last `plan`: drawn flattened.
    private(set) var flattened: [Bool] = []
    /// Bytes granted by the last `plan`.
    private(set) var granted = 0

    /// Grants `list`'s groups their images, in order, while the budget lasts, for a target
    /// of `pw` x `ph` pixels mapped by `map`. True when some group is flattened.
    mutating func plan(_ list: RenderList, map: CanvasMapping, pixelWidth pw: Int, pixelHeight ph: Int) -> Bool {
        flattened.removeAll(keepingCapacity: true)
        granted = 0
        var any = false
        for group in list.groups {
            let cost = GroupBudget.cost(of: group.box, map: map, pixelWidth: pw, pixelHeight: ph)
            if granted + cost <= bytes {
                granted += cost
                flattened.append(false)
            } else {
                flattened.append(true)
                any = true
            }
        }
        return any
    }

    /// The bytes of the framebuffer a group of canvas box `box` takes: its box in target
    /// pixels (cut to the target, grown by 2 for antialiased edges) rounded up to 64 as the
    /// pool rounds it.
    static func cost(of box: Rect, map: CanvasMapping, pixelWidth pw: Int, pixelHeight ph: Int) -> Int {
        let touched = PixelBox.touched(by: box, map: map, pixelWidth: pw, pixelHeight: ph)
        let (w, h) = (touched.x1 - touched.x0, touched.y1 - touched.y0)
        guard w > 0, h > 0 else { return 0 }
        return (w + 63) / 64 * 64 * ((h + 63) / 64 * 64) * bytesPerPixel
    }
}
