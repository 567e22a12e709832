import Foundation
import XCTest
import Images
import _TestSupport

/// Broken and hostile inputs: each is refused with the right kind and one line.
final class PNGErrorTests: XCTestCase {
    private func assertRefused(_ path: String, _ expected: ImageError.Kind? = nil,
                               limits: ImageLimits = .default, line: UInt = #line) -> ImageError? {
        do {
            _ = try Image.read(path: path, limits: limits)
            XCTFail("\(path) loaded", line: line)
            return nil
        } catch let error as ImageError {
            if let expected { XCTAssertEqual(error.kind, expected, error.description, line: line) }
            XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description, line: line)
            XCTAssertFalse(error.description.contains("\n"), line: line)
            return error
        } catch {
            XCTFail("not an ImageError: \(error)", line: line)
            return nil
        }
    }

    func testMissingFile() throws {
        let dir = try TemporaryDirectory()
        let error = assertRefused(dir.file("missing.png"), .noSuchFile)
        XCTAssertEqual(error?.reason, "no such file")
        XCTAssertThrowsError(try Image.readHeader(path: dir.file("missing.png")))
    }

    func testEmptyFile() throws {
        let dir = try TemporaryDirectory()
        let error = assertRefused(try dir.write("empty.png", bytes: []), .emptyFile)
        XCTAssertEqual(error?.description, dir.file("empty.png") + ": empty file")
    }

    func testDirectoryIsNotAFile() throws {
        let dir = try TemporaryDirectory()
        _ = assertRefused(try dir.makeDirectory("folder.png"))
    }

    func testTextFileIsNotPNG() throws {
        let dir = try TemporaryDirectory()
        let error = assertRefused(try dir.write("bad.png", text: "hello, this is not a PNG\n"), .notPNG)
        XCTAssertEqual(error?.reason, "not a PNG file (signature mismatch)")
        _ = assertRefused(try dir.write("short.png", text: "hi"), .notPNG)
    }

    func testTruncatedFilesAreCorrupt() throws {
        let dir = try TemporaryDirectory()
        let good = try Image.asymmetric(width: 40, height: 30).encodePNG()
        XCTAssertNoThrow(try Image.decodePNG(data: good, name: "good.png"))
        for length in [5, 8, 20, 33, 45, good.count / 2, good.count - 13, good.count - 1] {
            let path = try dir.write("cut\(length).png", bytes: Array(good.prefix(length)))
            let error = assertRefused(path)
            if length >= 8 {
                guard case .corruptPNG(let message)? = error?.kind else {
                    XCTFail("\(length) bytes: \(String(describing: error))"); continue
                }
                XCTAssertFalse(message.isEmpty)
                XCTAssertTrue(error!.description.contains("truncated or corrupt PNG: "))
            }
            XCTAssertThrowsError(try Image.decodePNG(data: Array(good.prefix(length)), name: "mem.png")) {
                XCTAssertTrue("\($0)".hasPrefix("mem.png: "), "\($0)")
            }
        }
    }

    func testDecompressionBombRefusedAfterHeader() throws {
        let dir = try TemporaryDirectory()
        let bomb = try dir.write("big.png", bytes: pngHeaderOnly(width: 100_000, height: 100_000))
        // The header alone is readable.
        let header = try Image.readHeader(path: bomb)
        XCTAssertEqual(header.width, 100_000)
        XCTAssertEqual(header.height, 100_000)
        // Reading refuses at the limit check (the file has no IDAT: had it got as far as
        // decoding, the error would be corruptPNG, not exceedsDimension).
        let error = assertRefused(bomb, .exceedsDimension(width: 100_000, height: 100_000, limit: 16384))
        XCTAssertEqual(error?.reason, "100000x100000 exceeds the 16384-pixel texture limit")
        XCTAssertThrowsError(try Image.decodePNG(data: pngHeaderOnly(width: 100_000, height: 100_000), name: "m.png")) {
            XCTAssertEqual(($0 as? ImageError)?.kind, .exceedsDimension(width: 100_000, height: 100_000, limit: 16384))
        }
    }

    func testPixelCountLimit() throws {
        let dir = try TemporaryDirectory()
        let wide = try dir.write("wide.png", bytes: pngHeaderOnly(width: 16000, height: 16000))
        _ = assertRefused(wide, .exceedsPixels(width: 16000, height: 16000, limit: 64 * 1024 * 1024))
        // A small real image against tight limits.
        let small = dir.file("small.png")
        try Image.asymmetric().writePNG(path: small)
        _ = assertRefused(small, .exceedsDimension(width: 7, height: 4, limit: 6), limits: ImageLimits(maxDimension: 6))
        _ = assertRefused(small, .exceedsPixels(width: 7, height: 4, limit: 27), limits: ImageLimits(maxPixels: 27))
        XCTAssertNoThrow(try Image.read(path: small, limits: ImageLimits(maxDimension: 7, maxPixels: 28)))
    }

    func testWriteToMissingFolderFails() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("no/such/folder/out.png")
        XCTAssertThrowsError(try Image.asymmetric().writePNG(path: path)) { error in
            guard case .writeFailed? = (error as? ImageError)?.kind else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".hasPrefix(path + ": "))
        }
    }
}
