import Foundation
import XCTest
import ZIPFoundation
import Images
import _TestSupport

/// Layered images whose numbers or archive structure are hostile:
/// sizes are checked against the image limits before anything is allocated, archive
/// arithmetic cannot overflow, and special files are refused without blocking.
final class HostileStackTests: XCTestCase {
    let layers = [
        StackLayerFixture(name: "Front", image: .solid(width: 4, height: 4, 255, 0, 0)),
        StackLayerFixture(name: "Back", image: .solid(width: 8, height: 6, 0, 0, 255)),
    ]

    func refusal(_ path: String, limits: ImageLimits = .default, line: UInt = #line) -> ImageError? {
        let start = Date()
        defer { XCTAssertLessThan(Date().timeIntervalSince(start), 3, "took too long", line: line) }
        do {
            _ = try LayeredImage.load(path: path, limits: limits)
            XCTFail("\(path) loaded", line: line)
        } catch let error as ImageError {
            XCTAssertFalse(error.description.contains("\n"), line: line)
            return error
        } catch {
            XCTFail("not an ImageError: \(error)", line: line)
        }
        return nil
    }

    /// Rewrites `key` of the stack's top Contents.json properties.
    func setCanvas(_ stack: String, width: Any, height: Any) throws {
        try jsonText(["layers": [["filename": "Front.imagestacklayer"], ["filename": "Back.imagestacklayer"]],
                      "properties": ["canvasSize": ["width": width, "height": height]]])
            .write(toFile: stack + "/Contents.json", atomically: true, encoding: .utf8)
    }

