import Foundation
import XCTest
import Images
import _TestSupport

/// The PNG test suite (`Tests/Fixtures/pngsuite`): every valid file loads with the
/// values libpng's simplified API gives, every `x*.png` is refused with one clear line.
final class PNGSuiteTests: XCTestCase {
    private func suite() throws -> URL { try fixture("pngsuite") }

    private func files(valid: Bool) throws -> [URL] {
        let all = try FileManager.default.contentsOfDirectory(at: try suite(), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return all.filter { $0.lastPathComponent.hasPrefix("x") != valid }
    }

    private func load(_ name: String) throws -> Image {
        try Image.read(path: try suite().appendingPathComponent(name).path)
    }

    func testEveryValidFileLoadsPremultiplied() throws {
        let valid = try files(valid: true)
        XCTAssertGreaterThan(valid.count, 150, "the suite looks incomplete")
        for url in valid {
            let image: Image
            do { image = try Image.read(path: url.path) } catch {
                XCTFail("\(url.lastPathComponent) did not load: \(error)"); continue
            }
            XCTAssertGreaterThan(image.width, 0, url.lastPathComponent)
            XCTAssertEqual(image.pixels.count, image.width * image.height * 4, url.lastPathComponent)
            let header = try Image.readHeader(path: url.path)
            XCTAssertEqual(header.width, image.width, url.lastPathComponent)
            XCTAssertEqual(header.height, image.height, url.lastPathComponent)
            // Premultiplied: no colour channel above alpha.
            var i = 0, bad = 0
            while i < image.pixels.count {
                let a = image.pixels[i + 3]
                if image.pixels[i] > a || image.pixels[i + 1] > a || image.pixels[i + 2] > a { bad += 1 }
                i += 4
            }
            XCTAssertEqual(bad, 0, "\(url.lastPathComponent): \(bad) pixels are not premultiplied")
        }
    }

    func testEveryBrokenFileFailsWithOneLineNamingTheFile() throws {
        let broken = try files(valid: false)
        XCTAssertEqual(broken.count, 14, "expected the 14 x*.png files")
        for url in broken {
            do {
                _ = try Image.read(path: url.path)
                XCTFail("\(url.lastPathComponent) loaded but is broken")
            } catch let error as ImageError {
                let text = error.description
                XCTAssertTrue(text.contains(url.lastPathComponent), text)
                XCTAssertFalse(text.contains("\n"), text)
                XCTAssertGreaterThan(error.reason.count, 5, text)
            } catch {
                XCTFail("\(url.lastPathComponent): not an ImageError: \(error)")
            }
        }
    }

    func testSignatureDamageIsReportedAsNotPNG() throws {
        for name in ["xs1n0g01.png", "xs2n0g01.png", "xs4n0g01.png", "xs7n0g01.png", "xcrn0g04.png", "xlfn0g04.png"] {
            XCTAssertThrowsError(try load(name)) { error in
                XCTAssertEqual((error as? ImageError)?.kind, .notPNG, "\(name): \(error)")
                XCTAssertTrue("\(error)".hasSuffix("\(name): not a PNG file (signature mismatch)"), "\(error)")
            }
        }
    }

    func testChunkDamageIsReportedWithLibpngMessage() throws {
        for name in ["xc1n0g08.png", "xc9n2c08.png", "xd0n2c08.png", "xd3n2c08.png", "xd9n2c08.png",
                     "xdtn0g01.png", "xhdn0g08.png", "xcsn0g01.png"] {
            XCTAssertThrowsError(try load(name)) { error in
                guard case .corruptPNG(let message)? = (error as? ImageError)?.kind else {
                    return XCTFail("\(name): \(error)")
                }
                XCTAssertFalse(message.isEmpty, name)
            }
        }
    }

    func testRGBTopLeftAndCornerPixels() throws {
        let image = try load("basn2c08.png")
        XCTAssertEqual(image.width, 32)
        XCTAssertEqual(image.height, 32)
        XCTAssertTrue(image.isOpaque)
        let topLeft = image.pixel(0, 0)
        XCTAssertEqual([topLeft.r, topLeft.g, topLeft.b, topLeft.a], [255, 255, 255, 255])
        let bottomRight = image.pixel(31, 31)
        XCTAssertEqual([bottomRight.r, bottomRight.g, bottomRight.b, bottomRight.a], [0, 0, 0, 255])
    }

    func testAlphaIsPremultiplied() throws {
        // basn6a08 row 0 starts (255, 0, 8, alpha 0), then (255, 0, 8, alpha 8), straight.
        let image = try load("basn6a08.png")
        let first = image.pixel(0, 0)
        XCTAssertEqual([first.r, first.g, first.b, first.a], [0, 0, 0, 0])
        let second = image.pixel(1, 0)
        XCTAssertEqual(second.a, 8)
        XCTAssertEqual(second.r, UInt8((255 * 8 + 127) / 255))
        XCTAssertEqual(second.g, 0)
    }

    func testTRNSTransparentPixelsAreZero() throws {
        for name in ["tbbn3p08.png", "tbwn3p08.png", "tbrn2c08.png", "tbbn2c16.png", "tp1n3p08.png", "tbbn0g04.png"] {
            let image = try load(name)
            var transparent = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixel(x, y).a == 0 {
                    transparent += 1
                    let p = image.pixel(x, y)
                    XCTAssertEqual([p.r, p.g, p.b], [0, 0, 0], "\(name) at \(x),\(y)")
                }
            }
            XCTAssertGreaterThan(transparent, 0, "\(name) should have tRNS-transparent pixels")
            XCTAssertFalse(image.isOpaque, name)
        }
        // tp0n3p08 has a tRNS chunk but every entry opaque.
        XCTAssertTrue(try load("tp0n3p08.png").isOpaque)
    }

