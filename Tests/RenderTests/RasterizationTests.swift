@testable import GLRenderer
import Assets
import Components
import Images
import LayerMath
import Layers
@testable import RenderPlan
import Scene
import SceneRuntime
import XCTest

/// CALayer.shouldRasterize: the layer and its sublayers are drawn into one offscreen image,
/// composited with the layer's opacity, and the image is reused while nothing in it
/// changes. Expected values over black, premultiplied, GL_ONE / GL_ONE_MINUS_SRC_ALPHA:
/// 0.5 of 255 is 127.5 (128 within 1).
final class RasterizationTests: XCTestCase {
    let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    /// A rasterized 100x100 parent at 50...150 holding red 0...60 and blue 30...90.
    func rasterizedPair() -> (parent: Layer, red: Layer, blue: Layer) {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(100, 100))
        parent.shouldRasterize = true
        let red = fill("red", Color(1, 0, 0), 0, 0, 60, 60), blue = fill("blue", Color(0, 0, 1), 30, 30, 60, 60)
        parent.addSublayer(red)
        parent.addSublayer(blue)
        return (parent, red, blue)
    }

    /// The shared harness with nothing kept from other tests (its rasterized images forgotten).
    func harness() throws -> RenderHarness {
        let h = try RenderHarness.shared()
        h.renderer.rasterized.removeAll()
        return h
    }

    /// At opacity 1 the image composites to the pixels the layers give drawn one by one:
    /// within 1/255 (one blend order instead of another), the same everywhere but the
    /// antialiased edges, which are identical here (whole-point edges at 1:1).
    func testRasterizedGroupAtOpacityOneGivesThePerLayerPixels() throws {
        let h = try harness()
        let pair = rasterizedPair()
        let rasterized = try h.render([pair.parent], canvas: Size(200, 200), dump: "rasterized")
        XCTAssertEqual(h.renderer.stats.groups, 1, "drawn offscreen")
        pair.parent.shouldRasterize = false
        let perLayer = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 0)
        var worst = 0
        for k in rasterized.pixels.indices { worst = max(worst, abs(Int(rasterized.pixels[k]) - Int(perLayer.pixels[k]))) }
        XCTAssertLessThanOrEqual(worst, 1)
        assertPixel(rasterized, 100, 100, (0, 0, 255, 255), tolerance: 0, "blue over red")
        assertPixel(rasterized, 60, 60, (255, 0, 0, 255), tolerance: 0, "red only")
        assertPixel(rasterized, 45, 45, black, tolerance: 0, "outside")
    }

    /// The second frame of an unchanged tree composites the kept image without drawing the
    /// group: no group drawn, one reused, the same pixels bit for bit.
    func testUnchangedSecondFrameReusesTheImage() throws {
        let h = try harness()
        let pair = rasterizedPair()
        let first = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 1)
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 0, "nothing kept yet")
        let second = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 0, "not drawn again")
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1)
        XCTAssertTrue(first == second)
    }

    /// A change to a sublayer (its colour, then its place) draws the image again, with
    /// the change in it: green where blue was, then blue moved right by 10.
    func testSublayerChangeRedrawsTheImage() throws {
        let h = try harness()
        let pair = rasterizedPair()
        _ = try h.render([pair.parent], canvas: Size(200, 200))
        pair.blue.contents = .color(Color(0, 1, 0))
        let recoloured = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 1, "drawn again")
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 0)
        assertPixel(recoloured, 100, 100, (0, 255, 0, 255), tolerance: 0, "green over red")
        pair.blue.position.x += 10                                     // blue now 90...150 in the canvas
        let moved = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 1, "drawn again")
        assertPixel(moved, 85, 100, (255, 0, 0, 255), tolerance: 0, "red uncovered")
        assertPixel(moved, 145, 100, (0, 255, 0, 255), tolerance: 0, "green moved in")
    }

    /// Moving the whole rasterized layer draws it again (the image is in the target's
    /// pixels): the red square's corner follows it to 70, 70.
    func testMovingTheLayerRedrawsIt() throws {
        let h = try harness()
        let pair = rasterizedPair()
        _ = try h.render([pair.parent], canvas: Size(200, 200))
        pair.parent.position = Point(120, 120)                          // red now 70...130
        let moved = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 0)
        assertPixel(moved, 65, 65, black, tolerance: 0, "where red was, outside now")
        assertPixel(moved, 75, 75, (255, 0, 0, 255), tolerance: 0, "red, moved")
    }

    /// A rasterized layer at opacity 0.5 composites as one image even with
    /// allowsGroupOpacity off (blue at 0.5 hides red; per layer it would be 64, 0, 128),
    /// and a change of that opacity alone reuses the image (0.25: 63.75).
    func testOpacityCompositesTheImageAndAChangeOfItReusesIt() throws {
        let h = try harness()
        let pair = rasterizedPair()
        pair.parent.opacity = 0.5
        pair.parent.allowsGroupOpacity = false
        let half = try h.render([pair.parent], canvas: Size(200, 200))
        assertPixel(half, 100, 100, (0, 0, 128, 255), tolerance: 1, "blue only, at 0.5")
        pair.parent.opacity = 0.25
        let quarter = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1, "the opacity only composites the image")
        assertPixel(quarter, 100, 100, (0, 0, 64, 255), tolerance: 1, "blue only, at 0.25")
        assertPixel(quarter, 60, 60, (64, 0, 0, 255), tolerance: 1, "red only, at 0.25")
    }

    /// An image drawn while one of its textures is missing is not kept: the next frame
    /// draws the group again.
    func testNotKeptWhileATextureIsMissing() throws {
        let h = try harness()
        let pair = rasterizedPair()
        pair.blue.contents = .image(ImageRef(id: 987_001, width: 4, height: 4, isOpaque: true))
        let empty = DictionaryImageSource()
        for frame in 1...2 {
            _ = try h.render([pair.parent], canvas: Size(200, 200), source: empty)
            XCTAssertEqual(h.renderer.stats.missingImages, 1, "frame \(frame)")
            XCTAssertEqual(h.renderer.stats.groups, 1, "frame \(frame): drawn")
            XCTAssertEqual(h.renderer.stats.rasterizedReused, 0, "frame \(frame)")
        }
    }

    /// An image drawn while a texture is still streaming in (an 8x8 chain at 64 bytes a
    /// frame: six frames, smallest levels first) is not kept: each of those frames draws
    /// the group again, the first one with the whole texture keeps it, and the next reuses it.
    func testNotKeptWhileATextureStreamsIn() throws {
        let h = try harness()
        let saved = h.renderer.textures.uploadBudget
        defer { h.renderer.textures.uploadBudget = saved }
        h.renderer.textures.uploadBudget = UploadBudget(bytesPerFrame: 64)
        let store = ImageStore()
        let columns = makeImage(width: 8, height: 8) { x, _ in x % 2 == 0 ? (0, 255, 0, 255) : (255, 255, 255, 255) }
        let pair = rasterizedPair()
        pair.blue.contents = .image(store.addHandOff(MipChain(columns), isOpaque: true, key: "streamed"))
        var streaming = 0
        repeat {
            _ = try h.render([pair.parent], canvas: Size(200, 200), source: store)
            XCTAssertEqual(h.renderer.stats.groups, 1, "drawn while streaming")
            XCTAssertEqual(h.renderer.stats.rasterizedReused, 0)
            streaming += 1
        } while h.renderer.stats.deferredUploads > 0 && streaming < 10
        XCTAssertEqual(streaming, 6, "five frames stream, the sixth uploads the last row")
        let whole = try h.render([pair.parent], canvas: Size(200, 200), source: store)
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1, "kept from the frame that had it all")
        XCTAssertEqual(h.renderer.stats.uploadedBytes, 0)
        // Blue's 60 points show the 8 columns 7.5 points each: 85 is in column 0 (green).
        assertPixel(whole, 82, 100, (0, 255, 0, 255), tolerance: 0, "level 0's green column")
    }

    /// A renderer switch that changes pixels (edge antialiasing) draws the image again.
    func testARendererSwitchRedrawsTheImage() throws {
        let h = try harness()
        defer { h.renderer.antialias = true }
        let pair = rasterizedPair()
        _ = try h.render([pair.parent], canvas: Size(200, 200))
        h.renderer.antialias = false
        _ = try h.render([pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 0)
        XCTAssertEqual(h.renderer.stats.groups, 1)
    }

    /// A rasterized layer without sublayers is one quad: no image (nothing to save).
    func testALayerWithoutSublayersIsNotAGroup() throws {
        let h = try RenderHarness.shared()
        let single = fill("single", Color(1, 0, 0), 50, 50, 100, 100)
        single.shouldRasterize = true
        let image = try h.render([single], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups + h.renderer.stats.rasterizedReused, 0)
        assertPixel(image, 100, 100, (255, 0, 0, 255), tolerance: 0)
    }

    /// A rasterized layer keeps its image when the drawing order changes around it (its
    /// image belongs to the layer, not to its place in the list), and gives it back the
    /// frame it is not drawn.
    func testImagesFollowTheirLayersThroughAReorderAndAreReleasedWhenTheLayerGoes() throws {
        let h = try harness()
        let left = rasterizedPair(), right = rasterizedPair()
        left.parent.position = Point(60, 100)        // 10...110
        right.parent.position = Point(140, 100)      // 90...190: over left's blue at 90...100
        let first = try h.render([left.parent, right.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 2)
        assertPixel(first, 95, 95, (255, 0, 0, 255), tolerance: 0, "right's red over left's blue")
        let swapped = try h.render([right.parent, left.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 2, "both images kept through the swap")
        XCTAssertEqual(h.renderer.stats.groups, 0)
        assertPixel(swapped, 95, 95, (0, 0, 255, 255), tolerance: 0, "left's blue over right's red now")
        XCTAssertEqual(h.renderer.rasterized.layersKept, 2)
        _ = try h.render([left.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1)
        XCTAssertEqual(h.renderer.rasterized.layersKept, 1, "right's image released")
        _ = try h.render([], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.rasterized.layersKept, 0)
    }

    /// A clip inside the rasterized layer that changes shape draws the image again: the
    /// clip's 60-point box cut to 40 uncovers the black at x 95.
    func testAClipInsideThatChangesDrawsTheImageAgain() throws {
        let h = try harness()
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(100, 100))   // 50...150
        parent.shouldRasterize = true
        let clip = Layer(name: "clip", bounds: Size(60, 60), position: Point(30, 30))
        clip.anchorPoint = Point(0, 0)
        clip.masksToBounds = true                                                              // 80...140
        clip.addSublayer(fill("red", Color(1, 0, 0), 0, 0, 100, 100))
        clip.addSublayer(fill("green", Color(0, 1, 0), 0, 0, 10, 10))
        parent.addSublayer(clip)
        parent.addSublayer(fill("blue", Color(0, 0, 1), 0, 0, 20, 20))
        let first = try h.render([parent], canvas: Size(200, 200))
        assertPixel(first, 130, 130, (255, 0, 0, 255), tolerance: 0, "red inside the clip")
        _ = try h.render([parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1)
        clip.bounds = Size(40, 40)                                                             // 80...120
        let cut = try h.render([parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 0, "the clip changed")
        assertPixel(cut, 130, 130, black, tolerance: 0, "outside the smaller clip")
        assertPixel(cut, 110, 110, (255, 0, 0, 255), tolerance: 0, "still inside it")
    }

    /// Cards whose bottom edge runs through pixel centres (canvas 327 at 1.5 pixels per
    /// point: 490.5), in a rounded clip: the edge row is clipped the same way in the card's
    /// image as in the window (it once came out included in one and not the other: a light
    /// line under every card), so rasterized and not, the pixels agree within 1/255, with
    /// the analytic clip and with the stencil shape.
    func testCardEdgesThroughPixelCentresAreClippedAlikeInTheImageAndTheWindow() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.analyticClips = true }
        let images = ImageStore()
        let json = """
            {"canvas": {"width": 1280, "height": 720, "background": [0.05, 0.05, 0.08, 1]},
             "components": [{"kind": "focusGrid", "name": "picks", "frame": [40, 150, 1200, 200],
                             "columns": 4, "count": 4, "buttonSize": [256, 154], "spacing": 48}]}
            """
        let scene = try SceneLoader.parse(json, file: "picks.json", directory: "/tmp", images: images)
        SceneDriver(scene: scene, events: []).advance(to: 1.5)
        let grid = try XCTUnwrap(scene.components.compactMap { $0 as? FocusGrid }.first)
        let compositor = Compositor(renderer: h.renderer, scene: scene, images: images)
        let target = try Framebuffer(width: 1920, height: 1080)
        defer { target.destroy() }
        func draw(rasterized: Bool) -> [UInt8] {
            for card in grid.cards { card.root.shouldRasterize = rasterized }
            return compositor.capture(atTime: 1.5, target: .framebuffer(target))!.pixels
        }
        for analytic in [true, false] {
            h.renderer.analyticClips = analytic
            let inPlace = draw(rasterized: false), fromImages = draw(rasterized: true)
            XCTAssertEqual(h.renderer.stats.groups, 4)
            var worst = 0, row490 = 0
            for k in inPlace.indices where inPlace[k] != fromImages[k] {
                let d = abs(Int(inPlace[k]) - Int(fromImages[k]))
                worst = max(worst, d)
                if k / 4 / 1920 == 490, d > 1 { row490 += 1 }
            }
            XCTAssertLessThanOrEqual(worst, 1, "analytic clips \(analytic)")
            XCTAssertEqual(row490, 0, "analytic clips \(analytic): the edge row")
        }
    }

    /// A rasterized layer inside a rasterized layer: a change inside the inner one draws
    /// both again (the outer image holds the inner's), an unchanged frame reuses both, and
    /// a change to the outer's own sublayer draws the outer again around the inner's kept
    /// image.
    func testNestedRasterizedLayers() throws {
        let h = try harness()
        let outer = Layer(name: "outer", bounds: Size(160, 160), position: Point(100, 100))   // 20...180
        outer.shouldRasterize = true
        let inner = rasterizedPair()                                                          // 50...150
        inner.parent.position = Point(80, 80)
        let corner = fill("corner", Color(1, 1, 1), 0, 0, 20, 20)                              // 20...40
        outer.addSublayer(corner)
        outer.addSublayer(inner.parent)
        _ = try h.render([outer], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 2)
        _ = try h.render([outer], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 2, "both images reused")
        inner.red.contents = .color(Color(0, 1, 0))
        let recoloured = try h.render([outer], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 2, "the inner and the outer drawn again")
        assertPixel(recoloured, 60, 60, (0, 255, 0, 255), tolerance: 0, "green, through both images")
        corner.contents = .color(Color(1, 0, 0))
        let cornered = try h.render([outer], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 1, "only the outer drawn again")
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1, "the inner image reused inside it")
        assertPixel(cornered, 30, 30, (255, 0, 0, 255), tolerance: 0, "the corner, red now")
        assertPixel(cornered, 60, 60, (0, 255, 0, 255), tolerance: 0, "the inner image, kept")
    }

    /// Hostile placements: a rasterized layer at 1e300, one scaled by 1e6 (its box clamped
    /// to the target) and one whose sublayers are all hidden draw what they should
    /// (nothing, the scaled fill, nothing) and keep nothing once gone.
    func testHostilePlacementsAreSafe() throws {
        let h = try harness()
        let far = rasterizedPair()
        far.parent.position = Point(1e300, 1e300)
        let huge = rasterizedPair()
        huge.parent.transform = Transform3D.scale(1e6, 1e6, 1)
        let empty = rasterizedPair()
        empty.red.isHidden = true
        empty.blue.isHidden = true
        for _ in 0..<2 {
            let image = try h.render([far.parent, empty.parent, huge.parent], canvas: Size(200, 200))
            // Scaled about its centre (100, 100), where local (50, 50) lies in blue
            // (30...90): blue covers the canvas, the far and the empty layers nothing.
            assertPixel(image, 10, 10, (0, 0, 255, 255), tolerance: 0, "blue, scaled over everything")
            assertPixel(image, 190, 190, (0, 0, 255, 255), tolerance: 0, "blue, scaled over everything")
        }
        XCTAssertLessThanOrEqual(h.renderer.rasterized.layersKept, 2)
        // At 1e12 only the part of each quad on the target is drawn, in coordinates of the
        // target's size (QuadPlanner.coveredPartOnTarget): blue everywhere, rasterized or not.
        huge.parent.transform = Transform3D.scale(1e12, 1e12, 1)
        let rasterized = try h.render([huge.parent], canvas: Size(200, 200))
        assertPixel(rasterized, 10, 10, (0, 0, 255, 255), tolerance: 0, "blue at 1e12")
        assertPixel(rasterized, 190, 190, (0, 0, 255, 255), tolerance: 0, "blue at 1e12")
        huge.parent.shouldRasterize = false
        XCTAssertTrue(rasterized == (try h.render([huge.parent], canvas: Size(200, 200))))
        _ = try h.render([], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.rasterized.layersKept, 0)
    }

    /// Group framebuffers carry a depth-stencil attachment only when asked: a slot made
    /// without one gets a new framebuffer (a new generation, holding nothing) the first
    /// time it needs one, and keeps it after.
    func testGroupFramebuffersGetADepthStencilAttachmentOnlyWhenNeeded() throws {
        _ = try harness()
        let pool = GroupFramebufferPool()
        defer { pool.removeAll() }
        let plain = try pool.framebuffer(slot: 0, width: 10, height: 10, depthStencil: false)
        XCTAssertFalse(plain.hasDepthStencil)
        let first = pool.generation(slot: 0)
        let deep = try pool.framebuffer(slot: 0, width: 10, height: 10, depthStencil: true)
        XCTAssertTrue(deep.hasDepthStencil)
        XCTAssertEqual(pool.generation(slot: 0), first + 1, "a new framebuffer")
        XCTAssertTrue(try pool.framebuffer(slot: 0, width: 10, height: 10, depthStencil: false) === deep, "kept")
        XCTAssertEqual(pool.generation(slot: 0), first + 1)
        pool.release(slot: 0)
        XCTAssertEqual(pool.generation(slot: 0), first + 2, "released: the slot holds nothing")
    }

    /// A released framebuffer is kept as a spare and given to the next slot that needs one
    /// of its size (a carousel that stops, moves and stops again creates one framebuffer,
    /// not one per stop), under a new generation (it holds another slot's image); at most
    /// two spares are kept, the oldest deleted first; a spare too small is not taken.
    func testAReleasedFramebufferIsReusedAsASpare() throws {
        _ = try harness()
        let pool = GroupFramebufferPool()
        defer { pool.removeAll() }
        let first = try pool.framebuffer(slot: 0, width: 300, height: 200, depthStencil: false)
        pool.release(slot: 0)
        let before = pool.generation(slot: 0)
        XCTAssertTrue(try pool.framebuffer(slot: 0, width: 300, height: 200, depthStencil: false) === first, "the spare")
        XCTAssertEqual(pool.generation(slot: 0), before + 1, "a new generation: its image is drawn again")
        XCTAssertEqual(pool.created, 1)
        // Another slot takes it as well, once released.
        pool.release(slot: 0)
        XCTAssertTrue(try pool.framebuffer(slot: 3, width: 100, height: 100, depthStencil: false) === first)
        XCTAssertEqual(pool.created, 1)
        // Too small, or without the depth-stencil asked for: a new one.
        pool.release(slot: 3)
        XCTAssertFalse(try pool.framebuffer(slot: 1, width: 400, height: 200, depthStencil: false) === first)
        XCTAssertFalse(try pool.framebuffer(slot: 2, width: 100, height: 100, depthStencil: true) === first)
        XCTAssertEqual(pool.created, 3)
        // Three released: the oldest goes, two stay.
        pool.release(slot: 1)
        pool.release(slot: 2)
        XCTAssertEqual(pool.count, 2)
        XCTAssertFalse(try pool.framebuffer(slot: 4, width: 300, height: 200, depthStencil: false) === first,
                       "the oldest spare (the first framebuffer) was deleted")
    }

    /// The depth pre-pass switching on for the frame (a large opaque layer appears below
    /// the rasterized one, with the renderer's pre-pass allowed) gives the rasterized
    /// layer's slot a framebuffer with depth: its image is drawn again, not taken from the
    /// new, empty framebuffer.
    func testANewFramebufferForAKeptImageIsDrawnAgain() throws {
        let h = try harness()
        defer { h.renderer.reorderOpaque = false }
        h.renderer.reorderOpaque = true
        // No spare from an earlier test (one with a depth-stencil attachment would serve).
        h.renderer.rasterPool.removeAll()
        let pair = rasterizedPair()
        // Over a backdrop the pair's opaque squares may hide 2 x 3600 of the 8000 square
        // points (a fifth of the canvas) the pre-pass needs; a floor of 200 x 50 adds 10000.
        let backdrop = fill("backdrop", Color(0, 0, 0), 0, 0, 200, 200)
        _ = try h.render([backdrop, pair.parent], canvas: Size(200, 200))
        _ = try h.render([backdrop, pair.parent], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 1)
        XCTAssertFalse(h.renderer.stats.depthPrePass, "nothing opaque enough to hide a fifth of the canvas")
        let floor = fill("floor", Color(1, 1, 1), 0, 150, 200, 50)
        let image = try h.render([backdrop, pair.parent, floor], canvas: Size(200, 200))
        XCTAssertTrue(h.renderer.stats.depthPrePass)
        XCTAssertEqual(h.renderer.stats.rasterizedReused, 0, "a new framebuffer: drawn again")
        assertPixel(image, 100, 100, (0, 0, 255, 255), tolerance: 0, "blue over red, drawn")
        assertPixel(image, 60, 60, (255, 0, 0, 255), tolerance: 0, "red, drawn")
        assertPixel(image, 100, 180, (255, 255, 255, 255), tolerance: 0, "the floor")
    }
}
