import Assets
@testable import GLRenderer
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// Before its first frame a renderer on a CPU rasteriser draws the warm-up (`ShaderWarmUp`):
/// the draws whose shader variants animations otherwise first need seconds in. It must
/// leave no trace in that frame, and it must really draw those kinds.
final class ShaderWarmUpTests: XCTestCase {
    /// The first frame of a carousel in motion, drawn by a new renderer.
    private func firstFrame(warmUp: Bool) throws -> (pixels: [UInt8], stats: FrameStats, textureBytes: Int, warmedUp: Bool) {
        _ = try RenderHarness.shared()      // the shared context, current
        let renderer = try GLRenderer()
        renderer.warmsUpShaderVariants = warmUp
        let images = ImageStore()
        let scene = try BuiltInScenes.load("carousel", images: images)
        let events = try Replay.parse("""
            {"t":0.10,"type":"key","key":"Right","down":true}
            {"t":0.15,"type":"key","key":"Right","down":false}
            """, file: "replay")
        SceneDriver(scene: scene, events: events).advance(to: 0.3)
        let framebuffer = try Framebuffer(width: 960, height: 540)
        defer { framebuffer.destroy() }
        _ = Compositor(renderer: renderer, scene: scene, images: images).capture(atTime: 0.3, target: .framebuffer(framebuffer))
        return (renderer.readPixels(framebuffer).pixels, renderer.stats, renderer.textures.totalBytes, renderer.warmedUp)
    }

    func testTheWarmUpChangesNoPixelStatisticOrTextureOfTheFirstFrame() throws {
        let warm = try firstFrame(warmUp: true), cold = try firstFrame(warmUp: false)
        XCTAssertTrue(warm.warmedUp && cold.warmedUp, "the first frame settles it either way")
        XCTAssertTrue(warm.pixels == cold.pixels)    // not XCTAssertEqual: it would print both frames
        XCTAssertEqual(warm.stats.drawCalls, cold.stats.drawCalls)
        XCTAssertEqual(warm.stats.instances, cold.stats.instances)
        XCTAssertEqual(warm.stats.textureUploads, cold.stats.textureUploads)
        XCTAssertEqual(warm.stats.uploadedBytes, cold.stats.uploadedBytes)
        XCTAssertEqual(warm.textureBytes, cold.textureBytes, "the warm-up's textures are gone")
    }

    /// What the warm-up draws, counted by the renderer: a magnified image (the first
    /// preview), opaque parts unblended, a stencil clip (an item fading in), and nothing kept.
    func testTheWarmUpDrawsAMagnifiedImageUnblendedPartsAndAStencilClip() throws {
        _ = try RenderHarness.shared()
        let renderer = try GLRenderer()
        let framebuffer = try Framebuffer(width: 640, height: 360)
        defer { framebuffer.destroy() }
        renderer.warmUpShaderVariants(into: .framebuffer(framebuffer))
        let stats = renderer.stats
        XCTAssertGreaterThanOrEqual(stats.magnifiedQuads, 2, "the opaque and translucent small images")
        XCTAssertGreaterThan(stats.blendChanges, 0, "opaque interiors drawn without blending")
        XCTAssertGreaterThan(stats.clipPasses, 0, "a clip drawn into the stencil")
        XCTAssertEqual(renderer.textures.totalBytes, 0)
    }

    /// A damaged redraw keeps the pixels outside its damage: the warm-up waits for a full frame.
    func testNoWarmUpBeforeADamagedRedraw() throws {
        _ = try RenderHarness.shared()
        let renderer = try GLRenderer()
        let framebuffer = try Framebuffer(width: 64, height: 64)
        defer { framebuffer.destroy() }
        var list = RenderList()
        list.canvas = Size(64, 64)
        renderer.render(list, into: .framebuffer(framebuffer), images: DictionaryImageSource(), background: .black,
                        damage: Rect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertFalse(renderer.warmedUp, "a damaged redraw keeps pixels the warm-up would overwrite")
        renderer.render(list, into: .framebuffer(framebuffer), images: DictionaryImageSource(), background: .black)
        XCTAssertTrue(renderer.warmedUp)
    }
}
