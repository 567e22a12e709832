// The texels of an image a quad may sample, as the texture cache reports them to the
// planner: what an image quad is trimmed to, and whether its mip chain exists.
//
// Does NOT: hold a texture (the backend's texture cache does).

/// A rectangle of texels: [x0, x1) x [y0, y1) of a width x height image.
package struct TexelBox: Equatable {
    package var x0: Int32, y0: Int32, x1: Int32, y1: Int32, width: Int32, height: Int32
    /// The texture has its mip chain (generated on first minified use).
    package var mipmapped = false
    /// The largest rectangle of texels with alpha 255 of a translucent image drawn whole
    /// (`OpaqueRegion`); empty for an opaque image (the whole is opaque) and a streamed one.
    package var opaque = TexelRect.empty
    package var isWhole: Bool { x0 == 0 && y0 == 0 && x1 == width && y1 == height }

    package init(x0: Int32, y0: Int32, x1: Int32, y1: Int32, width: Int32, height: Int32) {
        (self.x0, self.y0, self.x1, self.y1, self.width, self.height) = (x0, y0, x1, y1, width, height)
    }
}
