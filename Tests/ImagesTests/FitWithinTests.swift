import Images
import XCTest

/// Images larger than a GPU's GL_MAX_TEXTURE_SIZE, area-filtered to fit (aspect kept).
final class FitWithinTests: XCTestCase {
    private func grey(_ values: [UInt8], width: Int) -> Image {
        Image(width: width, height: values.count / width, pixels: values.flatMap { [$0, $0, $0, 255] })
    }

    func testAnImageThatFitsIsReturnedAsItIs() {
        let image = grey([1, 2, 3, 4], width: 2)
        XCTAssertEqual(image.fittingWithin(2).pixels, image.pixels)
        XCTAssertEqual(image.fittingWithin(4096).width, 2)
    }

    /// 4x2 of two 2x2 blocks (0 and 200) into 2 wide: each output pixel is its block's average.
    func testHalvingAveragesEachTwoByTwoBlock() {
        let out = grey([0, 0, 200, 200, 0, 0, 200, 200], width: 4).fittingWithin(2)
        XCTAssertEqual(out.width, 2)
        XCTAssertEqual(out.height, 1)
        XCTAssertEqual(out.pixels, [0, 0, 0, 255, 200, 200, 200, 255])
    }

    /// 3x1 (0, 150, 255) into 2: each output covers 1.5 inputs, the middle one half each:
    /// (0 + 0.5 * 150) / 1.5 = 50 and (0.5 * 150 + 255) / 1.5 = 220.
    func testAThirdOffSharesTheMiddlePixelByArea() {
        let out = grey([0, 150, 255], width: 3).fittingWithin(2)
        XCTAssertEqual(out.width, 2)
        XCTAssertEqual(out.height, 1)
        XCTAssertEqual(Int(out.pixels[0]), 50, accuracy: 1)
        XCTAssertEqual(Int(out.pixels[4]), 220, accuracy: 1)
    }

    /// A 4096-wide strip 1 high into 1024: the height stays at least 1.
    func testAThinStripKeepsOneRow() {
        let out = Image(width: 4096, height: 1).fittingWithin(1024)
        XCTAssertEqual(out.width, 1024)
        XCTAssertEqual(out.height, 1)
    }

    /// An 8x8 chain (8, 4, 2, 1) within 4 starts at its 4x4 level; within 0 it is the 1x1 level.
    func testAMipChainDropsItsLevelsAboveTheLimit() {
        let chain = MipChain(Image(width: 8, height: 8))
        XCTAssertEqual(chain.fittingWithin(4).levels.map(\.width), [4, 2, 1])
        XCTAssertEqual(chain.fittingWithin(8).levels.map(\.width), [8, 4, 2, 1])
        XCTAssertEqual(chain.fittingWithin(0).levels.map(\.width), [1])
    }
}
