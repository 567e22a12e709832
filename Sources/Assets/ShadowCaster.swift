import Foundation
import Images
import LayerMath
import Layers

/// Gives a layer whose shadow is not an opaque rounded rectangle (a translucent image, a
/// shape layer's path, text, or a `shadowPath`) the shadow of that shape: its alpha (or the
/// path filled non-zero) blurred by a Gaussian of standard deviation `shadowRadius`, set as
/// the layer's `shadowImage`.
///
/// The shape is drawn on the CPU once per distinct shape, radius, bounds and scale, when the
/// frame's images are produced, and blurred once on the GPU when its texture is made
/// (`ImageStore.addLazy(blur:)`); the texture is kept: a change of transform, opacity, shadow
/// colour, opacity or offset draws it again. Blurs wider than 8 pixels are made at a lower
/// resolution (the image is drawn magnified, smooth by nature).
///
/// Does NOT: follow the sublayers' alpha.
public final class ShadowCaster {
    /// The layer whose shadow this casts.
    public let layer: Layer
    /// Pixels per point of the target.
    public var contentsScale: Double = 1

    private let images: ImageStore
    private var shown: Shown?
    private var shownRef: ImageRef?

    /// What the current image was made from.
    struct Shown: Equatable {
        var source: ImageRef?, path: ShapePath?, radius: Double, size: Size, gravity: ContentsGravity, crop: Bool
        var contentsRect: Rect, contentsScale: Double, scale: Double
    }

    /// The largest side of a shadow image, in pixels.
    public static let maximumPixels = 1024
    /// The widest blur made at full resolution, in pixels (standard deviation).
    public static let maximumSigmaPixels = 8.0

    /// Casts `layer`'s shadow, its images made in `images`.
    public init(layer: Layer, images: ImageStore) {
        self.layer = layer
        self.images = images
    }

    /// Brings the layer's `shadowImage` up to date; true when it changed. Allocation-free when
    /// nothing it depends on changed.
    @discardableResult
    public func display() -> Bool {
        let drawn = layer.presentation()
        var source: ImageRef? = nil
        if drawn.shadowPath == nil, case .image(let ref) = drawn.contents, !ref.isOpaque { source = ref }
        let size = drawn.bounds, radius = drawn.shadow.radius
        guard drawn.shadow.isVisible, source != nil || drawn.shadowPath != nil, size.width > 0, size.height > 0,
              radius.isFinite, radius >= 0 else { return clear() }
        let now = Shown(source: source, path: drawn.shadowPath, radius: radius, size: size, gravity: layer.contentsGravity,
                        crop: layer.masksToBounds, contentsRect: layer.contentsRect, contentsScale: layer.contentsScale,
                        scale: contentsScale)
        if now == shown { return false }
        shown = now
        let margin = 3 * radius
        let w = size.width + 2 * margin, h = size.height + 2 * margin
        // Pixels per point: the target's, at most maximumPixels a side and maximumSigmaPixels of blur.
        var k = min(contentsScale, Double(ShadowCaster.maximumPixels) / max(w, h))
        if radius > 0 { k = min(k, ShadowCaster.maximumSigmaPixels / radius) }
        let pw = max(1, Int((w * k).rounded(.up))), ph = max(1, Int((h * k).rounded(.up)))
        let images = self.images
        let sigma = radius * Double(pw) / w
        let ref = images.addLazy(key: images.uniqueKey("shadow"), width: pw, height: ph, isOpaque: false, blur: sigma) {
            let alpha: [Float]
            if let path = now.path {
                alpha = ShadowCaster.pathAlpha(path, margin: margin, size: Size(w, h), width: pw, height: ph)
            } else if let ref = now.source, let image = images.image(for: ref) {
                alpha = ShadowCaster.contentsAlpha(image, ref: ref, now: now, margin: margin, scale: (Double(pw) / w, Double(ph) / h),
                                                   width: pw, height: ph)
            } else {
                alpha = [Float](repeating: 0, count: pw * ph)
            }
            var out = Image(width: pw, height: ph)
            for i in 0..<(pw * ph) {
                let a = UInt8(max(0, min(255, (alpha[i] * 255).rounded())))
                out.pixels[i * 4] = a; out.pixels[i * 4 + 1] = a; out.pixels[i * 4 + 2] = a; out.pixels[i * 4 + 3] = a
            }
            return out
        }
        if let old = shownRef { images.evict(old) }
        shownRef = ref
        layer.shadowImage = ShadowImage(image: ref, margin: margin)
        return true
    }

    private func clear() -> Bool {
        guard let old = shownRef else { return false }
        images.evict(old)
        shownRef = nil
        shown = nil
        layer.shadowImage = nil
        return true
    }

    /// The path filled (non-zero) over the grid, moved by the margin.
    static func pathAlpha(_ path: ShapePath, margin: Double, size: Size, width: Int, height: Int) -> [Float] {
        let moved = ShapePath(path.elements.map { e in
            switch e {
            case .move(let p): return .move(Point(p.x + margin, p.y + margin))
            case .line(let p): return .line(Point(p.x + margin, p.y + margin))
            case .cubic(let a, let b, let c):
                return .cubic(Point(a.x + margin, a.y + margin), Point(b.x + margin, b.y + margin), Point(c.x + margin, c.y + margin))
            case .close: return .close
            }
        })
        var style = ShapeRasterizer.Style()
        style.fillColor = .white
        let (fw, fh) = ShapeRasterizer.fittingSize(moved, size: size, width: width, height: height)
        let image = ShapeRasterizer.render(moved, style: style, size: size, width: fw, height: fh)
        var alpha = [Float](repeating: 0, count: width * height)
        for j in 0..<height {
            for i in 0..<width {
                // Nearest pixel of the (possibly smaller) fitted image.
                let x = min(fw - 1, i * fw / width), y = min(fh - 1, j * fh / height)
                alpha[j * width + i] = Float(image.pixels[(y * fw + x) * 4 + 3]) / 255
            }
        }
        return alpha
    }

    /// The contents' alpha where the layer draws them (gravity, contentsRect, crop), each grid
    /// pixel the image's texel under its centre.
    static func contentsAlpha(_ image: Image, ref: ImageRef, now: Shown, margin: Double, scale: (Double, Double),
                              width: Int, height: Int) -> [Float] {
        var alpha = [Float](repeating: 0, count: width * height)
        let (g, t) = Flattener.placeContents(ref, in: now.size, gravity: now.gravity, crop: now.crop,
                                             contentsRect: now.contentsRect, contentsScale: now.contentsScale)
        guard g.width > 0, g.height > 0, image.width > 0, image.height > 0 else { return alpha }
        for j in 0..<height {
            let y = (Double(j) + 0.5) / scale.1 - margin
            guard y >= g.minY, y < g.maxY else { continue }
            let v = t.minY + (y - g.minY) / g.height * t.height
            let ty = min(image.height - 1, max(0, Int(v * Double(image.height))))
            for i in 0..<width {
                let x = (Double(i) + 0.5) / scale.0 - margin
                guard x >= g.minX, x < g.maxX else { continue }
                let u = t.minX + (x - g.minX) / g.width * t.width
                let tx = min(image.width - 1, max(0, Int(u * Double(image.width))))
                alpha[j * width + i] = Float(image.pixels[(ty * image.width + tx) * 4 + 3]) / 255
            }
        }
        return alpha
    }
}
