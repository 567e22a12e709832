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
    private let compositor: Compositor
    private let time: Double

    /// `name` at `time` seconds; `pressRight`: a Right press at 0.10 s (a focus move under way).
    init(_ name: String, at time: Double, pressRight: Bool = false) throws {
        let h = try RenderHarness.shared()
        scene = try BuiltInScenes.load(name, images: images)
        let events = pressRight ? try Replay.parse("""
            {"t":0.10,"type":"key","key":"Right","down":true}
            {"t":0.15,"type":"key","key":"Right","down":false}
            """, file: "replay") : []
        SceneDriver(scene: scene, events: events).advance(to: time)
        compositor = Compositor(renderer: h.renderer, scene: scene, images: images)
        self.time = time
        framebuffer = try Framebuffer(width: Int(scene.canvas.width * 0.75), height: Int(scene.canvas.height * 0.75))
    }

    deinit { framebuffer.destroy() }

    /// Flattens and draws the scene with the renderer's current settings; its pixels.
    func draw() throws -> [UInt8] {
        _ = try RenderHarness.shared()
        return compositor.capture(atTime: time, target: .framebuffer(framebuffer))!.pixels
    }
}
