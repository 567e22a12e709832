import LayerMath
import Layers

/// The layer tree of one parallax card, shared by `ParallaxButton` and `FocusGrid`:
///
/// ```
/// PREFIX            container at the card's frame (no contents)
///   PREFIX/shadow   soft drop shadow, follows the card pose, offset below it
///   PREFIX/card     masksToBounds + cornerRadius: clips every layer below
///     PREFIX/0 ... PREFIX/k   image layers, bottom first, filling the card
///     PREFIX/spotlight        zPosition 800, aspect-fit highlight, opacity 0 at rest
/// ```
///
/// `apply` only mutates transforms, opacities and positions (no allocation), so it
/// can run every frame.
public final class ParallaxCardLayers {
    /// The container; add it to a superlayer (or use it as a component's root).
    public let root: Layer
    /// The drop shadow (opacity 0 when off).
    public let shadow: Layer
    /// The clipping card (JZ's BoundsView).
    public let card: Layer
    /// Image layers, bottom first.
    public let images: [Layer]
    /// The highlight, drawn on top.
    public let spotlight: Layer
    /// Extra size of the shadow image on each side, in points.
    public let shadowMargin: Double

    /// Builds the tree for a card at `frame` (in the superlayer's space) named `prefix`.
    public init(prefix: String, frame: Rect, images imageRefs: [ImageRef], spotlight spotlightImage: ImageRef,
                shadow shadowImage: ImageRef?, shadowMargin: Double, cornerRadius: Double) {
        let size = frame.size
        let centre = Point(size.width / 2, size.height / 2)
        root = Layer(name: prefix)
        root.frame = frame
        self.shadowMargin = shadowMargin
        shadow = Layer(name: "\(prefix)/shadow",
                       bounds: Size(size.width + 2 * shadowMargin, size.height + 2 * shadowMargin), position: centre)
        if let shadowImage { shadow.contents = .image(shadowImage) }
        shadow.opacity = 0
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
    /// `shadowOffset` is in the container's (untransformed) space, like CALayer's.
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
        // The shadow is the card's silhouette: same pose about the same centre, then offset.
        shadow.transform = cardTransform
        shadow.position = Point(card.position.x + shadowOffset.x, card.position.y + shadowOffset.y)
        shadow.opacity = min(max(shadowOpacity, 0), 1)
    }
}
