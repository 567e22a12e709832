import LayerMath

/// CALayer.contentsCenter drawn: the image's centre rectangle stretches to fill the
/// content rectangle less the image's border at its natural size (pixels over
/// `contentsScale`); the corners keep their size, the edges stretch along one axis.
///
/// Rules (Core Animation's): `contentsCenter` is a unit rectangle of the part of the image
/// `contentsRect` selects, cut to the unit square; a zero width or height stands for one
/// source pixel centred there. Where the two borders of an axis are together longer than
/// the content rectangle, both shrink by the same factor along that axis (the centre is
/// then empty). The map from bounds space to the texture is linear in each of the three
/// bands of each axis: `centre` (bounds space) maps onto `textureCentre` (texture units).
/// The renderer samples each band at least half a texel inside itself, as CSS draws each
/// piece of a `border-image` alone (no texel of a neighbouring band filters in).
///
/// Does not: apply when `contentsCenter` is the unit rectangle (nothing to keep).
public struct NineSlice: Equatable, Sendable {
    /// The stretching part of the content rectangle, bounds space.
    public var centre: Rect
    /// What `centre` shows: texture coordinates, v down.
    public var textureCentre: Rect

    public init(centre: Rect, textureCentre: Rect) {
        self.centre = centre
        self.textureCentre = textureCentre
    }

    /// True when `contentsCenter` leaves the whole image to stretch (no slicing).
    package static func isWhole(_ contentsCenter: Rect) -> Bool {
        contentsCenter == Rect(x: 0, y: 0, width: 1, height: 1)
    }

    /// The slicing of an image of `pixels` (the part `contentsRect` selects, in pixels)
    /// drawn over `geometry` (bounds space) from `texture` (texture units), for a
    /// `contentsCenter` of `center` at `scale` pixels per point; nil when the centre is the
    /// whole image or not finite.
    package static func make(center: Rect, pixels: Size, scale: Double, geometry g: Rect, texture t: Rect) -> NineSlice? {
        guard !isWhole(center), center.minX.isFinite, center.minY.isFinite, center.width.isFinite, center.height.isFinite,
              pixels.width > 0, pixels.height > 0, scale > 0, scale.isFinite else { return nil }
        let (x0, x1) = unitBand(center.minX, center.width, pixels: pixels.width)
        let (y0, y1) = unitBand(center.minY, center.height, pixels: pixels.height)
        let points = Size(pixels.width / scale, pixels.height / scale)
        let (a0, a1) = boundsBand(x0, x1, natural: points.width, from: g.minX, length: g.width)
        let (b0, b1) = boundsBand(y0, y1, natural: points.height, from: g.minY, length: g.height)
        return NineSlice(centre: Rect(x: a0, y: b0, width: a1 - a0, height: b1 - b0),
                         textureCentre: Rect(x: t.minX + x0 * t.width, y: t.minY + y0 * t.height,
                                             width: (x1 - x0) * t.width, height: (y1 - y0) * t.height))
    }

    /// The centre band of one axis in unit coordinates, cut to 0...1; an empty band is one
    /// source pixel wide, centred where it lies.
    static func unitBand(_ origin: Double, _ length: Double, pixels: Double) -> (Double, Double) {
        var lo = min(origin, origin + length), hi = max(origin, origin + length)
        if hi - lo <= 0 {
            let half = 0.5 / pixels
            lo -= half
            hi += half
        }
        lo = min(max(lo, 0), 1)
        hi = min(max(hi, lo), 1)
        return (lo, hi)
    }

    /// The centre band of one axis in bounds space: the borders `lo` and `1 - hi` of an
    /// image `natural` points long, shrunk alike when together longer than `length`.
    static func boundsBand(_ lo: Double, _ hi: Double, natural: Double, from origin: Double, length: Double) -> (Double, Double) {
        var before = lo * natural, after = (1 - hi) * natural
        if before + after > length {
            let k = before + after > 0 ? max(length, 0) / (before + after) : 0
            before *= k
            after *= k
        }
        return (origin + before, origin + max(length, 0) - after)
    }

    /// The texture coordinate of bounds point `x` along one axis: the content rectangle's
    /// band [c0, c1] shows texture [t0, t1], its centre [a0, a1] shows [u0, u1].
    package static func map(_ x: Double, content c0: Double, _ c1: Double, centre a0: Double, _ a1: Double,
                           texture t0: Double, _ t1: Double, textureCentre u0: Double, _ u1: Double) -> Double {
        if x < a0 { return a0 > c0 ? t0 + (x - c0) / (a0 - c0) * (u0 - t0) : u0 }
        if x > a1 { return c1 > a1 ? u1 + (x - a1) / (c1 - a1) * (t1 - u1) : u1 }
        return a1 > a0 ? u0 + (x - a0) / (a1 - a0) * (u1 - u0) : u0
    }

    /// The texture point of bounds point `p`, for a content rectangle `content` showing `texture`.
    package func texturePoint(_ p: Point, content: Rect, texture: Rect) -> Point {
        Point(NineSlice.map(p.x, content: content.minX, content.maxX, centre: centre.minX, centre.maxX,
                            texture: texture.minX, texture.maxX, textureCentre: textureCentre.minX, textureCentre.maxX),
              NineSlice.map(p.y, content: content.minY, content.maxY, centre: centre.minY, centre.maxY,
                            texture: texture.minY, texture.maxY, textureCentre: textureCentre.minY, textureCentre.maxY))
    }
}
