import Assets
import LayerMath
import Layers

/// A focus grid's cards have layers only near the canvas: those whose frame, grown by one
/// card and gap on each side, meets it (as a `cardRow` pools its cards). The others keep
/// their model (images, frame, focus state) and get layers when they come near or are asked
/// for, so a grid of 1,000 cards costs what its visible cards do.
///
/// Where the grid's place on the canvas is not a translation (a transform or an animation
/// on it or above it), every card has layers.
extension FocusGrid {
    /// The grid's cards in index order; a card without layers gets them when read.
    public struct Cards: RandomAccessCollection {
        let grid: FocusGrid
        /// The first card's index, 0.
        public var startIndex: Int { 0 }
        /// The number of cards.
        public var endIndex: Int { grid.cardFrames.count }
        /// Card `i`'s layers (built now if it has none).
        public subscript(i: Int) -> ParallaxCardLayers { grid.cardLayers(i) }
    }

    /// The cards' layers where they exist, and what a card's layers are made from.
    struct CardPool {
        let images: [[ImageRef]]
        let spotlight: ImageRef
        let canvas: Size?
        /// Layers by card index (nil: the card has none now).
        var layers: [ParallaxCardLayers?]
        /// The cards with layers, ascending (their roots are the root layer's sublayers in this order).
        var live: [Int] = []
        /// The rows and columns that have layers, as last computed.
        var shown = (rows: 0..<0, columns: 0..<0)

        init(images: [[ImageRef]], spotlight: ImageRef, canvas: Size?) {
            self.images = images
            self.spotlight = spotlight
            self.canvas = canvas
            layers = Array(repeating: nil, count: images.count)
        }
    }

    /// Card `i`'s layers, built (and put in drawing order) if it has none.
    func cardLayers(_ i: Int) -> ParallaxCardLayers {
        if let card = pool.layers[i] { return card }
        let card = ParallaxCardLayers(prefix: "\(name)/button\(i)", frame: cardFrames[i], images: pool.images[i],
                                      spotlight: pool.spotlight, shadowRadius: configuration.effect.shadowSigma,
                                      shadowColor: configuration.effect.shadowColor, cornerRadius: configuration.cornerRadius)
        // vanilla-tilt's gradient covers the whole card (the radial one keeps its aspect).
        if configuration.effect.glareShape == .linear { card.spotlight.contentsGravity = .resize }
        let at = pool.live.firstIndex { $0 > i } ?? pool.live.count
        pool.live.insert(i, at: at)
        pool.layers[i] = card
        rootLayer.insertSublayer(card.root, at: at)
        cardLayersBuilt(i)
        return card
    }

    /// Gives layers to the cards near the canvas and takes them from the others; nothing
    /// to do while the grid stays where it was.
    func refreshPool() {
        let n = cardFrames.count
        guard n > 0 else { return }
        let columns = max(1, min(configuration.columns, n))
        var wanted = (rows: 0..<((n + columns - 1) / columns), columns: 0..<columns)
        if let canvas = pool.canvas, let origin = canvasOrigin() {
            let first = cardFrames[0]
            let pitch = (x: first.width + configuration.spacing, y: first.height + configuration.spacing)
            func near(_ lo: Double, _ hi: Double, start: Double, pitch: Double, count: Int) -> Range<Int> {
                // Items whose span [start + k * pitch, + pitch] meets [lo - pitch, hi + pitch].
                guard pitch > 0, (lo - start).isFinite, (hi - start).isFinite else { return 0..<count }
                let a = ((lo - start) / pitch - 2).rounded(.up), b = ((hi - start) / pitch + 1).rounded(.down)
                let from = Int(min(max(a, 0), Double(count))), to = Int(min(max(b + 1, 0), Double(count)))
                return from < to ? from..<to : 0..<0
            }
            wanted.rows = near(-origin.y, canvas.height - origin.y, start: first.minY, pitch: pitch.y, count: wanted.rows.count)
            wanted.columns = near(-origin.x, canvas.width - origin.x, start: first.minX, pitch: pitch.x,
                                  count: wanted.columns.count)
        }
        guard wanted != pool.shown else { return }
        pool.shown = wanted
        var k = 0
        while k < pool.live.count {
            let i = pool.live[k]
            if wanted.rows.contains(i / columns) && wanted.columns.contains(i % columns) { k += 1; continue }
            pool.layers[i]?.root.removeFromSuperlayer()
            pool.layers[i] = nil
            pool.live.remove(at: k)
        }
        for row in wanted.rows {
            for column in wanted.columns where row * columns + column < n { _ = cardLayers(row * columns + column) }
        }
    }

    /// Where the root layer's origin is on the canvas, or nil when its place is not a
    /// translation (a transform or an animation on it or above it).
    private func canvasOrigin() -> Point? {
        var origin = Point(0, 0)
        var layer: Layer? = rootLayer
        while let l = layer {
            guard l.transform.isIdentity, !l.hasAnimations else { return nil }
            if let parent = l.superlayer, !parent.sublayerTransform.isIdentity { return nil }
            origin = origin + l.frame.origin
            layer = l.superlayer
        }
        return origin
    }
}
