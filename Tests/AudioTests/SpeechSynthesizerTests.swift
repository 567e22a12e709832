import Audio
import Foundation
import XCTest

/// espeak-ng through `SpeechSynthesizer` (its voice data is a dependency of the library
/// package, so these run wherever the package builds).
final class SpeechSynthesizerTests: XCTestCase {
    func testTitleBecomesSeveralTenthsOfASecondOfSound() throws {
        let speech = try SpeechSynthesizer(language: "en")
        let samples = speech.synthesize("Big Buck Bunny")
        // Three words at espeak-ng's default 175 words per minute: about a second.
        XCTAssertGreaterThan(samples.count, SoundClip.sampleRate / 4)
        XCTAssertLessThan(samples.count, 5 * SoundClip.sampleRate)
        XCTAssertGreaterThan(samples.map(abs).max() ?? 0, 0.05, "all but silent")
    }

    func testShouldContinueFalseStopsSynthesisEarly() throws {
        let speech = try SpeechSynthesizer(language: "en")
        let text = String(repeating: "A long sentence that takes several seconds to say. ", count: 6)
        let whole = speech.synthesize(text)
        var buffers = 0
        let cut = speech.synthesize(text) { buffers += 1; return buffers < 2 }
        XCTAssertGreaterThan(cut.count, 0)
        XCTAssertLessThan(cut.count, whole.count / 4, "cancelled after two of espeak-ng's buffers")
    }

    func testCancelRightAfterSpeakDeliversNothing() throws {
        let speech = try SpeechSynthesizer(language: "en")
        let delivered = NSLock()
        var count = 0
        speech.speak("Cancelled at once", detail: "never heard") { _ in delivered.lock(); count += 1; delivered.unlock() }
        speech.cancel()
        // A later request is delivered: the worker is alive and went past the cancelled one.
        let done = expectation(description: "second request delivered")
        speech.speak("Spoken", detail: "after a pause") { samples in
            // Title, 0.5 s of silence, detail: longer than the pause alone.
            XCTAssertGreaterThan(samples.count, SoundClip.sampleRate / 2)
            done.fulfill()
        }
        wait(for: [done], timeout: 20)
        delivered.lock()
        XCTAssertEqual(count, 0)
        delivered.unlock()
    }

    func testVoiceNamesFromLanguageTagsAndLocales() {
        XCTAssertEqual(SpeechSynthesizer.voiceName("de_DE.UTF-8"), "de")
        XCTAssertEqual(SpeechSynthesizer.voiceName("pt-BR"), "pt-br")
        XCTAssertEqual(SpeechSynthesizer.voiceName("en_US.UTF-8"), "en-us")
        XCTAssertEqual(SpeechSynthesizer.voiceName("fr"), "fr")
        XCTAssertEqual(SpeechSynthesizer.voiceName("C.UTF-8"), "en")
        XCTAssertEqual(SpeechSynthesizer.voiceName("POSIX"), "en")
        XCTAssertEqual(SpeechSynthesizer.voiceName(""), "en")
    }

    func testLanguageFromTheEnvironmentInPrecedenceOrder() {
        XCTAssertEqual(SpeechSynthesizer.language(environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:en"]), "fr")
        XCTAssertEqual(SpeechSynthesizer.language(environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "es_ES.UTF-8"]), "es_ES.UTF-8")
        XCTAssertEqual(SpeechSynthesizer.language(environment: ["LANG": "de_DE.UTF-8"]), "de_DE.UTF-8")
        XCTAssertEqual(SpeechSynthesizer.language(environment: [:]), "en")
    }

    func testUnknownLanguageIsOneLine() {
        XCTAssertThrowsError(try SpeechSynthesizer(language: "xx-nonexistent")) { error in
            XCTAssertEqual("\(error)", "no espeak-ng voice for language \"xx-nonexistent\"")
        }
    }

    func testMissingVoiceDataIsOneLineNotAnExit() {
        XCTAssertThrowsError(try SpeechSynthesizer(language: "en", dataPath: "/tmp/launcher-empty-espeak")) { error in
            XCTAssertEqual("\(error)", "no espeak-ng voice data in /tmp/launcher-empty-espeak (install espeak-ng-data)")
        }
        // The engine still starts from its usual place afterwards.
        XCTAssertNoThrow(try SpeechSynthesizer(language: "en"))
    }
}
