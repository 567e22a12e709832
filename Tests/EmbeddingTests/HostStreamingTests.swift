import CGL
import Foundation
import ParallaxKit
import XCTest
import _GLTestSupport

/// An embedded scene's carousel of image files decodes on worker threads, and an app that
/// reports its presents (`didPresent`) keeps those workers off the cores while its frames
/// render on a CPU rasteriser.
final class HostStreamingTests: XCTestCase {
    /// A folder of three 300x200 JPEGs of one colour each and a scene file showing them in
    /// a carousel; returns the scene file's path.
    private func posterScene() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("host-streaming-\(getpid())")
        let posters = dir.appendingPathComponent("posters")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: posters, withIntermediateDirectories: true)
        for (i, rgb) in [(200, 40, 40), (40, 200, 40), (40, 40, 200)].enumerated() {
            var image = Image(width: 300, height: 200)
            for p in 0..<(300 * 200) {
                image.pixels[p * 4] = UInt8(rgb.0); image.pixels[p * 4 + 1] = UInt8(rgb.1)
                image.pixels[p * 4 + 2] = UInt8(rgb.2); image.pixels[p * 4 + 3] = 255
            }
            try Data(image.jpegData(quality: 95)!).write(to: posters.appendingPathComponent("p\(i).jpg"))
        }
        let json = """
        {"canvas": {"width": 1280, "height": 720, "background": [0, 0, 0, 1]}, "components": [
         {"kind": "carousel", "name": "posters", "frame": [0, 180, 1280, 360], "images": "posters", "startIndex": 0,
          "background": [0.5, 0.5, 0.5, 1]}]}
        """
        let file = dir.appendingPathComponent("scene.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func testAHostLoadedFromAFileDecodesItsCarouselOnWorkersAndShowsEachImageWhenReady() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try ParallaxHost(scene: try posterScene(), window: WindowGeometry(width: 320, height: 180))
        XCTAssertTrue(host.images.decodesInBackground, "never on the app's frame loop")
        XCTAssertEqual(host.images.pixelsPerPoint, 1, "320 pixels for 1280 points: decoded at 1 pixel per point at least")
        let carousel = try XCTUnwrap(host.scene.components.compactMap { $0 as? Carousel }.first)
        let fb = AppFramebuffer(width: 320, height: 180, stencil: true)
        let target = AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 320, height: 180), loadAction: .clear(Color(0, 0, 0)))
        // The app's texture binding survives the spare textures `didPresent` makes.
        var appTexture: GLuint = 0
        glGenTextures(1, &appTexture)
        defer { glDeleteTextures(1, &appTexture) }
        let start = Date()
        var t = 0.0
        repeat {
            host.advance(to: t)
            try host.draw(into: target)
            glBindTexture(GLenum(GL_TEXTURE_2D), appTexture)
            host.didPresent()
            var bound: GLint = 0
            glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &bound)
            XCTAssertEqual(GLuint(bound), appTexture, "the app's texture binding kept")
            t += 1.0 / 30
            if (carousel.shelf?.decodedCount ?? 0) >= 2 && t > 1 { break }    // the fade-in (0.2 s) done
            Thread.sleep(forTimeInterval: 1.0 / 60)
        } while Date().timeIntervalSince(start) < 10
        XCTAssertGreaterThanOrEqual(carousel.shelf?.decodedCount ?? 0, 2, "the centred item and its neighbour decoded")
        // The centred item (the first, red) shows its image: pixel (160, 90) is the canvas centre.
        let p = fb.pixel(160, 90)
        XCTAssertGreaterThan(Int(p[0]), 150, "red: \(p)")
        XCTAssertLessThan(Int(p[1]), 90, "red: \(p)")
    }

    func testDidPresentEndsTheFrameThatTheNextDrawBeginsForTheDecoders() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square()
        let fb = AppFramebuffer(width: 100, height: 100, stencil: true)
        let target = AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 100, height: 100), loadAction: .keep)
        let gate = host.images.frameGate
        try host.draw(into: target)
        XCTAssertFalse(gate.isRendering, "an app that never reports its presents: the gate is never closed")
        guard host.compositor!.renderer.rendersOnCPU else { throw XCTSkip("the gate brackets frames only on a CPU rasteriser") }
        host.didPresent()
        try host.draw(into: target)
        XCTAssertTrue(gate.isRendering, "from the first didPresent on, draw begins a frame")
        host.didPresent()
        XCTAssertFalse(gate.isRendering, "didPresent ends it")
    }
}
