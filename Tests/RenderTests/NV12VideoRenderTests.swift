import Assets
import Foundation
import GLRenderer
import Scene
import SceneRuntime
import Video
import XCTest
import _TestSupport

/// NV12 frames (what a hardware decoder's frames come back as) drawn headless: a 64x32
/// raw NV12 clip tagged BT.709 limited range (made by the `ffmpeg` command from planes
/// written by hand), Y 180 everywhere; left half Cb 100, Cr 160; right half Cb 150, Cr 100.
/// By hand, Y' = 164/219 = 0.7489, BT.709 (Kr 0.2126, Kb 0.0722):
/// left: Cb = -28/224, Cr = 32/224: R = Y' + 1.5748 Cr = 0.9738 (248), G = Y' - 0.187324 Cb
/// - 0.468124 Cr = 0.7054 (180), B = Y' + 1.8556 Cb = 0.5169 (132);
/// right: Cb = 22/224, Cr = -28/224: R = 0.5520 (141), G = 0.7890 (201), B = 0.9311 (237).
/// (BT.601's matrix would give left R 242 and right R 146: the test tells them apart.)
final class NV12VideoRenderTests: XCTestCase {
    func clip() throws -> String {
        try FFmpegClip.make(NSTemporaryDirectory() + "video-nv12-\(getpid())/halves.mkv", [
            "-f", "lavfi", "-i",
            "nullsrc=s=64x32:r=10:d=1,format=yuv420p,geq=lum='180':cb='if(lt(X,16),100,150)':cr='if(lt(X,16),160,100)',format=nv12",
            "-c:v", "rawvideo", "-colorspace", "bt709", "-color_range", "tv"])
    }

    func testDecodedNV12KeepsItsInterleavedChromaAndBT709() throws {
        let video = try VideoFile(path: try clip())
        video.hardware = .none
        let frame = try XCTUnwrap(try video.next())
        XCTAssertEqual(frame.layout, .nv12)
        XCTAssertEqual(frame.matrix, .bt709)
        XCTAssertEqual(frame.y.count, 64 * 32)
        XCTAssertEqual(frame.u.count, 32 * 2 * 16, "Cb, Cr pairs: 32 a row, 16 rows")
        XCTAssertEqual(Array(frame.u[0..<2]), [100, 160], "Cb first")
        XCTAssertEqual(Array(frame.u[62..<64]), [150, 100])
        XCTAssertEqual(frame.v.count, 0)
    }

    func testNV12BecomesBT709ColoursThroughTheShader() throws {
        guard let harness = try? RenderHarness.shared() else {
            return XCTFail("no GL context: this test draws with OpenGL (SDL_VIDEODRIVER=offscreen)")
        }
        let images = ImageStore()
        let text = #"{"canvas": {"width": 64, "height": 32}, "components": [{"kind": "layer", "name": "v", "bounds": [64, 32], "position": [32, 16], "contents": "\#(try clip())"}]}"#
        let scene = try SceneLoader.parse(text, file: "video.json", directory: "/", images: images)
        scene.videos.hardwareDecoding = .none
        SceneDriver(scene: scene, events: []).advance(to: 0.2)
        let framebuffer = try Framebuffer(width: 64, height: 32)
        defer { framebuffer.destroy() }
        let compositor = Compositor(renderer: harness.renderer, scene: scene, images: images)
        compositor.beginFrame(atTime: 0.2, target: .framebuffer(framebuffer))
        try compositor.render()
        let pixels = harness.renderer.readPixels(framebuffer).pixels
        func rgb(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(pixels[(y * 64 + x) * 4 + $0]) } }
        for (x, y, expected) in [(10, 8, [248, 180, 132]), (10, 24, [248, 180, 132]), (54, 8, [141, 201, 237]), (54, 24, [141, 201, 237])] {
            let got = rgb(x, y)
            XCTAssertTrue(zip(got, expected).allSatisfy { abs($0 - $1) <= 2 }, "(\(x), \(y)): \(got), expected \(expected)")
        }
    }
}
