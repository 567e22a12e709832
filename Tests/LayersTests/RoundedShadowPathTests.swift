import LayerMath
import Layers
import XCTest

/// A `shadowPath` that is a rounded rectangle (Core Animation's usual
/// `UIBezierPath(roundedRect:cornerRadius:)`) is recognised and drawn as the analytic
/// blurred rounded rectangle at the path's rectangle, even on a layer with nothing else.
final class RoundedShadowPathTests: XCTestCase {
    private let canvas = Size(400, 300)

    /// roundedRect's path: starts at the top edge's left end (x0 + r, y0), the first arc ends
    /// r below the top-right corner, control points 0.5523 r along the tangents (a quarter
    /// circle as one cubic); recognised as the same rectangle and radius.
    func testRoundedRectPathIsRecognisedWithItsRectangleAndRadius() throws {
        let rect = Rect(x: 10, y: 20, width: 100, height: 60)
        let path = ShapePath.roundedRect(rect, cornerRadius: 8)
        XCTAssertEqual(path.elements.count, 10)
        XCTAssertEqual(path.elements[0], .move(Point(18, 20)))
        XCTAssertEqual(path.elements[1], .line(Point(102, 20)))
        guard case .cubic(let c1, let c2, let end) = path.elements[2] else { return XCTFail("expected a cubic") }
        XCTAssertEqual(c1.x, 102 + 8 * 0.5523, accuracy: 1e-3)
        XCTAssertEqual(c2.y, 28 - 8 * 0.5523, accuracy: 1e-3)
        XCTAssertEqual(end, Point(110, 28))
        let found = try XCTUnwrap(path.roundedRectangle)
        XCTAssertEqual(found.rect, rect)
        XCTAssertEqual(found.cornerRadius, 8, accuracy: 1e-12)
    }

