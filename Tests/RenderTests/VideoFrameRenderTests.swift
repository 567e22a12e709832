import Assets
import Foundation
import GLRenderer
import Scene
import SceneRuntime
import XCTest
import _TestSupport
@testable import Components

/// A video layer drawn headless: a lossless 64x32 clip at 10 fps (made by the `ffmpeg`
/// command) whose left half is BT.601 red (Y 81, Cb 90, Cr 240), right-bottom quarter
/// black (Y 16) and right-top quarter grey (Y 126) for frames 0-4, white (Y 235) after.
/// Expected colours from video.frag's formula by hand:
/// red: R = 65/219 + 1.402 * 112/224 = 0.9978 (254), G = 0.2968 + 0.0584 - 0.3571 < 0 (0),
/// B = 0.2968 - 1.772 * 38/224 < 0 (0); grey: 110/219 = 0.5023 (128); white 255; black 0.
final class VideoFrameRenderTests: XCTestCase {
    func clip() throws -> String {
        let lum = "if(lt(X,32),81,if(lt(Y,16),if(lt(N,5),126,235),16))"
        let cb = "if(lt(X,16),90,128)", cr = "if(lt(X,16),240,128)"
        return try FFmpegClip.make(NSTemporaryDirectory() + "video-render-\(getpid())/quarters.mkv", [
            "-f", "lavfi", "-i", "nullsrc=s=64x32:r=10:d=1,format=yuv420p,geq=lum='\(lum)':cb='\(cb)':cr='\(cr)'", "-c:v", "ffv1"])
    }

    /// The clip filling a 64x32 canvas, drawn at `time`: RGBA pixels, rows top first.
    func draw(at time: Double) throws -> [UInt8] {
        guard let harness = try? RenderHarness.shared() else {
            XCTFail("no GL context: this test draws with OpenGL (SDL_VIDEODRIVER=offscreen)")
            return []
        }
        let path = try clip()
        let images = ImageStore()
        let text = #"{"canvas": {"width": 64, "height": 32}, "components": [{"kind": "layer", "name": "v", "bounds": [64, 32], "position": [32, 16], "contents": "\#(path)"}]}"#
        let scene = try SceneLoader.parse(text, file: "video.json", directory: "/", images: images)
        XCTAssertEqual(scene.videos.all.count, 1)
        SceneDriver(scene: scene, events: []).advance(to: time)
        let framebuffer = try Framebuffer(width: 64, height: 32)
        defer { framebuffer.destroy() }
        let compositor = Compositor(renderer: harness.renderer, scene: scene, images: images)
        compositor.beginFrame(atTime: time, target: .framebuffer(framebuffer))
        try compositor.render()
        return harness.renderer.readPixels(framebuffer).pixels
    }

    func rgb(_ pixels: [UInt8], _ x: Int, _ y: Int) -> [Int] {
        let i = (y * 64 + x) * 4
        return [Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2])]
    }

    func assertNear(_ a: [Int], _ b: [Int], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= 2 }, "\(what): \(a), expected \(b)", file: file, line: line)
    }

    func testPlanesBecomeBT601ColoursTheRightWayUp() throws {
        let p = try draw(at: 0.2)
        guard !p.isEmpty else { return }
        assertNear(rgb(p, 10, 8), [254, 0, 0], "left half, red")
        assertNear(rgb(p, 10, 24), [254, 0, 0], "left half, red")
        assertNear(rgb(p, 50, 6), [128, 128, 128], "top right, grey in frame 2")
        assertNear(rgb(p, 50, 26), [0, 0, 0], "bottom right, black")
    }

    func testTheFrameOfTheTimeAndLooping() throws {
        let later = try draw(at: 0.7)
        guard !later.isEmpty else { return }
        assertNear(rgb(later, 50, 6), [255, 255, 255], "top right, white from frame 5")
        // 1.3 s is 0.3 s into the second pass: frame 3, grey again.
        assertNear(rgb(try draw(at: 1.3), 50, 6), [128, 128, 128], "looped to frame 3")
    }
}
