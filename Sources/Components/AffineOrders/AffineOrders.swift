import Assets
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene

/// Seed 002's lesson on the order of affine operations, scene kind `affineOrders`: two
/// labelled panels side by side show the same image under the seed's two compositions,
/// each over a faint outline of the untransformed image.
///
/// - `order1` is the seed's first attempt, `MakeRotation(pi/4)`, then
///   `CGAffineTransformScale(t, 0.5, 0.5)`, then `CGAffineTransformTranslate(t, 100, 100)`.
///   Each call acts BEFORE the transform so far, so points are translated by (100, 100),
///   scaled, then rotated: the offset (50, 50) turns by 45 degrees into (0, 70.7),
///   "straight down", as the seed observes.
/// - `order2` is the seed's fix, `MakeScale(0.5, 0.5)`, `Translate(t, 100, 100)`,
///   `Rotate(t, pi/4)`: rotated first, then translated and scaled, so the image moves by
///   (50, 50) down and to the right.
///
/// The transforms act about the image's centre (its anchor point), as UIView's
/// `transform` does. Layers: `NAME/order1`, `NAME/order1/outline`, `NAME/order1/label`
/// and the same for `order2`. Static: input and time change nothing.
///
/// Scene keys: `frame [x,y,w,h]` (default: the whole canvas), `imageSize` (160).
public final class AffineOrders: SceneComponent {
    public let name: String
    public let rootLayer: Layer

    /// The seed's first composition: rotate, then scale, then translate, as written.
    public static let firstOrder = AffineTransform.rotation(.pi / 4).scaled(0.5, 0.5).translated(100, 100)
    /// The seed's second composition: scale, then translate, then rotate, as written.
    public static let secondOrder = AffineTransform.scale(0.5, 0.5).translated(100, 100).rotated(.pi / 4)

    /// Builds both panels inside `frame`, with the image `imageSize` points square.
    public init(name: String, frame: Rect, images: ImageStore, imageSize: Double = 160) {
        self.name = name
        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        let picture = AffineOrders.pictureImage(size: imageSize, images: images)
        let outline = AffineOrders.outlineImage(size: imageSize, images: images)
        let panels: [(String, AffineTransform, String)] = [
            ("order1", AffineOrders.firstOrder, "ROTATE SCALE TRANSLATE"),
            ("order2", AffineOrders.secondOrder, "SCALE TRANSLATE ROTATE"),
        ]
        let panelWidth = frame.width / 2
        for (i, (id, transform, caption)) in panels.enumerated() {
            let panel = Layer(name: "\(name)/panel\(i + 1)")
            panel.frame = Rect(x: Double(i) * panelWidth, y: 0, width: panelWidth, height: frame.height)
            let centre = Point(panelWidth / 2, 40 + imageSize / 2)
            let label = Layer(name: "\(name)/\(id)/label")
            label.contents = .image(AffineOrders.labelImage(caption, images: images))
            label.frame = Rect(x: 0, y: 8, width: panelWidth, height: 20)
            label.contentsGravity = .center
            let ghost = Layer(name: "\(name)/\(id)/outline", bounds: Size(imageSize, imageSize), position: centre)
            ghost.contents = .image(outline)
            let image = Layer(name: "\(name)/\(id)", bounds: Size(imageSize, imageSize), position: centre)
            image.contents = .image(picture)
            image.transform = transform.transform3D
            panel.addSublayer(label)
            panel.addSublayer(ghost)
            panel.addSublayer(image)
            rootLayer.addSublayer(panel)
        }
    }

    public func handle(_ event: InputEvent, at time: Double) {}
    public func update(to time: Double) {}

    /// `.infinity`: time plays no part (its layers change only on input).
    public func nextUpdateTime(after time: Double) -> Double { .infinity }

    // MARK: - Generated images

    /// An asymmetric picture (gradient, big "F", red top-left marker) so that rotation
    /// and mirroring are visible.
    static func pictureImage(size: Double, images: ImageStore) -> ImageRef {
        let px = max(Int(size.rounded()), 8)
        return images.addLazy(key: "affine/picture/\(px)", width: px, height: px, isOpaque: true) {
            var p = Painter(width: px, height: px)
            let s = Double(px)
            p.verticalGradient(Rect(x: 0, y: 0, width: s, height: s), top: Color(0.3, 0.55, 0.95), bottom: Color(0.1, 0.2, 0.5))
            p.fill(Rect(x: 0, y: 0, width: s * 0.22, height: s * 0.22)) { _, _ in (Color(0.95, 0.2, 0.2), 1) }
            p.text("F", at: Point(s / 2, s / 2), font: "DejaVu Sans Bold", size: s * 0.86, .white)
            return p.image()
        }
    }

    /// A faint outline of the untransformed image.
    static func outlineImage(size: Double, images: ImageStore) -> ImageRef {
        let px = max(Int(size.rounded()), 8)
        return images.addLazy(key: "affine/outline/\(px)", width: px, height: px, isOpaque: false) {
            var p = Painter(width: px, height: px)
            let s = Double(px)
            p.fill { x, y in (Color(1, 1, 1, 0.35), min(x, s - x, y, s - y) < 2 ? 1 : 0) }
            return p.image()
        }
    }

    /// A caption in DejaVu Sans Bold, 13 pixels per em.
    static func labelImage(_ text: String, images: ImageStore) -> ImageRef {
        let width = Int(Painter.textWidth(text, font: "DejaVu Sans Bold", size: 13).rounded(.up)) + 4, height = 18
        return images.addLazy(key: "affine/label/\(text)", width: width, height: height, isOpaque: false) {
            var p = Painter(width: width, height: height)
            p.text(text, at: Point(Double(width) / 2, Double(height) / 2), font: "DejaVu Sans Bold", size: 13,
                   Color(0.9, 0.9, 0.9))
            return p.image()
        }
    }
}
