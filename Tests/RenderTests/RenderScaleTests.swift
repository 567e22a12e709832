import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// A scene drawn below the output's size and scaled up bilinearly (`--render-size`).
final class RenderScaleTests: XCTestCase {
    func px(_ width: Int, _ height: Int) -> PixelSize { PixelSize(width: width, height: height) }

    func testA4KOutputUnderA1080pLimitDrawsAt1080p() {
        XCTAssertEqual(RenderScale.size(output: px(3840, 2160), limit: px(1920, 1080)), px(1920, 1080))
    }

    /// The output's aspect is kept: 1280x1024 (5:4) under 1920x1080 scales by 1080 / 1024.
    func testTheOutputsAspectIsKeptUnderALimitOfAnother() {
        XCTAssertEqual(RenderScale.size(output: px(2560, 2048), limit: px(1920, 1080)), px(1350, 1080))
    }

    func testALimitAboveTheOutputDrawsAtTheOutputsSize() {
        XCTAssertEqual(RenderScale.size(output: px(1280, 720), limit: px(1920, 1080)), px(1280, 720))
        XCTAssertEqual(RenderScale.size(output: px(1280, 720), limit: nil), px(1280, 720))
    }

    func testATinyLimitKeepsOnePixel() {
        XCTAssertEqual(RenderScale.size(output: px(3840, 10), limit: px(1, 1)), px(1, 1))
    }

    /// A 2x1 frame (red, blue) copied onto 4x1: output pixel centres 0.5...3.5 sample the
    /// source at 0.25, 0.75, 1.25, 1.75, i.e. red, 3/4 red + 1/4 blue, 1/4 red + 3/4 blue, blue
    /// (bilinear, edges clamped): 255 * 3/4 = 191.25, 255 / 4 = 63.75.
    func testCopyingTwoPixelsOntoFourIsBilinear() throws {
        let h = try RenderHarness.shared()
        let left = Layer(name: "left", bounds: Size(1, 1), position: Point(0.5, 0.5))
        left.contents = .color(Color(1, 0, 0))
        let right = Layer(name: "right", bounds: Size(1, 1), position: Point(1.5, 0.5))
        right.contents = .color(Color(0, 0, 1))
        h.renderer.antialias = false
        defer { h.renderer.antialias = true }
        let small = try h.render([left, right], canvas: Size(2, 1))
        XCTAssertEqual(small.pixels, [255, 0, 0, 255, 0, 0, 255, 255])
        let source = try Framebuffer(width: 2, height: 1)
        let output = try Framebuffer(width: 4, height: 1)
        defer { source.destroy(); output.destroy() }
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten([left, right], canvas: Size(2, 1), into: &list)
        h.renderer.render(list, into: .framebuffer(source), images: h.images, background: .black)
        h.renderer.copy(source, to: output.drawFramebuffer, width: 4, height: 1)
        let out = h.renderer.readPixels(output)
        let expected: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 255), (191, 0, 64, 255), (64, 0, 191, 255), (0, 0, 255, 255)]
        for (x, e) in expected.enumerated() { assertPixel(out, x, 0, e, tolerance: 1, "x \(x)") }
    }
}
