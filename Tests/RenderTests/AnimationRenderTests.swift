#if canImport(Glibc)
import Glibc
#endif
import Images
import LayerMath
import Layers
import XCTest

/// Rendered pixels follow the presentation values: a spring-driven position, a faded
/// opacity and a discrete colour keyframe, checked against values worked out by hand.
final class AnimationRenderTests: XCTestCase {
    /// The centre x of the red run on row `y` (red > 128, green < 64).
    func redCentre(_ image: Image, row y: Int) -> Double? {
        var xs: [Int] = []
        for x in 0..<image.width {
            let p = image.pixel(x, y)
            if p.r > 128 && p.g < 64 { xs.append(x) }
        }
        guard let first = xs.first, let last = xs.last else { return nil }
        return Double(first + last + 1) / 2
    }

    func testSpringPositionIsDrawnWhereTheClosedFormPutsIt() throws {
        let h = try RenderHarness.shared()
        let l = Layer(name: "dot", bounds: Size(20, 20), position: Point(20, 50))
        l.contents = .color(Color(1, 0, 0, 1))
        // Under-damped default spring (w0 10, zeta 0.5) from x = 20 to 180 over 2 s.
        l.add(.spring(.positionX, Spring(), from: .scalar(20), to: .scalar(180), duration: 2), forKey: "s")
        let wd = 10 * 0.75.squareRoot(), b = -5 / wd
        for t in [0.0, 0.1, 0.25, 0.6] {
            l.advanceAnimations(to: t)
            let x = t == 0 ? 0 : 1 + exp(-5 * t) * (-cos(wd * t) + b * sin(wd * t))
            let image = try h.render([l], canvas: Size(240, 100), dump: "spring-\(t)")
            let centre = try XCTUnwrap(redCentre(image, row: 50), "t \(t)")
            XCTAssertEqual(centre, 20 + 160 * x, accuracy: 1, "t \(t)")
        }
    }

    func testOpacityAndDiscreteColourAreDrawn() throws {
        let h = try RenderHarness.shared()
        let l = Layer(name: "sq", bounds: Size(40, 40), position: Point(32, 32))
        l.contents = .color(Color(1, 1, 1, 1))
        l.add(.basic(.opacity, from: .scalar(0), to: .scalar(1), duration: 1), forKey: "fade")
        l.add(.keyframe(.backgroundColor, values: [.color(Color(1, 1, 1, 1)), .color(Color(0, 0, 1, 1))],
                        calculationMode: .discrete, duration: 1), forKey: "colour")
        l.advanceAnimations(to: 0.25)
        assertPixel(try h.render([l], canvas: Size(64, 64)), 32, 32, (64, 64, 64, 255), tolerance: 2)   // white at 0.25 on black
        l.advanceAnimations(to: 0.75)
        assertPixel(try h.render([l], canvas: Size(64, 64)), 32, 32, (0, 0, 191, 255), tolerance: 2)   // blue at 0.75
        l.advanceAnimations(to: 1.5)
        assertPixel(try h.render([l], canvas: Size(64, 64)), 32, 32, (255, 255, 255, 255), tolerance: 1)  // the model again
    }
}
