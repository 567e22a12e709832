import Foundation
import Images
import LayerMath
import Layers

/// A layer that draws a colour gradient over its bounds, as CAGradientLayer does: the
/// public API for apps, and what a scene file's `layer` with `"type": "gradient"` becomes.
///
/// The gradient is rendered into an image of the layer's size times `contentsScale`
/// (registered in the `ImageStore` under a key of its parameters and pixel size, rendered
/// on first use), so an unchanged gradient costs one textured quad a frame and is rendered
/// once. Colours are interpolated premultiplied, as CSS gradients are.
///
/// What it does NOT do: animate `colors` or `locations` (a change is rendered again by
/// `display()`), or dither.
public final class GradientLayer {
    /// CAGradientLayer.type.
    public enum Kind: String, Sendable, CaseIterable {
        /// Lines of one colour perpendicular to startPoint -> endPoint.
        case axial
        /// Ellipses centred at startPoint; endPoint lies on the last colour's ellipse
        /// (radii |end - start| along x and y, in points).
        case radial
        /// The angle about startPoint, clockwise on screen from the direction of endPoint.
        case conic
    }

    /// The layer whose contents show the gradient.
    public let layer: Layer
    /// The colours, straight alpha (at least one).
    public var colors: [Color]
    /// Where each colour lies in 0...1 of the gradient; nil: evenly spaced.
    public var locations: [Double]?
    /// Start and end in unit coordinates of the bounds ((0, 0) top left).
    public var startPoint = Point(0.5, 0)
    public var endPoint = Point(0.5, 1)
    public var kind: Kind = .axial
    /// Pixels per point of the rendered image.
    public var contentsScale: Double = 1

    private let images: ImageStore
    private var shown: Shown?
    private var shownRef: ImageRef?

    /// What the current image was rendered from.
    private struct Shown: Equatable {
        var colors: [Color], locations: [Double]?, start: Point, end: Point, kind: Kind, width: Int, height: Int, size: Size
    }

    /// Wraps `layer`; its contents become the gradient.
    public init(layer: Layer, colors: [Color], images: ImageStore) {
        self.layer = layer
        self.colors = colors
        self.images = images
        layer.contentsGravity = .resize
    }

    /// The largest side, in pixels, of the rendered image (a gradient varies smoothly: the
    /// texture's bilinear filtering fills in a larger layer).
    public static let maximumPixels = 1024

    /// Brings the layer's contents up to date with the parameters, bounds and scale.
    /// Returns true when the contents changed. Allocation-free when nothing changed.
    @discardableResult
    public func display() -> Bool {
        let w = (layer.bounds.width * contentsScale).rounded(.up), h = (layer.bounds.height * contentsScale).rounded(.up)
        guard w >= 1, h >= 1, w.isFinite, h.isFinite, !colors.isEmpty else {
            let changed = shownRef != nil
            if changed { layer.contents = .none }
            shownRef = nil
            shown = nil
            return changed
        }
        let pw = Int(min(w, Double(GradientLayer.maximumPixels))), ph = Int(min(h, Double(GradientLayer.maximumPixels)))
        let now = Shown(colors: colors, locations: locations, start: startPoint, end: endPoint, kind: kind,
                        width: pw, height: ph, size: layer.bounds)
        if now == shown { return false }
        shown = now
        let key = "gradient:\(pw)x\(ph):\(now)"
        let previous = shownRef
        let ref = images.addLazy(key: key, width: pw, height: ph, isOpaque: colors.allSatisfy { $0.a >= 1 }) {
            GradientLayer.render(colors: now.colors, locations: now.locations, start: now.start, end: now.end, kind: now.kind,
                                 size: now.size, width: pw, height: ph)
        }
        if let previous, previous != ref { images.releasePixels(previous) }
        layer.contents = .image(ref)
        shownRef = ref
        return true
    }

    /// The gradient over a layer of `size` points as a `width` x `height` premultiplied image,
    /// each pixel the colour at its centre.
    public static func render(colors: [Color], locations: [Double]?, start: Point, end: Point, kind: Kind,
                              size: Size, width: Int, height: Int) -> Image {
        var image = Image(width: width, height: height)
        let stops = GradientStops(colors: colors, locations: locations)
        let s = Point(start.x * size.width, start.y * size.height), e = Point(end.x * size.width, end.y * size.height)
        let d = e - s
        let length2 = d.x * d.x + d.y * d.y
        let rx = abs(d.x), ry = abs(d.y)
        let angle0 = (d.x == 0 && d.y == 0) ? 0 : atan2(d.y, d.x)
        for j in 0..<height {
            for i in 0..<width {
                let p = Point((Double(i) + 0.5) / Double(width) * size.width, (Double(j) + 0.5) / Double(height) * size.height)
                let q = p - s
                var t: Double
                switch kind {
                case .axial:
                    t = length2 > 0 ? (q.x * d.x + q.y * d.y) / length2 : 0
                case .radial:
                    let ux = rx > 0 ? q.x / rx : (q.x == 0 ? 0 : .infinity), uy = ry > 0 ? q.y / ry : (q.y == 0 ? 0 : .infinity)
                    t = (ux * ux + uy * uy).squareRoot()
                case .conic:
                    var a = atan2(q.y, q.x) - angle0
                    a = a.truncatingRemainder(dividingBy: 2 * .pi)
                    if a < 0 { a += 2 * .pi }
                    t = a / (2 * .pi)
                }
                let c = stops.color(at: t)
                let k = (j * width + i) * 4
                image.pixels[k] = GradientLayer.byte(c.r * c.a)
                image.pixels[k + 1] = GradientLayer.byte(c.g * c.a)
                image.pixels[k + 2] = GradientLayer.byte(c.b * c.a)
                image.pixels[k + 3] = GradientLayer.byte(c.a)
            }
        }
        return image
    }

    @inline(__always)
    private static func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
}

/// A gradient's colour stops: the colour at t, the end colours beyond the first and last
/// locations, premultiplied interpolation between neighbours.
struct GradientStops {
    let colors: [Color]
    let locations: [Double]

    init(colors: [Color], locations: [Double]?) {
        self.colors = colors
        if let l = locations, l.count == colors.count {
            self.locations = l
        } else {
            let n = colors.count
            self.locations = (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
    }

    /// The straight-alpha colour at `t` (NaN takes the first colour).
    func color(at t: Double) -> Color {
        guard t.isFinite || t == .infinity else { return colors[0] }
        if !(t > locations[0]) { return colors[0] }
        for k in 1..<max(colors.count, 1) where t <= locations[k] {
            let t0 = locations[k - 1], t1 = locations[k]
            let f = t1 > t0 ? (t - t0) / (t1 - t0) : 1
            let a = colors[k - 1], b = colors[k]
            let alpha = a.a + (b.a - a.a) * f
            guard alpha > 0 else { return Color(0, 0, 0, 0) }
            // Premultiplied interpolation, returned straight.
            func mix(_ x: Double, _ y: Double) -> Double { (x * a.a + (y * b.a - x * a.a) * f) / alpha }
            return Color(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), alpha)
        }
        return colors[colors.count - 1]
    }
}
