import Foundation
import XCTest
@testable import Images
import _TestSupport

/// The region decoder (libjpeg's `jpeg_skip_scanlines` and `jpeg_crop_scanline`) must give,
/// for any rectangle, exactly the bytes a whole decode has there: posters decode only the
/// part an aspect-fill crop shows, and must look the same as if decoded whole.
final class JPEGRegionDecodeTests: XCTestCase {
    /// A 203x157 picture (odd sides, not a whole number of 16-pixel MCUs) of gradients plus
    /// seeded noise, so every MCU differs and the fancy upsampler's neighbours matter.
    func picture(_ rng: inout SeededRandom) -> Image {
        var image = Image(width: 203, height: 157)
        for y in 0..<image.height { for x in 0..<image.width {
            let i = (y * image.width + x) * 4
            image.pixels[i] = UInt8(truncatingIfNeeded: x + Int(rng.next() % 40))
            image.pixels[i + 1] = UInt8(truncatingIfNeeded: y * 2 + Int(rng.next() % 40))
            image.pixels[i + 2] = UInt8(truncatingIfNeeded: (x ^ y) + Int(rng.next() % 40))
            image.pixels[i + 3] = 255
        } }
        return image
    }

    func crop(_ image: Image, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            out += image.pixels[start..<(start + width * 4)]
        }
        return out
    }

    func testEveryRectangleMatchesTheWholeDecodeAtEveryScaleAndChroma() throws {
        var rng = SeededRandom(seed: randomTestSeed(0x5EED_1EC7))
        let source = picture(&rng)
        let encodings: [(String, [UInt8])] = [
            ("4:2:0", source.jpegData(quality: 85)!),
            ("4:4:4", source.jpegData(quality: 85, fullChroma: true)!),
            ("grey", source.jpegData(quality: 85, greyscale: true)!),
            ("progressive 4:2:0", source.jpegData(quality: 85, progressive: true)!),
        ]
        for (label, data) in encodings {
            for denominator in [1, 2, 4, 8] {
                let w = (source.width + denominator - 1) / denominator, h = (source.height + denominator - 1) / denominator
                let whole = try JPEGDecoder.decodeRegion(data, name: "p.jpg", denominator: denominator,
                                                         x: 0, y: 0, width: w, height: h)
                // The edges and corners, one pixel, one row, one column, then random rectangles.
                var rects = [(0, 0, w, h), (0, 0, 1, 1), (w - 1, h - 1, 1, 1), (0, h / 2, w, 1), (w / 2, 0, 1, h),
                             (1, 1, w - 2, h - 2), (w / 3, h / 3, w / 3, h / 3)].filter { $0.2 > 0 && $0.3 > 0 }
                for _ in 0..<12 {
                    let x = Int(rng.next() % UInt64(w)), y = Int(rng.next() % UInt64(h))
                    rects.append((x, y, 1 + Int(rng.next() % UInt64(w - x)), 1 + Int(rng.next() % UInt64(h - y))))
                }
                for (x, y, rw, rh) in rects {
                    let part = try JPEGDecoder.decodeRegion(data, name: "p.jpg", denominator: denominator,
                                                            x: x, y: y, width: rw, height: rh)
                    XCTAssertEqual(part.pixels, crop(whole, x: x, y: y, width: rw, height: rh),
                                   "\(label) at 1/\(denominator): \(rw)x\(rh) at (\(x), \(y)) differs")
                }
            }
        }
    }

    func testARectangleOutsideTheScaledImageIsRefusedInOneLine() throws {
        var rng = SeededRandom(seed: 1)
        let data = picture(&rng).jpegData(quality: 80)!
        XCTAssertThrowsError(try JPEGDecoder.decodeRegion(data, name: "p.jpg", denominator: 2,
                                                          x: 90, y: 0, width: 20, height: 10)) { error in
            XCTAssertEqual("\(error)", "p.jpg: truncated or corrupt JPEG: region 20x10 at (90, 0) outside the 102x79 image")
        }
    }

    /// A poster cut short below the part an aspect-fill crop shows still shows that part:
    /// the rows below are never decoded. Cut inside the shown part, it is refused.
    func testTruncationBelowTheShownRowsIsNotReadButInsideThemIsRefused() throws {
        var rng = SeededRandom(seed: 2)
        var tall = Image(width: 64, height: 512)
        for i in stride(from: 0, to: tall.pixels.count, by: 4) {
            tall.pixels[i] = UInt8(truncatingIfNeeded: rng.next()); tall.pixels[i + 1] = UInt8(truncatingIfNeeded: i / 300)
            tall.pixels[i + 2] = 90; tall.pixels[i + 3] = 255
        }
        let whole = tall.jpegData(quality: 90)!
        // Shown: 64x64 out of 64x512, rows 224..<288; the data for the last 100 rows is cut.
        let size = DecodeSize.cover(width: 64, height: 64, crop: true)
        let cut = Array(whole.prefix(whole.count * 4 / 5))
        let fromCut = try Image.decode(data: cut, name: "cut.jpg", size: size)
        let fromWhole = try Image.decode(data: whole, name: "whole.jpg", size: size)
        XCTAssertEqual(fromCut.pixels, fromWhole.pixels)
        let deeper = Array(whole.prefix(whole.count / 2))
        XCTAssertThrowsError(try Image.decode(data: deeper, name: "cut.jpg", size: size)) { error in
            XCTAssertTrue("\(error)".contains("Premature end"), "\(error)")
        }
    }
    /// An aspect-fill decode equals the old way: the whole image decoded at the same scale,
    /// then the centred crop resampled from it (`AreaResampler.resampleCentre`).
    func testAspectFillDecodeEqualsResamplingTheCropOfAWholeDecode() throws {
        var rng = SeededRandom(seed: randomTestSeed(0xF111))
        let data = picture(&rng).jpegData(quality: 88)!
        for (tw, th, denominator) in [(60, 20, 2), (20, 60, 2), (150, 30, 1), (24, 24, 4), (203, 157, 1)] {
            let size = DecodeSize.cover(width: tw, height: th, crop: true)
            let got = try Image.decode(data: data, name: "p.jpg", size: size)
            let w = (203 + denominator - 1) / denominator, h = (157 + denominator - 1) / denominator
            let whole = try JPEGDecoder.decodeRegion(data, name: "p.jpg", denominator: denominator, x: 0, y: 0, width: w, height: h)
            let scaled = DecodeSize.cover(width: tw, height: th, crop: false).finalSize(width: 203, height: 157)
            let shown = size.finalSize(width: 203, height: 157)
            let expected = AreaResampler.resampleCentre(whole, scaledWidth: scaled.width, scaledHeight: scaled.height,
                                                        cropWidth: shown.width, cropHeight: shown.height)
            XCTAssertEqual([got.width, got.height], [expected.width, expected.height], "\(tw)x\(th)")
            XCTAssertEqual(got.pixels, expected.pixels, "\(tw)x\(th) at 1/\(denominator)")
        }
    }

    /// A progressive file whose last scan is repeated 600 times (a known way to burn CPU:
    /// libjpeg only warns about the bogus progression and decodes every scan) is refused at
    /// the 501st scan, in one line, whatever part of it is asked for.
    func testAProgressiveFileWithMoreThan500ScansIsRefused() throws {
        var rng = SeededRandom(seed: 3)
        let data = picture(&rng).jpegData(quality: 80, greyscale: true, progressive: true)!
        func marker(_ at: Int, _ code: UInt8) -> Bool { data[at] == 0xFF && data[at + 1] == code }
        let scans = (0..<(data.count - 1)).filter { marker($0, 0xDA) }
        let tables = (0..<(data.count - 1)).filter { marker($0, 0xC4) }
        XCTAssertGreaterThan(scans.count, 1)
        let end = data.count - 2
        XCTAssertTrue(marker(end, 0xD9))
        // The last scan with the Huffman tables written just before it.
        let chunkStart = tables.last(where: { $0 > scans[scans.count - 2] && $0 < scans.last! }) ?? scans.last!
        var bomb = Array(data[..<end])
        for _ in 0..<600 { bomb += data[chunkStart..<end] }
        bomb += [0xFF, 0xD9]
        let start = Date()
        for size in [DecodeSize.full, .cover(width: 20, height: 20, crop: true)] {
            XCTAssertThrowsError(try Image.decode(data: bomb, name: "scans.jpg", size: size)) { error in
                XCTAssertEqual("\(error)", "scans.jpg: truncated or corrupt JPEG: Progressive JPEG image has more than 500 scans")
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)
        // The file as made (a handful of scans) decodes.
        XCTAssertEqual(try Image.decode(data: data, name: "ok.jpg").width, 203)
    }

    /// The class "time budgets": the scan cap limited scans, not scans times area, so 12
    /// progressive 2048x2048 files of 499 scans took 35 s. A 2048x2048 file may have
    /// 250,000,000 / 4,194,304 = 59 scans; its bomb of 100 scans is refused at once.
    func testScansTimesAreaIsCapped() throws {
        var pixels = [UInt8](repeating: 255, count: 2048 * 2048 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = UInt8((i / 4) % 2048 / 8) }
        let data = try XCTUnwrap(Image(width: 2048, height: 2048, pixels: pixels).jpegData(quality: 80, greyscale: true, progressive: true))
        func marker(_ at: Int, _ code: UInt8) -> Bool { data[at] == 0xFF && data[at + 1] == code }
        let scans = (0..<(data.count - 1)).filter { marker($0, 0xDA) }
        let tables = (0..<(data.count - 1)).filter { marker($0, 0xC4) }
        let end = data.count - 2
        let chunkStart = tables.last(where: { $0 > scans[scans.count - 2] && $0 < scans.last! }) ?? scans.last!
        var bomb = Array(data[..<end])
        for _ in 0..<100 { bomb += data[chunkStart..<end] }
        bomb += [0xFF, 0xD9]
        let start = Date()
        XCTAssertThrowsError(try Image.decode(data: bomb, name: "wide.jpg", size: .cover(width: 64, height: 64, crop: true))) { error in
            XCTAssertEqual("\(error)", "wide.jpg: truncated or corrupt JPEG: Progressive JPEG image of 2048x2048 pixels has more than 59 scans (scans times pixels is capped)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(try Image.decode(data: data, name: "ok.jpg", size: .cover(width: 64, height: 64, crop: true)).width, 64)
    }
}

