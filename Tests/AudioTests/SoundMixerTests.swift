import Audio
import CAllocCounter
import XCTest
import _TestSupport

/// The mixer with clips of known samples: outputs are sums worked out by hand.
final class SoundMixerTests: XCTestCase {
    func render(_ m: SoundMixer, _ count: Int) -> [Float] {
        var out = [Float](repeating: 9, count: count)
        out.withUnsafeMutableBufferPointer { m.render(into: $0) }
        return out
    }

    func mixer(move: [Float]) -> SoundMixer {
        let m = SoundMixer()
        m.setClip(SoundClip(samples: move), for: .move)
        return m
    }

    func testSilentMixerWritesZeros() {
        let m = SoundMixer()
        XCTAssertTrue(m.isSilent)
        XCTAssertEqual(render(m, 4), [0, 0, 0, 0])
    }

    func testCuePlaysOnceThenTheVoiceGoesIdle() {
        let m = mixer(move: [0.1, 0.2, 0.3])
        m.trigger(.move)
        XCTAssertEqual(render(m, 2), [0.1, 0.2])
        XCTAssertEqual(render(m, 3), [0.3, 0, 0])
        XCTAssertTrue(m.isSilent)
    }

    func testOverlappingTriggersAdd() {
        let m = mixer(move: [0.1, 0.2, 0.3, 0.4])
        m.trigger(.move)
        _ = render(m, 2)
        m.trigger(.move)
        // First voice at 0.3, 0.4; second from 0.1.
        let out = render(m, 3)
        XCTAssertEqual(out[0], 0.3 + 0.1, accuracy: 1e-7)
        XCTAssertEqual(out[1], 0.4 + 0.2, accuracy: 1e-7)
        XCTAssertEqual(out[2], 0.3, accuracy: 1e-7)
    }

    func testSumIsClampedToFullScale() {
        let m = mixer(move: [0.8, -0.8])
        m.trigger(.move)
        m.trigger(.move)
        XCTAssertEqual(render(m, 2), [1, -1])
    }

    func testNinthTriggerTakesTheVoiceThatPlayedLongest() {
        let m = mixer(move: [Float](repeating: 0.01, count: 100))
        m.trigger(.move)
        _ = render(m, 10)                 // voice 0 is 10 samples in
        for _ in 1..<SoundMixer.voiceCount { m.trigger(.move) }
        m.trigger(.move)                  // all busy: voice 0 restarts
        // Eight voices, none past its end: 8 * 0.01 at once, all ending together at 100.
        let out = render(m, 100)
        XCTAssertEqual(out[0], 0.08, accuracy: 1e-6)
        XCTAssertEqual(out[99], 0.08, accuracy: 1e-6)
        XCTAssertTrue(m.isSilent)
    }

    func testZeroCueGainMutesCuesButNotSpeech() {
        let m = mixer(move: [0.5])
        m.cueGain = 0
        m.trigger(.move)
        let speech: [Float] = [0.25, 0.5]
        speech.withUnsafeBufferPointer { m.startSpeech($0) }
        XCTAssertEqual(render(m, 3), [0.25, 0.5, 0])
    }

    func testStopSpeechSilencesAtOnce() {
        let m = SoundMixer()
        let speech = [Float](repeating: 0.5, count: 1000)
        speech.withUnsafeBufferPointer { m.startSpeech($0) }
        XCTAssertTrue(m.isSpeaking)
        XCTAssertEqual(render(m, 2), [0.5, 0.5])
        m.stopSpeech()
        XCTAssertFalse(m.isSpeaking)
        XCTAssertEqual(render(m, 2), [0, 0])
    }

    func testSpeechLongerThanTheLimitIsCut() {
        let m = SoundMixer()
        let limit = SoundMixer.maxSpeechSeconds * SoundClip.sampleRate
        let speech = [Float](repeating: 0.5, count: limit + 10)
        speech.withUnsafeBufferPointer { m.startSpeech($0) }
        var out = [Float](repeating: 0, count: limit + 10)
        out.withUnsafeMutableBufferPointer { m.render(into: $0) }
        XCTAssertEqual(out[limit - 1], 0.5)
        XCTAssertEqual(out[limit], 0)
    }

    func testTriggerAndRenderDoNotAllocate() throws {
        try requireOptimisedBuild()
        let m = SoundMixer()
        var out = [Float](repeating: 0, count: 512)
        let speech = [Float](repeating: 0.1, count: 4800)
        alloc_counter_reset()
        alloc_counter_enable(1)
        for cue in [NavigationCue.move, .select, .back, .edge] { m.trigger(cue) }
        speech.withUnsafeBufferPointer { m.startSpeech($0) }
        out.withUnsafeMutableBufferPointer { m.render(into: $0) }
        m.stopSpeech()
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0)
    }
}
