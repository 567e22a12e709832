import LayerMath
import Layers
import XCTest

/// CAShapeLayer.lineDashPattern / lineDashPhase (SVG's stroke-dasharray / stroke-dashoffset):
/// dashes worked out by hand along polylines of known length.
final class ShapePathDashTests: XCTestCase {
    private let line = [ShapePath.Polyline(points: [Point(0, 5), Point(100, 5)], isClosed: false)]

    /// The x extents of each dash of a horizontal polyline.
    private func spans(_ lines: [ShapePath.Polyline]) -> [[Double]] {
        lines.map { [$0.points.first!.x, $0.points.last!.x] }
    }

    private func assertSpans(_ got: [[Double]], _ want: [[Double]], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got.count, want.count, "\(got)", file: file, line: line)
        for (g, w) in zip(got, want) {
            XCTAssertEqual(g[0], w[0], accuracy: 1e-9, "\(got)", file: file, line: line)
            XCTAssertEqual(g[1], w[1], accuracy: 1e-9, "\(got)", file: file, line: line)
        }
    }

    /// [10, 5] along 0...100: painted 0...10, 15...25, ..., 90...100 (seven dashes).
    func testPatternAlternatesPaintedAndUnpainted() {
        assertSpans(spans(ShapePath.dash(line, pattern: [10, 5], phase: 0)),
                    [[0, 10], [15, 25], [30, 40], [45, 55], [60, 70], [75, 85], [90, 100]])
    }

    /// Phase 5 starts 5 into the first dash: 0...5, 10...20, 25...35, ..., 85...95.
    func testPhaseShiftsThePatternBack() {
        assertSpans(spans(ShapePath.dash(line, pattern: [10, 5], phase: 5)),
                    [[0, 5], [10, 20], [25, 35], [40, 50], [55, 65], [70, 80], [85, 95]])
    }

    /// Phase -5 is phase 10 of the 15-long pattern: the stroke starts with the 5-long gap.
    func testNegativePhaseCountsBackFromThePatternsEnd() {
        assertSpans(Array(spans(ShapePath.dash(line, pattern: [10, 5], phase: -5)).prefix(2)), [[5, 15], [20, 30]])
    }

    /// A phase of whole patterns (45 = 3 x 15) changes nothing.
    func testPhaseOfWholePatternsChangesNothing() {
        assertSpans(spans(ShapePath.dash(line, pattern: [10, 5], phase: 45)), spans(ShapePath.dash(line, pattern: [10, 5], phase: 0)))
    }

    /// An odd count is read twice over: [10] is 10 painted, 10 not; [5, 10, 15] is
    /// 5 on, 10 off, 15 on, 5 off, 10 on, 15 off.
    func testOddCountIsReadTwice() {
        assertSpans(spans(ShapePath.dash(line, pattern: [10], phase: 0)), [[0, 10], [20, 30], [40, 50], [60, 70], [80, 90]])
        assertSpans(spans(ShapePath.dash(line, pattern: [5, 10, 15], phase: 0)), [[0, 5], [15, 30], [35, 45], [60, 65], [75, 90], [95, 100]])
    }

    /// The pattern runs on round corners: a closed 10 x 10 square (perimeter 40) with [15, 5]
    /// paints (0,0)-(10,0)-(10,5), then (10,10)-(0,10)-(0,5): two open three-point dashes.
    func testDashesTurnCornersOfAClosedSubpath() {
        let square = [ShapePath.Polyline(points: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], isClosed: true)]
        let d = ShapePath.dash(square, pattern: [15, 5], phase: 0)
        XCTAssertEqual(d.count, 2)
        XCTAssertEqual(d.first?.points, [Point(0, 0), Point(10, 0), Point(10, 5)])
        XCTAssertEqual(d.last?.points, [Point(10, 10), Point(0, 10), Point(0, 5)])
        XCTAssertTrue(d.allSatisfy { !$0.isClosed })
    }

    /// Each subpath starts the pattern again: two 12-long lines with [10, 5] each paint 0...10
    /// and nothing after (the second does not begin in the first's gap).
    func testEachSubpathStartsThePatternAgain() {
        let two = [ShapePath.Polyline(points: [Point(0, 0), Point(12, 0)], isClosed: false),
                   ShapePath.Polyline(points: [Point(0, 5), Point(12, 5)], isClosed: false)]
        let d = ShapePath.dash(two, pattern: [10, 5], phase: 0)
        XCTAssertEqual(d.map(\.points), [[Point(0, 0), Point(10, 0)], [Point(0, 5), Point(10, 5)]])
    }

    /// A zero-length dash is a two-point piece at one place (a round cap draws a dot there):
    /// [0, 25] along 0...100 gives pieces at 0, 25, 50 and 75; the one due at 100 would begin
    /// where the stroke ends, and a dash begun at the end is empty.
    func testZeroLengthDashesAreDots() {
        let d = ShapePath.dash(line, pattern: [0, 25], phase: 0)
        assertSpans(spans(d), [[0, 0], [25, 25], [50, 50], [75, 75]])
    }

    /// Patterns that cannot dash leave the stroke solid: empty, all zero, a negative or
    /// non-finite length, a non-finite phase, or more dashes than `maximumDashes`.
    func testDegeneratePatternsLeaveTheStrokeSolid() {
        for pattern in [[], [0, 0], [10, -5], [.infinity, 5], [.nan]] as [[Double]] {
            XCTAssertEqual(ShapePath.dash(line, pattern: pattern, phase: 0), line, "\(pattern)")
        }
        XCTAssertEqual(ShapePath.dash(line, pattern: [10, 5], phase: .nan), line)
        XCTAssertEqual(ShapePath.dash(line, pattern: [1e-6], phase: 0), line, "10^8 dashes")
    }

    /// Dashing applies after trimming: strokeStart 0.2 of 0...100 leaves 20...100, dashed
    /// from 20: 20...30, 35...45, ...
    func testDashesStartWhereTheTrimmedStrokeStarts() {
        let trimmed = ShapePath.trim(line, start: 0.2, end: 1)
        assertSpans(Array(spans(ShapePath.dash(trimmed, pattern: [10, 5], phase: 0)).prefix(3)), [[20, 30], [35, 45], [50, 60]])
    }
}
