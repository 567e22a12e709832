import Foundation
import XCTest
@testable import Images
import _TestSupport

/// The decoder seam with JPEG (TurboJPEG) and WebP (libwebp). Expected colours are the
/// encoded values (JPEG is lossy: a tolerance of a few levels on flat areas).
final class JPEGWebPDecoderTests: XCTestCase {
    /// Opaque image made of solid blocks, `colours[row][column]`, each block `block` pixels.
    func blocks(_ colours: [[(UInt8, UInt8, UInt8)]], block: Int) -> Image {
        let rows = colours.count, cols = colours[0].count
        var image = Image(width: cols * block, height: rows * block)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = colours[y / block][x / block]
                let i = (y * image.width + x) * 4
                image.pixels[i] = c.0; image.pixels[i + 1] = c.1; image.pixels[i + 2] = c.2; image.pixels[i + 3] = 255
            }
        }
        return image
    }

    func assertColour(_ image: Image, _ x: Int, _ y: Int, _ c: (Int, Int, Int), tolerance: Int = 6,
                      file: StaticString = #filePath, line: UInt = #line) {
        let p = image.pixel(x, y)
        XCTAssert(abs(Int(p.r) - c.0) <= tolerance && abs(Int(p.g) - c.1) <= tolerance
                  && abs(Int(p.b) - c.2) <= tolerance && p.a == 255,
                  "pixel (\(x),\(y)) is \(p), expected \(c)", file: file, line: line)
    }

    /// `jpeg` with an Exif APP1 segment (big-endian TIFF, one IFD entry: orientation) after SOI.
    func withOrientation(_ jpeg: [UInt8], _ value: UInt8) -> [UInt8] {
        let app1: [UInt8] = [0xFF, 0xE1, 0x00, 34] + Array("Exif".utf8) + [0, 0]
            + [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]         // TIFF header, IFD0 at 8
            + [0x00, 0x01]                                 // one entry
            + [0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, value, 0, 0]
            + [0, 0, 0, 0]                                 // no next IFD
        return Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
    }

    func assertRefused(_ data: [UInt8], name: String = "x.jpg", file: StaticString = #filePath, line: UInt = #line,
                       _ check: (ImageError) -> Void) {
        do {
            _ = try Image.decode(data: data, name: name)
            XCTFail("decoded", file: file, line: line)
        } catch let error as ImageError {
            XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix("\(name): "), error.description, file: file, line: line)
            check(error)
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    let quadrants: [[(UInt8, UInt8, UInt8)]] = [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (255, 255, 255)]]

    func testSignatureNotExtensionChoosesTheDecoder() throws {
        let dir = try TemporaryDirectory()
        let image = blocks(quadrants, block: 16)
        let path = try dir.write("really-a-jpeg.png", bytes: image.jpegData(quality: 95, fullChroma: true)!)
        let decoded = try Image.decode(path: path)
        XCTAssertEqual(decoded.width, 32)
        XCTAssertEqual(decoded.height, 32)
        assertColour(decoded, 8, 8, (255, 0, 0))
        assertColour(decoded, 24, 8, (0, 255, 0))
        assertColour(decoded, 8, 24, (0, 0, 255))
        assertColour(decoded, 24, 24, (255, 255, 255))
        let webp = try dir.write("really-a-webp.jpg", bytes: image.webpData(lossless: true)!)
        XCTAssertEqual(try Image.decode(path: webp), image)
    }

    func testUnknownSignatureIsOneLineNamingTheFile() {
        assertRefused(Array("GIF89a....".utf8), name: "anim.gif") { error in
            XCTAssertEqual(error.description, "anim.gif: not a PNG, JPEG or WebP file (signature mismatch)")
        }
    }

    func testEXIFOrientationsTurnTheStoredPixelsUpright() throws {
        // Stored 32x16: left half red, right half blue.
        let stored = blocks([[(255, 0, 0), (0, 0, 255)]], block: 16).jpegData(quality: 95, fullChroma: true)!
        XCTAssertEqual(EXIFOrientation.read(jpeg: withOrientation(stored, 6)), 6)
        XCTAssertEqual(EXIFOrientation.read(jpeg: stored), 1)
        // 6: turned 90° clockwise, the left edge becomes the top.
        let six = try Image.decode(data: withOrientation(stored, 6), name: "six.jpg")
        XCTAssertEqual([six.width, six.height], [16, 32])
        assertColour(six, 8, 8, (255, 0, 0))
        assertColour(six, 8, 24, (0, 0, 255))
        // 8: turned 90° anticlockwise, the left edge becomes the bottom.
        let eight = try Image.decode(data: withOrientation(stored, 8), name: "eight.jpg")
        XCTAssertEqual([eight.width, eight.height], [16, 32])
        assertColour(eight, 8, 8, (0, 0, 255))
        assertColour(eight, 8, 24, (255, 0, 0))
        // 2 and 3 mirror left-right (3 also top-bottom, invisible here); 4 keeps left-right.
        for (value, left) in [(2, (0, 0, 255)), (3, (0, 0, 255)), (4, (255, 0, 0))] {
            let d = try Image.decode(data: withOrientation(stored, UInt8(value)), name: "o.jpg")
            XCTAssertEqual([d.width, d.height], [32, 16])
            assertColour(d, 8, 8, left)
        }
    }

    func testEXIFTransposeAndTransverseMapCornersByHand() {
        // 3x2 stored image with distinct corner values (one byte each in red).
        var stored = Image(width: 3, height: 2)
        for i in 0..<6 { stored.pixels[i * 4] = UInt8(i + 1); stored.pixels[i * 4 + 3] = 255 }
        // Stored rows: [1 2 3] / [4 5 6].
        let five = EXIFOrientation.apply(5, to: stored)    // transpose: out(x,y) = in(y,x)
        XCTAssertEqual((0..<6).map { five.pixels[$0 * 4] }, [1, 4, 2, 5, 3, 6])
        let seven = EXIFOrientation.apply(7, to: stored)   // transverse: out(x,y) = in(w-1-y, h-1-x)
        XCTAssertEqual((0..<6).map { seven.pixels[$0 * 4] }, [6, 3, 5, 2, 4, 1])
        let six = EXIFOrientation.apply(6, to: stored)     // clockwise: the bottom-left comes to the top-left
        XCTAssertEqual((0..<6).map { six.pixels[$0 * 4] }, [4, 1, 5, 2, 6, 3])
    }

    func testGreyscaleJPEGDecodesToOpaqueGrey() throws {
        let grey = blocks([[(128, 128, 128)]], block: 16).jpegData(quality: 95, greyscale: true)!
        let d = try Image.decode(data: grey, name: "grey.jpg")
        assertColour(d, 8, 8, (128, 128, 128), tolerance: 2)
    }

    func testCMYKJPEGUsesAdobeInvertedInk() throws {
        // Adobe's convention: 255 = no ink. (255, 0, 0, 255): full magenta and yellow ink,
        // no cyan, no black: red. (255, 255, 255, 128): half black only: grey 128.
        var cmyk = [UInt8]()
        for _ in 0..<(16 * 16) { cmyk += [255, 0, 0, 255] }
        for _ in 0..<(16 * 16) { cmyk += [255, 255, 255, 128] }
        let data = Image.cmykJPEGData(width: 16, height: 32, cmyk: cmyk)!
        let d = try Image.decode(data: data, name: "cmyk.jpg")
        XCTAssertEqual([d.width, d.height], [16, 32])
        assertColour(d, 8, 4, (255, 0, 0))
        assertColour(d, 8, 27, (128, 128, 128))
    }

    func testScaledDecodeCoversTheAskedSizeAndCropsForAspectFill() throws {
        let big = blocks([[(200, 40, 40), (40, 40, 200)]], block: 800)       // 1600x800
        let data = big.jpegData(quality: 80)!
        let covered = try Image.decode(data: data, name: "big.jpg", size: .cover(width: 300, height: 100, crop: false))
        // Covering 300x100 with a 2:1 image: width 300 gives height 150 >= 100.
        XCTAssertEqual([covered.width, covered.height], [300, 150])
        assertColour(covered, 75, 75, (200, 40, 40))
        assertColour(covered, 225, 75, (40, 40, 200))
        let filled = try Image.decode(data: data, name: "big.jpg", size: .cover(width: 100, height: 100, crop: true))
        // Covering 100x100: height 100 gives width 200; the centred 100x100 straddles both halves.
        XCTAssertEqual([filled.width, filled.height], [100, 100])
        assertColour(filled, 10, 50, (200, 40, 40))
        assertColour(filled, 90, 50, (40, 40, 200))
        // Never upscaled.
        let small = try Image.decode(data: data, name: "big.jpg", size: .cover(width: 4000, height: 4000, crop: false))
        XCTAssertEqual([small.width, small.height], [1600, 800])
    }

    func testAreaResamplerAveragesCoveredSourcePixels() {
        // 3 pixels to 2: output 0 covers source [0, 1.5): (1 * 30 + 0.5 * 90) / 1.5 = 50.
        var row = Image(width: 3, height: 1)
        for (i, v) in [30, 90, 150].enumerated() { row.pixels[i * 4] = UInt8(v); row.pixels[i * 4 + 3] = 255 }
        let half = AreaResampler.resample(row, width: 2, height: 1)
        XCTAssertEqual(half.pixels, [50, 0, 0, 255, 130, 0, 0, 255])
    }

    func testCorruptJPEGIsRefusedInOneLine() {
        let junk: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 200)
        assertRefused(junk, name: "corrupt.jpg") { error in
            guard case .corruptImage(let format, _) = error.kind else { return XCTFail("\(error)") }
            XCTAssertEqual(format, "JPEG")
        }
    }

    func testTruncatedJPEGIsRefusedNotGreyFilled() {
        // A diagonal ramp: most of the file is entropy-coded data, so two thirds in is inside the scan.
        var ramp = Image(width: 128, height: 128)
        for y in 0..<128 { for x in 0..<128 {
            let i = (y * 128 + x) * 4
            ramp.pixels[i] = UInt8(x * 2); ramp.pixels[i + 1] = UInt8(y * 2); ramp.pixels[i + 2] = UInt8((x * y) & 255)
            ramp.pixels[i + 3] = 255
        } }
        let whole = ramp.jpegData(quality: 90)!
        assertRefused(Array(whole.prefix(whole.count * 2 / 3)), name: "cut.jpg") { error in
            guard case .corruptImage("JPEG", let message) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("Premature end"), message)
        }
    }

    /// A valid 16x16 JPEG whose SOF header is patched to declare `width` x `height`.
    func bomb(width: Int, height: Int) -> [UInt8] {
        var data = blocks([[(10, 20, 30)]], block: 16).jpegData(quality: 50)!
        var p = 2
        while p + 9 < data.count {
            if data[p] == 0xFF, data[p + 1] == 0xC0 {
                data[p + 5] = UInt8(height >> 8); data[p + 6] = UInt8(height & 255)
                data[p + 7] = UInt8(width >> 8); data[p + 8] = UInt8(width & 255)
                return data
            }
            p += 2 + (Int(data[p + 2]) << 8 | Int(data[p + 3]))
        }
        XCTFail("no SOF0 marker")
        return data
    }

    func testJPEGBombIsRefusedBeforeAllocation() {
        let start = Date()
        assertRefused(bomb(width: 65000, height: 65000), name: "bomb.jpg") { error in
            XCTAssertEqual(error.kind, .exceedsDimension(width: 65000, height: 65000, limit: 16384))
        }
        // Under the side limit, over the pixel limit (16000 x 16000 = 256 Mpixel > 64 Mpixel).
        assertRefused(bomb(width: 16000, height: 16000), name: "bomb2.jpg") { error in
            XCTAssertEqual(error.kind, .exceedsPixels(width: 16000, height: 16000, limit: 64 * 1024 * 1024))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    }

    /// The preview decode (1/8 scale, on a poster shelf's worker) refuses the same files
    /// the same way, in bounded time: a bomb before any allocation, corrupt data in one line.
    func testPreviewDecodeRefusesABombAndACorruptJPEGInOneLine() throws {
        let dir = try TemporaryDirectory()
        let bombPath = try dir.write("bomb.jpg", bytes: bomb(width: 16000, height: 16000))
        let junkPath = try dir.write("junk.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 200))
        let start = Date()
        for (path, expected) in [(bombPath, "exceeds"), (junkPath, "JPEG")] {
            do {
                _ = try Image.decodePreview(path: path, size: .cover(width: 640, height: 360, crop: true))
                XCTFail("\(path) decoded")
            } catch let error as ImageError {
                XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description)
                XCTAssertFalse(error.description.contains("\n"))
                XCTAssertTrue(error.description.contains(expected) || "\(error.kind)".contains(expected), error.description)
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    }

    func testWebPLosslessKeepsPremultipliedAlpha() throws {
        var image = Image(width: 2, height: 1)
        // Straight (200, 100, 50, 128) premultiplied: (c * 128 + 127) / 255.
        image.pixels = [100, 50, 25, 128, 0, 0, 0, 0]
        let d = try Image.decode(data: image.webpData(lossless: true)!, name: "a.webp")
        XCTAssertEqual(d.width, 2)
        for (got, want) in zip(d.pixels, image.pixels) { XCTAssertLessThanOrEqual(abs(Int(got) - Int(want)), 1, "\(d.pixels)") }
    }

    func testTruncatedWebPIsRefusedInOneLine() {
        let whole = blocks(quadrants, block: 64).webpData(quality: 80)!
        for cut in [whole.count - 1, whole.count / 2, 20] {
            assertRefused(Array(whole.prefix(cut)), name: "cut.webp") { error in
                guard case .corruptImage("WebP", _) = error.kind else { return XCTFail("\(error)") }
            }
        }
    }

    func testWebPScaledDecodeCoversTheAskedSize() throws {
        let data = blocks(quadrants, block: 100).webpData(quality: 90)!               // 200x200
        let d = try Image.decode(data: data, name: "s.webp", size: .cover(width: 50, height: 20, crop: true))
        XCTAssertEqual([d.width, d.height], [50, 20])
        let e = try Image.decode(data: data, name: "s.webp", size: .cover(width: 50, height: 20, crop: false))
        XCTAssertEqual([e.width, e.height], [50, 50])
        assertColour(e, 12, 12, (255, 0, 0), tolerance: 12)
    }

    func testJPEGLayerInAnImageStackLoads() throws {
        let dir = try TemporaryDirectory()
        let png = Image(width: 40, height: 24, pixels: [UInt8](repeating: 255, count: 40 * 24 * 4))
        let layers = [StackLayerFixture(name: "Front", image: png), StackLayerFixture(name: "Back", image: png)]
        let stack = try writeImageStack(in: dir, frontFirst: layers, canvas: (40, 24))
        let set = "App Icon.imagestack/Back.imagestacklayer/Content.imageset"
        let photo = blocks([[(0, 0, 255)]], block: 8)
        _ = try dir.write("\(set)/back.jpg", bytes: photo.jpegData(quality: 95)!)
        _ = try dir.write("\(set)/Contents.json", text: "{\"images\": [{\"filename\": \"back.jpg\", \"idiom\": \"tv\", \"scale\": \"1x\"}]}")
        let layered = try LayeredImage.load(path: stack)
        assertColour(layered.layers[0].image, 4, 4, (0, 0, 255))
    }
}
