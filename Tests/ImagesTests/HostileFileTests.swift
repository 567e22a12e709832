import Foundation
import XCTest
import Images
import _TestSupport

/// Special files, huge or endless inputs and failed writes:
/// each ends in a one-line refusal naming the file and what it really is, at once.
final class HostileFileTests: XCTestCase {
    /// Runs `body` and fails when it takes longer than `seconds` (a FIFO would block forever).
    func within(_ seconds: Double, line: UInt = #line, _ body: () throws -> Void) rethrows {
        let start = Date()
        try body()
        XCTAssertLessThan(Date().timeIntervalSince(start), seconds, "took too long", line: line)
    }

    func fileError(_ line: UInt = #line, _ body: () throws -> Void) -> FileError? {
        do { try body(); XCTFail("no error", line: line); return nil } catch let error as FileError {
            XCTAssertFalse(error.description.contains("\n"), line: line)
            return error
        } catch { XCTFail("not a FileError: \(error)", line: line); return nil }
    }

    func imageError(_ line: UInt = #line, _ body: () throws -> Void) -> ImageError? {
        do { try body(); XCTFail("no error", line: line); return nil } catch let error as ImageError {
            XCTAssertFalse(error.description.contains("\n"), line: line)
            return error
        } catch { XCTFail("not an ImageError: \(error)", line: line); return nil }
    }

    // MARK: Inputs

