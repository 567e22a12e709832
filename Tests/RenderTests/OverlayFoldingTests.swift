@testable import GLRenderer
import LayerMath
import Layers
@testable import RenderPlan
import XCTest
import _GLTestSupport
import _TestSupport

/// A colour sublayer filling its layer exactly (a cube face's shading, a dimming layer over
/// a poster) is folded into the layer's draws (`OverlayFolding`): it is not drawn at all, the
/// layer's interior adds it ("over", premultiplied) and the layer's antialiased ring blends
/// it over the shared coverage. The pixels are those of drawing both in turn, within 1/255
/// (one 8-bit rounding instead of two); fewer fragments are shaded and fewer draws made.
final class OverlayFoldingTests: XCTestCase {
    private struct Drawn { var pixels: [UInt8]; var draws: Int; var folded: Int; var shaded: Int }

    private func draw(_ layers: [Layer], folding: Bool, canvas: Size = Size(200, 120),
                      width: Int = 274, height: Int = 164) throws -> Drawn {
        let h = try RenderHarness.shared()
        defer { h.renderer.foldsOverlays = true }
        h.renderer.foldsOverlays = folding
        let image = try h.render(layers, canvas: canvas, width: width, height: height, background: .white)
        let stats = h.renderer.stats
        let shaded = try h.shadedPixelsOfLastList(width: width, height: height, background: .white)
        return Drawn(pixels: image.pixels, draws: stats.drawCalls, folded: stats.foldedQuads, shaded: shaded)
    }

