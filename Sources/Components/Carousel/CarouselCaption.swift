import Assets
import LayerMath
import Layers
import Typography

/// Titles under a carousel's posters, one per item: a list, or a template where `{n}`
/// becomes the item number (1-based).
public enum CarouselCaptions: Equatable {
    /// No captions.
    case none
    /// Item i's caption is `list[i]` (an empty string shows none).
    case list([String])
    /// Item i's caption is the template with `{n}` replaced by i + 1.
    case template(String)

    /// The caption of item `index`, nil when there is none.
    public func text(for index: Int) -> String? {
        switch self {
        case .none: return nil
        case .list(let l): return index >= 0 && index < l.count && !l[index].isEmpty ? l[index] : nil
        case .template(let t): return t.replacingOccurrences(of: "{n}", with: String(index + 1))
        }
    }
}

/// The caption under the centred poster, as tvOS's poster and lockup views show the title
/// of the focused item: a `TextLayer` (named `NAME/caption`, tag = item index) in the
/// centred item's plane, just under it (it shares the item's transform, anchored at the
/// item's centre), fading in as the item settles in the centre and out as it leaves
/// (opacity 1 - 2.5 |offset from the centre|, times the item's alpha).
///
/// What it does NOT do: show captions of items that are not centred; animate on its own
/// (it follows the scroll position, so it is deterministic under replay).
final class CarouselCaption {
    let text: TextLayer
    let captions: CarouselCaptions
    /// Gap between the poster's bottom edge and the caption's top, in points.
    let gap: Double

    init(name: String, captions: CarouselCaptions, itemSize: Size, images: ImageStore) {
        let fontSize = min(max((itemSize.height * 0.075).rounded(), 12), 40)
        var style = TextStyle(font: "DejaVu Sans Bold", fontSize: fontSize, foregroundColor: Color(1, 1, 1, 0.92),
                              alignment: .center, truncation: .end)
        style.isWrapped = false
        let height = (fontSize * 1.5).rounded(.up)
        text = TextLayer(name: name + "/caption", style: style, bounds: Size(itemSize.width * 1.3, height), images: images)
        self.captions = captions
        gap = (fontSize * 0.6).rounded()
        // The anchor sits at the item's centre, above the caption: the caption's top is
        // `gap` under the item's bottom edge whatever the item's transform.
        text.layer.anchorPoint = Point(0.5, -(itemSize.height / 2 + gap) / height)
        text.layer.tag = -1
        text.layer.isHidden = true
    }

    /// Places the caption under item `index` shown at `position` with `transform` and
    /// `alpha`, `offset` items from the centre. Allocates only when the item changes.
    func update(index: Int, position: Point, transform: Transform3D, alpha: Double, offset: Double) {
        let layer = text.layer
        if layer.tag != index {
            layer.tag = index
            text.string = captions.text(for: index) ?? ""
        }
        text.display()
        let fade = min(max(1 - 2.5 * abs(offset), 0), 1) * alpha
        layer.position = position
        layer.transform = transform
        layer.opacity = fade
        layer.isHidden = !(fade > 0) || text.string.isEmpty
    }
}
