import Audio
import XCTest

/// The built-in cues against their formula, `a * sin(2 pi (f0 t + k t^2 / 2)) * exp(-t / decay)`,
/// evaluated by hand at chosen samples.
final class NavigationSoundsTests: XCTestCase {
    func testMoveTickPeaksAtAQuarterPeriodOfTwoKilohertz() {
        let clip = NavigationSounds.clip(.move)
        XCTAssertEqual(clip.samples.count, 1_920)              // 0.04 s at 48 kHz
        XCTAssertEqual(clip.samples[0], 0)                     // sin(0)
        // n = 6: t = 1/8000 s, a quarter period of 2 kHz: 0.25 * exp(-0.125 ms / 8 ms).
        XCTAssertEqual(Double(clip.samples[6]), 0.246124109, accuracy: 1e-6)
        // n = 12: half a period, sin(pi) = 0.
        XCTAssertEqual(Double(clip.samples[12]), 0, accuracy: 1e-6)
    }

    func testSelectGlidesUpFromTwelveHundredHertz() {
        let clip = NavigationSounds.clip(.select)
        XCTAssertEqual(clip.samples.count, 5_760)              // 0.12 s
        // n = 48, t = 1 ms: glide 600 Hz / 0.12 s = 5000 Hz/s, phase 2 pi (1.2 + 0.0025);
        // 0.3 * sin(2 pi * 0.2025) * exp(-1/30) = 0.27733752.
        XCTAssertEqual(Double(clip.samples[48]), 0.277337518, accuracy: 1e-6)
    }

    func testEveryCueIsShortAndWithinFullScale() {
        for cue in NavigationCue.allCases {
            let clip = NavigationSounds.clip(cue)
            XCTAssertLessThanOrEqual(clip.duration, 0.15, "\(cue)")
            XCTAssertGreaterThan(clip.duration, 0.02, "\(cue)")
            XCTAssertLessThanOrEqual(clip.samples.map(abs).max()!, 0.5, "\(cue)")
        }
    }
}