    func testFIFOAsPNGIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.file("layer.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        within(2) {
            let error = imageError { _ = try Image.read(path: fifo) }
            XCTAssertEqual(error?.description, "\(fifo): is a FIFO (named pipe), not a regular file")
        }
    }

    func testDevZeroAsPNGSaysCharacterDevice() {
        within(2) {
            let error = imageError { _ = try Image.read(path: "/dev/zero") }
            XCTAssertEqual(error?.description, "/dev/zero: is a character device, not a regular file")
        }
    }

    func testSymlinkLoopSaysLoopNotMissing() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(symlink(dir.file("b.png"), dir.file("a.png")), 0)
        XCTAssertEqual(symlink(dir.file("a.png"), dir.file("b.png")), 0)
        let error = imageError { _ = try Image.read(path: dir.file("a.png")) }
        XCTAssertTrue(error?.description.contains("symbolic link loop") ?? false, "\(String(describing: error))")
    }

    func testDirectoryAsInputNamesTheDirectory() throws {
        let dir = try TemporaryDirectory()
        let error = fileError { _ = try InputFile.read(dir.path, maxBytes: 100) }
        XCTAssertEqual(error?.reason, "is a directory, not a regular file")
    }

    func testNULByteInPathIsRefusedNotCutShort() throws {
        let dir = try TemporaryDirectory()
        let real = try dir.write("a.png", bytes: try Image.solid(width: 1, height: 1, 1, 2, 3).encodePNG())
        // "a.png\0.txt" would open "a.png" if passed to C as is.
        let error = fileError { _ = try InputFile.read(real + "\0.txt", maxBytes: 1 << 20) }
        XCTAssertEqual(error?.kind, .nulByte)
        XCTAssertNotNil(imageError { _ = try Image.read(path: real + "\0.txt") })
        XCTAssertNotNil(fileError { try OutputFile.write("x", to: real + "\0.txt") })
    }

    func testFileOverTheLimitIsRefusedBeforeReading() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("big.bin", bytes: [UInt8](repeating: 7, count: 1001))
        XCTAssertEqual(fileError { _ = try InputFile.read(path, maxBytes: 1000) }?.kind, .tooLarge(size: 1001, limit: 1000))
        XCTAssertEqual(try InputFile.read(path, maxBytes: 1001).count, 1001)
    }

    func testEmptyFileIsRefusedUnlessAllowed() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("empty", bytes: [])
        XCTAssertEqual(fileError { _ = try InputFile.read(path, maxBytes: 10) }?.kind, .empty)
        XCTAssertEqual(try InputFile.read(path, maxBytes: 10, allowEmpty: true), [])
    }

    /// A PNG made of millions of empty chunks: refused by the chunk count, in milliseconds.
    func testMillionsOfEmptyChunksAreRefusedQuickly() throws {
        let image = Image.solid(width: 2, height: 2, 10, 20, 30)
        let png = try image.encodePNG()
        // Signature + IHDR (8 + 25 bytes), then the rest; insert 1,000,000 empty private chunks.
        let empty = pngChunk("prIv", [])
        var bytes = Array(png[0..<33])
        bytes.reserveCapacity(png.count + empty.count * 1_000_000)
        for _ in 0..<1_000_000 { bytes += empty }
        bytes += png[33...]
        within(5) {
            let error = imageError { _ = try Image.decodePNG(data: bytes, name: "chunks.png") }
            XCTAssertEqual(error?.description, "chunks.png: truncated or corrupt PNG: more than \(1000 + bytes.count / 1024) chunks in \(bytes.count) bytes")
        }
        // The same image with 500 empty chunks (under the allowance) still loads.
        var few = Array(png[0..<33])
        for _ in 0..<500 { few += empty }
        few += png[33...]
        XCTAssertEqual(try Image.decodePNG(data: few, name: "few.png"), image)
    }

    // MARK: Outputs

    func testAbandonedWriteLeavesTheOldFileWhole() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("out.png", text: "the good file")
        let file = try OutputFile(path: path)
        try file.write(Array("half a new fi".utf8))
        file.abandon()   // what a killed or failed write amounts to
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "the good file")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"], "temporary file left behind")
    }

    func testCommittedWriteReplacesAndKeepsPermissions() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("out.json", text: "old")
        XCTAssertEqual(chmod(path, 0o640), 0)
        try OutputFile.write("new", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.json"])
    }

    func testWriteThroughSymlinkKeepsTheLink() throws {
        let dir = try TemporaryDirectory()
        let target = try dir.write("real.json", text: "old")
        XCTAssertEqual(symlink(target, dir.file("link.json")), 0)
        try OutputFile.write("new", to: dir.file("link.json"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("link.json")), target)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
    }

    func testDevNullIsWrittenThroughNotReplaced() throws {
        try OutputFile.write("dropped", to: "/dev/null")
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is no longer a device")
    }

    func testFullDeviceReportsNoSpace() {
        let error = fileError { try OutputFile.write([UInt8](repeating: 1, count: 10), to: "/dev/full") }
        XCTAssertEqual(error?.description, "/dev/full: cannot write: no space left on the device")
        let png = imageError { try Image.solid(width: 1, height: 1, 0, 0, 0).writePNG(path: "/dev/full") }
        XCTAssertEqual(png?.description, "/dev/full: cannot write PNG: no space left on the device")
    }

    func testFIFOWithoutReaderIsRefusedWithoutBlocking() throws {
        let dir = try TemporaryDirectory()
        let fifo = dir.file("out.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        within(2) {
            let error = fileError { try OutputFile.write("x", to: fifo) }
            XCTAssertEqual(error?.description, "\(fifo): cannot write: no process is reading the FIFO or device")
        }
    }

    func testDirectoryAsOutputIsRefused() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(fileError { try OutputFile.write("x", to: dir.path) }?.reason, "is a directory, not a regular file")
    }

    /// An output whose folder is missing said "no such file" of the file the user named;
    /// it names what is missing (the folder), a file in the folder's place, or a folder
    /// that takes no new files (/proc: a regular file there cannot be replaced).
    func testMissingFolderForOutputNamesTheFolder() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("no/such/out.png")
        XCTAssertEqual(fileError { try OutputFile.write("x", to: path) }?.description,
                       "\(path): cannot write: no folder \(dir.file("no/such"))")
        try OutputFile.write("x", to: dir.file("plain"))
        let under = dir.file("plain/out.png")
        XCTAssertEqual(fileError { try OutputFile.write("x", to: under) }?.description,
                       "\(under): cannot write: \(dir.file("plain")) is not a folder")
        // As root procfs says ENOENT; as a user, permission denied.
        let proc = fileError { try OutputFile.write("x", to: "/proc/version") }?.description
        XCTAssertTrue(["/proc/version: cannot write: no new file can be made in /proc",
                       "/proc/version: cannot write: permission denied"].contains(proc ?? ""), proc ?? "nil")
        XCTAssertEqual(try String(contentsOfFile: dir.file("plain")), "x")
        // A link to a file in a missing folder, and a streamed output (an event log), the same.
        let link = dir.file("link.png")
        XCTAssertEqual(symlink(dir.file("away/target.png"), link), 0)
        XCTAssertEqual(fileError { try OutputFile.write("x", to: link) }?.description,
                       "\(link): cannot write: no folder \(dir.file("away"))")
        let log = dir.file("gone/events.jsonl")
        XCTAssertEqual(fileError { _ = try OutputFile(path: log, streaming: true) }?.description,
                       "\(log): cannot write: no folder \(dir.file("gone"))")
    }

    /// The class "outputs untouched until success", for a live log: opening it emptied
    /// the old log even when the run was then refused. It is emptied at the first line.
    func testStreamedLogIsUntouchedUntilItsFirstLine() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("events.jsonl", text: "the old log\n")
        let refused = try OutputFile(path: path, streaming: true)
        refused.abandon()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "the old log\n")
        let log = try OutputFile(path: path, streaming: true)
        try log.write(Array("{}\n".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "{}\n")
        try log.commit()
        let empty = try OutputFile(path: path, streaming: true)
        try empty.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "")
    }
}

