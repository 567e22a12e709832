import LayerMath
import Layers
import XCTest

/// SVG path data (SVG 1.1 section 8.3 and appendix F.6) parsed into lines and cubics: values
/// worked out by hand from the grammar (relative commands add the current point, a move's
/// extra pairs are lines, a quadratic's cubic controls lie 2/3 of the way to its control).
final class SVGPathDataTests: XCTestCase {
    func testAbsoluteLinesHorizontalsVerticalsAndClose() throws {
        let p = try ShapePath(svg: "M10 20 L30 40 H50 V60 Z")
        XCTAssertEqual(p.elements, [.move(Point(10, 20)), .line(Point(30, 40)), .line(Point(50, 40)), .line(Point(50, 60)), .close])
    }

    func testRelativeCommandsAddTheCurrentPoint() throws {
        let p = try ShapePath(svg: "m10 20 l5 5 h5 v-10 z m1 1 l1 0")
        XCTAssertEqual(p.elements, [.move(Point(10, 20)), .line(Point(15, 25)), .line(Point(20, 25)), .line(Point(20, 15)), .close,
                                    .move(Point(11, 21)), .line(Point(12, 21))])
    }

    /// "M0 0 10 10" is a move then a line; "l1,1,2,2" two lines; "1e1" and ".5.5" are numbers.
    func testRepeatedArgumentsRepeatTheCommand() throws {
        XCTAssertEqual(try ShapePath(svg: "M0 0 10 10").elements, [.move(.zero), .line(Point(10, 10))])
        XCTAssertEqual(try ShapePath(svg: "M0,0l1,1,2,2").elements, [.move(.zero), .line(Point(1, 1)), .line(Point(3, 3))])
        XCTAssertEqual(try ShapePath(svg: "M1e1-.5.5.5").elements, [.move(Point(10, -0.5)), .line(Point(0.5, 0.5))])
    }

    /// Q from (0, 0) through (3, 6) to (6, 0): controls (2, 4) and (4, 4). T reflects the
    /// control about the end: (9, -6), so controls (8, -4) and (10, -4) to (12, 0).
    func testQuadraticsBecomeCubicsAndTReflects() throws {
        let p = try ShapePath(svg: "M0 0 Q3 6 6 0 T12 0")
        XCTAssertEqual(p.elements.count, 3)
        guard case .cubic(let a, let b, let e) = p.elements[1], case .cubic(let c, let d, let f) = p.elements[2] else {
            return XCTFail("\(p.elements)")
        }
        for (got, want) in [(a, Point(2, 4)), (b, Point(4, 4)), (e, Point(6, 0)), (c, Point(8, -4)), (d, Point(10, -4)), (f, Point(12, 0))] {
            XCTAssertEqual(got.x, want.x, accuracy: 1e-12)
            XCTAssertEqual(got.y, want.y, accuracy: 1e-12)
        }
    }

    /// S reflects the previous cubic's second control: after C (0,10) (10,10) (10,0), the
    /// first control of S is (10, -10).
    func testSmoothCubicReflectsThePreviousControl() throws {
        let p = try ShapePath(svg: "M0 0 C0 10 10 10 10 0 S20 -10 20 0")
        XCTAssertEqual(p.elements[2], .cubic(Point(10, -10), Point(20, -10), Point(20, 0)))
    }

    /// A from (0, 0) to (20, 0), radius 10, sweep 1 (the positive angle direction: clockwise
    /// on screen, +y down): the half circle about (10, 0) through (10, -10); every point of
    /// the flattened arc 10 from the centre (a quarter-turn cubic is off by 0.027% of r).
    func testArcIsAHalfCircleThroughTheSweepSide() throws {
        let p = try ShapePath(svg: "M0 0 A10 10 0 0 1 20 0")
        let points = p.polylines(tolerance: 0.001)[0].points
        XCTAssertEqual(points.last, Point(20, 0))
        for q in points { XCTAssertEqual(q.distance(to: Point(10, 0)), 10, accuracy: 0.003) }
        XCTAssertTrue(points.contains { abs($0.x - 10) < 0.05 && abs($0.y + 10) < 0.01 }, "passes (10, -10)")
        XCTAssertFalse(points.contains { $0.y > 0.01 })
    }

    /// Radii too small for the ends are scaled up (F.6.6): radius 1 between points 20 apart
    /// is a half circle of radius 10; a zero radius is a line; arc flags need no separator.
    func testArcRadiiOutOfRange() throws {
        let small = try ShapePath(svg: "M0 0 A1 1 0 0 1 20 0").polylines(tolerance: 0.001)[0].points
        for q in small { XCTAssertEqual(q.distance(to: Point(10, 0)), 10, accuracy: 0.003) }
        XCTAssertEqual(try ShapePath(svg: "M0 0 A0 5 0 0 1 20 0").elements, [.move(.zero), .line(Point(20, 0))])
        XCTAssertEqual(try ShapePath(svg: "M0 0 a5 5 0 1020 0").elements.count, 3)
    }

    /// Errors name the 1-based character where the data goes wrong.
    func testMalformedDataNamesTheCharacter() {
        func fault(_ d: String) -> String {
            do { _ = try ShapePath(svg: d); return "" } catch { return (error as? SVGPathError)?.description ?? "\(error)" }
        }
        XCTAssertEqual(fault("M 10 10 L 20 x"), "at character 14: expected a number, found 'x'")
        XCTAssertEqual(fault("L 1 1"), "at character 1: expected a move (M or m) first")
        XCTAssertEqual(fault("M 0 0 A 5 5 0 2 0 9 9"), "at character 15: expected an arc flag, 0 or 1, found '2'")
        XCTAssertEqual(fault("M 0 0 L 1"), "at character 10: expected a number, found the end")
        XCTAssertEqual(fault("M 0 0 Z 5"), "at character 9: expected a command letter (M L H V C S Q T A Z)")
        XCTAssertEqual(fault("M 1e400 0"), "at character 3: expected a number within ±1000000")
        XCTAssertEqual(fault("M 0 0 L 1 1,"), "at character 13: expected a number after ','")
    }

    /// Empty data is an empty path; more than the most elements is refused.
    func testEmptyAndHugePaths() throws {
        XCTAssertEqual(try ShapePath(svg: "  ").elements, [])
        let huge = "M0 0" + String(repeating: " L1 1", count: ShapePath.maximumElements)
        XCTAssertThrowsError(try ShapePath(svg: huge))
    }

    /// The square (0,0)-(10,10), 40 long: its first half ends at (10, 10), open; from 0.25 to
    /// 0.5 it is the right side alone; end <= start is nothing.
    func testTrimTakesFractionsOfTheLength() throws {
        let square = try ShapePath(svg: "M0 0 H10 V10 H0 Z").polylines(tolerance: 0.1)
        let half = ShapePath.trim(square, start: 0, end: 0.5)
        XCTAssertEqual(half, [ShapePath.Polyline(points: [Point(0, 0), Point(10, 0), Point(10, 10)], isClosed: false)])
        let side = ShapePath.trim(square, start: 0.25, end: 0.5)
        XCTAssertEqual(side, [ShapePath.Polyline(points: [Point(10, 0), Point(10, 10)], isClosed: false)])
        XCTAssertEqual(ShapePath.trim(square, start: 0, end: 1), square)
        XCTAssertEqual(ShapePath.trim(square, start: 0.6, end: 0.6), [])
    }
}
