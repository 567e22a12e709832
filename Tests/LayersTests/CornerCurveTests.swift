import LayerMath
import Layers
import XCTest

/// CornerCurve's geometry from its definition: a quarter circle of radius r, or a quarter
/// superellipse of exponent 3 reaching 1.528665 r along each edge.
final class CornerCurveTests: XCTestCase {
    /// At 45 degrees the circle lies r (1 - 1/sqrt 2) = 0.29289 r from both edges; the
    /// continuous corner 1.528665 (1 - 2^(-1/3)) = 0.31536 r, inside it.
    func testContinuousCornerIsInsideTheCircleAtFortyFiveDegrees() {
        let r = 40.0
        let circular = CornerCurve.circular.diagonalInset(extent: CornerCurve.circular.extent(radius: r, limit: 100))
        let continuous = CornerCurve.continuous.diagonalInset(extent: CornerCurve.continuous.extent(radius: r, limit: 100))
        XCTAssertEqual(circular, 11.715729, accuracy: 1e-6)
        XCTAssertEqual(continuous, 12.614511, accuracy: 1e-6)
        XCTAssertGreaterThan(continuous, circular)
    }

    /// The continuous reach is capped at half the shorter side: radius 40 in a 60-point
    /// side reaches 30, not 61.15; a circular radius is the shaders' to clamp.
    func testContinuousReachIsCappedAtHalfTheSide() {
        XCTAssertEqual(CornerCurve.continuous.extent(radius: 40, limit: 30), 30)
        XCTAssertEqual(CornerCurve.continuous.extent(radius: 10, limit: 30), 15.28665, accuracy: 1e-12)
        XCTAssertEqual(CornerCurve.circular.extent(radius: 10, limit: 30), 10)
    }

    /// Flattened, a continuous layer's quads and clip carry the curve and its reach.
    func testFlattenCarriesTheCurveAndItsReach() {
        let l = Layer(name: "card", bounds: Size(100, 100), position: Point(50, 50))
        l.backgroundColor = .white
        l.cornerRadius = 20
        l.cornerCurve = .continuous
        l.masksToBounds = true
        l.addSublayer(Layer(name: "child", bounds: Size(10, 10), position: Point(5, 5)))
        l.sublayers[0].backgroundColor = .black
        let list = l.flatten(canvas: Size(100, 100))
        XCTAssertEqual(list.quads[0].cornerCurve, .continuous)
        XCTAssertEqual(list.quads[0].cornerRadius, 30.5733, accuracy: 1e-9)
        XCTAssertEqual(list.clips.first?.cornerCurve, .continuous)
        XCTAssertEqual(list.clips.first?.cornerRadius ?? 0, 30.5733, accuracy: 1e-9)
    }
}
