import Foundation
import Images
import SceneRuntime
import ToolSupport
import XCTest
import _TestSupport

/// parallax-render's export: frame-number patterns, output formats by extension, the
/// missing-ffmpeg message and the ffmpeg encodings themselves.
final class FrameExportTests: XCTestCase {
    func testPatternPadsTheFrameNumber() throws {
        XCTAssertEqual(try FramePattern("out/f-%04d.png", option: "--png").path(7), "out/f-0007.png")
        XCTAssertEqual(try FramePattern("%d.png", option: "--png").path(12), "12.png")
        XCTAssertEqual(try FramePattern("f%03d.json", option: "--quads").path(12345), "f12345.json")
        XCTAssertEqual(try FramePattern("100%%-%03d.png", option: "--png").path(5), "100%-005.png")
    }

    func testPatternErrorsNameTheOption() {
        for bad in ["f.png", "f-%d-%d.png", "f-%4d.png", "f-%s.png", "f-%010d.png", "f-%00d.png"] {
            XCTAssertThrowsError(try FramePattern(bad, option: "--png"), bad) { error in
                XCTAssertTrue("\(error)".hasPrefix("--png \(bad): "), "\(error)")
            }
        }
    }

    func testFormatComesFromTheExtension() throws {
        XCTAssertEqual(try AnimationFormat(path: "a.GIF"), .gif)
        XCTAssertEqual(try AnimationFormat(path: "a.apng"), .apng)
        XCTAssertEqual(try AnimationFormat(path: "a.png"), .apng)
        XCTAssertEqual(try AnimationFormat(path: "a.mp4"), .mp4)
        XCTAssertEqual(try AnimationFormat(path: "a.webm"), .webm)
        XCTAssertThrowsError(try AnimationFormat(path: "a.avi")) {
            XCTAssertEqual("\($0)", "--out a.avi: expected a .gif, .apng (or .png), .mp4 or .webm file")
        }
    }

    func testMissingFFmpegIsFoundMissing() {
        XCTAssertNil(FrameExport.findFFmpeg(searchPath: "/nonexistent:/also/not"))
        XCTAssertNil(FrameExport.findFFmpeg(searchPath: nil))
        XCTAssertTrue(FrameExport.missingFFmpeg.contains("apt-get install ffmpeg"))
        XCTAssertFalse(FrameExport.missingFFmpeg.contains("\n"))
    }

    func testFFmpegArgumentsLoopAndKeepFrameRate() {
        let gif = AnimationFormat.gif.ffmpegArguments(input: "f-%04d.png", fps: 12.5, output: "a.gif")
        XCTAssertEqual(Array(gif[4...9]), ["-framerate", "12.5", "-start_number", "0", "-i", "f-%04d.png"])
        XCTAssertTrue(gif.contains("-loop") && gif.last == "a.gif")
        XCTAssertTrue(AnimationFormat.apng.ffmpegArguments(input: "f", fps: 30, output: "a.apng").contains("-plays"))
        XCTAssertTrue(AnimationFormat.mp4.ffmpegArguments(input: "f", fps: 30, output: "a.mp4").contains("yuv420p"))
    }

    /// Encodes four 9x7 frames (odd sizes: the video formats pad them) into each format and
    /// checks each file's signature.
    func testFFmpegEncodesEveryFormat() throws {
        guard let ffmpeg = FrameExport.findFFmpeg() else {
            throw MissingFixture(description: "ffmpeg is not installed (scripts/setup.sh installs it)")
        }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for i in 0..<4 {
            var pixels = [UInt8](repeating: 255, count: 9 * 7 * 4)
            for p in 0..<(9 * 7) { pixels[p * 4] = UInt8(i * 60) }
            try Image(width: 9, height: 7, pixels: pixels).writePNG(path: dir.file(String(format: "f-%02d.png", i)))
        }
        // Each file's marker and the bytes it must appear within: GIF's header, the APNG
        // animation-control chunk (before the image data), MP4's ftyp box, WebM's EBML id.
        let signatures: [(AnimationFormat, String, [UInt8], Int)] = [
            (.gif, "a.gif", Array("GIF89a".utf8), 6),
            (.apng, "a.apng", Array("acTL".utf8), 128),
            (.mp4, "a.mp4", Array("ftyp".utf8), 8),
            (.webm, "a.webm", [0x1A, 0x45, 0xDF, 0xA3], 4),
        ]
        for (format, name, signature, within) in signatures {
            let out = dir.file(name)
            try FrameExport.encode(ffmpeg: ffmpeg, format: format, input: dir.file("f-%02d.png"), fps: 10, output: out)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            let head = Array(bytes.prefix(within))
            let found = head.count >= signature.count
                && (0...(head.count - signature.count)).contains { Array(head[$0..<($0 + signature.count)]) == signature }
            XCTAssertTrue(found, "\(name): \(head)")
        }
    }

