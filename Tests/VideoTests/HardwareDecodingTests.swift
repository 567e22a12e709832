import Foundation
import XCTest
@testable import Video

/// Hardware decoding through FFmpeg's hwaccels, on the H.264 ramp clip (frame n has luma
/// 10 n). Hardware paths need a device (VA-API, V4L2 mem2mem): where none opens, `auto`
/// must give the same frames as software.
final class HardwareDecodingTests: XCTestCase {
    func testNoneNeverTriesHardware() throws {
        let video = try VideoFile(path: try Clips.mp4())
        video.hardware = .none
        XCTAssertEqual(try video.frame(at: 0.55)?.y.first, 50)
        XCTAssertEqual(video.hardwareTried, [])
        XCTAssertEqual(video.decoderName, "h264")
    }

    func testAutoGivesTheSameFramesAsSoftware() throws {
        let video = try VideoFile(path: try Clips.mp4())
        XCTAssertEqual(video.hardware, .auto, "the default")
        XCTAssertEqual(try video.frame(at: 0.55)?.y.first, 50)
        XCTAssertEqual(try video.frame(at: 1.99)?.y.first, 190)
        if video.decoderName == "h264" {
            // Fell back: each decoder tried is named with its reason.
            XCTAssertFalse(video.hardwareTried.isEmpty)
            for line in video.hardwareTried { XCTAssertTrue(line.hasSuffix(": no device") || line.contains(": cannot decode"), line) }
        }
    }

    func testCodecWithoutHardwareDecodersTriesNothing() throws {
        // FFV1 has no V4L2 decoder and no hwaccel: nothing to try, nothing to say.
        let video = try VideoFile(path: try Clips.mkv())
        XCTAssertEqual(try video.next()?.y.first, 0)
        XCTAssertEqual(video.hardwareTried, [])
        XCTAssertEqual(video.decoderName, "ffv1")
    }

    func testFallbackIsOneLineAtMostForManyVideos() throws {
        let captured = try captureStandardError {
            for _ in 0..<3 {
                let video = try VideoFile(path: try Clips.mp4())
                _ = try video.next()
            }
        }
        let notes = captured.split(separator: "\n").filter { $0.contains("no hardware video decoder") }
        XCTAssertLessThanOrEqual(notes.count, 1, captured)
        if let note = notes.first { XCTAssertTrue(note.hasPrefix("note: "), String(note)) }
    }

    /// What `body` writes on standard error (file descriptor 2).
    private func captureStandardError(_ body: () throws -> Void) throws -> String {
        let path = NSTemporaryDirectory() + "stderr-\(getpid())-\(UUID().uuidString)"
        let fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let saved = dup(2)
        dup2(fd, 2)
        defer {
            dup2(saved, 2)
            close(saved)
            close(fd)
            unlink(path)
        }
        try body()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
