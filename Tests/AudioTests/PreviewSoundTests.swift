import Audio
import CAllocCounter
import Foundation
import Platform
import XCTest
import _TestSupport

/// Sound clips made by the `ffmpeg` command: ffmpeg's `sine` source is
/// `sin(2 pi f t) / 8`, so a 440 Hz track crosses zero 880 times a second and peaks at 0.125.
enum SoundClips {
    static let folder: String = {
        let f = NSTemporaryDirectory() + "sound-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }()

    /// Runs ffmpeg with `arguments`, writing `name` in the folder (once per run).
    static func make(_ name: String, _ arguments: [String]) throws -> String {
        try FFmpegClip.make(folder + "/" + name, arguments)
    }

    /// 2 s of video with a 440 Hz sound track sampled at 44.1 kHz (resampled to 48 kHz).
    static func videoWithSine() throws -> String {
        try make("sine.mkv", ["-f", "lavfi", "-i", "testsrc2=s=64x36:r=10:d=2", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2",
                              "-c:v", "ffv1", "-c:a", "flac", "-shortest"])
    }

    /// Sign changes in `samples`.
    static func zeroCrossings<C: Collection>(_ samples: C) -> Int where C.Element == Float {
        zip(samples.dropFirst(), samples).filter { ($0 < 0) != ($1 < 0) }.count
    }
}

/// The mixer behind a lock, fed by a worker like `AudioOutput` (which holds SDL's lock).
final class LockedMixer: SoundStreamSink {
    let mixer = SoundMixer()
    let lock = NSLock()
    func appendStream(_ samples: UnsafeBufferPointer<Float>) -> Int {
        lock.lock(); defer { lock.unlock() }
        return mixer.appendStream(samples)
    }
    func clearStream() {
        lock.lock(); defer { lock.unlock() }
        mixer.clearStream()
    }
    var queued: Int { lock.lock(); defer { lock.unlock() }; return mixer.streamQueued }
    var streamPlayed: Int { lock.lock(); defer { lock.unlock() }; return mixer.streamPlayed }
    /// What the device would pull now: every queued sample, mixed.
    func pull() -> [Float] {
        lock.lock(); defer { lock.unlock() }
        var out = [Float](repeating: 0, count: mixer.streamQueued)
        out.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        return out
    }
}

final class PreviewSoundTests: XCTestCase {
    func testSineTrackReachesTheMixerAtItsFrequency() throws {
        let sink = LockedMixer()
        let sound = PreviewSound(path: try SoundClips.videoWithSine(), sink: sink) { XCTFail($0) }
        defer { sound.stop() }
        var heard: [Float] = []
        let deadline = Date().addingTimeInterval(20)
        while heard.count < 50_000, Date() < deadline {
            heard += sink.pull()
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertGreaterThanOrEqual(heard.count, 50_000)
        // One second (48000 samples) after the first 1000: 440 Hz crosses zero 880 times.
        let second = heard[1000..<49_000]
        XCTAssertEqual(Double(SoundClips.zeroCrossings(second)), 880, accuracy: 2)
        XCTAssertEqual(Double(second.map { abs($0) }.max() ?? 0), 0.125, accuracy: 0.01)
    }

    func testStopDropsTheQueueAndNothingArrivesAfter() throws {
        let sink = LockedMixer()
        let sound = PreviewSound(path: try SoundClips.videoWithSine(), sink: sink) { XCTFail($0) }
        let deadline = Date().addingTimeInterval(20)
        while sink.queued == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        sound.stop()
        XCTAssertEqual(sink.pull().count, 0)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(sink.pull().count, 0, "the worker queued samples after stop")
    }

    func testFileWithoutSoundIsOneLineAndSilence() throws {
        let path = try SoundClips.make("silent.mkv", ["-f", "lavfi", "-i", "testsrc2=s=64x36:r=10:d=1", "-c:v", "ffv1"])
        let lines = LineCollector()
        let sink = LockedMixer()
        let sound = PreviewSound(path: path, sink: sink) { lines.add($0) }
        defer { sound.stop() }
        let deadline = Date().addingTimeInterval(10)
        while lines.all.isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(lines.all.count, 1)
        XCTAssertTrue(lines.all.first?.contains("no audio stream") == true, lines.all.first ?? "")
        XCTAssertEqual(sink.pull().count, 0)
    }

    func testDummyDeviceTakesAStream() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let output = try AudioOutput.open().get()
        // A second offered: the ring takes half a second (the device drains it in real time).
        let tone = [Float](repeating: 0.1, count: SoundClip.sampleRate)
        XCTAssertEqual(tone.withUnsafeBufferPointer { output.appendStream($0) }, SoundClip.sampleRate / 2)
        XCTAssertFalse(output.isSilent)
        output.clearStream()
        XCTAssertTrue(output.isSilent)
    }
}

/// Lines said from another thread.
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
}

