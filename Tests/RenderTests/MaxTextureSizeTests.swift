@testable import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// An image larger than GL_MAX_TEXTURE_SIZE (4096 on a Raspberry Pi 4) is area-filtered to
/// fit before upload: drawn, not a GL error and not a missing texture.
final class MaxTextureSizeTests: XCTestCase {
    /// 64x64 quadrants under a 16-texel limit: a 16x16 texture of 8x8 quadrants
    /// (16 * 16 * 4 bytes, plus a third for mip levels: 1365), drawn over 80x80 points with
    /// each quadrant's colour at its centre.
    func testAnImageOverTheLimitIsDownsampledAndDrawn() throws {
        let h = try RenderHarness.shared()
        let textures = h.renderer.textures
        let limit = textures.maxTextureSize
        textures.maxTextureSize = 16
        defer { textures.maxTextureSize = limit }
        let ref = ImageRef(id: 4101, width: 64, height: 64, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 64, height: 64) { x, y in
            x < 32 ? (y < 32 ? (255, 0, 0, 255) : (0, 0, 255, 255)) : (y < 32 ? (0, 255, 0, 255) : (255, 255, 255, 255))
        }
        let before = textures.totalBytes
        let layer = Layer(name: "large", bounds: Size(80, 80), position: Point(40, 40))
        layer.contents = .image(ref)
        let image = try h.render([layer], canvas: Size(80, 80), dump: "maxTextureSize")
        XCTAssertEqual(textures.totalBytes - before, 16 * 16 * 4 * 4 / 3)
        assertPixel(image, 20, 20, (255, 0, 0, 255), tolerance: 1)
        assertPixel(image, 60, 20, (0, 255, 0, 255), tolerance: 1)
        assertPixel(image, 20, 60, (0, 0, 255, 255), tolerance: 1)
        assertPixel(image, 60, 60, (255, 255, 255, 255), tolerance: 1)
        XCTAssertEqual(h.renderer.glErrors, [])
        textures.removeAll()
    }
}
