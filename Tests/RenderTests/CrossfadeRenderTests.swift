@testable import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// `LayerContents.crossfade`: an image fading in over another image or a colour, drawn as
/// one quad (one draw, no clip), with pixels computed by hand from premultiplied "over":
/// result = progress * to + (1 - progress * to.alpha) * from.
final class CrossfadeRenderTests: XCTestCase {
    /// from: a 4x4 image, left half red, right half green; to: a 16x16 blue image; both
    /// opaque, shown in a 16x16 item at (4, 4) that masks to its bounds. Pixel column 6
    /// samples `from` at texel x 0.625 (both neighbours red), column 17 at 3.375 (green).
    func crossfadeScene(progress: Double) -> Layer {
        let h = try! RenderHarness.shared()
        let from = ImageRef(id: 4120, width: 4, height: 4, isOpaque: true)
        let to = ImageRef(id: 4121, width: 16, height: 16, isOpaque: true)
        h.images.images[from.id] = makeImage(width: 4, height: 4) { x, _ in x < 2 ? (255, 0, 0, 255) : (0, 255, 0, 255) }
        h.images.images[to.id] = makeImage(width: 16, height: 16) { _, _ in (0, 0, 255, 255) }
        let layer = Layer(name: "item", bounds: Size(16, 16), position: Point(12, 12))
        layer.masksToBounds = true
        layer.contents = .crossfade(from: .image(from), to: to, progress: progress)
        return layer
    }

    func testCrossfadeOfTwoImagesAtStartQuarterAndEndIsOneDrawWithoutClip() throws {
        let h = try RenderHarness.shared()
        var image = try h.render([crossfadeScene(progress: 0)], canvas: Size(24, 24), dump: "crossfade-0")
        assertPixel(image, 6, 12, (255, 0, 0, 255), tolerance: 0)
        assertPixel(image, 17, 12, (0, 255, 0, 255), tolerance: 0)

        // 0.25 blue over 0.75 of each: (0.75 * 255, 0, 0.25 * 255) = (191.25, 0, 63.75).
        image = try h.render([crossfadeScene(progress: 0.25)], canvas: Size(24, 24), dump: "crossfade-quarter")
        assertPixel(image, 6, 12, (191, 0, 64, 255), tolerance: 1)
        assertPixel(image, 17, 12, (0, 191, 64, 255), tolerance: 1)
        assertPixel(image, 2, 12, (0, 0, 0, 255), tolerance: 0)          // outside the item: background
        XCTAssertEqual(h.renderer.stats.clipPasses, 0)
        XCTAssertEqual(h.renderer.stats.quads, 1)
        XCTAssertEqual(h.renderer.stats.drawCalls, 1)

        image = try h.render([crossfadeScene(progress: 1)], canvas: Size(24, 24), dump: "crossfade-1")
        assertPixel(image, 6, 12, (0, 0, 255, 255), tolerance: 0)
        assertPixel(image, 17, 12, (0, 0, 255, 255), tolerance: 0)
    }

    /// A half-transparent red image (premultiplied 128, 0, 0, 128) half faded in over an
    /// opaque green colour: to = (64, 0, 0, 64) and green weighs 1 - 64/255, so the pixel
    /// is (64, 191, 0, 255), as the image drawn with opacity 0.5 over the colour would be.
    func testCrossfadeOverAColourWeighsItByOneMinusTheImagesAlpha() throws {
        let h = try RenderHarness.shared()
        let to = ImageRef(id: 4122, width: 4, height: 4, isOpaque: false)
        h.images.images[to.id] = makeImage(width: 4, height: 4) { _, _ in (255, 0, 0, 128) }
        let layer = Layer(name: "item", bounds: Size(16, 16), position: Point(12, 12))
        layer.masksToBounds = true
        layer.contents = .crossfade(from: .color(Color(0, 1, 0)), to: to, progress: 0.5)
        let image = try h.render([layer], canvas: Size(24, 24), dump: "crossfade-colour")
        assertPixel(image, 12, 12, (64, 191, 0, 255), tolerance: 1)
        assertPixel(image, 5, 5, (64, 191, 0, 255), tolerance: 1)
        XCTAssertEqual(h.renderer.stats.clipPasses, 0)
    }

    /// Inside a clip turned 30° (tested in the shader, `AnalyticClip`): a 40x10 crossfade
    /// centred in a 20x20 clipping parent at (32, 32). Its centre is drawn; 15 points along
    /// its long axis, at (32 + 15 cos 30°, 32 + 15 sin 30°) = (45.0, 39.5), it lies outside
    /// the parent's half width of 10 and shows the background.
    func testCrossfadeInsideATurnedClipIsCutByIt() throws {
        let h = try RenderHarness.shared()
        let to = ImageRef(id: 4124, width: 4, height: 4, isOpaque: true)
        h.images.images[to.id] = makeImage(width: 4, height: 4) { _, _ in (0, 0, 255, 255) }
        let parent = Layer(name: "clip", bounds: Size(20, 20), position: Point(32, 32))
        parent.masksToBounds = true
        parent.transform = .rotation(Double.pi / 6, 0, 0, 1)
        let item = Layer(name: "item", bounds: Size(40, 10), position: Point(10, 10))
        item.contents = .crossfade(from: .color(Color(1, 0, 0)), to: to, progress: 0.5)
        parent.addSublayer(item)
        let image = try h.render([parent], canvas: Size(64, 64), dump: "crossfade-clipped")
        assertPixel(image, 32, 32, (128, 0, 128, 255), tolerance: 2)
        assertPixel(image, 45, 39, (0, 0, 0, 255), tolerance: 0)
        // Without the clip the same pixel is the crossfade's.
        parent.masksToBounds = false
        let unclipped = try h.render([parent], canvas: Size(64, 64))
        assertPixel(unclipped, 45, 39, (128, 0, 128, 255), tolerance: 2)
    }

    /// The image not uploaded yet (no pixels in the source): what it fades in over is drawn
    /// alone, not nothing.
    func testCrossfadeBeforeTheImageHasATextureDrawsTheColourAlone() throws {
        let h = try RenderHarness.shared()
        let to = ImageRef(id: 4123, width: 4, height: 4, isOpaque: true)     // never given pixels
        let layer = Layer(name: "item", bounds: Size(16, 16), position: Point(12, 12))
        layer.masksToBounds = true
        layer.contents = .crossfade(from: .color(Color(0, 0, 1)), to: to, progress: 0.5)
        let image = try h.render([layer], canvas: Size(24, 24))
        assertPixel(image, 12, 12, (0, 0, 255, 255), tolerance: 0)
    }
}