/// The mixer's stream channel: a ring of `streamSeconds` that plays in order.
final class SoundMixerStreamTests: XCTestCase {
    func testStreamRingWrapsAroundInOrder() {
        let mixer = SoundMixer()
        let capacity = Int(SoundMixer.streamSeconds * Double(SoundClip.sampleRate))
        // Sample k is k / 2^20 (exact in Float, below full scale): what plays must be 0, 1, 2, ...
        let ramp = (0..<capacity + 300).map { Float($0) / 1_048_576 }
        XCTAssertEqual(ramp.withUnsafeBufferPointer { mixer.appendStream($0) }, capacity, "a full ring takes no more")
        var out = [Float](repeating: 0, count: 200)
        out.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        XCTAssertEqual(out, Array(ramp[0..<200]))
        // 200 places freed at the ring's start: the next samples wrap into them.
        XCTAssertEqual(ramp[capacity...].withUnsafeBufferPointer { mixer.appendStream($0) }, 200)
        var rest = [Float](repeating: -1, count: capacity + 10)
        rest.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        XCTAssertEqual(Array(rest[0..<capacity]), Array(ramp[200..<capacity + 200]))
        XCTAssertEqual(Array(rest[capacity...]), [Float](repeating: 0, count: 10), "then silence")
        XCTAssertTrue(mixer.isSilent)
    }

    func testStreamAppendRenderAndClearDoNotAllocate() throws {
        try requireOptimisedBuild()
        let m = SoundMixer()
        var out = [Float](repeating: 0, count: 512)
        let chunk = [Float](repeating: 0.1, count: 4800)
        alloc_counter_reset()
        alloc_counter_enable(1)
        for _ in 0..<10 {
            _ = chunk.withUnsafeBufferPointer { m.appendStream($0) }
            out.withUnsafeMutableBufferPointer { m.render(into: $0) }
        }
        m.clearStream()
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0)
    }

    func testPlayedPositionCountsTheStreamSamplesRenderedUntilCleared() {
        let mixer = SoundMixer()
        _ = [Float](repeating: 0.1, count: 1000).withUnsafeBufferPointer { mixer.appendStream($0) }
        var out = [Float](repeating: 0, count: 300)
        out.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        XCTAssertEqual(mixer.streamPlayed, 300)
        var more = [Float](repeating: 0, count: 800)
        more.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        XCTAssertEqual(mixer.streamPlayed, 1000, "only the 700 queued samples were left to play")
        mixer.clearStream()
        XCTAssertEqual(mixer.streamPlayed, 0)
    }

    func testClearStopsTheStreamAtOnce() {
        let mixer = SoundMixer()
        let tone = [Float](repeating: 0.25, count: 1000)
        _ = tone.withUnsafeBufferPointer { mixer.appendStream($0) }
        mixer.clearStream()
        var out = [Float](repeating: 1, count: 10)
        out.withUnsafeMutableBufferPointer { mixer.render(into: $0) }
        XCTAssertEqual(out, [Float](repeating: 0, count: 10))
    }
}
