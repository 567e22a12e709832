import Assets
import GLRenderer
import Input
import Scene
import SceneRuntime

/// A built-in scene advanced to one moment and drawn by the shared renderer into its own
/// framebuffer at 3/4 of the canvas size: for tests that draw the same frame two ways (a
/// renderer setting on and off) and compare the pixels.
final class BuiltInSceneFrame {
    let scene: Scene
    let images = ImageStore()
    let framebuffer: Framebuffer
    private let sceneRenderer: SceneRenderer

    /// `name` at `time` seconds; `pressRight`: a Right press at 0.10 s (a focus move under way).
    init(_ name: String, at time: Double, pressRight: Bool = false) throws {
        let h = try RenderHarness.shared()
        scene = try BuiltInScenes.load(name, images: images)
        let events = pressRight ? try Replay.parse("""
            {"t":0.10,"type":"key","key":"Right","down":true}
            {"t":0.15,"type":"key","key":"Right","down":false}
            """, file: "replay") : []
        SceneDriver(scene: scene, events: events).advance(to: time)
        sceneRenderer = SceneRenderer(renderer: h.renderer)
        framebuffer = try Framebuffer(width: Int(scene.canvas.width * 0.75), height: Int(scene.canvas.height * 0.75))
    }

    deinit { framebuffer.destroy() }

    /// Flattens and draws the scene with the renderer's current settings; its pixels.
    func draw() throws -> [UInt8] {
        let renderer = try RenderHarness.shared().renderer
        sceneRenderer.render(scene, images: images, into: .framebuffer(framebuffer))
        return renderer.readPixels(framebuffer).pixels
    }
}
