import Foundation
import XCTest
import Images
import _TestSupport

final class PNGRoundTripTests: XCTestCase {
    func testAsymmetricOpaqueRoundTrip() throws {
        let dir = try TemporaryDirectory()
        let image = Image.asymmetric(width: 7, height: 4)
        let path = dir.file("asym.png")
        try image.writePNG(path: path)
        let back = try Image.read(path: path)
        XCTAssertEqual(back, image)
        XCTAssertEqual(back.pixel(6, 0).r, 96)   // x grows to the right
        XCTAssertEqual(back.pixel(0, 3).g, 48)   // y grows downwards
        let header = try Image.readHeader(path: path)
        XCTAssertEqual(header.width, 7)
        XCTAssertEqual(header.height, 4)
    }

    func testTranslucentRoundTripIsExact() throws {
        // Every valid premultiplied value (channel <= alpha) survives un-premultiply,
        // write, read and premultiply unchanged.
        var generator = SplitMix(seed: randomTestSeed(7))
        var pixels: [UInt8] = []
        let width = 33, height = 17
        for _ in 0..<(width * height) {
            let a = UInt8(truncatingIfNeeded: generator.next())
            let channel = { UInt8(a == 0 ? 0 : Int(generator.next() % (UInt64(a) + 1))) }
            pixels += [channel(), channel(), channel(), a]
        }
        // Include every alpha with its extreme channels.
        for a in 0...255 { pixels[a * 4 ..< a * 4 + 4] = [UInt8(a), 0, UInt8(a / 2), UInt8(a)] }
        let image = Image(width: width, height: height, pixels: pixels)
        let dir = try TemporaryDirectory()
        try image.writePNG(path: dir.file("t.png"))
        XCTAssertEqual(try Image.read(path: dir.file("t.png")), image)
        XCTAssertEqual(try Image.decodePNG(data: try image.encodePNG(), name: "mem"), image)
    }

    func testWrittenFileIsStraightAlpha() throws {
        // A half-transparent premultiplied (64, 0, 0, 128) is stored as straight (128, 0, 0, 128):
        // check through libpng by reading a written file's bytes back as our own PNG.
        let image = Image(width: 1, height: 1, pixels: [64, 0, 0, 128])
        let back = try Image.decodePNG(data: try image.encodePNG(), name: "one")
        XCTAssertEqual(back.pixels, [64, 0, 0, 128])
        let transparent = Image(width: 2, height: 1, pixels: [0, 0, 0, 0, 10, 20, 30, 40])
        XCTAssertEqual(try Image.decodePNG(data: try transparent.encodePNG(), name: "two"), transparent)
    }
}

/// A small seeded generator (SplitMix64) so failures reproduce.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
