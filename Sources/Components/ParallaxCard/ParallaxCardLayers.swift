import LayerMath
import Layers

/// The layer tree of one parallax card, shared by `ParallaxButton` and `FocusGrid`:
///
/// ```
/// PREFIX            container at the card's frame (no contents)
///   PREFIX          the card's silhouette: draws nothing but its shadow (a rounded
///                   `shadowPath` over the card), follows the card pose
///   PREFIX/card     masksToBounds + cornerRadius: clips every layer below
///     PREFIX/0 ... PREFIX/k   image layers, bottom first, filling the card
///     PREFIX/spotlight        zPosition 800, aspect-fit highlight, opacity 0 at rest
/// ```
///
/// The shadow is Core Animation's own (`shadowOpacity`, `shadowRadius`, `shadowOffset`,
/// `shadowColor`) on a layer beside the card, since the card's `masksToBounds` would clip
/// it; its quad is `PREFIX/shadow`. `apply` only mutates transforms, opacities, positions
/// and shadow values (no allocation), so it can run every frame.
public final class ParallaxCardLayers {
    /// The container; add it to a superlayer (or use it as a component's root).
    public let root: Layer
    /// The layer casting the drop shadow (shadow opacity 0 when off).
    public let shadow: Layer
    /// The clipping card (JZ's BoundsView).
    public let card: Layer
    /// Image layers, bottom first.
    public let images: [Layer]
    /// The highlight, drawn on top.
    public let spotlight: Layer

    /// Builds the tree for a card at `frame` (in the superlayer's space) named `prefix`,
    /// its shadow blurred by `shadowRadius` (CALayer's: the Gaussian's standard deviation)
    /// in `shadowColor`.
    public init(prefix: String, frame: Rect, images imageRefs: [ImageRef], spotlight spotlightImage: ImageRef,
                shadowRadius: Double, shadowColor: Color, cornerRadius: Double) {
        let size = frame.size
        let centre = Point(size.width / 2, size.height / 2)
        root = Layer(name: prefix)
        root.frame = frame
        shadow = Layer(name: prefix, bounds: size, position: centre)
        shadow.shadowPath = .roundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height), cornerRadius: cornerRadius)
        shadow.shadow.radius = shadowRadius
        shadow.shadow.color = shadowColor
        shadow.shadow.opacity = 0
        card = Layer(name: "\(prefix)/card", bounds: size, position: centre)
        card.masksToBounds = true
        card.cornerRadius = cornerRadius
        images = imageRefs.enumerated().map { i, ref in
            let layer = Layer(name: "\(prefix)/\(i)", bounds: size, position: centre)
            layer.contents = .image(ref)
            layer.tag = i
            return layer
        }
        spotlight = Layer(name: "\(prefix)/spotlight", bounds: size, position: centre)
        spotlight.contents = .image(spotlightImage)
        spotlight.contentsGravity = .resizeAspect
        spotlight.masksToBounds = true
        spotlight.zPosition = 800
        spotlight.opacity = 0
        spotlight.tag = imageRefs.count
        root.addSublayer(shadow)
        root.addSublayer(card)
        for layer in images { card.addSublayer(layer) }
        card.addSublayer(spotlight)
    }

    /// The seed's `count`: image layers + the spotlight.
    public var layerCount: Int { images.count + 1 }

    /// Poses the card and its layers, and sets the spotlight and shadow opacities.
    /// `shadowOffset` is in the card's plane, like CALayer's (it scales and tilts with it).
    public func apply(_ pose: ParallaxPose, geometry: ParallaxGeometry, spotlightOpacity: Double,
                      shadowOpacity: Double, shadowOffset: Point = Point(0, 12)) {
        let cardTransform = geometry.cardTransform(pose)
        card.transform = cardTransform
        let n = layerCount
        for i in images.indices {
            images[i].transform = geometry.layerTransform(pose, index: i, count: n)
        }
        spotlight.transform = geometry.spotlightTransform(pose, count: n)
        spotlight.opacity = min(max(spotlightOpacity, 0), 1)
        // The silhouette takes the card's pose; its shadow is offset in the card's plane.
        shadow.transform = cardTransform
        shadow.shadow.offset = shadowOffset
        shadow.shadow.opacity = min(max(shadowOpacity, 0), 1)
    }
}
