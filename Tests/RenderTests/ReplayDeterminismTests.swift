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

/// Replays are deterministic end to end: the same events through a fresh scene and a fresh
/// renderer give the same PNG bytes; a different replay gives different bytes.
final class ReplayDeterminismRenderTests: XCTestCase {
    /// Long press on the button (auto rotation toggles), pointer moves, arrow keys.
    static let replayA = """
        {"t":0.10,"type":"move","x":500,"y":300}
        {"t":0.20,"type":"key","key":"Right","down":true}
        {"t":0.25,"type":"key","key":"Right","down":false}
        {"t":0.40,"type":"pointer","x":520,"y":310,"button":"left","down":true}
        {"t":0.60,"type":"move","x":700,"y":420}
        {"t":0.80,"type":"move","x":820,"y":260}
        {"t":1.10,"type":"pointer","x":820,"y":260,"button":"left","down":false}
        {"t":1.30,"type":"key","key":"Left","down":true}
        {"t":1.35,"type":"key","key":"Left","down":false}
        """
    /// Different keys and a short drag the other way (too short to be the button's long
    /// press, so its auto rotation keeps going, while replay A's long press stops it).
    static let replayB = """
        {"t":0.10,"type":"move","x":900,"y":500}
        {"t":0.20,"type":"key","key":"Left","down":true}
        {"t":0.25,"type":"key","key":"Left","down":false}
        {"t":0.40,"type":"pointer","x":900,"y":500,"button":"left","down":true}
        {"t":0.50,"type":"move","x":400,"y":380}
        {"t":0.60,"type":"pointer","x":400,"y":380,"button":"left","down":false}
        {"t":1.20,"type":"key","key":"Left","down":true}
        {"t":1.25,"type":"key","key":"Left","down":false}
        """

    /// Plays `replay` over the built-in scene `name` frame by frame (60 Hz) up to `time`, then
    /// renders the last frame at half size with a fresh renderer and returns its PNG bytes.
    static func play(_ name: String, replay: String, time: Double = 2.0) throws -> [UInt8] {
        _ = try RenderHarness.shared()
        let images = ImageStore()
        let scene = try BuiltInScenes.load(name, images: images)
        let driver = SceneDriver(scene: scene, events: try Replay.parse(replay, file: "replay"))
        for frame in 1...Int((time * 60).rounded()) { driver.advance(to: Double(frame) / 60) }
        let renderer = try GLRenderer()
        let compositor = Compositor(renderer: renderer, scene: scene, images: images)
        let framebuffer = try Framebuffer(width: Int(scene.canvas.width) / 2, height: Int(scene.canvas.height) / 2)
        defer { framebuffer.destroy() }
        let image = try XCTUnwrap(compositor.capture(atTime: driver.time, target: .framebuffer(framebuffer)))
        XCTAssertGreaterThan(compositor.list.quads.count, 0)
        return try image.encodePNG()
    }

    func checkDeterministic(_ name: String) throws {
        let first = try Self.play(name, replay: Self.replayA)
        let second = try Self.play(name, replay: Self.replayA)
        XCTAssertEqual(first.count, second.count, "\(name): PNG sizes differ")
        XCTAssertTrue(first == second, "\(name): the same replay gave different PNG bytes")
        let other = try Self.play(name, replay: Self.replayB)
        XCTAssertFalse(first == other, "\(name): a different replay gave the same PNG bytes")
    }

    func testButtonReplayIsDeterministic() throws { try checkDeterministic("button") }
    func testCarouselReplayIsDeterministic() throws { try checkDeterministic("carousel") }
}
