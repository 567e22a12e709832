import Foundation
import Video
import XCTest
import _TestSupport

/// Clips made by the `ffmpeg` command (scripts/setup.sh installs it) whose frame n has
/// luma 10 n everywhere (`geq=lum=N*10`) at 10 frames per second, encoded losslessly, so
/// every expected value is the frame number times ten.
enum Clips {
    static let folder: String = {
        let f = NSTemporaryDirectory() + "video-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }()

    /// Runs ffmpeg with `arguments`, writing `name` in the folder (once per run).
    static func make(_ name: String, _ arguments: [String]) throws -> String {
        try FFmpegClip.make(folder + "/" + name, arguments)
    }

    /// 2 s of 32x24 at 10 fps, frame n all luma 10 n (chroma 128).
    static func ramp(_ name: String, codec: [String]) throws -> String {
        try make(name, ["-f", "lavfi", "-i", "nullsrc=s=32x24:r=10:d=2,geq=lum='N*10':cb=128:cr=128,format=yuv420p"] + codec)
    }

    static func mkv() throws -> String { try ramp("ramp.mkv", codec: ["-c:v", "ffv1"]) }
    static func mp4() throws -> String { try ramp("ramp.mp4", codec: ["-c:v", "libx264", "-qp", "0", "-g", "5", "-pix_fmt", "yuv420p"]) }
}

/// `VideoFile` on the ramp clips and on broken files.
final class VideoFileTests: XCTestCase {
    func make(_ name: String, _ arguments: [String]) throws -> String { try Clips.make(name, arguments) }
    func mkv() throws -> String { try Clips.mkv() }
    func mp4() throws -> String { try Clips.mp4() }

    func testSequentialFramesCarryTheirTimesAndPlanes() throws {
        let video = try VideoFile(path: try mkv())
        XCTAssertEqual(video.container, .matroska)
        XCTAssertEqual(video.width, 32)
        XCTAssertEqual(video.height, 24)
        var frames: [VideoFrame] = []
        while let f = try video.next() { frames.append(f) }
        XCTAssertEqual(frames.count, 20)
        XCTAssertEqual(frames[7].time, 0.7, accuracy: 1e-9)
        XCTAssertEqual(Set(frames[7].y), [70])
        XCTAssertEqual(frames[7].u.count, 16 * 12)
        XCTAssertEqual(Set(frames[7].u), [128])
    }

    func testFrameAtTimeIsTheLastFrameShownByThenAndLoops() throws {
        for path in [try mkv(), try mp4()] {
            let video = try VideoFile(path: path)
            XCTAssertEqual(video.duration, 2, accuracy: 1e-9, path)
            // 0.55 s shows frame 5 (0.5 s); 1.0 s exactly shows frame 10.
            XCTAssertEqual(try video.frame(at: 0.55)?.y.first, 50, path)
            XCTAssertEqual(try video.frame(at: 1.0)?.y.first, 100, path)
            // Looping: 2.35 s is 0.35 s into the second pass: frame 3. Backwards works too.
            XCTAssertEqual(try video.frame(at: 2.35)?.y.first, 30, path)
            XCTAssertEqual(try video.frame(at: 0)?.y.first, 0, path)
            XCTAssertEqual(try video.frame(at: 1.99)?.y.first, 190, path)
        }
    }

    func testMp4IsChosenBySignature() throws {
        XCTAssertEqual(try VideoFile(path: try mp4()).container, .mp4)
        XCTAssertEqual(VideoContainer(signature: Array("\u{0}\u{0}\u{0}\u{18}ftypisom".utf8)), .mp4)
        XCTAssertEqual(VideoContainer(signature: [0x1A, 0x45, 0xDF, 0xA3, 0x01]), .matroska)
        XCTAssertNil(VideoContainer(signature: Array("RIFF....AVI ".utf8)))
        XCTAssertNil(VideoContainer(signature: []))
    }

    func message(_ path: String) -> String {
        do { _ = try VideoFile(path: path); return "opened" } catch { return "\(error)" }
    }

    func testNotAVideoByItsFirstBytes() throws {
        let path = Clips.folder + "/text.mp4"
        try "just text, not a video".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(message(path), "\(path): not a video file (expected MP4, WebM or MKV)")
    }

    func testFifoIsRefusedWithoutBlocking() {
        let path = Clips.folder + "/fifo.mkv"
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertTrue(message(path).contains("FIFO"), message(path))
    }

    func testAudioOnlyFileHasNoVideoStream() throws {
        let path = try make("sine.mkv", ["-f", "lavfi", "-i", "sine=d=0.5", "-c:a", "flac"])
        XCTAssertEqual(message(path), "\(path): no video stream")
    }

