// The whole target pixels a canvas rectangle may touch: what a frame's damage is redrawn
// in, and the box a group's offscreen image covers (rounded out and grown by 2 pixels for
// antialiased edges).
//
// Does NOT: decide which pixels a shape covers (`PixelBox.covering` does, for scissors).

import LayerMath

extension PixelBox {
    /// The pixels of a `pixelWidth` x `pixelHeight` target that the canvas rectangle `r`
    /// may touch under `map`: its edges rounded outwards and moved out by 2 pixels, clamped
    /// to the target (a non-finite edge goes to the target's). Empty when none.
    package static func touched(by r: Rect, map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) -> PixelBox {
        let x0 = index(r.minX * map.scale + map.offsetX, down: true, limit: pixelWidth)
        let x1 = index(r.maxX * map.scale + map.offsetX, down: false, limit: pixelWidth)
        let y0 = index(r.minY * map.scale + map.offsetY, down: true, limit: pixelHeight)
        let y1 = index(r.maxY * map.scale + map.offsetY, down: false, limit: pixelHeight)
        return PixelBox(x0: x0, y0: y0, x1: max(x0, x1), y1: max(y0, y1))
    }

    /// Whether the box holds no pixel.
    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// A pixel coordinate rounded outwards by 2 and clamped to 0...limit (non-finite: an end).
    private static func index(_ v: Double, down: Bool, limit: Int) -> Int {
        guard v.isFinite else { return v > 0 ? limit : 0 }
        let r = down ? v.rounded(.down) - 2 : v.rounded(.up) + 2
        return Int(max(0, min(Double(limit), r)))
    }
}
