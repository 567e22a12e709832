import Foundation
import Images
import XCTest
import _TestSupport

/// `ImageFormat.all`, the one table of formats: detection by signature (the PNG spec's 8
/// bytes, JPEG's SOI marker FF D8 followed by a marker's FF, WebP's RIFF container with the
/// form type "WEBP" at offset 8), extensions, the message naming every format, and layered
/// stacks accepting any format in it.
final class ImageFormatTableTests: XCTestCase {
    func testEachSignatureIsDetectedAsItsFormat() {
        XCTAssertEqual(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), .png)
        XCTAssertEqual(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0]), .jpeg)
        XCTAssertEqual(ImageFormat.detect(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)), .webp)
    }

    func testNearMissesAndShortHeadsAreNoFormat() {
        XCTAssertNil(ImageFormat.detect(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVE".utf8)), "a RIFF of another form")
        XCTAssertNil(ImageFormat.detect([0xFF, 0xD8]), "JPEG's SOI without the next marker")
        XCTAssertNil(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47]), "half a PNG signature")
        XCTAssertNil(ImageFormat.detect([UInt8]()))
        XCTAssertNil(ImageFormat.detect(Array("GIF89a".utf8)))
    }

    func testExtensionsNameTheirFormatInAnyCase() {
        XCTAssertEqual(ImageFormat.forExtension("png"), .png)
        XCTAssertEqual(ImageFormat.forExtension("JPG"), .jpeg)
        XCTAssertEqual(ImageFormat.forExtension("jpeg"), .jpeg)
        XCTAssertEqual(ImageFormat.forExtension("WebP"), .webp)
        XCTAssertNil(ImageFormat.forExtension("gif"))
        XCTAssertNil(ImageFormat.forExtension(""))
    }

    func testTheUnknownFormatMessageNamesEveryFormat() {
        XCTAssertEqual(ImageError(file: "a.gif", .unknownFormat).description, "a.gif: not a PNG, JPEG or WebP file (signature mismatch)")
    }

    /// A stack layer whose image set names a WebP file loads it (any format of the table).
    func testAWebPLayerInAnImageStackLoads() throws {
        let dir = try TemporaryDirectory()
        let back = Image.asymmetric(width: 40, height: 24), front = Image.solid(width: 40, height: 24, 200, 0, 0)
        let stack = try writeImageStack(in: dir, frontFirst: [StackLayerFixture(name: "Front", image: front),
                                                              StackLayerFixture(name: "Back", image: back)], canvas: (40, 24))
        let set = "App Icon.imagestack/Front.imagestacklayer/Content.imageset"
        try dir.write("\(set)/Contents.json", text: try jsonText(["images": [["filename": "front.webp", "scale": "1x"]]]))
        _ = try dir.write("\(set)/front.webp", bytes: try XCTUnwrap(front.webpData(lossless: true)))
        let layered = try LayeredImage.load(path: stack)
        XCTAssertEqual(layered.layers.count, 2)
        XCTAssertTrue(layered.layers[0].image == back, "bottom first")
        XCTAssertTrue(layered.layers[1].image == front, "lossless WebP: the same pixels")
    }
}
