import LayerMath

// Placement of a crossfade's `from` image (`LayerContents.crossfade`): its texture
// rectangle over the `to` image's content rectangle, so one quad samples both.
//
// Does NOT draw or decide when a crossfade is used (the carousel's fade-in does).

extension CrossfadeSource {
    /// True when every pixel of the source has alpha 1 (a colour with alpha 1, an opaque image).
    public var isOpaque: Bool {
        switch self {
        case .color(let c): return c.a >= 1
        case .image(let ref): return ref.isOpaque
        }
    }
}

extension Flattener {
    /// The texture rectangle of `from` over `contentRect` (the `to` image's content
    /// rectangle in a layer of `size`): `from` placed by `gravity` on its own, then the
    /// mapping from bounds points to its texture coordinates evaluated at `contentRect`'s
    /// corners. Where `from`'s own content rectangle is smaller, the result reaches
    /// outside 0...1. A colour (or an image placed nowhere) gives the unit rectangle.
    public static func crossfadeTextureRect(_ from: CrossfadeSource, over contentRect: Rect, in size: Size,
                                            gravity: ContentsGravity, crop: Bool) -> Rect {
        guard case .image(let image) = from else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        let (g, t) = placeContents(image, in: size, gravity: gravity, crop: crop)
        guard g.width > 0, g.height > 0 else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        let sx = t.width / g.width, sy = t.height / g.height
        return Rect(x: t.minX + (contentRect.minX - g.minX) * sx, y: t.minY + (contentRect.minY - g.minY) * sy,
                    width: contentRect.width * sx, height: contentRect.height * sy)
    }
}
