import XCTest
import _TestSupport
@testable import Components

final class ScrollPhysicsTests: XCTestCase {
    /// Runs the physics to `time` in 60 Hz steps (results must not depend on the steps).
    private func run(_ p: inout ScrollPhysics, from t0: Double, to t1: Double, step: Double = 1.0 / 60) {
        var t = t0
        while t < t1 { t = min(t + step, t1); p.update(to: t) }
    }

    /// A drag at constant speed: `points` travelled in `duration`, sampled at 120 Hz.
    private func drag(_ p: inout ScrollPhysics, from x0: Double, by points: Double, duration: Double, start: Double) {
        p.beginDrag(at: x0, time: start)
        let steps = max(1, Int(duration * 120))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            p.drag(to: x0 + points * f, time: start + duration * f)
        }
        p.endDrag(time: start + duration)
    }

    func testStartsOnClampedIndex() {
        XCTAssertEqual(ScrollPhysics(count: 9, index: 4).offset, 4)
        XCTAssertEqual(ScrollPhysics(count: 9, index: 40).offset, 8)
        XCTAssertEqual(ScrollPhysics(count: 9, wrap: true, index: 11).offset, 2)
        XCTAssertEqual(ScrollPhysics(count: 9, wrap: true, index: -1).currentIndex, 8)
        XCTAssertEqual(ScrollPhysics(count: 0).count, 1)
        XCTAssertEqual(ScrollPhysics(count: 3, itemSize: .nan).itemSize, 1)
    }

    func testScrollByItemsTakesPointFourSecondsEaseInOut() {
        var p = ScrollPhysics(count: 9, index: 4)
        p.scroll(byItems: 1)
        XCTAssertTrue(p.isAnimating)
        XCTAssertEqual(p.targetIndex, 5)
        p.update(to: 0.2)
        XCTAssertEqual(p.offset, 4.5, accuracy: 1e-12)      // ease-in-out midpoint
        p.update(to: 0.1)                                  // earlier time: ignored
        XCTAssertEqual(p.offset, 4.5, accuracy: 1e-12)
        p.update(to: 0.4)
        XCTAssertFalse(p.isAnimating)
        XCTAssertEqual(p.offset, 5)
        XCTAssertEqual(p.currentIndex, 5)
    }

    func testPressesDuringAnimationCountFromTarget() {
        var p = ScrollPhysics(count: 20, index: 2)
        for k in 0..<5 {
            p.update(to: Double(k) * 0.05)
            p.scroll(byItems: 1)
        }
        XCTAssertEqual(p.targetIndex, 7)
        run(&p, from: 0.2, to: 1.0)
        XCTAssertEqual(p.offset, 7)
    }

    func testScrollByClampsAtEnds() {
        var p = ScrollPhysics(count: 5, index: 3)
        p.scroll(byItems: 10)
        XCTAssertEqual(p.targetIndex, 4)
        p.update(to: 1)
        XCTAssertEqual(p.offset, 4)
        p.scroll(byItems: -10)
        p.update(to: 2)
        XCTAssertEqual(p.offset, 0)
    }

    func testFlickTravelsSeveralItemsAndLandsExactlyOnOne() {
        var p = ScrollPhysics(count: 100, itemSize: 200, index: 50)
        // 1000 pt/s to the left = +5 items/s; iCarousel travel = v/3 = 1.67 items.
        drag(&p, from: 600, by: -100, duration: 0.1, start: 0)
        XCTAssertEqual(p.releaseVelocity, 5, accuracy: 0.01)
        XCTAssertTrue(p.isAnimating)
        let target = p.targetIndex
        XCTAssertEqual(target, 53)      // 50.5 + 1.67 = 52.17, rounded up in the flick direction
        run(&p, from: 0.1, to: 3)
        XCTAssertEqual(p.offset, 53)
        XCTAssertFalse(p.isAnimating)
    }

    func testFastFlickGoesFurther() {
        var slow = ScrollPhysics(count: 1000, itemSize: 100, index: 500)
        var fast = slow
        drag(&slow, from: 0, by: -50, duration: 0.1, start: 0)    // 5 items/s
        drag(&fast, from: 0, by: -300, duration: 0.1, start: 0)   // 30 items/s -> ~10 items
        run(&slow, from: 0.1, to: 5); run(&fast, from: 0.1, to: 5)
        XCTAssertGreaterThan(fast.offset, slow.offset + 5)
        XCTAssertEqual(fast.offset, fast.offset.rounded())
    }

    func testDecelerationIsFrameRateIndependent() {
        var a = ScrollPhysics(count: 100, itemSize: 100, index: 50)
        drag(&a, from: 0, by: -120, duration: 0.1, start: 0)
        var b = a
        run(&a, from: 0.1, to: 0.5, step: 1.0 / 30)
        run(&b, from: 0.1, to: 0.5, step: 1.0 / 144)
        XCTAssertEqual(a.offset, b.offset, accuracy: 1e-9)
    }

    func testSlowDragSnapsToNearest() {
        var p = ScrollPhysics(count: 9, itemSize: 100, index: 4)
        p.beginDrag(at: 500, time: 0)
        p.drag(to: 460, time: 0.5)        // 0.4 items, then rest
        p.endDrag(time: 1.0)              // finger rested: no velocity
        XCTAssertEqual(p.releaseVelocity, 0)
        XCTAssertEqual(p.targetIndex, 4)
        run(&p, from: 1, to: 2)
        XCTAssertEqual(p.offset, 4)
        p.beginDrag(at: 500, time: 3)
        p.drag(to: 440, time: 3.5)        // 0.6 items
        p.endDrag(time: 4)
        run(&p, from: 4, to: 5)
        XCTAssertEqual(p.offset, 5)
    }

    func testCarouselBounceLimitsOvershootAndReturns() {
        var p = ScrollPhysics(count: 5, itemSize: 100, index: 0)
        p.beginDrag(at: 0, time: 0)
        p.drag(to: 1000, time: 1)         // pull 10 items past the start
        XCTAssertLessThan(p.offset, 0)
        XCTAssertGreaterThanOrEqual(p.offset, -1)
        p.drag(to: 1000, time: 1.5)
        p.endDrag(time: 1.5)
        run(&p, from: 1.5, to: 3)
        XCTAssertEqual(p.offset, 0)
        XCTAssertFalse(p.isAnimating)
    }

    func testRubberBandPointsMode() {
        var p = ScrollPhysics.points(range: 0...1000, viewport: 400)
        p.beginDrag(at: 0, time: 0)
        p.drag(to: 200, time: 0.2)        // 200 pt past the top
        // UIScrollView: (1 - 1 / (200 * 0.55 / 400 + 1)) * 400 = 86.27
        XCTAssertEqual(p.offset, -(1 - 1 / (200 * 0.55 / 400 + 1)) * 400, accuracy: 1e-9)
        p.drag(to: 200, time: 0.4)
        p.endDrag(time: 0.4)
        run(&p, from: 0.4, to: 4)
        XCTAssertEqual(p.offset, 0, accuracy: 1e-9)
        XCTAssertFalse(p.isAnimating)
    }

    func testPointsModeExponentialGlide() {
        var p = ScrollPhysics.points(range: 0...100_000, viewport: 400, offset: 1000)
        p.beginDrag(at: 0, time: 0)
        for i in 1...12 { p.drag(to: -Double(i) * 10, time: Double(i) / 120) }   // 1200 pt/s
        p.endDrag(time: 0.1)
        XCTAssertEqual(p.releaseVelocity, 1200, accuracy: 1)
        let start = p.offset
        run(&p, from: 0.1, to: 10)
        // distance = v / (-1000 ln 0.998) = 599.4 pt (less the stop threshold tail)
        XCTAssertEqual(p.offset - start, 1200 / (-1000 * log(0.998)), accuracy: 1)
        XCTAssertFalse(p.isAnimating)
    }

    func testPointsModeGlidePastEndBouncesBack() {
        var p = ScrollPhysics.points(range: 0...500, viewport: 400, offset: 400)
        p.fling(velocity: 2000, time: 0)
        var maxSeen = 0.0
        var t = 0.0
        while t < 5 { t += 1.0 / 60; p.update(to: t); maxSeen = max(maxSeen, p.offset) }
        XCTAssertGreaterThan(maxSeen, 500)
        XCTAssertEqual(p.offset, 500, accuracy: 1e-9)
    }

    func testWrapKeepsIndexInRangeAndTakesShortestPath() {
        var p = ScrollPhysics(count: 9, wrap: true, index: 8)
        p.scroll(byItems: 1)
        XCTAssertEqual(p.targetIndex, 0)
        p.update(to: 0.2)
        XCTAssertEqual(p.offset, 8.5, accuracy: 1e-9)   // forward over the seam, not back across all items
        p.update(to: 0.4)
        XCTAssertEqual(p.offset, 0)
        XCTAssertEqual(p.currentIndex, 0)
        p.scroll(toItem: 7)                              // 0 -> 7: shortest is -2
        p.update(to: 0.6)
        XCTAssertEqual(p.offset, 8, accuracy: 1e-9)
        p.update(to: 0.8)
        XCTAssertEqual(p.offset, 7)
        // Many presses during one animation keep going the same way round.
        for i in 0..<20 { p.update(to: 1 + Double(i) * 0.01); p.scroll(byItems: -1) }
        XCTAssertEqual(p.targetIndex, ((7 - 20) % 9 + 9) % 9)
        var t = 1.2
        while t < 3 { t += 0.01; p.update(to: t); XCTAssert(p.offset >= 0 && p.offset < 9); XCTAssert((0..<9).contains(p.currentIndex)) }
        XCTAssertEqual(p.currentIndex, ((7 - 20) % 9 + 9) % 9)
    }

    func testWrapRelativeOffset() {
        let p = ScrollPhysics(count: 10, wrap: true, index: 1)
        XCTAssertEqual(p.relativeOffset(ofItem: 9), -2)
        XCTAssertEqual(p.relativeOffset(ofItem: 6), 5)     // (-n/2, n/2]
        XCTAssertEqual(p.relativeOffset(ofItem: 3), 2)
        let q = ScrollPhysics(count: 10, index: 1)
        XCTAssertEqual(q.relativeOffset(ofItem: 9), 8)
    }

    func testWrapDragAcrossSeam() {
        var p = ScrollPhysics(count: 5, itemSize: 100, wrap: true, index: 0)
        p.beginDrag(at: 0, time: 0)
        p.drag(to: 30, time: 1)         // offset -0.3 -> wraps to 4.7
        XCTAssertEqual(p.offset, 4.7, accuracy: 1e-9)
        p.endDrag(time: 2)
        run(&p, from: 2, to: 3)
        XCTAssertEqual(p.offset, 0)
    }

    func testDragInterruptsAnimation() {
        var p = ScrollPhysics(count: 9, itemSize: 100, index: 0)
        p.scroll(toItem: 8)
        p.update(to: 0.2)
        let mid = p.offset
        p.beginDrag(at: 0, time: 0.2)
        XCTAssertFalse(p.isAnimating)
        p.update(to: 1)
        XCTAssertEqual(p.offset, mid)
    }

    func testVelocityMatchesTheMotion() {
        var p = ScrollPhysics(count: 9, index: 0)
        XCTAssertEqual(p.velocity, 0)
        p.scroll(byItems: 2)
        p.update(to: 0.2)                                  // ease-in-out midpoint: peak slope 3 * 2 / 0.4
        XCTAssertEqual(p.velocity, 15, accuracy: 1e-9)
        let before = p.offset
        p.update(to: 0.2 + 1e-6)
        XCTAssertEqual((p.offset - before) / 1e-6, 15, accuracy: 1e-3)
        var g = ScrollPhysics.points(range: 0...10_000, viewport: 400, offset: 100)
        g.fling(velocity: 1000, time: 0)
        g.update(to: 0.1)
        XCTAssertEqual(g.velocity, 1000 * pow(0.998, 100), accuracy: 1e-6)
    }

    func testNaNAndInfinityAreIgnored() {
        var p = ScrollPhysics(count: 9, itemSize: 100, index: 4)
        p.update(to: .nan)
        p.setOffset(.infinity)
        p.scroll(toOffset: .nan)
        p.beginDrag(at: .nan, time: 0)
        p.beginDrag(at: 0, time: .nan)
        p.drag(to: .infinity, time: 0.1)
        p.drag(to: 10, time: .nan)
        p.endDrag(time: .infinity)
        p.fling(velocity: .nan, time: 1)
        run(&p, from: 0, to: 3)
        XCTAssertTrue(p.offset.isFinite)
        XCTAssertTrue((0..<9).contains(p.currentIndex))
    }

    func testWrappedScrollToItemRestsOnExactIntegers() {
        // From a fractional offset (mid-animation), the wrapped target `from + (k - from)`
        // is a floating-point sum: 3.789887309554476 + (-0.789887309554476) gives
        // 2.9999999999999996. The rest must be exactly k.
        let seed = randomTestSeed(0x1E57_0004)
        var rng = SeededRandom(seed: seed)
        for trial in 0..<500 {
            var p = ScrollPhysics(count: 7, itemSize: 40, wrap: true, index: Int.random(in: 0..<7, using: &rng))
            p.scroll(byItems: Int.random(in: -3...3, using: &rng))
            let t = Double.random(in: 0.01...0.39, using: &rng)
            p.update(to: t)
            let k = Int.random(in: 0..<7, using: &rng)
            p.scroll(toItem: k)
            run(&p, from: t, to: t + 1)
            XCTAssertEqual(p.offset, Double(k), "trial \(trial), seed 0x\(String(seed, radix: 16))")
            XCTAssertEqual(p.currentIndex, k)
        }
        var q = ScrollPhysics(count: 7, wrap: true, index: 3)
        q.setOffset(3.789887309554476)
        q.scroll(toItem: 3)
        q.update(to: 1)
        XCTAssertEqual(q.offset, 3)
    }

    func testRandomEventsStayFiniteAndInRange() {
        let seed = randomTestSeed(0x5C20_11F1)
        var rng = SeededRandom(seed: seed)
        let context = "seed 0x\(String(seed, radix: 16))"
        for wrap in [false, true] {
            var p = ScrollPhysics(count: 7, itemSize: 50, wrap: wrap, index: 3)
            var t = 0.0
            var x = 0.0
            for _ in 0..<3000 {
                t += Double.random(in: 0...0.05, using: &rng)
                switch Int.random(in: 0..<7, using: &rng) {
                case 0: x = Double.random(in: -500...500, using: &rng); p.beginDrag(at: x, time: t)
                case 1: x += Double.random(in: -80...80, using: &rng); p.drag(to: x, time: t)
                case 2: p.endDrag(time: t)
                case 3: p.scroll(byItems: Int.random(in: -3...3, using: &rng))
                case 4: p.scroll(toItem: Int.random(in: -2...9, using: &rng))
                case 5: p.fling(velocity: Double.random(in: -50...50, using: &rng), time: t)
                default: p.update(to: t)
                }
                XCTAssertTrue(p.offset.isFinite, context)
                XCTAssertTrue((0..<7).contains(p.currentIndex), context)
                XCTAssertTrue((0..<7).contains(p.targetIndex), context)
                if wrap {
                    XCTAssertTrue(p.offset >= 0 && p.offset < 7, context)
                } else {
                    XCTAssertTrue(p.offset >= -1 && p.offset <= 7, context)
                }
            }
            p.endDrag(time: t)
            run(&p, from: t, to: t + 5)
            XCTAssertFalse(p.isAnimating, context)
            XCTAssertEqual(p.offset, p.offset.rounded(), context)
        }
    }
}