    func testHugeCanvasSizeIsRefusedBeforeAllocating() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, name: "S.imagestack", frontFirst: layers, canvas: (8, 6))
        try setCanvas(stack, width: 1_000_000, height: 1_000_000)
        XCTAssertEqual(refusal(stack)?.description,
                       "\(stack)/Contents.json: 1000000x1000000 exceeds the 16384-pixel texture limit")
        // 12000 x 12000 is within the side limit but not the pixel limit.
        try setCanvas(stack, width: 12000, height: 12000)
        XCTAssertEqual(refusal(stack)?.kind, .exceedsPixels(width: 12000, height: 12000, limit: 64 << 20))
    }

    func testCanvasPixelsCountOncePerLayer() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, name: "S.imagestack", frontFirst: layers, canvas: (8, 6))
        // 8 x 6 x 2 layers = 96 pixels: a limit of 95 refuses, 96 loads.
        XCTAssertEqual(refusal(stack, limits: ImageLimits(maxPixels: 95))?.kind, .exceedsPixels(width: 8, height: 12, limit: 95))
        XCTAssertNoThrow(try LayeredImage.load(path: stack, limits: ImageLimits(maxPixels: 96)))
    }

    func testExtremeFrameCenterIsRefusedWithItsPath() throws {
        let dir = try TemporaryDirectory()
        var hostile = layers
        hostile[0].frameSize = (4, 4)
        hostile[0].frameCenter = (1e300, -1e-300)
        let stack = try writeImageStack(in: dir, name: "S.imagestack", frontFirst: hostile, canvas: (8, 6))
        XCTAssertEqual(refusal(stack)?.description,
                       "\(stack)/Front.imagestacklayer/Contents.json: expected a number in -1000000.0...1000000.0, found 1e+300 at \"properties.frame-center.x\"")
    }

    func testHugeFrameSizeIsRefusedLikeAPNGSide() throws {
        let dir = try TemporaryDirectory()
        var hostile = layers
        hostile[0].frameSize = (1e6, 1e6)
        let stack = try writeImageStack(in: dir, name: "S.imagestack", frontFirst: hostile, canvas: (8, 6))
        XCTAssertEqual(refusal(stack)?.description,
                       "\(stack)/Front.imagestacklayer/Contents.json: expected a number in (0, 16384], found 1000000.0 at \"properties.frame-size.width\"")
    }

    func testFIFOInsideAStackIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, name: "S.imagestack", frontFirst: layers, canvas: (8, 6))
        let png = stack + "/Front.imagestacklayer/Content.imageset/Front.png"
        XCTAssertEqual(unlink(png), 0)
        XCTAssertEqual(mkfifo(png, 0o644), 0)
        XCTAssertEqual(refusal(stack)?.description, "\(png): is a FIFO (named pipe), not a regular file")
        // The stack's own JSON as a FIFO too.
        XCTAssertEqual(unlink(stack + "/Contents.json"), 0)
        XCTAssertEqual(mkfifo(stack + "/Contents.json", 0o644), 0)
        XCTAssertEqual(refusal(stack)?.description, "\(stack)/Contents.json: is a FIFO (named pipe), not a regular file")
    }

    func testFIFOAsLSRIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(mkfifo(dir.file("icon.lsr"), 0o644), 0)
        XCTAssertEqual(refusal(dir.file("icon.lsr"))?.description, "\(dir.file("icon.lsr")): is a FIFO (named pipe), not a regular file")
        XCTAssertEqual(refusal("/dev/zero")?.description, "/dev/zero: is a character device, not a regular file")
    }

    // MARK: Archives

    /// A ZIP built by hand: stored members, optionally with a ZIP64 extra field in the
    /// central directory declaring `declaredSize` as the uncompressed size.
    func zip(_ members: [(name: String, bytes: [UInt8], declaredSize: UInt64?)]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(v >> (8 * UInt64($0)) & 0xFF) } }
        var out: [UInt8] = [], central: [UInt8] = []
        for m in members {
            let name = Array(m.name.utf8), crc = crc32(m.bytes), offset = UInt32(out.count)
            let zip64 = m.declaredSize != nil
            let extra = zip64 ? le16(1) + le16(16) + le64(m.declaredSize!) + le64(UInt64(m.bytes.count)) : []
            let size32: UInt32 = zip64 ? 0xFFFF_FFFF : UInt32(m.bytes.count)
            out += le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc)
            out += le32(size32) + le32(size32) + le16(name.count) + le16(extra.count) + name + extra + m.bytes
            central += le32(0x0201_4B50) + le16(zip64 ? 45 : 20) + le16(zip64 ? 45 : 20) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(crc) + le32(size32) + le32(size32) + le16(name.count) + le16(extra.count) + le16(0)
            central += le16(0) + le16(0) + le32(0) + le32(offset) + name + extra
        }
        let start = UInt32(out.count)
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(members.count) + le16(members.count)
        out += le32(UInt32(central.count)) + le32(start) + le16(0)
        return out
    }

    func testZIP64SizeOfTwoToThe64MinusOneDoesNotOverflow() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("huge.lsr", bytes: zip([("Contents.json", Array("{}".utf8), nil),
                                                         ("a.png", [1, 2, 3], UInt64.max)]))
        let error = refusal(path)
        XCTAssertEqual(error?.kind, .archiveTooLarge(limit: 256 << 20), "\(String(describing: error))")
    }

    func testDuplicateMemberNamesAreRefused() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("dup.lsr", bytes: zip([("Contents.json", Array("{}".utf8), nil),
                                                        ("Contents.json", Array("{\"layers\":[]}".utf8), nil)]))
        XCTAssertEqual(refusal(path)?.description, "\(path): duplicate archive member \"Contents.json\"")
    }

    func testThousandsOfFoldersDeepMemberIsRefusedQuickly() throws {
        let dir = try TemporaryDirectory()
        let deep = String(repeating: "d/", count: 5000) + "x.png"
        let path = try dir.write("deep.lsr", bytes: zip([("Contents.json", Array("{}".utf8), nil), (deep, [1], nil)]))
        XCTAssertEqual(refusal(path)?.kind, .pathEscapes("path longer than 1024 bytes"))
        let path2 = try dir.write("deep2.lsr", bytes: zip([(String(repeating: "d/", count: 20) + "x", [1], nil)]))
        XCTAssertEqual(refusal(path2)?.kind, .pathEscapes("path deeper than 16 folders (21 components)"))
    }
}