    /// A tilted card (perspective) with a black shading sublayer at 0.4: folded (two draws
    /// fewer, none of it shaded on its own), the same pixels within 1/255.
    func testAShadingSublayerOverATiltedImageFoldsAndDrawsTheSamePixels() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4501, width: 40, height: 40, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 40, height: 40) { x, y in (UInt8(x * 6), UInt8(y * 6), 180, 255) }
        func scene() -> [Layer] {
            let face = Layer(name: "face", bounds: Size(80, 80), position: Point(100, 60))
            face.contents = .image(ref)
            var t = Transform3D.rotation(0.6, 0, 1, 0)
            t.m34 = -1.0 / 300
            face.transform = t
            let shade = Layer(name: "face/shade", bounds: Size(80, 80), position: Point(40, 40))
            shade.contents = .color(Color(0, 0, 0, 1))
            shade.opacity = 0.4
            face.addSublayer(shade)
            return [face]
        }
        let apart = try draw(scene(), folding: false)
        let folded = try draw(scene(), folding: true)
        XCTAssertEqual(apart.folded, 0)
        XCTAssertEqual(folded.folded, 1)
        XCTAssertEqual(folded.draws, apart.draws - 2, "the shading's interior and ring draws are gone")
        XCTAssertLessThan(folded.shaded, apart.shaded)
        XCTAssertLessThanOrEqual(largestChannelDifference(apart.pixels, folded.pixels), 1)
    }

    /// The folded colour, worked by hand: an opaque red square at whole pixels under a blue
    /// layer at alpha 0.25 gives 0.25 * blue + 0.75 * red at its centre: (191, 0, 64).
    func testTheFoldedColourIsBlueOverRedByHand() throws {
        let red = Layer(name: "red", bounds: Size(100, 60), position: Point(100, 60))
        red.contents = .color(Color(1, 0, 0, 1))
        let blue = Layer(name: "red/blue", bounds: Size(100, 60), position: Point(50, 30))
        blue.contents = .color(Color(0, 0, 1, 0.25))
        red.addSublayer(blue)
        let r = try draw([red], folding: true, canvas: Size(200, 120), width: 200, height: 120)
        XCTAssertEqual(r.folded, 1)
        let i = (60 * 200 + 100) * 4
        XCTAssertEqual(Array(r.pixels[i..<i + 4]), [191, 0, 64, 255])
    }

    /// Two stacked colour layers over a translucent image, at fractional points: only the
    /// first folds (two folded measured 2/255 from three passes), and the pixels are those of
    /// three passes within 1/255.
    func testOfTwoStackedColourLayersOnlyTheFirstFolds() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4502, width: 30, height: 20)
        h.images.images[ref.id] = makeImage(width: 30, height: 20) { x, y in (UInt8(x * 8), 90, UInt8(y * 12), UInt8(150 + x * 3)) }
        func scene() -> [Layer] {
            let card = Layer(name: "card", bounds: Size(90.3, 60.7), position: Point(100.2, 60.35))
            card.contents = .image(ref)
            for (k, c) in [Color(1, 1, 1, 0.3), Color(0.1, 0.2, 0.6, 0.5)].enumerated() {
                let tint = Layer(name: "card/tint\(k)", bounds: Size(90.3, 60.7), position: Point(45.15, 30.35))
                tint.contents = .color(c)
                card.addSublayer(tint)
            }
            return [card]
        }
        let apart = try draw(scene(), folding: false)
        let folded = try draw(scene(), folding: true)
        XCTAssertEqual(folded.folded, 1)
        XCTAssertEqual(folded.draws, apart.draws - 2)
        XCTAssertLessThanOrEqual(largestChannelDifference(apart.pixels, folded.pixels), 1)
    }

    /// The ring's blend, worked by hand: an opaque red square whose left edge runs through
    /// the centres of a pixel column (x = 10.5 at one pixel per point) covers those pixels by
    /// c = 0.5; blue at alpha 0.25 over it, on white. In turn: 0.5 red + 0.5 white =
    /// (1, 0.5, 0.5), then 0.125 blue over that: (0.875, 0.4375, 0.5625) = (223.1, 111.6,
    /// 143.4) in 8 bits. Folded, one pass: c T + (1 - c T.a) c F = (0.4375, 0, 0.125, 0.5625)
    /// over white, the same. The square's interior: (191, 0, 64) as in the test above.
    func testTheFoldedRingBlendsTheColourOverHalfCoverageByHand() throws {
        func scene() -> [Layer] {
            let red = Layer(name: "red", bounds: Size(100, 60), position: Point(60.5, 60))
            red.contents = .color(Color(1, 0, 0, 1))
            let blue = Layer(name: "red/blue", bounds: Size(100, 60), position: Point(50, 30))
            blue.contents = .color(Color(0, 0, 1, 0.25))
            red.addSublayer(blue)
            return [red]
        }
        let apart = try draw(scene(), folding: false, canvas: Size(200, 120), width: 200, height: 120)
        let folded = try draw(scene(), folding: true, canvas: Size(200, 120), width: 200, height: 120)
        XCTAssertEqual(folded.folded, 1)
        XCTAssertEqual(folded.draws, apart.draws - 2)
        let edge = (60 * 200 + 10) * 4, inside = (60 * 200 + 60) * 4
        for (name, r) in [("apart", apart), ("folded", folded)] {
            let p = r.pixels[edge..<edge + 3].map { Double($0) }
            for (got, want) in zip(p, [223.125, 111.5625, 143.4375]) {
                XCTAssertEqual(got, want, accuracy: 1, "\(name): edge pixel \(p)")
            }
            XCTAssertEqual(Array(r.pixels[inside..<inside + 4]), [191, 0, 64, 255], name)
        }
    }

    /// A card too small for an interior (drawn whole through the coverage shader, tilted)
    /// under a same-size colour layer: the colour folds into that one draw too.
    func testASmallTiltedCardWithoutInteriorFoldsIntoItsCoverageDraw() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4504, width: 5, height: 4, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 5, height: 4) { x, y in (UInt8(200 - x * 30), UInt8(60 + y * 40), 20, 255) }
        func scene() -> [Layer] {
            let card = Layer(name: "card", bounds: Size(5, 4), position: Point(100.3, 60.2))
            card.contents = .image(ref)
            card.transform = .rotation(0.3, 0, 0, 1)
            let dim = Layer(name: "card/dim", bounds: Size(5, 4), position: Point(2.5, 2))
            dim.contents = .color(Color(0, 0, 0.2, 0.6))
            card.addSublayer(dim)
            return [card]
        }
        let apart = try draw(scene(), folding: false)
        let folded = try draw(scene(), folding: true)
        XCTAssertEqual(folded.folded, 1)
        XCTAssertEqual(apart.draws, 2, "the image and the colour, each through the coverage shader")
        XCTAssertEqual(folded.draws, 1)
        XCTAssertLessThan(folded.shaded, apart.shaded)
        XCTAssertLessThanOrEqual(largestChannelDifference(apart.pixels, folded.pixels), 1)
        XCTAssertGreaterThan(largestChannelDifference(apart.pixels, try draw([], folding: true).pixels), 100,
                             "the card is drawn")
    }

    /// What must not fold: a colour layer smaller than the layer below, one turned by its
    /// own transform, an image over an image, a colour under an opaque colour layer that
    /// hides it (that one leaves a hole instead), and a layer with rounded corners over a
    /// square one. Each draws as before, byte for byte.
    func testLayersThatDoNotCoverTheSamePixelsAreNotFolded() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4503, width: 20, height: 20, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 20, height: 20) { x, y in (UInt8(x * 12), UInt8(y * 12), 60, 255) }
        let dim = LayerContents.color(Color(0, 0, 0, 0.5))
        /// An image layer at `p` with one sublayer of `bounds` filled with `over`, set up by `adjust`.
        func card(_ name: String, at p: Point, over: LayerContents, bounds: Size = Size(40, 30),
                  _ adjust: (Layer) -> Void = { _ in }) -> Layer {
            let l = Layer(name: name, bounds: Size(40, 30), position: p)
            l.contents = .image(ref)
            let o = Layer(name: name + "/over", bounds: bounds, position: Point(20, 15))
            o.contents = over
            adjust(o)
            l.addSublayer(o)
            return l
        }
        func scene() -> [Layer] {
            [card("smaller", at: Point(30, 25), over: dim, bounds: Size(30, 30)),
             card("turned", at: Point(80, 25), over: dim) { $0.transform = .rotation(0.2, 0, 0, 1) },
             card("images", at: Point(130, 25), over: .image(ref)) { $0.opacity = 0.5 },
             card("hidden", at: Point(30, 80), over: .color(Color(0.2, 0.8, 0.2, 1))),
             card("rounded", at: Point(80, 80), over: dim) { $0.cornerRadius = 6 }]
        }
        let apart = try draw(scene(), folding: false)
        let folded = try draw(scene(), folding: true)
        XCTAssertEqual(folded.folded, 0)
        XCTAssertEqual(folded.draws, apart.draws)
        XCTAssertEqual(largestChannelDifference(apart.pixels, folded.pixels), 0, "byte for byte")
    }

    /// The matrix test ignores the third row (it multiplies z, 0 over a layer) and rounding
    /// in the last bits, but not a change a pixel could show.
    func testSameMatrixIgnoresTheZRowAndRoundingOnly() {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let a = Transform3D.rotation(0.5, 0, 1, 0) * perspective * .translation(300, 200)
        XCTAssertNotEqual(a.m14, 0)
        var b = a
        b.m31 += 0.1; b.m33 = 0; b.m34 += 0.0006
        XCTAssertTrue(OverlayFolding.sameMatrix(a, b))
        b.m41 += 1e-13 * a.m41
        XCTAssertTrue(OverlayFolding.sameMatrix(a, b))
        var c = a
        c.m41 += 1e-6
        XCTAssertFalse(OverlayFolding.sameMatrix(a, c))
        var d = a
        d.m14 *= 1.0001
        XCTAssertFalse(OverlayFolding.sameMatrix(a, d))
    }
}
