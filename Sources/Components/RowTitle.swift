import LayerMath
import Layers

/// Row and header titles of a shelf, as image layers. The one place titles are drawn:
/// today with the painter's built-in 5x7 pixel font (capitals, digits, a few symbols);
/// switch this function to real text layers when they exist.
///
/// Does not: wrap, truncate or measure anything but its own pixel font.
public enum RowTitle {
    /// A layer showing `text` in `color`, its cap height about `lineHeight` * 5/7 points,
    /// its top-left corner at `origin` in its superlayer.
    public static func layer(name: String, text: String, lineHeight: Double, origin: Point, color: Color,
                             images: ImageStore) -> Layer {
        let k = max(1, Int((lineHeight / 7).rounded(.down)))
        let glyphs = max(1, text.count)
        let width = min(4096, glyphs * 6 * k - k + 2), height = 7 * k + 2
        let ref = images.addLazy(key: "row-title:\(k):\(color):\(text)", width: width, height: height, isOpaque: false) {
            var p = Painter(width: width, height: height)
            p.crispText(text, center: Point(Double(width) / 2, Double(height) / 2), scale: Double(k), color)
            return p.image()
        }
        let layer = Layer(name: name)
        layer.frame = Rect(x: origin.x, y: origin.y, width: Double(width), height: Double(height))
        layer.contents = .image(ref)
        return layer
    }
}
