import Images
import LayerMath
import Layers
import Typography

/// A layer that draws a string, as CATextLayer does: the public API for apps, and what a
/// scene file's `layer` with `string` becomes.
///
/// The text is rasterised (HarfBuzz + FreeType, see `Typography`) at the pixel size it is
/// shown, bounds times `contentsScale`, into an image registered in the `ImageStore`
/// under a key made of the string, the style and the pixel size: the same text at the
/// same size is rasterised once, and a new scale (a HiDPI window, a larger PNG) gives a
/// new, crisp image. Like CATextLayer, it draws from the top of its bounds and clips to
/// them; a layer transform scales the bitmap (raise `contentsScale` for text shown
/// enlarged).
///
/// What it does NOT do: remove the store entries of texts no longer shown (it releases
/// their CPU pixels, which are rasterised again if shown again; the renderer's texture
/// cache evicts by its own budget). Its layer's `backgroundColor` is drawn under the string.
public final class TextLayer {
    /// The layer whose contents show the text (position, transform, opacity as usual).
    public let layer: Layer
    /// The text (CATextLayer.string).
    public var string: String
    /// Font, size, colour, alignment, truncation, wrapping, line spacing.
    public var style: TextStyle
    /// Pixels per point the text is rasterised at (CALayer.contentsScale).
    public var contentsScale: Double = 1

    private let images: ImageStore
    private var shown: (string: String, style: TextStyle, bounds: Size, scale: Double)?
    private var shownRef: ImageRef?

    /// A text layer named `name` drawing into images of `images`.
    public init(name: String = "", string: String = "", style: TextStyle = TextStyle(), bounds: Size = .zero,
                images: ImageStore) {
        layer = Layer(name: name, bounds: bounds)
        self.string = string
        self.style = style
        self.images = images
        layer.contentsGravity = .resize
    }

    /// Wraps an existing layer (its contents become the text).
    public init(layer: Layer, string: String, style: TextStyle, images: ImageStore) {
        self.layer = layer
        self.string = string
        self.style = style
        self.images = images
        layer.contentsGravity = .resize
    }

    /// The pixel size the text is rasterised at now.
    public var pixelSize: (width: Int, height: Int) {
        TextImage.pixelSize(width: layer.bounds.width, height: layer.bounds.height, scale: contentsScale)
    }

    /// Brings the layer's contents up to date with the string, style, bounds and scale,
    /// registering (lazily rasterised) the image the first time this text is shown at this
    /// size. Returns true when the contents changed. Allocation-free when nothing changed.
    @discardableResult
    public func display() -> Bool {
        if let s = shown, s.scale == contentsScale, s.bounds == layer.bounds, s.string == string, s.style == style {
            return false
        }
        shown = (string, style, layer.bounds, contentsScale)
        let px = pixelSize
        let previous = shownRef
        defer { if let previous, previous != shownRef { images.releasePixels(previous) } }
        guard px.width > 0, px.height > 0, !string.isEmpty else {
            layer.contents = .none
            shownRef = nil
            return true
        }
        let string = self.string, style = self.style, bounds = layer.bounds, scale = contentsScale
        let key = "text:\(px.width)x\(px.height)@\(scale):\(style):\(string)"
        let ref = images.addLazy(key: key, width: px.width, height: px.height, isOpaque: false) {
            try TextImage.render(string, style: style, width: bounds.width, height: bounds.height, scale: scale)
        }
        layer.contents = .image(ref)
        shownRef = ref
        return true
    }
}
