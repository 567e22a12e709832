import Assets
import LayerMath
import Layers
import Typography

/// Row and header titles of a shelf: the one place titles are made, as text layers
/// (`TextLayer`: HarfBuzz + FreeType, rasterised at the pixel size shown), one line,
/// left-aligned, truncated at the end when wider than the shelf.
///
/// Does not: wrap, or draw a background.
public enum RowTitle {
    /// The title's font.
    public static let font = "DejaVu Sans Bold"

    /// A text layer showing `text` in `color` at `fontSize` points, its bounds `width` wide
    /// and one line high, its top-left corner at `origin` in its superlayer.
    public static func layer(name: String, text: String, fontSize: Double, width: Double, origin: Point,
                             color: Color, images: ImageStore) -> TextLayer {
        let style = TextStyle(font: font, fontSize: fontSize, foregroundColor: color, alignment: .left,
                              truncation: .end)
        let title = TextLayer(name: name, string: text, style: style,
                              bounds: Size(max(1, width), (fontSize * 1.3).rounded(.up)), images: images)
        title.layer.frame = Rect(x: origin.x, y: origin.y, width: max(1, width), height: (fontSize * 1.3).rounded(.up))
        title.display()
        return title
    }
}
