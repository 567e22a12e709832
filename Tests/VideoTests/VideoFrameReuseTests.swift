import Foundation
@testable import Video
import XCTest

/// Frames decoded into the planes of frames already shown, on the lossless ramp clip
/// (frame n has luma 10 n everywhere).
final class VideoFrameReuseTests: XCTestCase {
    func testDecodingIntoAFrameKeepsItsPlanes() throws {
        let video = try VideoFile(path: try Clips.mkv())
        var frame = try XCTUnwrap(try video.next())
        let planes = [frame.y, frame.u, frame.v].map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        XCTAssertTrue(try video.next(into: &frame))
        // Frame 1 (luma 10, 0.1 s) in the very buffers of frame 0.
        XCTAssertEqual(frame.time, 0.1, accuracy: 1e-9)
        XCTAssertEqual(Set(frame.y), [10])
        XCTAssertEqual([frame.y, frame.u, frame.v].map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }, planes)
    }

    func testDecodingIntoAFrameOfAnotherSizeResizesItsPlanes() throws {
        let video = try VideoFile(path: try Clips.mkv())
        var frame = VideoFrame(time: 0, width: 2, height: 2, y: [1, 2, 3, 4], u: [5], v: [6])
        XCTAssertTrue(try video.next(into: &frame))
        XCTAssertEqual(frame.width, 32)
        XCTAssertEqual(frame.y.count, 32 * 24)
        XCTAssertEqual(frame.u.count, 16 * 12)
        XCTAssertEqual(Set(frame.y), [0])
        XCTAssertEqual(Set(frame.v), [128])
    }

    func testRecycledFramesCarryTheirOwnPictures() throws {
        // Every frame handed back at once: the worker decodes into each again while the
        // next ones wait in the queue. Two passes (40 frames) must each show frame n % 20.
        let player = VideoPlayer(file: try VideoFile(path: try Clips.mkv()))
        let deadline = Date().addingTimeInterval(30)
        var n = 0
        while n < 40, Date() < deadline {
            guard let f = player.frame(at: Double(n) / 10 + 1e-9) else { Thread.sleep(forTimeInterval: 0.002); continue }
            XCTAssertEqual(f.time, Double(n) / 10, accuracy: 1e-9)
            XCTAssertEqual(Set(f.y), [UInt8(10 * (n % 20))], "frame \(n)")
            player.recycle(f)
            n += 1
        }
        XCTAssertEqual(n, 40)
        XCTAssertNil(player.failure)
    }
}
