import Assets
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers

/// `parallax-bench --card-decorations`: a row of 12 poster cards, each with a soft shadow,
/// a border and a gradient scrim, drawn two ways: the shadow as the layer's own
/// (`shadowOpacity`, `shadowRadius`: the analytic blur in the quad shader) and as a baked
/// shadow image under the card (the focus components' way). The two ways are rendered
/// in turn, frame after frame (interleaved, so both see the same machine state), the row
/// moved by a third of a point per frame; the median and 95th percentile CPU time of the
/// frame loop's thread and wall time per frame are reported, with the draw calls of a frame.
///
/// Does NOT time flattening (the render list is made once per frame outside the timing) or
/// decode files: the poster, the scrim and the baked shadow are made in memory.
struct CardDecorationBench {
    let bench: Bench
    static let frames = 120
    static let cards = 12
    static let cardSize = Size(130, 195)
    static let shadowRadius = 10.0, shadowOffset = Point(0, 8), shadowOpacity = 0.55

    func run() throws -> String {
        let store = ImageStore()
        let poster = store.add(CardDecorationBench.poster(260, 390), key: "card-decorations/poster")
        let baked = CardDecorationBench.bakedShadow()
        let shadowImage = store.add(baked.image, key: "card-decorations/shadow")
        let canvas = Size(1920, 1080)
        var gradients: [GradientLayer] = []

        func row(analytic: Bool, offset: Double) -> [Layer] {
            let size = CardDecorationBench.cardSize
            return (0..<CardDecorationBench.cards).flatMap { i -> [Layer] in
                let card = Layer(name: "card\(i)")
                card.frame = Rect(x: 40 + Double(i) * 155 + offset, y: 420, width: size.width, height: size.height)
                card.backgroundColor = Color(0.12, 0.13, 0.16, 1)
                card.cornerRadius = 12
                card.borderWidth = 3
                card.borderColor = Color(1, 1, 1, 0.85)
                if analytic {
                    card.shadow.opacity = CardDecorationBench.shadowOpacity
                    card.shadow.radius = CardDecorationBench.shadowRadius
                    card.shadow.offset = CardDecorationBench.shadowOffset
                }
                let art = Layer(name: "card\(i)/poster")
                art.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
                art.cornerRadius = 12
                art.masksToBounds = true
                art.contents = .image(poster)
                art.contentsGravity = .resizeAspectFill
                let scrim = Layer(name: "card\(i)/scrim")
                scrim.frame = Rect(x: 0, y: size.height * 0.55, width: size.width, height: size.height * 0.45)
                let g = GradientLayer(layer: scrim, colors: [Color(0, 0, 0, 0), Color(0, 0, 0, 0.85)], images: store)
                g.display()
                gradients.append(g)
                art.addSublayer(scrim)
                card.addSublayer(art)
                if analytic { return [card] }
                // The baked shadow: an image layer under the card, in the canvas.
                let shadow = Layer(name: "card\(i)/bakedShadow")
                shadow.frame = Rect(x: card.frame.minX + baked.frame.minX, y: card.frame.minY + baked.frame.minY,
                                    width: baked.frame.width, height: baked.frame.height)
                shadow.contents = .image(shadowImage)
                return [shadow, card]
            }
        }

        var flattener = Flattener()
        var list = RenderList()
        let target = RenderTarget.framebuffer(bench.framebuffer)
        let background = Color(0.05, 0.06, 0.09)
        let ways = [("analytic shadow", true), ("baked shadow image", false)]
        var cpu = [[Double]](repeating: [], count: 2), wall = [[Double]](repeating: [], count: 2)
        var draws = [0, 0]
        let trees = ways.map { _, analytic in (0..<3).map { row(analytic: analytic, offset: Double($0) / 3) } }
        for frame in 0..<(10 + CardDecorationBench.frames) {
            for (w, _) in ways.enumerated() {
                flattener.flatten(trees[w][frame % 3], canvas: canvas, into: &list)
                let c0 = DecodeQueue.threadCPUSeconds(), w0 = Date()
                bench.renderer.render(list, into: target, images: store, background: background)
                bench.renderer.finish()
                // The first 10 frames upload textures and build shader variants: not timed.
                if frame >= 10 {
                    cpu[w].append((DecodeQueue.threadCPUSeconds() - c0) * 1000)
                    wall[w].append(Date().timeIntervalSince(w0) * 1000)
                }
                draws[w] = bench.renderer.stats.drawCalls
            }
        }
        var lines = ["card decorations: \(CardDecorationBench.cards) cards (shadow, border, gradient scrim) at "
                     + "\(bench.framebuffer.width)x\(bench.framebuffer.height) on \(bench.renderer.glRenderer), "
                     + "interleaved, median of \(CardDecorationBench.frames) frames each:"]
        for (w, (name, _)) in ways.enumerated() {
            lines.append(String(format: "  %@: frame loop CPU %.2f ms (p95 %.2f), wall %.2f ms (p95 %.2f), %d draw calls", name,
                                Summary(cpu[w]).median, Summary(cpu[w]).p95, Summary(wall[w]).median, Summary(wall[w]).p95,
                                draws[w]))
        }
        return lines.joined(separator: "\n")
    }

    /// A poster-like image: a diagonal colour ramp.
    static func poster(_ w: Int, _ h: Int) -> Image {
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let o = (y * w + x) * 4
                px[o] = UInt8((x * 200) / w + 40); px[o + 1] = UInt8((y * 160) / h + 40); px[o + 2] = 120
            }
        }
        return Image(width: w, height: h, pixels: px)
    }

    /// The card's shadow baked into an image at one pixel per point: the bounds moved by the
    /// offset and blurred (erf x erf, square corners), 3 radii of margin; and its frame in
    /// the card's bounds space.
    static func bakedShadow() -> (image: Image, frame: Rect) {
        let s = cardSize, r = shadowRadius, m = 3 * r
        let w = Int(s.width + 2 * m), h = Int(s.height + 2 * m)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        func band(_ p: Double, _ length: Double) -> Double {
            0.5 * (erf((p - m) / (r * 2.0.squareRoot())) - erf((p - m - length) / (r * 2.0.squareRoot())))
        }
        for y in 0..<h {
            for x in 0..<w {
                let a = shadowOpacity * band(Double(x) + 0.5, s.width) * band(Double(y) + 0.5, s.height)
                px[(y * w + x) * 4 + 3] = UInt8((a * 255).rounded())
            }
        }
        return (Image(width: w, height: h, pixels: px),
                Rect(x: shadowOffset.x - m, y: shadowOffset.y - m, width: Double(w), height: Double(h)))
    }
}
