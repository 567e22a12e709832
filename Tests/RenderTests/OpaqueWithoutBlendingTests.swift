import Assets
@testable import GLRenderer
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// Opaque fully covered parts are drawn with blending off: with source alpha exactly 1,
/// blending gives src + dst (1 - 1) = src, so the pixels are the same, without reading the
/// target. Compared with everything blended, on scenes with opaque cards and rows, with and
/// without the depth pre-pass (which draws only opaque parts).
final class OpaqueWithoutBlendingTests: XCTestCase {
    func testOpaquePartsDrawnWithoutBlendingGiveTheBlendedPixels() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.opaqueWithoutBlending = true; h.renderer.reorderOpaque = false }
        for name in ["carousel", "grid", "button", "header", "home"] {
            for prePass in [false, true] {
                let images = ImageStore()
                let scene = try BuiltInScenes.load(name, images: images)
                SceneDriver(scene: scene, events: try Replay.parse("""
                    {"t":0.10,"type":"key","key":"Right","down":true}
                    {"t":0.15,"type":"key","key":"Right","down":false}
                    """, file: "replay")).advance(to: 0.3)
                let sceneRenderer = SceneRenderer(renderer: h.renderer)
                let fb = try Framebuffer(width: Int(scene.canvas.width * 0.75), height: Int(scene.canvas.height * 0.75))
                defer { fb.destroy() }
                h.renderer.reorderOpaque = prePass
                h.renderer.opaqueWithoutBlending = true
                sceneRenderer.render(scene, images: images, into: .framebuffer(fb))
                let replaced = h.renderer.readPixels(fb).pixels
                let switches = h.renderer.stats.blendChanges
                h.renderer.opaqueWithoutBlending = false
                sceneRenderer.render(scene, images: images, into: .framebuffer(fb))
                XCTAssertEqual(replaced, h.renderer.readPixels(fb).pixels, "\(name), pre-pass \(prePass)")
                XCTAssertGreaterThan(switches, 0, "\(name): some opaque part was drawn without blending")
                XCTAssertLessThanOrEqual(h.renderer.stats.blendChanges, 1, "\(name): blended throughout")
            }
        }
    }
}