    /// A radius past half the shorter side is clamped to it (a pill): 60 high, radius 30.
    func testRadiusPastHalfTheShorterSideIsClamped() throws {
        let found = try XCTUnwrap(ShapePath.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 500).roundedRectangle)
        XCTAssertEqual(found.cornerRadius, 30, accuracy: 1e-12)
    }

    /// Radius 0, or SVG's "M0 0 H40 V40 H0 Z" either way round: a plain rectangle.
    func testPlainRectanglesEitherWayRoundAreRecognised() throws {
        let zero = try XCTUnwrap(ShapePath.roundedRect(Rect(x: 5, y: 5, width: 30, height: 20), cornerRadius: 0).roundedRectangle)
        XCTAssertEqual(zero.rect, Rect(x: 5, y: 5, width: 30, height: 20))
        XCTAssertEqual(zero.cornerRadius, 0)
        for svg in ["M0 0 H40 V30 H0 Z", "M40 30 V0 H0 V30 Z", "M0 30 L0 0 L40 0 L40 30 Z"] {
            let found = try XCTUnwrap(try ShapePath(svg: svg).roundedRectangle, svg)
            XCTAssertEqual(found.rect, Rect(x: 0, y: 0, width: 40, height: 30), svg)
        }
    }

    /// What is not an axis-aligned (rounded) rectangle is left to the blurred image: a
    /// triangle, a slanted quadrilateral, a zero-width rectangle, an open one, a rounded one
    /// with one corner moved, NaN, the empty path.
    func testOtherShapesAreNotRecognised() throws {
        for svg in ["M0 0 H40 V40 Z", "M0 0 L40 5 L40 40 L0 40 Z", "M0 0 H0 V40 H0 Z", "M0 0 H40 V40 H0 V0"] {
            XCTAssertNil(try ShapePath(svg: svg).roundedRectangle, svg)
        }
        var moved = ShapePath.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 8)
        moved.elements[4] = .cubic(Point(100, 56.4), Point(96.4, 61), Point(92, 61))
        XCTAssertNil(moved.roundedRectangle)
        XCTAssertNil(ShapePath.roundedRect(Rect(x: 0, y: 0, width: .nan, height: 60), cornerRadius: 8).roundedRectangle)
        XCTAssertNil(ShapePath().roundedRectangle)
    }

    /// A layer with no background, contents or border casts the shadow of its rounded-rect
    /// shadowPath: one quad, the path's rectangle (10, 10, 20, 30) moved by the offset (5, 7)
    /// and grown by three radii (3 x 2), so x 40 + 10 + 5 - 6 = 49 ... 40 + 30 + 5 + 6 = 81 and
    /// y 50 + 10 + 7 - 6 = 61 ... 50 + 40 + 7 + 6 = 103, rounded by the path's radius 4.
    func testLayerWithOnlyARoundedShadowPathCastsItsAnalyticShadow() {
        let l = Layer(name: "silhouette")
        l.frame = Rect(x: 40, y: 50, width: 60, height: 60)
        l.cornerRadius = 12
        l.shadowPath = .roundedRect(Rect(x: 10, y: 10, width: 20, height: 30), cornerRadius: 4)
        l.shadow.opacity = 0.5
        l.shadow.radius = 2
        l.shadow.offset = Point(5, 7)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.count, 1)
        let s = list.quads[0]
        XCTAssertEqual(s.part, .shadow(sigma: 2, inset: 6))
        XCTAssertEqual(s.contents, .color(Color(0, 0, 0, 0.5)))
        XCTAssertEqual(s.cornerRadius, 4)
        XCTAssertEqual(s.maskedCorners, .all)
        let c = s.cornerArray
        XCTAssertEqual(c[0].x, 49, accuracy: 1e-9); XCTAssertEqual(c[0].y, 61, accuracy: 1e-9)
        XCTAssertEqual(c[2].x, 81, accuracy: 1e-9); XCTAssertEqual(c[2].y, 103, accuracy: 1e-9)
    }

    /// shadowPath is animatable (CALayer): the rounded rectangle (10, 10, 20, 30) animated to
    /// (30, 10, 40, 30), same radius 4, linear over 1 s, is (20, 10, 30, 30) at 0.5; with the
    /// offset (5, 7) and three radii (6) the shadow spans x 40 + 20 + 5 - 6 = 59 ... 40 + 50 +
    /// 5 + 6 = 101 and y 61 ... 103, while the model keeps the first path.
    func testAnimatedShadowPathIsDrawnAtTheBlendedRectangle() {
        let l = Layer(name: "silhouette")
        l.frame = Rect(x: 40, y: 50, width: 60, height: 60)
        let from = ShapePath.roundedRect(Rect(x: 10, y: 10, width: 20, height: 30), cornerRadius: 4)
        l.shadowPath = from
        l.shadow.opacity = 0.5
        l.shadow.radius = 2
        l.shadow.offset = Point(5, 7)
        let to = ShapePath.roundedRect(Rect(x: 30, y: 10, width: 40, height: 30), cornerRadius: 4)
        l.add(.basic(.shadowPath, to: .path(to), duration: 1), forKey: "widen")
        l.advanceAnimations(to: 0.5)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.count, 1)
        let c = list.quads[0].cornerArray
        XCTAssertEqual(c[0].x, 59, accuracy: 1e-9); XCTAssertEqual(c[0].y, 61, accuracy: 1e-9)
        XCTAssertEqual(c[2].x, 101, accuracy: 1e-9); XCTAssertEqual(c[2].y, 103, accuracy: 1e-9)
        XCTAssertEqual(list.quads[0].cornerRadius, 4, accuracy: 1e-9)
        XCTAssertEqual(l.shadowPath, from)
    }

    /// No shadow opacity, or a path that is not a rectangle and no shadow image: nothing drawn.
    func testSilhouetteDrawsNothingWithoutOpacityOrWithAnotherShape() throws {
        let l = Layer(name: "silhouette")
        l.frame = Rect(x: 40, y: 50, width: 60, height: 60)
        l.shadowPath = .roundedRect(Rect(x: 0, y: 0, width: 60, height: 60), cornerRadius: 4)
        XCTAssertEqual(l.flatten(canvas: canvas).quads.count, 0, "opacity 0")
        l.shadow.opacity = 1
        l.shadowPath = try ShapePath(svg: "M0 0 H40 V40 Z")
        XCTAssertEqual(l.flatten(canvas: canvas).quads.count, 0, "a triangle needs its blurred image")
    }
}
