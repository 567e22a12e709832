import LayerMath
import Layers
import XCTest
import _TestSupport

/// CAKeyframeAnimation: values, keyTimes, per-segment timing functions, linear and
/// discrete calculation.
final class KeyframeAnimationTests: XCTestCase {
    let values: [AnimationValue] = [.scalar(0), .scalar(10), .scalar(30)]

    func scalar(_ v: AnimationValue) -> Double {
        if case .scalar(let x) = v { return x }
        XCTFail("not a number: \(v)")
        return .nan
    }

    func testEvenlySpacedKeyTimesByDefault() {
        let k = Keyframes(values: values)
        assertClose(scalar(k.value(at: 0.25)), 5)
        assertClose(scalar(k.value(at: 0.75)), 20)
        XCTAssertEqual(scalar(k.value(at: 1)), 30)
    }

    func testKeyTimesPlaceTheValues() {
        let k = Keyframes(values: values, keyTimes: [0, 0.25, 1])
        assertClose(scalar(k.value(at: 0.125)), 5)
        assertClose(scalar(k.value(at: 0.625)), 20)   // half way through 0.25 ... 1
    }

    func testPerSegmentTimingFunctionEasesOnlyItsSegment() {
        let k = Keyframes(values: values, keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, .linear])
        // easeIn(0.6575) = 0.5 (Bezier parameter 0.5), so 0.6575 of the first segment gives 5.
        assertClose(scalar(k.value(at: 0.6575 * 0.25)), 5, 1e-9)
        assertClose(scalar(k.value(at: 0.625)), 20)
    }

    func testDiscreteShowsEachValueForAnEqualShare() {
        let k = Keyframes(values: values, calculationMode: .discrete)
        XCTAssertEqual(scalar(k.value(at: 0.3)), 0)
        XCTAssertEqual(scalar(k.value(at: 1.0 / 3)), 10)
        XCTAssertEqual(scalar(k.value(at: 0.9)), 30)
    }

    func testDiscreteWithOneMoreKeyTimeThanValues() {
        let k = Keyframes(values: values, keyTimes: [0, 0.5, 0.9, 1], calculationMode: .discrete)
        XCTAssertEqual(scalar(k.value(at: 0.49)), 0)
        XCTAssertEqual(scalar(k.value(at: 0.6)), 10)
        XCTAssertEqual(scalar(k.value(at: 0.95)), 30)
    }

    func testOverallTimingFunctionAppliesBeforeTheSegments() {
        var a = Animation.keyframe(.opacity, values: [.scalar(0), .scalar(1)], duration: 1)
        a.timingFunction = .easeOut
        // easeOut(0.3425) = 0.5.
        assertClose(scalar(a.value(at: 0.3425, base: .scalar(1))!), 0.5, 1e-9)
    }

    func testPointKeyframesInterpolatePerComponent() {
        let k = Keyframes(values: [.point(Point(0, 0)), .point(Point(100, 50))])
        XCTAssertEqual(k.value(at: 0.5), .point(Point(50, 25)))
    }

    func testRepeatedKeyTimeJumpsToTheLaterValue() {
        // Key times 0, 0.5, 0.5, 1: a jump from 10 to 20 at the middle.
        let k = Keyframes(values: [.scalar(0), .scalar(10), .scalar(20), .scalar(30)], keyTimes: [0, 0.5, 0.5, 1])
        assertClose(scalar(k.value(at: 0.25)), 5)
        assertClose(scalar(k.value(at: 0.75)), 25)
        XCTAssertEqual(scalar(k.value(at: 0.5)), 20)
    }

    func testLongListsFindTheirSegment() {
        // 100001 values v_i = 2i at key times i / 100000: the value at p is 200000 p.
        let n = 100_001
        let k = Keyframes(values: (0..<n).map { .scalar(Double(2 * $0)) })
        for p in [0.0, 0.123456, 0.5, 0.99999, 1] {
            assertClose(scalar(k.value(at: p)), 200_000 * p, 1e-6)
        }
        let d = Keyframes(values: (0..<n).map { .scalar(Double($0)) }, calculationMode: .discrete)
        XCTAssertEqual(scalar(d.value(at: 0.5)), 50_000)   // key time of value i: i / n
    }
}
