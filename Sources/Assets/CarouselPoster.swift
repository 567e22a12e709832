import Images
import LayerMath
import Layers

/// Generated posters for carousels without image files: a colourful gradient, a big
/// item number and a title, painted with `Painter` on first use.
package enum CarouselPoster {
    /// Pixel size of a poster for an item of `size` points (at most 512 on a side, so
    /// a lazily generated poster stays cheap).
    package static func pixelSize(for size: Size) -> (width: Int, height: Int) {
        let s = min(1, 512 / max(size.width, size.height, 1))
        return (max(8, Int((size.width * s).rounded())), max(8, Int((size.height * s).rounded())))
    }

    /// Paints the poster of item `index` (0-based; the number shown is index + 1), or with
    /// `title`, a poster of that title instead of the number.
    package static func paint(index: Int, width: Int, height: Int, title: String? = nil) -> Image {
        var p = Painter(width: width, height: height)
        let w = Double(width), h = Double(height)
        let top = Painter.palette(index), bottom = Painter.mix(Painter.palette(index + 3, value: 0.45), .black, 0.3)
        p.verticalGradient(Rect(x: 0, y: 0, width: w, height: h), top: top, bottom: bottom)
        p.ellipse(Rect(x: w * 0.55, y: -h * 0.1, width: w * 0.7, height: w * 0.7), Color(1, 1, 1, 0.18))
        if let title {
            // A titled poster: its title large in the lower half, shrunk to fit the width.
            var size = min(h * 0.085, w * 0.16)
            let width = Painter.textWidth(title, font: "DejaVu Sans Bold", size: size)
            if width > w * 0.86 { size *= w * 0.86 / width }
            p.roundedRect(Rect(x: w * 0.06, y: h * 0.66 - size, width: w * 0.88, height: size * 2), radius: size * 0.4,
                          Color(0, 0, 0, 0.3))
            p.text(title, at: Point(w / 2, h * 0.66), font: "DejaVu Sans Bold", size: size, Color(1, 1, 1, 0.95))
            return p.image()
        }
        let number = String(index + 1)
        // The number's capitals 35% of the height (DejaVu Sans Bold's cap height is 0.729 em).
        let size = min(h * 0.35 / 0.729, w * 0.8 / (0.7 * Double(number.count)))
        p.text(number, at: Point(w / 2, h * 0.45), font: "DejaVu Sans Bold", size: size, Color(1, 1, 1, 0.95))
        let band = max(11, (min(w, h) / 60 * 11).rounded())
        p.roundedRect(Rect(x: w * 0.08, y: h * 0.78, width: w * 0.84, height: band), radius: band * 0.27,
                      Color(0, 0, 0, 0.35))
        p.text("Item \(index + 1)", at: Point(w / 2, h * 0.78 + band / 2), font: "DejaVu Sans Bold", size: band * 0.6, .white)
        return p.image()
    }

    /// The generated poster's background alone (its gradient and disc, no text): the
    /// backdrop art of item `index`.
    package static func backdrop(index: Int, width: Int, height: Int) -> Image {
        var p = Painter(width: width, height: height)
        let w = Double(width), h = Double(height)
        let top = Painter.palette(index), bottom = Painter.mix(Painter.palette(index + 3, value: 0.45), .black, 0.3)
        p.verticalGradient(Rect(x: 0, y: 0, width: w, height: h), top: top, bottom: bottom)
        p.ellipse(Rect(x: w * 0.55, y: -h * 0.1, width: w * 0.7, height: w * 0.7), Color(1, 1, 1, 0.18))
        return p.image()
    }
}
