import Foundation
import Images
import SceneRuntime
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
            throw XCTSkip("ffmpeg is not installed (scripts/setup.sh installs it)")
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

    func testFFmpegFailureIsOneLine() throws {
        guard let ffmpeg = FrameExport.findFFmpeg() else {
            throw XCTSkip("ffmpeg is not installed (scripts/setup.sh installs it)")
        }
        XCTAssertThrowsError(try FrameExport.encode(ffmpeg: ffmpeg, format: .gif, input: "/nonexistent/f-%02d.png",
                                                    fps: 10, output: "/nonexistent/a.gif")) { error in
            XCTAssertTrue("\(error)".hasPrefix("--out /nonexistent/a.gif: ffmpeg failed: "), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }
}
