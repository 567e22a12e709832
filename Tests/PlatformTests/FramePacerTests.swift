import Platform
import XCTest

/// Presents held to one per display refresh where vsync does not wait, by hand: at 60 Hz a
/// period is 1/60 = 16.667 ms and the pacer lets a frame through 2 ms early (14.667 ms).
final class FramePacerTests: XCTestCase {
    func testTheFirstFrameIsNotHeld() {
        XCTAssertEqual(FramePacer(refreshRate: 60).delay(now: 5), 0)
    }

    func testAFrameReadyEarlyWaitsForTheRestOfThePeriodLessTheMargin() {
        var p = FramePacer(refreshRate: 60)
        p.presented(at: 10)
        XCTAssertEqual(p.delay(now: 10.005), 1.0 / 60 - 0.002 - 0.005, accuracy: 1e-12)   // 9.667 ms
    }

    func testAFrameReadyLateIsNotHeld() {
        var p = FramePacer(refreshRate: 60)
        p.presented(at: 10)
        XCTAssertEqual(p.delay(now: 10.02), 0)
        XCTAssertEqual(p.delay(now: 10 + 1.0 / 60 - 0.002), 0, "exactly at the margin")
    }

    /// With vsync working the swap returns at the blank: at 144 Hz (6.944 ms) a frame
    /// rendered in 1 ms is let through 2 ms before the next blank, and the swap waits those.
    func testWorkingVsyncStillMeetsEveryBlank() {
        var p = FramePacer(refreshRate: 144)
        let blank = 1.0 / 144
        p.presented(at: 0)
        let wait = p.delay(now: 0.001)
        XCTAssertLessThan(0.001 + wait, blank)
        XCTAssertEqual(0.001 + wait, blank - FramePacer.margin, accuracy: 1e-12)
    }

    func testUnknownOrHostileRefreshRatesMeanSixtyHertz() {
        for rate: Double in [0, -1, .nan, .infinity, -.infinity] {
            XCTAssertEqual(FramePacer(refreshRate: rate).period, 1.0 / 60, "\(rate)")
        }
        XCTAssertEqual(FramePacer(refreshRate: 1e300).period, 1.0 / 1000, "capped at 1000 Hz")
    }

    /// A clock running backwards or not finite never makes a wait longer than a period.
    func testHostileClockValuesWaitAtMostOnePeriod() {
        var p = FramePacer(refreshRate: 60)
        p.presented(at: 100)
        XCTAssertEqual(p.delay(now: -1e300), 1.0 / 60)
        XCTAssertEqual(p.delay(now: .nan), 0)
        p.presented(at: .infinity)     // ignored
        XCTAssertEqual(p.delay(now: 100.02), 0)
    }
}
