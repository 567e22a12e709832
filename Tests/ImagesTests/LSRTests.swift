import Foundation
import XCTest
import ZIPFoundation
import Images
import _TestSupport

/// `.lsr` files: ZIP archives of an image stack, built with ZIPFoundation in the test.
final class LSRTests: XCTestCase {
    let layers = [
        StackLayerFixture(name: "Front", image: .solid(width: 8, height: 4, 255, 0, 0), frameSize: (16, 8), frameCenter: (20, 10)),
        StackLayerFixture(name: "Back", image: .asymmetric(width: 40, height: 24)),
    ]

    func assertFails(_ path: String, limits: ImageLimits = .default, line: UInt = #line, _ check: (ImageError) -> Void) {
        do {
            _ = try LayeredImage.load(path: path, limits: limits)
            XCTFail("\(path) loaded", line: line)
        } catch let error as ImageError {
            XCTAssertFalse(error.description.contains("\n"), line: line)
            check(error)
        } catch {
            XCTFail("not an ImageError: \(error)", line: line)
        }
    }

    /// Adds `bytes` to `archive` as the member `path`.
    func add(_ archive: Archive, _ path: String, _ bytes: [UInt8], compressed: Bool = true) throws {
        let data = Data(bytes)
        try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                             compressionMethod: compressed ? .deflate : .none) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// Members of a valid two-layer stack (relative to the stack root).
    func stackMembers() throws -> [(String, [UInt8])] {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, name: "S.imagestack", frontFirst: layers, canvas: (40, 24))
        let files = FileManager.default.enumerator(atPath: stack)!.compactMap { $0 as? String }.sorted()
        return try files.compactMap { relative in
            var directory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: stack + "/" + relative, isDirectory: &directory)
            if directory.boolValue { return nil }
            return (relative, [UInt8](try Data(contentsOf: URL(fileURLWithPath: stack + "/" + relative))))
        }
    }

    func testZippedFolderLoadsLikeTheFolder() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: layers, canvas: (40, 24))
        let expected = try LayeredImage.load(path: stack)
        XCTAssertEqual(expected.layers.map(\.name), ["Back", "Front"])
        for keepParent in [true, false] {
            let lsr = dir.url.appendingPathComponent("icon-\(keepParent).lsr")
            try FileManager.default.zipItem(at: URL(fileURLWithPath: stack), to: lsr,
                                            shouldKeepParent: keepParent, compressionMethod: .deflate)
            XCTAssertEqual(try LayeredImage.load(path: lsr.path), expected, "keepParent \(keepParent)")
        }
    }

    func testArchiveBuiltMemberByMember() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("built.lsr")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, bytes) in try stackMembers() { try add(archive, name, bytes, compressed: name.hasSuffix(".json")) }
        let layered = try LayeredImage.load(path: path)
        XCTAssertEqual(layered.canvasWidth, 40)
        XCTAssertEqual(layered.layers[1].frame, PixelRect(x: 12, y: 6, width: 16, height: 8))
    }

    func testJPEGLayerInsideAnArchiveLoads() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("jpeg.lsr")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        let set = "Back.imagestacklayer/Content.imageset/"
        for (name, bytes) in try stackMembers() where !name.hasPrefix(set) { try add(archive, name, bytes) }
        let blue = Image.solid(width: 40, height: 24, 0, 0, 255)
        try add(archive, set + "back.jpg", blue.jpegData(quality: 95, fullChroma: true)!)
        try add(archive, set + "Contents.json", Array(#"{"images": [{"filename": "back.jpg", "scale": "1x"}]}"#.utf8))
        let layered = try LayeredImage.load(path: path)
        XCTAssertEqual(layered.layers[0].name, "Back")
        let p = layered.layers[0].image.pixel(20, 12)
        XCTAssert(p.r < 8 && p.g < 8 && p.b > 247 && p.a == 255, "\(p)")
    }

    func testEscapingMembersAreRefused() throws {
        for evil in ["../evil.png", "S/../../evil.png", "/etc/evil.png", "a\\..\\..\\evil.png"] {
            let dir = try TemporaryDirectory()
            let path = dir.file("evil.lsr")
            let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
            for (name, bytes) in try stackMembers() { try add(archive, name, bytes) }
            try add(archive, evil, Array("boom".utf8))
            assertFails(path) { error in
                guard case .pathEscapes = error.kind else { return XCTFail("\(evil): \(error)") }
                XCTAssertTrue(error.description.hasPrefix(path + ": "), error.description)
            }
        }
    }

    func testSymlinkMemberIsRefused() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("link.lsr")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, bytes) in try stackMembers() { try add(archive, name, bytes) }
        let target = Data("/etc/passwd".utf8)
        try archive.addEntry(with: "Back.imagestacklayer/Content.imageset/x.png", type: .symlink,
                             uncompressedSize: Int64(target.count)) { position, size in
            target.subdata(in: Int(position)..<Int(position) + size)
        }
        assertFails(path) { error in
            guard case .pathEscapes(let why) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("symbolic link"), why)
        }
    }

    func testTotalUncompressedSizeIsCapped() throws {
        let dir = try TemporaryDirectory()
        let stack = try writeImageStack(in: dir, frontFirst: layers, canvas: (40, 24))
        let lsr = dir.url.appendingPathComponent("icon.lsr")
        try FileManager.default.zipItem(at: URL(fileURLWithPath: stack), to: lsr, compressionMethod: .deflate)
        assertFails(lsr.path, limits: ImageLimits(maxArchiveBytes: 1000)) {
            XCTAssertEqual($0.kind, .archiveTooLarge(limit: 1000))
        }
        // A highly compressible member that declares a huge size.
        let path = dir.file("bomb.lsr")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, bytes) in try stackMembers() { try add(archive, name, bytes) }
        try add(archive, "padding.bin", [UInt8](repeating: 0, count: 4 << 20))
        assertFails(path, limits: ImageLimits(maxArchiveBytes: 1 << 20)) { XCTAssertEqual($0.kind, .archiveTooLarge(limit: 1 << 20)) }
        XCTAssertNoThrow(try LayeredImage.load(path: path))
    }

    func testNotAZipAndNoStackInside() throws {
        let dir = try TemporaryDirectory()
        let fake = try dir.write("fake.lsr", text: "this is not a zip")
        assertFails(fake) { error in
            guard case .wrongFileType(let why) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("not a ZIP archive"), why)
        }
        assertFails(try dir.write("empty.lsr", bytes: [])) { XCTAssertEqual($0.kind, .emptyFile) }
        let path = dir.file("nostack.lsr")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        try add(archive, "a/readme.txt", Array("hi".utf8))
        try add(archive, "b/readme.txt", Array("hi".utf8))
        assertFails(path) { error in
            guard case .invalidStack(let why) = error.kind else { return XCTFail("\(error)") }
            XCTAssertTrue(why.contains("no Contents.json"), why)
        }
        // A truncated archive.
        let good = dir.url.appendingPathComponent("good.lsr")
        try FileManager.default.zipItem(at: URL(fileURLWithPath: try writeImageStack(in: dir, frontFirst: layers, canvas: nil)), to: good)
        let bytes = [UInt8](try Data(contentsOf: good))
        let cut = try dir.write("cut.lsr", bytes: Array(bytes.prefix(bytes.count / 2)))
        assertFails(cut) { _ in }
    }

    func testErrorsInsideTheArchiveNameTheMember() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("bad.lsr")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, bytes) in try stackMembers() {
            let replaced = name == "Front.imagestacklayer/Contents.json"
                ? Array(#"{"properties": {"frame-center": [1, 2]}}"#.utf8) : bytes
            try add(archive, "S.imagestack/" + name, replaced)
        }
        assertFails(path) { error in
            XCTAssertEqual(error.description,
                           "\(path)/Front.imagestacklayer/Contents.json: expected object at \"properties.frame-center\", found array")
        }
    }
}
