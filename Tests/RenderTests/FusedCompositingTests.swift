import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Stacked layers composited in one fused draw equal one blended draw per layer (within
/// 1/255: the 8-bit rounding between separate passes), and what ends or prevents a run.
final class FusedCompositingTests: XCTestCase {
    /// The shared renderer's setting before each test, restored after it.
    private var wasFusing = false

    override func setUpWithError() throws {
        wasFusing = try RenderHarness.shared().renderer.fuseLayers
    }

    override func tearDown() {
        if let h = try? RenderHarness.shared() { h.renderer.fuseLayers = wasFusing }
    }

    /// The largest channel difference between two images of one size.
    func maxDifference(_ a: Image, _ b: Image) -> Int { largestChannelDifference(a.pixels, b.pixels) }

    /// Renders `layers` with and without fusion; returns both images and the fused stats.
    func renderBoth(_ layers: [Layer], canvas: Size) throws -> (fused: Image, separate: Image, stats: FrameStats) {
        let h = try RenderHarness.shared()
        h.renderer.fuseLayers = true
        let fused = try h.render(layers, canvas: canvas, dump: "fused")
        let stats = h.renderer.stats
        h.renderer.fuseLayers = false
        let separate = try h.render(layers, canvas: canvas, dump: "separate")
        XCTAssertEqual(h.renderer.stats.fusedRuns, 0)
        return (fused, separate, stats)
    }

    /// 50% red over 50% blue over black: red 0.5, blue 0.5 x 0.5 = 0.25 -> (128, 0, 64).
    func testTwoHalfTransparentLayersFuseToTheOverResult() throws {
        let blue = Layer(name: "blue", bounds: Size(60, 60), position: Point(50, 50))
        blue.contents = .color(Color(0, 0, 1, 0.5))
        let red = Layer(name: "red", bounds: Size(60, 60), position: Point(50, 50))
        red.contents = .color(Color(1, 0, 0, 0.5))
        let r = try renderBoth([blue, red], canvas: Size(100, 100))
        XCTAssertEqual(r.stats.fusedRuns, 1)
        XCTAssertEqual(r.stats.fusedLayers, 2)
        assertPixel(r.fused, 50, 50, (128, 0, 64, 255), tolerance: 1)
        assertPixel(r.fused, 10, 10, (0, 0, 0, 255), tolerance: 0, "outside both layers")
        XCTAssertLessThanOrEqual(maxDifference(r.fused, r.separate), 1)
    }

    /// Four rotated, rounded, translucent layers of a tilted card (different offsets, like
    /// parallax layers), one of them an image: their antialiased edges overlap, where one
    /// fused blend and one blend per layer round differently by up to 2/255, so they are
    /// drawn one by one (only pixel-aligned square layers fuse): the same pixels exactly.
    func testTiltedRoundedCardLayersAreNotFused() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4701, width: 16, height: 16, isOpaque: false)
        h.images.images[ref.id] = makeImage(width: 16, height: 16) { x, y in
            ((x / 4 + y / 4) % 2 == 0) ? (255, 200, 0, 200) : (0, 120, 255, 90)
        }
        let card = Layer(name: "card", bounds: Size(160, 120), position: Point(100, 80))
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        card.transform = t.rotated(0.35, 0, 1, 0).rotated(0.1, 0, 0, 1)
        let colors = [Color(0.9, 0.9, 0.9, 1), Color(0.2, 0.6, 0.3, 0.7), Color(0.8, 0.1, 0.5, 0.4)]
        for (k, c) in colors.enumerated() {
            let l = Layer(name: "layer\(k)", bounds: Size(160 - 4 * Double(k), 120 - 4 * Double(k)),
                          position: Point(80 + Double(k), 60 - Double(k)))
            l.contents = .color(c)
            l.cornerRadius = 12
            card.addSublayer(l)
        }
        let picture = Layer(name: "picture", bounds: Size(120, 80), position: Point(82, 58))
        picture.contents = .image(ref)
        picture.cornerRadius = 8
        card.addSublayer(picture)
        let r = try renderBoth([card], canvas: Size(200, 160))
        XCTAssertEqual(r.stats.fusedRuns, 0)
        XCTAssertEqual(r.fused.pixels, r.separate.pixels)
    }

    /// Four pixel-aligned translucent layers of different sizes (two colours, two images,
    /// one magnified 4x), stacked in one fused draw: every pixel within 1/255 of separate
    /// draws; a pixel inside all four, worked out by hand from "over", matches too.
    func testPixelAlignedTranslucentStackFusesWithinOneLevel() throws {
        let h = try RenderHarness.shared()
        let a = ImageRef(id: 4702, width: 30, height: 30, isOpaque: false)
        h.images.images[a.id] = makeImage(width: 30, height: 30) { x, y in (x + y) % 2 == 0 ? (255, 0, 0, 128) : (0, 0, 255, 128) }
        let b = ImageRef(id: 4703, width: 10, height: 10, isOpaque: false)
        h.images.images[b.id] = makeImage(width: 10, height: 10) { _, _ in (0, 255, 0, 64) }
        let l0 = Layer(name: "l0", bounds: Size(80, 80), position: Point(50, 50))        // 10...90
        l0.contents = .color(Color(0, 0, 1, 0.5))
        let l1 = Layer(name: "l1", bounds: Size(60, 60), position: Point(50, 50))        // 20...80
        l1.contents = .color(Color(1, 1, 1, 0.25))
        let l2 = Layer(name: "l2", bounds: Size(30, 30), position: Point(45, 45))        // 30...60, one texel per pixel
        l2.contents = .image(a)
        let l3 = Layer(name: "l3", bounds: Size(40, 40), position: Point(50, 50))        // 30...70, 4x magnified
        l3.contents = .image(b)
        let r = try renderBoth([l0, l1, l2, l3], canvas: Size(100, 100))
        XCTAssertEqual(r.stats.fusedRuns, 1)
        XCTAssertEqual(r.stats.fusedLayers, 4)
        XCTAssertLessThanOrEqual(maxDifference(r.fused, r.separate), 1)
        // At (40, 40) (texel (10, 10) of l2: red, alpha 128/255), over black:
        // blue 0.5; white 0.25 over it: r = g = 0.25, b = 0.25 + 0.5 * 0.75 = 0.625;
        // red a = 0.502: r = 0.502 + 0.25 * 0.498 = 0.6265, g = 0.25 * 0.498 = 0.1245, b = 0.625 * 0.498 = 0.3112;
        // green a = 0.251: r = 0.6265 * 0.749 = 0.4692, g = 0.251 + 0.1245 * 0.749 = 0.3443, b = 0.3112 * 0.749 = 0.2331.
        assertPixel(r.fused, 40, 40, (120, 88, 59, 255), tolerance: 1)
    }

    /// A clip push between two layers ends the run: the clipped layer tests another stencil.
    func testClipPushEndsTheRun() throws {
        let bottom = Layer(name: "bottom", bounds: Size(80, 80), position: Point(50, 50))
        bottom.contents = .color(Color(0, 0, 1, 0.5))
        let clip = Layer(name: "clip", bounds: Size(80, 80), position: Point(50, 50))
        clip.masksToBounds = true
        clip.contents = .color(Color(0, 1, 0, 0.5))
        let child = Layer(name: "child", bounds: Size(200, 200), position: Point(40, 40))
        child.contents = .color(Color(1, 0, 0, 0.5))
        clip.addSublayer(child)
        let r = try renderBoth([bottom, clip], canvas: Size(100, 100))
        // bottom + clip's own colour fuse (the clip is pushed after its own quad); the child alone.
        XCTAssertEqual(r.stats.fusedRuns, 1)
        XCTAssertEqual(r.stats.fusedLayers, 2)
        assertPixel(r.fused, 5, 5, (0, 0, 0, 255), tolerance: 0, "the child is clipped away outside the clip")
        XCTAssertLessThanOrEqual(maxDifference(r.fused, r.separate), 1)
    }

    /// Layers side by side (no overlap) are drawn one by one.
    func testSideBySideLayersDoNotFuse() throws {
        let a = Layer(name: "a", bounds: Size(40, 40), position: Point(25, 50))
        a.contents = .color(Color(1, 0, 0, 0.5))
        let b = Layer(name: "b", bounds: Size(40, 40), position: Point(75, 50))
        b.contents = .color(Color(0, 1, 0, 0.5))
        let r = try renderBoth([a, b], canvas: Size(100, 100))
        XCTAssertEqual(r.stats.fusedRuns, 0)
        XCTAssertEqual(r.fused.pixels, r.separate.pixels)
    }

    /// A multisampled target never fuses (its samples smooth the edges; the fused shader
    /// computes analytic coverage).
    func testMultisampledTargetDoesNotFuse() throws {
        let h = try RenderHarness.shared()
        let a = Layer(name: "a", bounds: Size(60, 60), position: Point(50, 50))
        a.contents = .color(Color(1, 0, 0, 0.5))
        let b = Layer(name: "b", bounds: Size(60, 60), position: Point(50, 50))
        b.contents = .color(Color(0, 1, 0, 0.5))
        h.renderer.fuseLayers = true
        _ = try h.render([a, b], canvas: Size(100, 100), samples: 4)
        XCTAssertEqual(h.renderer.stats.fusedRuns, 0)
        XCTAssertEqual(h.renderer.stats.quads, 2)
    }
}