    /// --out was written by ffmpeg in place: a failed encode (here a first frame that is not
    /// a PNG, which ffmpeg finds after it has opened its output: the clip was left 0 bytes
    /// long; a full disk the same) lost the clip already there. Now the clip is encoded next
    /// to it and renamed over it: the old file stays whole and no temporary file is left; a
    /// clip through a symbolic link replaces the file it points to and keeps the link.
    func testAFailedEncodeLeavesTheOldClipWhole() throws {
        guard let ffmpeg = FrameExport.findFFmpeg() else {
            throw MissingFixture(description: "ffmpeg is not installed (scripts/setup.sh installs it)")
        }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let out = dir.file("clip.gif")
        try OutputFile.write("the old clip", to: out)
        try OutputFile.write("P6\n", to: dir.file("bad-00.png"))
        XCTAssertThrowsError(try FrameExport.encode(ffmpeg: ffmpeg, format: .gif, input: dir.file("bad-%02d.png"),
                                                    fps: 10, output: out)) { error in
            XCTAssertTrue("\(error)".hasPrefix("--out \(out): ffmpeg failed: "), "\(error)")
            XCTAssertFalse("\(error)".contains(".tmp-"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: out), "the old clip")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["bad-00.png", "clip.gif"])
        try Image(width: 4, height: 4, pixels: [UInt8](repeating: 200, count: 64)).writePNG(path: dir.file("f-00.png"))
        XCTAssertEqual(symlink(out, dir.file("link.gif")), 0)
        try FrameExport.encode(ffmpeg: ffmpeg, format: .gif, input: dir.file("f-%02d.png"), fps: 10, output: dir.file("link.gif"))
        XCTAssertEqual(Array(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out))).prefix(3)), Array("GIF".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.file("link.gif")), out)
    }

    /// A clip whose folder is missing, or that names a folder, is refused before a frame is
    /// rendered.
    func testAnOutputWithoutItsFolderIsRefusedUpFront() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        XCTAssertThrowsError(try FrameExport.checkOutput(dir.file("gone/a.gif"))) { error in
            XCTAssertEqual("\(error)", "--out \(dir.file("gone/a.gif")): no folder \(dir.file("gone"))")
        }
        XCTAssertThrowsError(try FrameExport.checkOutput(dir.path)) { error in
            XCTAssertEqual("\(error)", "--out \(dir.path): is a directory, not a regular file")
        }
        XCTAssertNoThrow(try FrameExport.checkOutput(dir.file("a.gif")))
        XCTAssertNoThrow(try FrameExport.checkOutput("a.gif"))
    }

    func testFFmpegFailureIsOneLine() throws {
        guard let ffmpeg = FrameExport.findFFmpeg() else {
            throw MissingFixture(description: "ffmpeg is not installed (scripts/setup.sh installs it)")
        }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        XCTAssertThrowsError(try FrameExport.encode(ffmpeg: ffmpeg, format: .gif, input: "/nonexistent/f-%02d.png",
                                                    fps: 10, output: dir.file("a.gif"))) { error in
            XCTAssertTrue("\(error)".hasPrefix("--out \(dir.file("a.gif")): ffmpeg failed: "), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    /// The class "children are ours": a child reads /dev/null, not our standard input.
    func testChildProcessReadsNothingFromOurStandardInput() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let child = ChildProcess(executable: "/bin/sh", arguments: ["-c", "if read x; then exit 3; fi; exit 0"],
                                 standardError: dir.file("errors.txt"))
        XCTAssertEqual(try child.run(timeLimit: 10), 0)
    }

    /// A child past its time limit, or one whose parent is told to stop, is killed and
    /// reaped at once (a FIFO nobody reads made ffmpeg block forever).
    func testChildProcessIsKilledOnItsTimeLimitAndOnStop() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let sleeper = ChildProcess(executable: "/bin/sleep", arguments: ["30"], standardError: dir.file("errors.txt"))
        var start = Date()
        XCTAssertThrowsError(try sleeper.run(timeLimit: 0.3)) { XCTAssertEqual($0 as? ChildProcess.Failure, .timedOut) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        struct Stop: Error {}
        start = Date()
        XCTAssertThrowsError(try sleeper.run(timeLimit: 30, shouldStop: { throw Stop() })) { XCTAssertTrue($0 is Stop) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertEqual(try ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 7"], standardError: dir.file("e")).run(timeLimit: 10), 7)
    }

    /// The class "private temporary files": made by mkdtemp (mode 0700, a new name) under
    /// an existing TMPDIR taken as bytes (a % is no pattern), never creating it, and
    /// removed with its files.
    func testTemporaryFolderIsPrivateAndNeverCreatesTMPDIR() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let parent = try dir.makeDirectory("t%d")
        var path = ""
        do {
            let folder = try TemporaryFolder(prefix: "x-", environment: ["TMPDIR": parent])
            path = folder.path
            XCTAssertTrue(path.hasPrefix(parent + "/x-"), path)
            var info = stat()
            XCTAssertEqual(lstat(path, &info), 0)
            XCTAssertEqual(info.st_mode & 0o7777, 0o700)
            try OutputFile.write("scratch", to: folder.file("a"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertThrowsError(try TemporaryFolder(prefix: "x-", environment: ["TMPDIR": dir.file("no/such")])) {
            XCTAssertEqual("\($0)", "TMPDIR \(dir.file("no/such")): no such folder (it is not created)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("no")))
    }

    /// The class "private temporary files": parallax-bench wrote its posters under a fixed
    /// name in /tmp and followed a link planted there into another folder. A cache folder
    /// is made 0700, and one that is a link or writable by others is refused.
    func testPrivateCacheRefusesAPlantedLinkOrAShareableFolder() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let elsewhere = try dir.makeDirectory("elsewhere")
        XCTAssertEqual(symlink(elsewhere, dir.file("cache-a")), 0)
        let environment = ["TMPDIR": dir.path]
        XCTAssertThrowsError(try TemporaryFolder.privateCache("cache-a", environment: environment)) {
            XCTAssertTrue("\($0)".hasPrefix("\(dir.file("cache-a")): not a private folder of this user"), "\($0)")
        }
        let open = try dir.makeDirectory("cache-b")
        XCTAssertEqual(chmod(open, 0o777), 0)
        XCTAssertThrowsError(try TemporaryFolder.privateCache("cache-b", environment: environment))
        let made = try TemporaryFolder.privateCache("cache-c", environment: environment)
        var info = stat()
        XCTAssertEqual(lstat(made, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o700)
        XCTAssertEqual(try TemporaryFolder.privateCache("cache-c", environment: environment), made)
    }
}

