import Assets
import Components
import Foundation
import GLRenderer
import Images
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest
import _GLTestSupport
import _TestSupport

/// The compositor drives every frame loop: the demo's path (a kept frame redrawn where it
/// changed, then copied out) gives the pixels `parallax-render --size` gives.
final class CompositorTests: XCTestCase {
    /// The text scene at 1.5 pixels per canvas point (1280x720 in 1920x1080): through the
    /// demo's path it agrees with `parallax-render --size 1920x1080` within 1/255; text
    /// rasterised at 1x and stretched differs by far more.
    func testTextThroughTheDemosPathAt1_5xMatchesParallaxRenderSize() throws {
        let h: RenderHarness
        do { h = try RenderHarness.shared() } catch { return XCTFail("needs a GL context: \(error)") }
        let time = 1.3
        let dir = try TemporaryDirectory()
        let png = dir.file("text.png")
        let run = try BuiltTool.run("parallax-render", ["text", "--time", "\(time)", "--size", "1920x1080", "--png", png])
        XCTAssertEqual(run.status, 0, "parallax-render failed: \(run.stderr)")
        let expected = try Image.read(path: png)

        let images = ImageStore()
        images.pixelsPerPoint = 1.5
        let scene = try BuiltInScenes.load("text", images: images)
        SceneDriver(scene: scene, events: []).advance(to: time)
        let out = try Framebuffer(width: 1920, height: 1080)
        defer { out.destroy() }
        let compositor = Compositor(renderer: h.renderer, scene: scene, images: images)
        compositor.redrawsOnlyDamage = true
        compositor.beginFrame(atTime: time, target: .framebuffer(out))
        XCTAssertTrue(compositor.needsDisplay, "the first frame is owed")
        try compositor.render()
        compositor.endFrame()
        XCTAssertEqual(compositor.redrawnPixels, 1920 * 1080, "the first frame is drawn whole")
        XCTAssertEqual(compositor.changedPixels, ViewportRect(x: 0, y: 0, width: 1920, height: 1080))
        let demo = h.renderer.readPixels(out)
        XCTAssertEqual(scene.contentsScale, 1.5)
        XCTAssertLessThanOrEqual(demo.largestChannelDifference(to: expected), 1, "the demo's path against parallax-render --size")

        // The same frame with the text rasterised at 1x and stretched must fail that comparison.
        let softImages = ImageStore()
        let soft = try BuiltInScenes.load("text", images: softImages)
        SceneDriver(scene: soft, events: []).advance(to: time)
        var flattener = Flattener(), list = RenderList()
        flattener.flatten(soft.rootLayers, canvas: soft.canvas, into: &list)
        h.renderer.render(list, into: .framebuffer(out), images: softImages, background: soft.background)
        XCTAssertGreaterThan(h.renderer.readPixels(out).largestChannelDifference(to: expected), 32, "stretched 1x text is visibly softer")
    }

