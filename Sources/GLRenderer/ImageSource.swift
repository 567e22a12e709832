import Images
import Layers

/// Supplies decoded pixels for an `ImageRef` the first time the renderer needs its
/// texture (and again only after the texture was evicted).
public protocol ImageSource: AnyObject {
    /// Premultiplied RGBA8, top row first, or nil when the image is unavailable
    /// (the quad is then skipped and counted in `FrameStats.missingImages`).
    func image(for ref: ImageRef) -> Image?

    /// The image with its mip levels already made (on a decode thread), or nil when the
    /// source only has `image(for:)` pixels (the renderer then builds the mip chain with
    /// `glGenerateMipmap` the first time it draws the image minified). A chain is uploaded
    /// level by level, smallest first, within the frame's upload budget.
    func mipChain(for ref: ImageRef) -> MipChain?

    /// The standard deviation, in pixels, of a Gaussian blur the renderer applies to the
    /// texture once, on the GPU, when it uploads it (a shadow's shape); 0: none.
    func textureBlur(for ref: ImageRef) -> Double
}

extension ImageSource {
    public func mipChain(for ref: ImageRef) -> MipChain? { nil }
    public func textureBlur(for ref: ImageRef) -> Double { 0 }
}

/// An `ImageSource` backed by a dictionary of images keyed by `ImageRef.id`.
public final class DictionaryImageSource: ImageSource {
    /// The images, by id.
    public var images: [Int: Image]
    /// The blurs of the images to blur on upload (`textureBlur(for:)`), by id.
    public var blurs: [Int: Double] = [:]
    public init(_ images: [Int: Image] = [:]) { self.images = images }
    public func image(for ref: ImageRef) -> Image? { images[ref.id] }
    public func textureBlur(for ref: ImageRef) -> Double { blurs[ref.id] ?? 0 }
}