    func testSixteenBitFilesReduceToEightBit() throws {
        let gray = try load("basn0g16.png")
        let first = gray.pixel(0, 0)
        XCTAssertEqual([first.r, first.g, first.b, first.a], [0, 0, 0, 255])
        // Grey stays grey and opaque; the file's gAMA 1.0 (linear) samples come out as
        // 8-bit sRGB: 0x0900 (x = 1) is linear 0.035, sRGB 0.207 -> 53..56; the row peaks
        // at white.
        XCTAssertTrue(gray.isOpaque)
        var brightest: UInt8 = 0
        for x in 0..<gray.width {
            let p = gray.pixel(x, 0)
            XCTAssertTrue(p.r == p.g && p.g == p.b, "x=\(x)")
            brightest = max(brightest, p.r)
        }
        XCTAssertTrue((53...57).contains(gray.pixel(1, 0).r), "\(gray.pixel(1, 0))")
        XCTAssertGreaterThanOrEqual(brightest, 250)
        let rgba = try load("basn6a16.png")
        XCTAssertFalse(rgba.isOpaque)
        XCTAssertEqual(rgba.width, 32)
        XCTAssertTrue(try load("basn2c16.png").isOpaque)
    }

    func testInterlacedEqualsNonInterlaced() throws {
        let pairs = try files(valid: true).map(\.lastPathComponent).compactMap { name -> (String, String)? in
            // basiXXXX / basnXXXX and sNNiXXXX / sNNnXXXX.
            let chars = Array(name)
            if name.hasPrefix("basi") { return (name, "basn" + String(chars[4...])) }
            if name.hasPrefix("s"), chars.count > 4, chars[3] == "i" {
                return (name, String(chars[0..<3]) + "n" + String(chars[4...]))
            }
            return nil
        }
        XCTAssertGreaterThan(pairs.count, 30)
        for (interlaced, plain) in pairs {
            let a = try load(interlaced), b = try load(plain)
            XCTAssertTrue(a == b, "\(interlaced) and \(plain) decode differently")
        }
    }
}