    /// A frame that draws what the target holds is not needed; the next frame time is then
    /// infinite (the text scene schedules nothing), and the frame's own time while it changes.
    func testAStaticSceneAtRestIsNotNeededAndHasNoNextFrameTime() throws {
        let h: RenderHarness
        do { h = try RenderHarness.shared() } catch { return XCTFail("needs a GL context: \(error)") }
        let images = ImageStore()
        let scene = try BuiltInScenes.load("text", images: images)
        let driver = SceneDriver(scene: scene, events: [])
        let out = try Framebuffer(width: 320, height: 180)
        defer { out.destroy() }
        let compositor = Compositor(renderer: h.renderer, scene: scene, images: images)
        XCTAssertEqual(compositor.nextFrameTime, .infinity, "no frame begun: nothing scheduled")
        driver.advance(to: 10)
        compositor.beginFrame(atTime: 10, target: .framebuffer(out))
        XCTAssertTrue(compositor.needsDisplay)
        XCTAssertEqual(compositor.nextFrameTime, 10)
        try compositor.render()
        compositor.endFrame()
        compositor.beginFrame(atTime: 10, target: .framebuffer(out))
        XCTAssertFalse(compositor.needsDisplay, "the same list again")
        XCTAssertNil(compositor.updateBounds)
        XCTAssertEqual(compositor.nextFrameTime, .infinity, "nothing scheduled")
        compositor.setNeedsDisplay()
        compositor.beginFrame(atTime: 10, target: .framebuffer(out))
        XCTAssertTrue(compositor.needsDisplay, "a frame owed is drawn whatever its list")
        XCTAssertEqual(compositor.updateBounds, Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height))
    }

    /// A layer fading over 0...2 s: each frame while it runs is needed and the next frame
    /// time is the frame's own (at most 2); a frame that shows no change while the scene
    /// says it moves waits 1/60 s, doubling; after 2 the animation is gone and nothing is
    /// scheduled.
    func testAnAnimationEndingAtTwoHasNextFrameTimesUpToTwoThenNone() throws {
        let h: RenderHarness
        do { h = try RenderHarness.shared() } catch { return XCTFail("needs a GL context: \(error)") }
        let images = ImageStore()
        let scene = try SceneLoader.parse("""
        {"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a", "bounds": [40, 40],
          "position": [50, 50], "color": [1, 0, 0, 1],
          "animations": [{"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2}]}]}
        """, file: "fade.json", directory: ".", images: images)
        let driver = SceneDriver(scene: scene, events: [])
        let out = try Framebuffer(width: 100, height: 100)
        defer { out.destroy() }
        let compositor = Compositor(renderer: h.renderer, scene: scene, images: images)
        for t in [0.5, 1.0] {
            driver.advance(to: t)
            compositor.beginFrame(atTime: t, target: .framebuffer(out))
            XCTAssertTrue(compositor.needsDisplay, "the opacity changed")
            XCTAssertEqual(compositor.nextFrameTime, t)
            try compositor.render()
            compositor.endFrame()
        }
        compositor.beginFrame(atTime: 1, target: .framebuffer(out))
        XCTAssertFalse(compositor.needsDisplay)
        XCTAssertEqual(compositor.nextFrameTime, 1 + 1.0 / 60, accuracy: 1e-12, "moving unseen: looked at again soon")
        compositor.beginFrame(atTime: 1, target: .framebuffer(out))
        XCTAssertEqual(compositor.nextFrameTime, 1 + 2.0 / 60, accuracy: 1e-12, "the wait doubles")
        driver.advance(to: 2)
        compositor.beginFrame(atTime: 2, target: .framebuffer(out))
        XCTAssertTrue(compositor.needsDisplay, "removed on completion: the model opacity 1")
        try compositor.render()
        compositor.endFrame()
        compositor.beginFrame(atTime: 2, target: .framebuffer(out))
        XCTAssertFalse(compositor.needsDisplay)
        XCTAssertEqual(compositor.nextFrameTime, .infinity)
    }

    /// A lazily painted image is produced by `render` before the renderer's pass begins
    /// (the texture cache's frame count has not moved yet); later frames paint nothing again.
    func testLazyImagesArePaintedBeforeTheRenderPassNotInsideIt() throws {
        let h: RenderHarness
        do { h = try RenderHarness.shared() } catch { return XCTFail("needs a GL context: \(error)") }
        let images = ImageStore()
        var painted = 0, paintedInCacheFrame = -1
        let ref = images.addLazy(key: "red", width: 2, height: 2, isOpaque: true) {
            painted += 1
            paintedInCacheFrame = h.renderer.textures.frame
            return Image(width: 2, height: 2, pixels: (0..<4).flatMap { _ in [UInt8(255), 0, 0, 255] })
        }
        let layer = Layer(name: "red", bounds: Size(40, 40), position: Point(50, 50))
        layer.contents = .image(ref)
        let scene = Scene(canvas: Size(100, 100), components: [OneLayer(layer)])
        let out = try Framebuffer(width: 100, height: 100)
        defer { out.destroy() }
        let compositor = Compositor(renderer: h.renderer, scene: scene, images: images)
        compositor.beginFrame(atTime: 0, target: .framebuffer(out))
        XCTAssertEqual(painted, 0, "beginFrame only flattens")
        let frameBefore = h.renderer.textures.frame
        try compositor.render()
        XCTAssertEqual(painted, 1)
        XCTAssertEqual(paintedInCacheFrame, frameBefore, "painted before the renderer's pass began")
        XCTAssertEqual(h.renderer.textures.frame, frameBefore + 1)
        XCTAssertEqual(h.renderer.stats.missingImages, 0)
        let pixels = h.renderer.readPixels(out)
        XCTAssertEqual(Array(pixels.pixels[(50 * 100 + 50) * 4..<(50 * 100 + 50) * 4 + 4]), [255, 0, 0, 255], "red at the centre")
        compositor.beginFrame(atTime: 1, target: .framebuffer(out))
        try compositor.render()
        XCTAssertEqual(painted, 1, "a texture is kept: nothing painted again")
    }

    /// A component of one layer.
    private final class OneLayer: SceneComponent {
        let name = "one"
        let rootLayer: Layer
        init(_ layer: Layer) { rootLayer = layer }
        func handle(_ event: InputEvent, at time: Double) {}
        func update(to time: Double) {}
    }
}
