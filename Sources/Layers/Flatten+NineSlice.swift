import LayerMath

extension Flattener {
    /// Places an image as `placeContents` does, sliced by the layer's `contentsCenter`
    /// (`NineSlice`): the slicing is worked out on the whole placed image, then the part
    /// outside the bounds is cut away through the sliced map when `crop` is true.
    package static func placeSlicedContents(_ image: ImageRef, in size: Size, gravity: ContentsGravity, crop: Bool,
                                    contentsRect cr: Rect, contentsScale: Double,
                                    contentsCenter: Rect) -> (geometry: Rect, texture: Rect, slice: NineSlice?) {
        let (g, t) = placeContents(image, in: size, gravity: gravity, crop: false, contentsRect: cr, contentsScale: contentsScale)
        let pixels = Size(Double(max(image.width, 1)) * abs(cr.width), Double(max(image.height, 1)) * abs(cr.height))
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        guard !g.isEmpty, let slice = NineSlice.make(center: contentsCenter, pixels: pixels, scale: scale, geometry: g, texture: t) else {
            let (cg, ct) = placeContents(image, in: size, gravity: gravity, crop: crop, contentsRect: cr, contentsScale: contentsScale)
            return (cg, ct, nil)
        }
        guard crop else { return (g, t, slice) }
        guard let c = g.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height)) else { return (.zero, .zero, nil) }
        let lo = slice.texturePoint(Point(c.minX, c.minY), content: g, texture: t)
        let hi = slice.texturePoint(Point(c.maxX, c.maxY), content: g, texture: t)
        return (c, Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y), slice)
    }
}
