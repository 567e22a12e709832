import Assets
import GLRenderer
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// The front-to-back opaque pre-pass (`GLRenderer.reorderOpaque`, off by default since it
/// measured slower) still draws the painter's result: the same pixels with it and without
/// it, on scenes where it runs (stacked opaque card layers over shadows, rows over a page).
final class OpaquePrePassRenderTests: XCTestCase {
    func testPrePassDrawsThePaintersPixelsOnTheBuiltInScenes() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.reorderOpaque = false }
        for name in ["grid", "button", "header", "home"] {
            let images = ImageStore()
            let scene = try BuiltInScenes.load(name, images: images)
            let driver = SceneDriver(scene: scene, events: try Replay.parse("""
                {"t":0.10,"type":"key","key":"Right","down":true}
                {"t":0.15,"type":"key","key":"Right","down":false}
                """, file: "replay"))
            driver.advance(to: 0.35)
            let sceneRenderer = SceneRenderer(renderer: h.renderer)
            let w = Int(scene.canvas.width * 0.75), ht = Int(scene.canvas.height * 0.75)
            let fb = try Framebuffer(width: w, height: ht)
            defer { fb.destroy() }
            h.renderer.reorderOpaque = true
            sceneRenderer.render(scene, images: images, into: .framebuffer(fb))
            let withPrePass = h.renderer.readPixels(fb).pixels
            let calls = h.renderer.stats.drawCalls
            XCTAssertTrue(h.renderer.stats.depthPrePass, "\(name): opaque parts hide a fifth of the canvas")
            h.renderer.reorderOpaque = false
            sceneRenderer.render(scene, images: images, into: .framebuffer(fb))
            XCTAssertEqual(withPrePass, h.renderer.readPixels(fb).pixels, name)
            XCTAssertFalse(h.renderer.stats.depthPrePass, name)
            XCTAssertGreaterThan(calls, 0, name)
        }
    }
}
