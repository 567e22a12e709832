#if canImport(Glibc)
import Glibc
#endif
import Layers
import XCTest
import _TestSupport

/// CASpringAnimation's oscillator m x'' + c x' + k (x - 1) = 0, x(0) = 0, x'(0) = v0,
/// checked against its closed forms worked out by hand.
final class SpringTests: XCTestCase {
    func testCoreAnimationDefaultsAreMass1Stiffness100Damping10() {
        let s = Spring()
        XCTAssertEqual([s.mass, s.stiffness, s.damping, s.initialVelocity], [1, 100, 10, 0])
        XCTAssertEqual(s.naturalFrequency, 10)
        XCTAssertEqual(s.dampingRatio, 0.5)
    }

    func testUnderdampedClosedForm() {
        // w0 = 10, zeta = 0.5, wd = 10 sqrt(0.75), B = -5 / wd:
        // x(t) = 1 + e^(-5t) (-cos(wd t) + B sin(wd t)).
        let s = Spring()
        let wd = 10 * 0.75.squareRoot(), b = -5 / wd
        for t in [0.1, 0.3, 1.0] {
            assertClose(s.fraction(at: t), 1 + exp(-5 * t) * (-cos(wd * t) + b * sin(wd * t)), 1e-12)
        }
        assertClose(s.fraction(at: 0.1), 0.3402998466, 1e-9)
        // It overshoots: the first peak is at t = pi / wd.
        XCTAssertGreaterThan(s.fraction(at: Double.pi / wd), 1.1)
    }

    func testCriticallyDampedClosedForm() {
        // c = 2 sqrt(k m) = 20: x(t) = 1 - e^(-10t) (1 + 10t); at 0.1: 1 - 2/e.
        let s = Spring(damping: 20)
        XCTAssertEqual(s.dampingRatio, 1)
        assertClose(s.fraction(at: 0.1), 1 - 2 * exp(-1), 1e-12)
    }

    func testOverdampedClosedForm() {
        // c = 50: zeta = 2.5, r1,2 = -10 (2.5 -+ sqrt(5.25)), C2 = r1 / (r2 - r1), C1 = -1 - C2.
        let s = Spring(damping: 50)
        let root = 5.25.squareRoot(), r1 = -10 * (2.5 - root), r2 = -10 * (2.5 + root)
        let c2 = r1 / (r2 - r1), c1 = -1 - c2
        assertClose(s.fraction(at: 0.1), 1 + c1 * exp(r1 * 0.1) + c2 * exp(r2 * 0.1), 1e-12)
        assertClose(s.fraction(at: 0.1), 0.1517838618, 1e-9)
        XCTAssertLessThan(s.fraction(at: 5), 1, "an overdamped spring from rest never overshoots")
    }

    func testInitialVelocityIsTheStartingSlope() {
        for damping in [4.0, 20, 50] {
            let s = Spring(damping: damping, initialVelocity: 3)
            let h = 1e-6
            assertClose(s.fraction(at: h) / h, 3, 1e-3, "damping \(damping)")
        }
    }

    func testNegativeInitialVelocityFirstMovesAway() {
        XCTAssertLessThan(Spring(initialVelocity: -20).fraction(at: 0.01), 0)
    }

    func testSettlingDurationOfTheDefaultSpring() {
        // Envelope sqrt(1 + B^2) e^(-5t) = 0.001 with B^2 = 1/3: t = ln(1000 sqrt(4/3)) / 5.
        assertClose(Spring().settlingDuration, log(1000 * (4.0 / 3).squareRoot()) / 5, 1e-12)
        assertClose(Spring().settlingDuration, 1.41031926, 1e-8)
    }

    func testSettledSpringStaysWithinTheThreshold() {
        for s in [Spring(), Spring(damping: 20), Spring(damping: 50), Spring(mass: 2, stiffness: 300, damping: 5, initialVelocity: 10)] {
            let settle = s.settlingDuration
            XCTAssertTrue(settle.isFinite && settle > 0)
            for k in 0..<200 {
                let t = settle + Double(k) * 0.01
                XCTAssertLessThanOrEqual(abs(s.fraction(at: t) - 1), Spring.restThreshold + 1e-12, "\(s) at \(t)")
            }
        }
    }

    func testUndampedSpringNeverSettles() {
        XCTAssertEqual(Spring(damping: 0).settlingDuration, .infinity)
        assertClose(Spring(damping: 0).fraction(at: Double.pi / 10), 2, 1e-12)   // 1 - cos(w0 t) at half a period
    }

    func testExtremeParametersStayFinite() {
        let s = Spring(mass: 1e-300, stiffness: 1e300, damping: 1e300, initialVelocity: 1e300)
        XCTAssertFalse(s.fraction(at: 0.5).isNaN)
        XCTAssertFalse(s.settlingDuration.isNaN)
    }
}
