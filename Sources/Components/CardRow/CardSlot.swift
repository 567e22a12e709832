import Assets
import LayerMath
import Layers
import Typography

/// One pooled card of a `cardRow`: a parallax card (`ParallaxCardLayers`: shadow, clipped
/// image layers, glare) and its title, shown for whichever item scrolls into its place,
/// with that item's focus, press and tilt state and its poster's streaming state
/// (placeholder or preview, then the image fading in over 0.2 s, as carousels do).
///
/// Layer names follow the item: `NAME/item<i>` (the poster, bottom image layer),
/// `NAME/item<i>/layer<k>` (a layered poster's upper layers), `NAME/item<i>/image` (a
/// poster fading in), `NAME/item<i>/title`, `NAME/item<i>/shadow`, `NAME/item<i>/glare`.
final class CardSlot {
    /// The card's layers (rebuilt when an item needs another number of image layers).
    var card: ParallaxCardLayers
    /// The title under the card.
    let title: TextLayer
    /// The item shown, -1 when free.
    var index = -1
    /// Lift (0 rest, 1 focused) and press scale.
    var focus = Tween(from: 0, to: 0, start: 0, duration: 0)
    var press = Tween(from: 1, to: 1, start: 0, duration: 0)
    var tiltX = TiltFollow(), tiltY = TiltFollow()
    /// Streaming: showing the placeholder (or a preview), and the image fading in over it.
    var waiting = false
    var fadeStart = -Double.infinity
    var revealing = false
    let fade: Layer
    /// What the card showed at the last update (a card that keeps its look is kept as an image).
    var look = CardLook.none

    /// Its focus, press and tilt have reached their ends and stay there.
    func isAtRest(at t: Double) -> Bool {
        focus.isFinished(at: t) && press.isFinished(at: t) && tiltX.isAtRest(at: t) && tiltY.isAtRest(at: t)
    }

    init(card: ParallaxCardLayers, title: TextLayer) {
        self.card = card
        self.title = title
        fade = Layer()
        card.root.addSublayer(title.layer)
    }

    /// The poster layer (the bottom image layer).
    var poster: Layer { card.images[0] }

    /// Gives the slot to item `index`: names follow it, its state starts at rest.
    func assign(_ index: Int, rowName: String, titleText: String) {
        self.index = index
        let base = rowName + "/item" + String(index)
        card.root.name = base + "/card"
        card.shadow.name = base
        card.card.name = base + "/clip"
        card.spotlight.name = base + "/glare"
        for (k, layer) in card.images.enumerated() { layer.name = k == 0 ? base : base + "/layer" + String(k) }
        fade.name = base + "/image"
        fade.removeFromSuperlayer()
        title.layer.name = base + "/title"
        title.string = titleText
        focus = Tween(from: 0, to: 0, start: 0, duration: 0)
        press = Tween(from: 1, to: 1, start: 0, duration: 0)
        tiltX.retarget(0, at: -.infinity)
        tiltY.retarget(0, at: -.infinity)
        tiltX.from = 0; tiltY.from = 0
        waiting = false
        fadeStart = -.infinity
        revealing = false
        look = .none
    }
}
