import Images
import XCTest
import _TestSupport

/// Mip chains made on the CPU: OpenGL's level sizes, 2x2 means for even sides and the
/// area filter for odd ones, values computed by hand.
final class MipChainTests: XCTestCase {
    func grey(_ width: Int, _ height: Int, _ values: [UInt8]) -> Image {
        Image(width: width, height: height, pixels: values.flatMap { [$0, $0, $0, 255] })
    }

    func testLevelSizesFollowOpenGLDownToOneByOne() {
        let sizes = MipChain(Image(width: 5, height: 12)).levels.map { [$0.width, $0.height] }
        XCTAssertEqual(sizes, [[5, 12], [2, 6], [1, 3], [1, 1]])
        XCTAssertEqual(MipChain(Image(width: 1, height: 1)).levels.count, 1)
    }

    func testEvenLevelIsTheRoundedMeanOfEach2x2Block() {
        // 4x2: blocks (10, 20, 50, 61) and (0, 255, 0, 255): (141 + 2) / 4 = 35, (510 + 2) / 4 = 128.
        let chain = MipChain(grey(4, 2, [10, 20, 0, 255, 50, 61, 0, 255]))
        XCTAssertEqual(chain.levels[1].width, 2)
        XCTAssertEqual(chain.levels[1].height, 1)
        XCTAssertEqual(chain.levels[1].pixel(0, 0).r, 35)
        XCTAssertEqual(chain.levels[1].pixel(1, 0).r, 128)
        // 2x1 -> 1x1: (35 + 128 + 1) / 2 = 82.
        XCTAssertEqual(chain.levels[2].pixel(0, 0).r, 82)
        XCTAssertEqual(chain.levels[2].pixel(0, 0).a, 255)
    }

    func testOneTexelWideColumnHalvesItsHeight() {
        // 1x4: (10 + 20 + 1) / 2 = 15, (30 + 41 + 1) / 2 = 36; then (15 + 36 + 1) / 2 = 26.
        let chain = MipChain(grey(1, 4, [10, 20, 30, 41]))
        XCTAssertEqual(chain.levels[1].pixels.count, 8)
        XCTAssertEqual(chain.levels[1].pixel(0, 0).r, 15)
        XCTAssertEqual(chain.levels[1].pixel(0, 1).r, 36)
        XCTAssertEqual(chain.levels[2].pixel(0, 0).r, 26)
    }

    func testOddSideAveragesEveryTexelItCovers() {
        // 3x1 -> 1x1 covers all three texels, a third each: (30 + 60 + 90) / 3 = 60 (a 2x2
        // mean would drop the last texel: 45).
        let chain = MipChain(grey(3, 1, [30, 60, 90]))
        XCTAssertEqual(chain.levels[1].pixel(0, 0).r, 60)
    }

    func testTransparentTexelsAddNothingToPremultipliedMeans() {
        // Premultiplied white at alpha 255 beside transparent black: (255 + 0 + 1) / 2 = 128
        // in every channel, i.e. white at half alpha.
        let chain = MipChain(Image(width: 2, height: 1, pixels: [255, 255, 255, 255, 0, 0, 0, 0]))
        XCTAssertEqual(chain.levels[1].pixels, [128, 128, 128, 128])
        XCTAssertEqual(chain.byteCount, 12)
    }

    func testPreviewDecodesAJPEGAtAnEighthAndSkipsOtherFormats() throws {
        let dir = try TemporaryDirectory()
        var photo = Image(width: 333, height: 777)
        for i in 0..<(333 * 777) { photo.pixels[i * 4 + 1] = 200; photo.pixels[i * 4 + 3] = 255 }
        let jpeg = try dir.write("p.jpg", bytes: try XCTUnwrap(photo.jpegData(quality: 90)))
        // cover(200, 100) / 8 = cover(25, 13): scaled to 25 wide (25 x 58), centre 25 x 13 kept.
        let preview = try XCTUnwrap(Image.decodePreview(path: jpeg, size: .cover(width: 200, height: 100, crop: true)))
        XCTAssertEqual(preview.width, 25)
        XCTAssertEqual(preview.height, 13)
        XCTAssertEqual(Int(preview.pixel(12, 6).g), 200, accuracy: 3)
        let png = try dir.write("p.png", bytes: photo.encodePNG())
        XCTAssertNil(try Image.decodePreview(path: png, size: .cover(width: 200, height: 100, crop: true)))
        XCTAssertNil(try Image.decodePreview(path: jpeg, size: .full))
    }
}
