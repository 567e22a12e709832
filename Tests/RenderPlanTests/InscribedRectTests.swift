import Foundation
import LayerMath
@testable import RenderPlan
import XCTest

/// The rectangle OcclusionHoles takes inside an occluder's projected corners: the box
/// between the corners' middle x and y, worked out by hand.
final class InscribedRectTests: XCTestCase {
    func testTheInscribedRectangleOfARectangleIsItself() {
        let q = (Point(10, 20), Point(110, 20), Point(110, 70), Point(10, 70))
        XCTAssertEqual(OcclusionHoles.inscribedRect(q), Rect(x: 10, y: 20, width: 100, height: 50))
        // Listed the other way round.
        XCTAssertEqual(OcclusionHoles.inscribedRect((q.3, q.2, q.1, q.0)), Rect(x: 10, y: 20, width: 100, height: 50))
    }

    /// A square turned 45 degrees: its corners' middle x and y coincide, no rectangle.
    func testADiamondHasNoInscribedRectangle() {
        XCTAssertNil(OcclusionHoles.inscribedRect((Point(0, -1), Point(1, 0), Point(0, 1), Point(-1, 0))))
    }

    /// A 100x50 rectangle turned by 0.05 rad about its centre: the rectangle between the
    /// corners' middle x and y lies inside it, and keeps most of it.
    func testASlightlyTurnedRectangleKeepsMostOfItsArea() throws {
        let a = 0.05, c = cos(a), s = sin(a)
        func turn(_ x: Double, _ y: Double) -> Point { Point(x * c - y * s, x * s + y * c) }
        let q = (turn(-50, -25), turn(50, -25), turn(50, 25), turn(-50, 25))
        let r = try XCTUnwrap(OcclusionHoles.inscribedRect(q))
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)] {
            XCTAssertTrue(OcclusionHoles.contains(q, p))
        }
        // By hand: x within ±(50c - 25s) = ±48.69, y within ±(25c - 50s) = ±22.47.
        XCTAssertEqual(r.width, 2 * (50 * c - 25 * s), accuracy: 1e-9)
        XCTAssertEqual(r.height, 2 * (25 * c - 50 * s), accuracy: 1e-9)
    }
}
