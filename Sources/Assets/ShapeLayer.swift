import Images
import LayerMath
import Layers

/// A layer that draws a path, as CAShapeLayer does: the public API for apps, and what a
/// scene file's `layer` with `"type": "shape"` becomes.
///
/// The path is rasterised on the CPU (`ShapeRasterizer`) into an image of the layer's size
/// times `contentsScale` (at most `maximumPixels` a side), shown as the layer's contents;
/// it is rasterised again only when the drawn path, style, bounds or stroke ends, or the
/// scale, change. The path and style are kept on the layer (`Layer.path`,
/// `Layer.shapeStyle`), where animations of `path`, `fillColor`, `strokeColor`,
/// `lineWidth`, `miterLimit`, `lineDashPhase`, `strokeStart` and `strokeEnd` reach them.
///
/// What it does NOT do: draw outside the bounds.
public final class ShapeLayer {
    /// The layer whose contents show the path.
    public let layer: Layer
    /// The path, in the layer's bounds space (the layer's model `path`).
    public var path: ShapePath {
        get { layer.path }
        set { layer.path = newValue }
    }
    /// Fill, stroke and line style (the layer's model `shapeStyle`).
    public var style: ShapeRasterizer.Style {
        get { layer.shapeStyle }
        set { layer.shapeStyle = newValue }
    }
    /// Pixels per point of the rendered image.
    public var contentsScale: Double = 1

    private let images: ImageStore
    private var shown: Shown?
    private var shownRef: ImageRef?
    /// The size `ShapeRasterizer.fittingSize` gave for the last path and pixel size (an
    /// animated stroke does not measure the path again each frame).
    private var lastFit: (path: ShapePath, width: Int, height: Int, fit: (Int, Int))?

    /// What the current image was rendered from.
    private struct Shown: Equatable {
        var path: ShapePath, style: ShapeRasterizer.Style, strokeStart: Double, strokeEnd: Double
        var width: Int, height: Int, size: Size
    }

    /// The largest side, in pixels, of the rendered image.
    public static let maximumPixels = 2048

    /// Wraps `layer`; its contents become the painted path.
    public init(layer: Layer, path: ShapePath, style: ShapeRasterizer.Style, images: ImageStore) {
        self.layer = layer
        self.images = images
        layer.path = path
        layer.shapeStyle = style
        layer.contentsGravity = .resize
    }

    /// Brings the layer's contents up to date with the drawn path, style, bounds and stroke
    /// ends, and the scale. Returns true when the contents changed. Allocation-free when
    /// nothing changed.
    @discardableResult
    public func display() -> Bool {
        let drawn = layer.presentation()
        let w = (drawn.bounds.width * contentsScale).rounded(.up), h = (drawn.bounds.height * contentsScale).rounded(.up)
        guard w >= 1, h >= 1, w.isFinite, h.isFinite, !drawn.path.elements.isEmpty else {
            let changed = shownRef != nil
            if let old = shownRef { images.evict(old) }
            if changed { layer.contents = .none }
            shownRef = nil
            shown = nil
            return changed
        }
        let pw = Int(min(w, Double(ShapeLayer.maximumPixels))), ph = Int(min(h, Double(ShapeLayer.maximumPixels)))
        let path = drawn.path
        let now = Shown(path: path, style: drawn.shapeStyle, strokeStart: drawn.strokeStart, strokeEnd: drawn.strokeEnd,
                        width: pw, height: ph, size: drawn.bounds)
        if now == shown { return false }
        shown = now
        // A path too complex for the size is rasterised smaller (bounded time), drawn magnified.
        let (fw, fh) = lastFit.flatMap { $0.path == path && $0.width == pw && $0.height == ph ? $0.fit : nil }
            ?? ShapeRasterizer.fittingSize(path, size: drawn.bounds, width: pw, height: ph)
        lastFit = (path, pw, ph, (fw, fh))
        let previous = shownRef
        let ref = images.addLazy(key: images.uniqueKey("shape"), width: fw, height: fh, isOpaque: false) {
            ShapeRasterizer.render(now.path, style: now.style, strokeStart: now.strokeStart, strokeEnd: now.strokeEnd,
                                   size: now.size, width: fw, height: fh)
        }
        // The previous image is gone for good (its texture too): an animated stroke does not pile up images.
        if let previous { images.evict(previous) }
        layer.contents = .image(ref)
        shownRef = ref
        return true
    }
}
