import LayerMath
import Layers
import XCTest

/// CAShapeLayer's animatable properties (path, fillColor, strokeColor, lineWidth,
/// miterLimit, lineDashPhase) through basic, keyframe and spring animations, values worked
/// out by hand. Every animation runs from time 0 over 1 s, linear unless said.
final class ShapeAnimationTests: XCTestCase {
    private func shape() -> Layer {
        let l = Layer(name: "shape", bounds: Size(40, 40), position: Point(20, 20))
        l.path = ShapePath([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(10, 10)), .line(Point(0, 10)), .close])
        return l
    }

    private func rect(_ side: Double) -> ShapePath {
        ShapePath([.move(Point(0, 0)), .line(Point(side, 0)), .line(Point(side, side)), .line(Point(0, side)), .close])
    }

    private func at(_ layer: Layer, _ t: Double) -> LayerPresentation {
        layer.advanceAnimations(to: t)
        return layer.presentation()
    }

    /// A 10-point square animated to a 20-point one: at 0.5 its corners are at the
    /// midpoints, (15, 0), (15, 15), (0, 15).
    func testRectPathAnimatedToABiggerRectHasMidpointCornersHalfWay() {
        let l = shape()
        l.add(.basic(.path, to: .path(rect(20)), duration: 1), forKey: "grow")
        XCTAssertEqual(at(l, 0.5).path, rect(15))
        XCTAssertEqual(at(l, 0.25).path, rect(12.5))
    }

    /// Cubic control points blend as well as end points: a curve from (0,0) with controls
    /// (0,10), (10,10) to (10,0) animated to twice its size is at 1.5 times at 0.5.
    func testCurveControlPointsBlend() {
        let l = shape()
        l.path = ShapePath([.move(Point(0, 0)), .cubic(Point(0, 10), Point(10, 10), Point(10, 0))])
        l.add(.basic(.path, to: .path(ShapePath([.move(Point(0, 0)), .cubic(Point(0, 20), Point(20, 20), Point(20, 0))])),
                     duration: 1), forKey: "grow")
        XCTAssertEqual(at(l, 0.5).path, ShapePath([.move(Point(0, 0)), .cubic(Point(0, 15), Point(15, 15), Point(15, 0))]))
    }

    /// A square and a triangle do not match command for command (Apple: undefined): the
    /// square shows until the end, the triangle from then on (filled forwards).
    func testPathsOfDifferentCommandsSwitchAtTheEnd() {
        let l = shape()
        let triangle = ShapePath([.move(Point(0, 0)), .line(Point(10, 0)), .line(Point(5, 10)), .close])
        var a = Animation.basic(.path, to: .path(triangle), duration: 1)
        a.timing.fillMode = .forwards
        a.isRemovedOnCompletion = false
        l.add(a, forKey: "morph")
        XCTAssertEqual(at(l, 0.99).path, rect(10))
        XCTAssertEqual(at(l, 1).path, triangle)
        XCTAssertEqual(at(l, 2).path, triangle)
    }

    /// A keyframe path animation of sides 10, 20, 40: at 0.75, half-way from 20 to 40.
    func testKeyframePathAnimationBlendsTheSegmentItIsIn() {
        let l = shape()
        l.add(.keyframe(.path, values: [.path(rect(10)), .path(rect(20)), .path(rect(40))], duration: 1), forKey: "k")
        XCTAssertEqual(at(l, 0.75).path, rect(30))
    }

    /// A byValue path adds point by point: a square of 10 by a square of 10 goes to 20.
    func testByValuePathAddsPointByPoint() {
        let l = shape()
        l.add(.basic(.path, by: .path(rect(10)), duration: 1), forKey: "by")
        XCTAssertEqual(at(l, 0.5).path, rect(15))
    }

    /// lineWidth 2 to 6, miterLimit 10 to 4, lineDashPhase 0 to -30: 4, 7 and -15 at 0.5.
    func testLineWidthMiterLimitAndDashPhaseInterpolate() {
        let l = shape()
        l.shapeStyle.lineWidth = 2
        l.add(.basic(.lineWidth, to: .scalar(6), duration: 1), forKey: "w")
        l.add(.basic(.miterLimit, from: .scalar(10), to: .scalar(4), duration: 1), forKey: "m")
        l.add(.basic(.lineDashPhase, to: .scalar(-30), duration: 1), forKey: "p")
        let p = at(l, 0.5)
        XCTAssertEqual(p.shapeStyle.lineWidth, 4, accuracy: 1e-12)
        XCTAssertEqual(p.shapeStyle.miterLimit, 7, accuracy: 1e-12)
        XCTAssertEqual(p.shapeStyle.lineDashPhase, -15, accuracy: 1e-12)
        XCTAssertEqual(l.shapeStyle.lineWidth, 2, "the model keeps its value")
    }

    /// fillColor black to white at 0.25: grey 0.25; a missing strokeColor reads clear, so
    /// clear to red is [0.5, 0, 0, 0.5] half-way.
    func testFillAndStrokeColoursInterpolatePerComponent() {
        let l = shape()
        l.add(.basic(.fillColor, to: .color(.white), duration: 1), forKey: "f")
        l.add(.basic(.strokeColor, to: .color(Color(1, 0, 0, 1)), duration: 1), forKey: "s")
        XCTAssertEqual(at(l, 0.25).shapeStyle.fillColor, Color(0.25, 0.25, 0.25, 1))
        XCTAssertEqual(at(l, 0.5).shapeStyle.strokeColor, Color(0.5, 0, 0, 0.5))
    }

    /// A critically damped spring (mass 1, stiffness 100, damping 20: w = 10) is at
    /// 1 - (1 + w t) e^(-w t) of the way: at t = 0.1, 1 - 2 / e = 0.2642411; lineWidth 0 to 10
    /// gives 2.642411.
    func testSpringLineWidthFollowsTheDampedOscillator() {
        let l = shape()
        var spring = Spring()
        spring.mass = 1
        spring.stiffness = 100
        spring.damping = 20
        l.shapeStyle.lineWidth = 0
        l.add(.spring(.lineWidth, spring, to: .scalar(10), duration: 2), forKey: "s")
        XCTAssertEqual(at(l, 0.1).shapeStyle.lineWidth, 10 * (1 - 2 / M_E), accuracy: 1e-6)
    }

    /// Written values are kept in range: a negative line width is 0, a miter limit below 1
    /// is 1, colours are clamped, a non-finite path point leaves the path as it was.
    func testWrittenValuesAreClamped() {
        var p = LayerPresentation(model: shape())
        AnimationKeyPath.lineWidth.write(.scalar(-3), to: &p)
        AnimationKeyPath.miterLimit.write(.scalar(0.2), to: &p)
        AnimationKeyPath.fillColor.write(.color(Color(2, -1, 0.5, 1)), to: &p)
        AnimationKeyPath.path.write(.path(ShapePath([.move(Point(.nan, 0))])), to: &p)
        XCTAssertEqual(p.shapeStyle.lineWidth, 0)
        XCTAssertEqual(p.shapeStyle.miterLimit, 1)
        XCTAssertEqual(p.shapeStyle.fillColor, Color(1, 0, 0.5, 1))
        XCTAssertEqual(p.path, rect(10))
    }
}
