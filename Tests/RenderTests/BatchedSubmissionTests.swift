@testable import GLRenderer
import LayerMath
import Layers
@testable import RenderPlan
import XCTest

/// Batched submission in GL: how many draw calls a frame takes and that batching keeps the
/// painter's order where draws overlap. Pixels are worked out by hand ("over" with
/// premultiplied colours on an opaque black background).
final class BatchedSubmissionTests: XCTestCase {
    /// A 20x20 half-transparent colour layer at `centre`, turned `angle` radians in its
    /// plane (not pixel-aligned: an interior and an antialiased ring each).
    func tilted(_ name: String, _ centre: Point, _ color: Color, size: Double = 20, angle: Double = 0.3) -> Layer {
        let l = Layer(name: name, bounds: Size(size, size), position: centre)
        l.contents = .color(color)
        l.transform = .rotation(angle, 0, 0, 1)
        return l
    }

    /// Four tilted translucent quads 50 points apart: eight draws (four interiors, four
    /// rings) that touch no common pixel, so the interiors go in one call and the rings in
    /// another. 50% red over black is 128 (127.5) in red.
    func testTiltedQuadsSideBySideTakeTwoCalls() throws {
        let h = try RenderHarness.shared()
        let layers = (0..<4).map { k in tilted("q\(k)", Point(25 + 50 * Double(k), 25), Color(1, 0, 0, 0.5)) }
        let image = try h.render(layers, canvas: Size(200, 50))
        let s = h.renderer.stats
        XCTAssertEqual(s.quads, 4)
        XCTAssertEqual(s.instances, 8)
        XCTAssertEqual(s.drawCalls, 2)
        for k in 0..<4 { assertPixel(image, 25 + 50 * k, 25, (128, 0, 0, 255), tolerance: 1) }
    }

    /// Two overlapping translucent quads: red first, blue on top. The blue interior touches
    /// the red ring, so nothing is reordered (four calls) and the overlap is blue over red:
    /// red 0.5 * 0.5 * 255 = 63.75, blue 127.5. Drawn the other way round it would be
    /// (128, 0, 64).
    func testOverlappingTranslucentQuadsKeepTheirOrder() throws {
        let h = try RenderHarness.shared()
        let red = tilted("red", Point(40, 25), Color(1, 0, 0, 0.5), size: 40, angle: 0.2)
        let blue = tilted("blue", Point(60, 25), Color(0, 0, 1, 0.5), size: 40, angle: 0.2)
        let image = try h.render([red, blue], canvas: Size(100, 50))
        XCTAssertEqual(h.renderer.stats.instances, 4)
        XCTAssertEqual(h.renderer.stats.drawCalls, 4)
        assertPixel(image, 50, 25, (64, 0, 128, 255), tolerance: 1, "blue over red")
        assertPixel(image, 28, 25, (128, 0, 0, 255), tolerance: 1, "red alone")
        assertPixel(image, 72, 25, (0, 0, 128, 255), tolerance: 1, "blue alone")
    }

    /// Without base instances (GL 3.3 without ARB_base_instance) the attributes are pointed
    /// at each batch's first record: the four batches of the overlapping pair (records 0, 1,
    /// 2, 3) come out the same as with base instances, and so does a clipped scene.
    func testAttributePointerFallbackDrawsTheSamePixels() throws {
        let h = try RenderHarness.shared()
        let red = tilted("red", Point(40, 25), Color(1, 0, 0, 0.5), size: 40, angle: 0.2)
        let blue = tilted("blue", Point(60, 25), Color(0, 0, 1, 0.5), size: 40, angle: 0.2)
        let clip = Layer(name: "clip", bounds: Size(30, 30), position: Point(80, 25))
        clip.masksToBounds = true
        clip.cornerRadius = 8
        clip.addSublayer(tilted("inside", Point(15, 15), Color(0, 1, 0, 1), size: 40, angle: 0.1))
        let layers = [red, blue, clip]
        let withBase = try h.render(layers, canvas: Size(100, 50))
        XCTAssertGreaterThan(h.renderer.stats.drawCalls, 4)
        let supported = h.renderer.instances.hasBaseInstance
        h.renderer.instances.hasBaseInstance = false
        defer { h.renderer.instances.hasBaseInstance = supported }
        let pointed = try h.render(layers, canvas: Size(100, 50))
        XCTAssertEqual(zip(pointed.pixels, withBase.pixels).filter { $0 != $1 }.count, 0, "bytes that differ")
        assertPixel(pointed, 50, 25, (64, 0, 128, 255), tolerance: 1, "blue over red")
        assertPixel(pointed, 80, 25, (0, 255, 0, 255), tolerance: 1, "inside the clip")
        assertPixel(pointed, 66, 12, (0, 0, 128, 255), tolerance: 1, "blue outside the clip's rounded corner")
    }

    /// Two tilted rounded cards 65 points apart (their boxes do not meet), each masking a half-transparent blue layer of its own size:
    /// both clips are analytic (the layer lies in its card's plane along its axes), so their
    /// pops change no GL state and one window holds both cards: the two interiors share a
    /// call and so do the two rings (two calls for four draws; a window per card took four).
    func testAnalyticClipsDoNotSplitTheBatches() throws {
        let h = try RenderHarness.shared()
        let cards = [Point(25, 25), Point(90, 25)].enumerated().map { k, centre -> Layer in
            let card = Layer(name: "card\(k)", bounds: Size(40, 40), position: centre)
            card.masksToBounds = true
            card.cornerRadius = 6
            card.transform = .rotation(0.2, 0, 0, 1)
            let inside = Layer(name: "inside\(k)", bounds: Size(40, 40), position: Point(20, 20))
            inside.contents = .color(Color(0, 0, 1, 0.5))
            card.addSublayer(inside)
            return card
        }
        let image = try h.render(cards, canvas: Size(120, 50))
        let s = h.renderer.stats
        XCTAssertEqual(s.analyticClips, 2)
        XCTAssertEqual(s.clipPasses, 0)
        XCTAssertEqual(s.instances, 4)
        XCTAssertEqual(s.drawCalls, 2)
        assertPixel(image, 25, 25, (0, 0, 128, 255), tolerance: 1)
        assertPixel(image, 90, 25, (0, 0, 128, 255), tolerance: 1)
    }
}