    func testDeclared65535SquareIsRefusedBeforeDecoding() throws {
        // Matroska stores the size as PixelWidth (B0) and PixelHeight (BA) elements; the
        // 32x24 clip's are "B0 81 20" and "BA 81 18": widen both to two-byte 65535.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try mkv())))
        func patch(_ id: UInt8, _ value: UInt8) throws {
            let at = try XCTUnwrap((0..<bytes.count - 2).first { bytes[$0] == id && bytes[$0 + 1] == 0x81 && bytes[$0 + 2] == value })
            bytes.replaceSubrange(at..<at + 3, with: [id, 0x82, 0xFF, 0xFF])
        }
        try patch(0xB0, 32)
        try patch(0xBA, 24)
        // (The enclosing elements' sizes are now one byte short each; FFmpeg's reader
        // still finds the track, which is the declared size this test is about.)
        let path = Clips.folder + "/huge.mkv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(message(path), "\(path): 65535x65535 pictures (at most 4096 on a side)")
    }

    func testTruncatedFileGivesTheFramesBeforeTheCutAndEnds() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try mp4()))
        let path = Clips.folder + "/cut.mp4"
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        // An MP4 whose index (moov) follows the data may not open at all; either way, one
        // line or a bounded number of frames, never a crash or a hang.
        do {
            let video = try VideoFile(path: path)
            var n = 0
            while n < 1000, (try? video.next()).flatMap({ $0 }) != nil { n += 1 }
            XCTAssertLessThan(n, 1000)
        } catch {
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testRandomlyCorruptedFileNeverCrashes() throws {
        let seed = UInt64(0x5EED_0038)
        print("VideoFileTests.testRandomlyCorruptedFileNeverCrashes seed \(seed)")
        var state = seed
        func random() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try mkv())))
        for _ in 0..<200 {
            let i = 64 + Int(random() % UInt64(bytes.count - 64))
            bytes[i] = UInt8(truncatingIfNeeded: random())
        }
        let path = Clips.folder + "/corrupt.mkv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let video = try? VideoFile(path: path) {
            var n = 0
            while n < 1000, let f = try? video.next() { n += 1; if f == nil { break } }
            XCTAssertLessThan(n, 1000)
            _ = try? video.frame(at: 1.234)
        }
    }
}

/// The worker and its bounded queue on the same lossless ramp clip.
final class VideoPlayerTests: XCTestCase {
    func clip() throws -> String { try Clips.mkv() }

    func testNewestDueFrameAndNothingBeforeItsTime() throws {
        let player = VideoPlayer(file: try VideoFile(path: try clip()))
        // Give the worker time to fill its queue (it never holds more than `capacity`).
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertNil(player.frame(at: -1))
        // Frames 0...3 are queued; at 0.25 s frames 0, 1 and 2 are due: the newest is 2.
        XCTAssertEqual(player.frame(at: 0.25)?.y.first, 20)
        XCTAssertNil(player.frame(at: 0.25), "nothing new is due")
        player.stop()
        XCTAssertNil(player.failure)
    }

    func testLoopingAddsTheDurationToFrameTimes() throws {
        let player = VideoPlayer(file: try VideoFile(path: try clip()))
        var last: VideoFrame?
        let deadline = Date().addingTimeInterval(20)
        var n = 0
        // Ask every 0.1 s of video time (0.1 n, so no sum drifts below a frame's time)
        // until the second pass's frame 1 (time 2.1) shows.
        while Date() < deadline, (last?.time ?? 0) < 2.05 {
            if let f = player.frame(at: Double(n) / 10 + 1e-9) { last = f; n += 1 } else { Thread.sleep(forTimeInterval: 0.005) }
        }
        XCTAssertEqual(last?.time ?? 0, 2.1, accuracy: 1e-9)
        XCTAssertEqual(last?.y.first, 10)
        XCTAssertGreaterThan(player.decodeCPUSeconds, 0)
    }
}

/// Frames scaled on the decoding thread (`outputSize`).
final class VideoOutputSizeTests: XCTestCase {
    func testHalfSizeFramesKeepTheirLuma() throws {
        let video = try VideoFile(path: try Clips.mkv())
        video.outputSize = (16, 12)
        let f = try XCTUnwrap(try video.frame(at: 0.55))
        XCTAssertEqual(f.width, 16)
        XCTAssertEqual(f.height, 12)
        XCTAssertEqual(f.y.count, 16 * 12)
        XCTAssertEqual(f.u.count, 8 * 6)
        // A flat picture stays flat when scaled: luma 50 everywhere (frame 5).
        XCTAssertEqual(Set(f.y), [50])
    }

    func testOutputSizeNeverScalesUp() throws {
        let video = try VideoFile(path: try Clips.mkv())
        video.outputSize = (640, 480)
        let f = try XCTUnwrap(try video.next())
        XCTAssertEqual(f.width, 32)
        XCTAssertEqual(f.height, 24)
    }
}
