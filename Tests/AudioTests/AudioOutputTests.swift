import Audio
import Foundation
import Platform
import XCTest

/// The SDL device with SDL's `dummy` driver (no sound card needed): its thread pulls the
/// mixer like a real device's.
final class AudioOutputTests: XCTestCase {
    func testDummyDevicePullsACueToItsEnd() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let output = try AudioOutput.open().get()
        output.play(.select)
        XCTAssertFalse(output.isSilent)
        // The select cue is 0.12 s long; the callback must have played it well within 3 s.
        let deadline = Date().addingTimeInterval(3)
        while !output.isSilent && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(output.isSilent)
    }

    func testStopSpeechOnTheDeviceSilencesIt() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let output = try AudioOutput.open().get()
        let speech = [Float](repeating: 0.1, count: 10 * SoundClip.sampleRate)
        speech.withUnsafeBufferPointer { output.speak($0) }
        XCTAssertFalse(output.isSilent)
        output.stopSpeech()
        XCTAssertTrue(output.isSilent)
    }

    func testMissingDriverIsOneLineAndNoDevice() {
        setenv("SDL_AUDIODRIVER", "no-such-driver", 1)
        defer { setenv("SDL_AUDIODRIVER", "dummy", 1) }
        switch AudioOutput.open() {
        case .success: XCTFail("opened an audio device through a driver that does not exist")
        case .failure(let reason):
            XCTAssertTrue(reason.description.hasPrefix("no audio"), reason.description)
            XCTAssertFalse(reason.description.contains("\n"))
        }
    }
}
