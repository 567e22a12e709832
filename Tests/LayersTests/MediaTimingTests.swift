import Layers
import XCTest
import _TestSupport

/// CAMediaTiming and CAMediaTimingFunction, with values worked out by hand from Core
/// Animation's definitions (docs/animations.md).
final class MediaTimingTests: XCTestCase {
    func simple(_ timing: MediaTiming, _ t: Double) -> Double? {
        if case .active(let s) = timing.phase(at: t) { return s }
        return nil
    }

    // MARK: Timing functions: Bezier parameter s = 0.5 gives x = 3/8 c1x + 3/8 c2x + 1/8.

    func testEaseInAtBezierMidpoint() {
        // x(0.5) = 0.375*0.42 + 0.375*1 + 0.125 = 0.6575; y(0.5) = 0.375 + 0.125 = 0.5.
        assertClose(TimingFunction.easeIn(0.6575), 0.5, 1e-9)
    }

    func testEaseOutAtBezierMidpoint() {
        // x(0.5) = 0.375*0.58 + 0.125 = 0.3425; y(0.5) = 0.5.
        assertClose(TimingFunction.easeOut(0.3425), 0.5, 1e-9)
    }

    func testEaseInEaseOutIsSymmetricAboutTheMiddle() {
        assertClose(TimingFunction.easeInEaseOut(0.5), 0.5, 1e-9)
        assertClose(TimingFunction.easeInEaseOut(0.2) + TimingFunction.easeInEaseOut(0.8), 1, 1e-9)
    }

    func testDefaultFunctionAtBezierMidpoint() {
        // (0.25, 0.1, 0.25, 1): x(0.5) = 0.09375 + 0.09375 + 0.125 = 0.3125; y = 0.0375 + 0.375 + 0.125.
        assertClose(TimingFunction.default(0.3125), 0.5375, 1e-9)
    }

    func testCustomBezierAtBezierMidpoint() {
        // (0.1, 0.7, 0.3, 0.9): x(0.5) = 0.0375 + 0.1125 + 0.125 = 0.275; y = 0.2625 + 0.3375 + 0.125.
        assertClose(TimingFunction(0.1, 0.7, 0.3, 0.9)(0.275), 0.725, 1e-9)
    }

    func testNamedFunctionsHaveCoreAnimationControlPoints() {
        XCTAssertEqual(TimingFunction.easeIn, TimingFunction(0.42, 0, 1, 1))
        XCTAssertEqual(TimingFunction.easeOut, TimingFunction(0, 0, 0.58, 1))
        XCTAssertEqual(TimingFunction.easeInEaseOut, TimingFunction(0.42, 0, 0.58, 1))
        XCTAssertEqual(TimingFunction.default, TimingFunction(0.25, 0.1, 0.25, 1))
    }

    // MARK: Begin time, fill modes

    func testBeforeBeginTimeIsInactiveWithoutBackwardsFill() {
        let timing = MediaTiming(beginTime: 1, duration: 2)
        XCTAssertNil(simple(timing, 0.5))
        XCTAssertEqual(simple(timing, 2), 1)
    }

    func testBackwardsFillShowsTheFirstValueBeforeTheStart() {
        let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: .backwards)
        XCTAssertEqual(simple(timing, 0.5), 0)
        XCTAssertNil(simple(timing, 3.5), "backwards does not hold the end")
    }

    func testForwardsFillHoldsTheEnd() {
        let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: .forwards)
        XCTAssertNil(simple(timing, 0.5))
        XCTAssertEqual(simple(timing, 10), 2)
    }

    func testBothFillCoversBothSides() {
        let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: .both)
        XCTAssertEqual(simple(timing, 0), 0)
        XCTAssertEqual(simple(timing, 4), 2)
    }

    func testZeroDurationMeansCoreAnimationsQuarterSecond() {
        let timing = MediaTiming()
        XCTAssertEqual(timing.simpleDuration, 0.25)
        XCTAssertEqual(simple(timing, 0.125), 0.125)
        XCTAssertEqual(timing.endTime, 0.25)
    }

    // MARK: Repeats and autoreverse

    func testAutoreversePlaysBackwardInTheSecondHalfOfEachCycle() {
        let timing = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 4)
        assertClose(simple(timing, 0.25)!, 0.25)
        assertClose(simple(timing, 1.5)!, 0.5)
        assertClose(simple(timing, 2.25)!, 0.25, 1e-12)
        assertClose(simple(timing, 3.75)!, 0.25)
        XCTAssertEqual(simple(timing, 4), 0, "an autoreversing animation ends where it started")
    }

    func testWholeRepeatCountEndsAtTheEndOfTheLastCycle() {
        let timing = MediaTiming(duration: 2, repeatCount: 3, fillMode: .forwards)
        assertClose(simple(timing, 4.5)!, 0.5)
        XCTAssertEqual(simple(timing, 6), 2)
        XCTAssertEqual(simple(timing, 100), 2)
    }

    func testFractionalRepeatCountStopsMidCycle() {
        // 1.5 cycles of 2 s: active for 3 s and held at 1 s into the cycle.
        let timing = MediaTiming(duration: 2, repeatCount: 1.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 3)
        XCTAssertEqual(simple(timing, 5), 1)
    }

    func testRepeatDurationBoundsTheActiveInterval() {
        let timing = MediaTiming(duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        assertClose(simple(timing, 2.25)!, 0.25)
        assertClose(simple(timing, 9)!, 0.5)
    }

    func testInfiniteRepeatCountNeverEnds() {
        let timing = MediaTiming(duration: 1, repeatCount: .infinity)
        XCTAssertEqual(timing.endTime, .infinity)
        assertClose(simple(timing, 1e6 + 0.25)!, 0.25, 1e-6)
    }

    // MARK: Speed and time offset

    func testSpeedTwoHalvesTheSceneDuration() {
        let timing = MediaTiming(duration: 1, speed: 2)
        XCTAssertEqual(simple(timing, 0.25), 0.5)
        XCTAssertEqual(timing.endTime, 0.5)
        XCTAssertNil(simple(timing, 0.6))
    }

    func testTimeOffsetStartsPartWayAndWrapsAround() {
        // timeOffset 0.3 of a 1 s animation: 0.3 ... 1, then 0 ... 0.3.
        let timing = MediaTiming(duration: 1, timeOffset: 0.3)
        assertClose(simple(timing, 0)!, 0.3)
        assertClose(simple(timing, 0.5)!, 0.8)
        assertClose(simple(timing, 0.8)!, 0.1)
        XCTAssertEqual(timing.endTime, 1)
    }

    func testSpeedZeroFreezesAtTheTimeOffset() {
        let timing = MediaTiming(duration: 1, speed: 0, timeOffset: 0.4)
        XCTAssertEqual(simple(timing, 0), 0.4)
        XCTAssertEqual(simple(timing, 50), 0.4)
        XCTAssertEqual(timing.endTime, .infinity)
    }

    func testExtremeFiniteNumbersDoNotTrap() {
        for (d, s, r) in [(1e-300, 1e300, 1e300), (1e300, 1e-300, 0), (1e300, 1e300, 1e300)] {
            let timing = MediaTiming(beginTime: 1e300, duration: d, speed: s, timeOffset: 1e300, repeatCount: r,
                                     autoreverses: true, fillMode: .both)
            for t in [0, 1, 1e300, 1e301] {
                if let v = simple(timing, t) { XCTAssertFalse(v.isNaN, "d \(d) s \(s) r \(r) t \(t)") }
            }
        }
    }
}
