import Foundation
import Images
import JSON
import XCTest
import _TestSupport

/// The class "names are bytes": a file name that is not UTF-8 reaches the system with its
/// own bytes (it was decoded lossily, U+FFFD in place of the byte, and a file the user did
/// not name was written), and is shown escaped in messages.
final class HostileFileNameTests: XCTestCase {
    /// Every byte string decodes to a string that encodes back to the same bytes: random
    /// strings over all 255 non-NUL bytes, biased towards UTF-8 lead and continuation bytes.
    func testRandomByteNamesRoundTripExactly() {
        var random = SeededRandom(seed: randomTestSeed(0x6e616d65))
        for _ in 0..<2000 {
            let length = Int.random(in: 0...12, using: &random)
            let bytes: [UInt8] = (0..<length).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 0x80...0xFF, using: &random) : UInt8.random(in: 1...0xFF, using: &random)
            }
            XCTAssertEqual(FileName.bytes(FileName.decode(bytes)), bytes, "\(bytes)")
        }
    }

    /// Hand cases: valid UTF-8 is itself; 0xFF alone is one escape; an overlong "/" (C0 AF)
    /// is two; a real U+10FF80 in a name (F4 8F BE 80) is kept as its four bytes.
    func testInvalidAndReservedBytesAreKeptAsThemselves() {
        XCTAssertEqual(FileName.decode(Array("é.png".utf8)), "é.png")
        XCTAssertEqual(FileName.escaped(FileName.decode([0x61, 0xFF, 0x62])), "a\\xffb")
        XCTAssertEqual(FileName.escaped(FileName.decode([0xC0, 0xAF])), "\\xc0\\xaf")
        let reserved: [UInt8] = [0xF4, 0x8F, 0xBE, 0x80]
        XCTAssertEqual(FileName.escaped(FileName.decode(reserved)), "\\xf4\\x8f\\xbe\\x80")
        XCTAssertEqual(FileName.bytes(FileName.decode(reserved)), reserved)
    }

    /// A file written under a name with the bytes FF FE is found under exactly those bytes,
    /// and an error about it shows them as \xff\xfe.
    func testOutputAndInputUseTheNamesOwnBytes() throws {
        let dir = try TemporaryDirectory()
        let name = FileName.decode([0x61, 0xFF, 0xFE, 0x2E, 0x74, 0x78, 0x74])   // "a\xff\xfe.txt"
        try OutputFile.write("bytes", to: dir.file(name))
        let listed = try XCTUnwrap(opendir(dir.path))
        defer { closedir(listed) }
        var names: [[UInt8]] = []
        while let entry = readdir(listed) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if bytes.first != 0x2E { names.append(bytes) }
        }
        XCTAssertEqual(names, [[0x61, 0xFF, 0xFE, 0x2E, 0x74, 0x78, 0x74]])
        XCTAssertEqual(try InputFile.read(dir.file(name), maxBytes: 100), Array("bytes".utf8))
        let missing = dir.file(FileName.decode([0x62, 0xFF]))
        XCTAssertThrowsError(try InputFile.read(missing, maxBytes: 100)) {
            XCTAssertEqual("\($0)", "\(dir.path)/b\\xff: no such file")
        }
    }

    /// An .imagestack folder inside a folder whose name is not UTF-8 was not found ("no
    /// such file": its listing and checks went through a lossy String).
    func testImageStackInsideAFolderNamedWithNonUTF8Bytes() throws {
        let dir = try TemporaryDirectory()
        let layers = [StackLayerFixture(name: "Front", image: .solid(width: 4, height: 4, 255, 0, 0)),
                      StackLayerFixture(name: "Back", image: .solid(width: 4, height: 4, 0, 0, 255))]
        try writeImageStack(in: dir, name: "plain/Icon.imagestack", frontFirst: layers, canvas: (4, 4))
        let odd = dir.file(FileName.decode([0x78, 0xFF]))                         // "x\xff"
        XCTAssertEqual(FileName.withCString(dir.file("plain")) { from in FileName.withCString(odd) { rename(from, $0) } }, 0)
        let stack = try LayeredImage.load(path: odd + "/Icon.imagestack")
        XCTAssertEqual(stack.layers.count, 2)
    }
}

