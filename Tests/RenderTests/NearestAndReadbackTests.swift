@testable import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Nearest sampling for quads at one texel per pixel, and readback orientation.
final class NearestAndReadbackTests: XCTestCase {
    /// A 1-texel checkerboard (the hardest case for filtering) drawn unrotated at one texel
    /// per pixel on whole pixels: sampled nearest, and every pixel is its texel exactly
    /// (a half-texel error would blend neighbours to grey).
    func testOneToOneImageIsSampledNearestAndExact() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4101, width: 40, height: 30, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 40, height: 30) { x, y in
            (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, UInt8(x * 6), UInt8(y * 8), 255)
        }
        let layer = Layer(name: "checker", bounds: Size(40, 30), position: Point(30, 25))  // frame (10, 10)
        layer.contents = .image(ref)
        let image = try h.render([layer], canvas: Size(64, 48), dump: "nearest-1to1")
        XCTAssertEqual(h.renderer.stats.nearestQuads, 1)
        for y in 0..<30 {
            for x in 0..<40 {
                let want = (x + y) % 2 == 0 ? (UInt8(255), UInt8(255), UInt8(255), UInt8(255)) : (0, UInt8(x * 6), UInt8(y * 8), 255)
                assertPixel(image, 10 + x, 10 + y, want, tolerance: 0)
            }
        }
        // Drawn at 2 pixels per point the same quad is magnified: bilinear, not nearest.
        _ = try h.render([layer], canvas: Size(64, 48), width: 128, height: 96)
        XCTAssertEqual(h.renderer.stats.nearestQuads, 0)
    }

    /// A black-and-white 2x2 image drawn 4 pixels wide is magnified: sampled bilinear
    /// without mip levels, each row reads 0, 64, 191, 255 (texel coordinates -0.25 clamped,
    /// 0.25, 0.75, 1.25 clamped, by hand).
    func testMagnifiedImageIsBilinearWithoutMipLevels() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4102, width: 2, height: 2, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 2, height: 2) { x, _ in x == 0 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let layer = Layer(name: "ramp", bounds: Size(4, 4), position: Point(4, 4))   // frame (2, 2)
        layer.contents = .image(ref)
        let image = try h.render([layer], canvas: Size(8, 8), background: Color(1, 0, 0))
        XCTAssertEqual(h.renderer.stats.magnifiedQuads, 1)
        for (i, v) in [UInt8(0), 64, 191, 255].enumerated() {
            assertPixel(image, 2 + i, 3, (v, v, v, 255), tolerance: 1)
        }
    }

    /// A checkerboard (level 1 of it is grey, so any minification shows) on a layer turned
    /// about y in perspective, 2.5 pixels per texel face-on: the planner finds it magnified
    /// everywhere and samples it without mip levels, and the pixels are those of the
    /// texture's own trilinear filtering, which GL runs as magnification at every pixel.
    func testATiltedMagnifiedImageInPerspectiveDrawsTheSamePixelsWithoutMipLevels() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4103, width: 64, height: 40, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 64, height: 40) { x, y in
            (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, UInt8(x * 4), UInt8(y * 6), 255)
        }
        var p = Transform3D.identity
        p.m34 = -1.0 / 400
        let layer = Layer(name: "tilted", bounds: Size(160, 100), position: Point(160, 100))
        layer.contents = .image(ref)
        layer.transform = p.rotated(0.35, 0, 1, 0)
        let fast = try h.render([layer], canvas: Size(320, 200), dump: "magnified-perspective")
        XCTAssertEqual(h.renderer.stats.magnifiedQuads, 1)
        h.renderer.samplesMagnifiedWithoutMips = false
        defer { h.renderer.samplesMagnifiedWithoutMips = true }
        let trilinear = try h.render([layer], canvas: Size(320, 200))
        XCTAssertEqual(h.renderer.stats.magnifiedQuads, 0)
        var worst = 0
        for i in fast.pixels.indices { worst = max(worst, abs(Int(fast.pixels[i]) - Int(trilinear.pixels[i]))) }
        XCTAssertLessThanOrEqual(worst, 1, "the same pixels within 1/255")
    }

    /// GL magnifies where ρ <= 1 (level of detail <= 0). A checkerboard of 499x30 texels on
    /// a flat 500x30 layer at one pixel per point (ρ = max(499/500, 30/30) = 1, as a row image
    /// painted at the screen's scale lands at 607 texels over 607.2 pixels): the planner
    /// samples it without mip levels, and the pixels equal the texture's own trilinear
    /// filtering exactly. So they do at 501 texels (ρ = 1.002: llvmpipe's 8-bit level-1 weight
    /// is 0 below 2^(1/256)).
    func testAnImageAtOneTexelPerPixelIsMagnifiedWithTheSamePixels() throws {
        let h = try RenderHarness.shared()
        for (id, texels) in [(4110, 499), (4111, 501)] {
            let (level0, trilinear, magnified) = try checkerRow(h, id: id, texels: texels)
            XCTAssertEqual(magnified, 1, "\(texels) texels over 500 pixels: level 0 alone")
            XCTAssertTrue(level0 == trilinear, "\(texels) texels over 500 pixels: the same pixels")
        }
    }

    /// Up to ρ = 2^(1/32) (1.022) a quad is sampled from level 0 alone, where GL's trilinear
    /// filter gives level 1 a weight of log2 ρ. At 505 texels over 500 pixels (ρ = 1.01,
    /// the grid's icons at 1080p) that weight is 0.0144 (llvmpipe: 3/256), and on the
    /// worst image for it, a one-texel checkerboard whose level 1 is a flat average 128/255
    /// away from its texels, level 0 alone is within 128 x 3/256 = 1.5, so 2/255. At 515
    /// texels (ρ = 1.03, over 2^(1/32)) the quad is minified: mip levels again.
    func testAnImageMinifiedUnderTwoPercentIsSampledFromLevelZeroWithinTheLevelOneWeight() throws {
        let h = try RenderHarness.shared()
        let (level0, trilinear, magnified) = try checkerRow(h, id: 4112, texels: 505)
        XCTAssertEqual(magnified, 1, "505 texels over 500 pixels: level 0 alone")
        var worst = 0
        for i in level0.pixels.indices { worst = max(worst, abs(Int(level0.pixels[i]) - Int(trilinear.pixels[i]))) }
        XCTAssertGreaterThan(worst, 0, "level 1 does weigh in under trilinear filtering")
        XCTAssertLessThanOrEqual(worst, 2, "within the level-1 weight times the levels' difference")
        let (_, _, minified) = try checkerRow(h, id: 4113, texels: 515)
        XCTAssertEqual(minified, 0, "515 texels over 500 pixels: minified")
    }

    /// A checkerboard row of `texels` x 30 on a flat 500x30 layer, drawn by the planner's
    /// choice and through the texture's own trilinear filtering, with the planner's count of
    /// quads sampled from level 0 alone.
    private func checkerRow(_ h: RenderHarness, id: Int, texels w: Int) throws -> (Image, Image, Int) {
        let ref = ImageRef(id: id, width: w, height: 30, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: w, height: 30) { x, y in
            (x + y) % 2 == 0 ? (255, 255, 255, 255) : (0, UInt8(x % 256), UInt8(y * 8), 255)
        }
        let layer = Layer(name: "row", bounds: Size(500, 30), position: Point(250.3, 20.4))
        layer.contents = .image(ref)
        let planned = try h.render([layer], canvas: Size(501, 41))
        let magnified = h.renderer.stats.magnifiedQuads
        h.renderer.samplesMagnifiedWithoutMips = false
        defer { h.renderer.samplesMagnifiedWithoutMips = true }
        let trilinear = try h.render([layer], canvas: Size(501, 41))
        XCTAssertEqual(h.renderer.stats.magnifiedQuads, 0)
        return (planned, trilinear, magnified)
    }

    /// Readback is top-down and exact: the top rows red, a half-blue corner over green.
    func testReadbackIsTopDownAndExact() throws {
        let h = try RenderHarness.shared()
        let top = Layer(name: "top", bounds: Size(70, 10), position: Point(35, 5))
        top.contents = .color(Color(1, 0, 0))
        let corner = Layer(name: "corner", bounds: Size(5, 5), position: Point(67.5, 47.5))
        corner.contents = .color(Color(0, 0, 1, 0.5))
        let image = try h.render([top, corner], canvas: Size(70, 50), background: Color(0, 1, 0))
        assertPixel(image, 3, 2, (255, 0, 0, 255), tolerance: 0)        // top rows: red
        assertPixel(image, 3, 30, (0, 255, 0, 255), tolerance: 0)       // background
        assertPixel(image, 68, 48, (0, 128, 128, 255), tolerance: 1)    // half blue over green
    }
}
