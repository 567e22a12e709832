import Images
import Layers

/// The one-call public API: a string drawn into an image the way a CATextLayer of a
/// given size draws it at a given contents scale.
public enum TextImage {
    /// The text of `string` in `style`, in a box of `width` x `height` points drawn at
    /// `scale` pixels per point: a premultiplied image of ceil(size * scale) pixels.
    public static func render(_ string: String, style: TextStyle, width: Double, height: Double,
                              scale: Double = 1, library: FontLibrary = .shared) throws -> Image {
        let layout = try TextLayout(string, style: style, width: width, height: height, scale: scale, library: library)
        return TextRasterizer.mask(layout).image(color: style.foregroundColor)
    }

    /// The pixel size of the image `render` makes for a box of `width` x `height` points.
    public static func pixelSize(width: Double, height: Double, scale: Double) -> (width: Int, height: Int) {
        let k = scale.isFinite && scale > 0 ? min(scale, 64) : 1
        func side(_ v: Double) -> Int {
            v.isFinite && v > 0 ? Int(min((v * k).rounded(.up), Double(TextRasterizer.maximumSide))) : 0
        }
        return (side(width), side(height))
    }
}
