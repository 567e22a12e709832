import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// A blurred shadow drawn in pieces (`splitsShadows`: the erf x erf variant where the
/// rounded corners add nothing) gives the pixels of the shadow drawn whole, within 1/255,
/// for rounded, continuous, masked and square corners, shadows wider than their corners'
/// zones and narrower, under an opaque card (a hole cut out of the pieces), clipped by a
/// rounded parent, and tilted in perspective.
final class ShadowPiecesRenderTests: XCTestCase {
    private func scene() -> [Layer] {
        var layers: [Layer] = []
        let specs: [(Rect, Double, Double, CornerCurve, CornerMask, Bool)] = [
            (Rect(x: 20, y: 20, width: 130, height: 195), 12, 10, .circular, .all, true),
            (Rect(x: 190, y: 30, width: 90, height: 60), 20, 4, .continuous, .all, false),
            (Rect(x: 320, y: 30, width: 60, height: 60), 8, 14, .circular, [.minXMinY, .maxXMaxY], true),
            (Rect(x: 190, y: 140, width: 120, height: 80), 0, 6, .circular, .all, true),
            (Rect(x: 330, y: 150, width: 50, height: 90), 25, 2.5, .circular, .all, false),
        ]
        for (i, (frame, radius, sigma, curve, corners, opaque)) in specs.enumerated() {
            let card = Layer(name: "card\(i)")
            card.frame = frame
            card.backgroundColor = opaque ? Color(0.9, 0.9, 0.95, 1) : Color(0.9, 0.5, 0.2, 0.5)
            card.cornerRadius = radius
            card.cornerCurve = curve
            card.maskedCorners = corners
            card.shadow.opacity = 0.8
            card.shadow.radius = sigma
            card.shadow.offset = Point(3, 8)
            layers.append(card)
        }
        // A tilted card in a rounded clip.
        let clip = Layer(name: "clip")
        clip.frame = Rect(x: 20, y: 240, width: 360, height: 120)
        clip.cornerRadius = 30
        clip.masksToBounds = true
        clip.backgroundColor = Color(0.2, 0.3, 0.4, 1)
        let tilted = Layer(name: "tilted")
        tilted.frame = Rect(x: 100, y: 20, width: 160, height: 80)
        tilted.backgroundColor = .white
        tilted.cornerRadius = 16
        tilted.shadow.opacity = 1
        tilted.shadow.radius = 9
        tilted.shadow.offset = Point(0, 10)
        var m = Transform3D.identity
        m.m34 = -1.0 / 500
        tilted.transform = Transform3D.rotation(0.5, 0, 1, 0) * m
        clip.addSublayer(tilted)
        layers.append(clip)
        return layers
    }

    /// The frame's pixels and the draws (instances) the renderer queued for it.
    private func render(splitting: Bool) throws -> (image: Image, instances: Int) {
        var options = GLRenderer.Options()
        options.tuning.splitsShadows = splitting
        let renderer = try GLRenderer(options: options)
        let fb = try Framebuffer(width: 400, height: 380, samples: 0)
        let list = scene().flatten(canvas: Size(400, 380))
        renderer.render(list, into: .framebuffer(fb), images: DictionaryImageSource(), background: Color(0.1, 0.1, 0.1, 1))
        return (renderer.readPixels(fb), renderer.stats.instances)
    }

    func testPiecesGiveTheWholeShadowsPixels() throws {
        do { _ = try RenderHarness.shared() } catch { return XCTFail("needs a GL context: \(error)") }
        let (whole, wholeDraws) = try render(splitting: false), (pieces, pieceDraws) = try render(splitting: true)
        XCTAssertLessThanOrEqual(largestChannelDifference(whole.pixels, pieces.pixels), 1)
        XCTAssertGreaterThan(pieceDraws, wholeDraws, "the shadows were drawn in pieces")
        // The shadows are there: below card 0's bottom edge (y 215 + 8 offset) it is dark, not the background.
        let o = (219 * 400 + 85) * 4
        XCTAssertLessThan(Int(whole.pixels[o]), 20, "a shadow under card 0")
    }
}
