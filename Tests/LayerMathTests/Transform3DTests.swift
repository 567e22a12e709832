import LayerMath
import XCTest
import _TestSupport

final class Transform3DTests: XCTestCase {
    let s2 = 0.5.squareRoot()

    func testTranslationLivesInTheFourthRow() {
        let t = Transform3D.translation(10, 20, 30)
        XCTAssertEqual([t.m41, t.m42, t.m43], [10, 20, 30])
        let p = t.apply(Vector4(1, 2, 3, 1))
        XCTAssertEqual(p, Vector4(11, 22, 33, 1))
    }

    func testRotationAboutZIsClockwiseOnScreen() {
        let r = Transform3D.rotation(.pi / 2, 0, 0, 1)
        assertClose(r.project(Point(1, 0)), Point(0, 1), 1e-12)   // +x goes to +y (down)
    }

    func testRotationAboutYMovesThePositiveXEdgeAway() {
        let a = 0.3
        let r = Transform3D.rotation(a, 0, 1, 0)
        let v = r.apply(Vector4(1, 0, 0, 1))
        assertClose(v.x, cos(a)); assertClose(v.z, -sin(a))        // z' = -x sin a
        let w = r.apply(Vector4(0, 0, 1, 1))
        assertClose(w.x, sin(a)); assertClose(w.z, cos(a))         // x' = z sin a
    }

    func testRotationAboutX() {
        let a = 0.4
        let r = Transform3D.rotation(a, 1, 0, 0)
        let v = r.apply(Vector4(0, 1, 0, 1))
        assertClose(v.y, cos(a)); assertClose(v.z, sin(a))         // z' = y sin a
        let w = r.apply(Vector4(0, 0, 1, 1))
        assertClose(w.y, -sin(a)); assertClose(w.z, cos(a))        // y' = -z sin a
    }

    func testZeroAxisRotationIsIdentity() {
        XCTAssertEqual(Transform3D.rotation(1, 0, 0, 0), .identity)
    }

    func testConcatAppliesTheFirstArgumentFirst() {
        // Translate then rotate 90 about Z: (0,0) -> (10,0) -> (0,10).
        let m = concat(.translation(10, 0, 0), .rotation(.pi / 2, 0, 0, 1))
        assertClose(m.project(Point(0, 0)), Point(0, 10), 1e-12)
        // Rotate then translate: (0,0) stays at the origin, then moves to (10,0).
        let n = concat(.rotation(.pi / 2, 0, 0, 1), .translation(10, 0, 0))
        assertClose(n.project(Point(0, 0)), Point(10, 0), 1e-12)
    }

    func testCATransform3DTranslateActsBeforeTheExistingTransform() {
        // CATransform3DTranslate(R, 10, 0, 0) = T * R: the point is translated, then rotated.
        let r = Transform3D.rotation(.pi / 2, 0, 0, 1)
        let t = r.translated(10, 0, 0)
        assertClose(t, Transform3D.translation(10, 0, 0) * r)
        assertClose(t.project(Point(0, 0)), Point(0, 10), 1e-12)
    }

    func testPerspectiveDividesByOneMinusZOverD() {
        let p = Transform3D.perspective(500)
        XCTAssertEqual(p.m34, -1.0 / 500)
        // A point 100 toward the viewer: w = 1 - 100/500 = 0.8, so x grows by 1/0.8.
        let v = p.project(Vector3(40, 20, 100))
        assertClose(v.x, 50); assertClose(v.y, 25)
    }

    func testSeedRotateY45WithPerspective() {
        // Seed 002: t.m34 = -1/500; t = CATransform3DRotate(t, pi/4, 0, 1, 0) => R * P.
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        t = t.rotated(.pi / 4, 0, 1, 0)
        assertClose(t, Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(500))
        // The right edge (x = 100) goes away: z = -100 sin45, w = 1 + z/500... shrinks.
        let right = t.project(Point(100, 100))
        let z = -100 * s2
        assertClose(right.x, 100 * s2 / (1 - z / 500), 1e-12)
        assertClose(right.y, 100 / (1 - z / 500), 1e-12)
        let left = t.project(Point(-100, 100))
        XCTAssertGreaterThan(abs(left.x), abs(right.x))   // the near edge looks bigger
    }

    func testPerspectedAboutAPointMatchesTheSeedHelper() {
        let c = (x: 30.0, y: 40.0)
        let m = Transform3D.rotation(0.2, 0, 1, 0).perspected(center: c, distance: 800)
        let expected = Transform3D.rotation(0.2, 0, 1, 0) * .translation(-30, -40, 0) * .perspective(800) * .translation(30, 40, 0)
        assertClose(m, expected)
        // With a zero centre it is simply t * P.
        assertClose(Transform3D.rotation(0.2, 0, 1, 0).perspected(distance: 800),
                    Transform3D.rotation(0.2, 0, 1, 0) * .perspective(800))
    }

    func testInverseOfAnAsymmetricTransform() throws {
        let m = Transform3D.translation(3, -7, 2) * .rotation(0.7, 1, 2, 3) * .scale(2, 0.5, 3) * .perspective(300)
        let inv = try XCTUnwrap(m.inverted())
        assertClose(m * inv, .identity, 1e-12)
        assertClose(inv * m, .identity, 1e-12)
    }

    func testSingularMatrixHasNoInverse() {
        XCTAssertNil(Transform3D.scale(1, 0, 1).inverted())
        XCTAssertNil(Transform3D.flatten.inverted())
    }

    func testConcatIsAssociative() {
        var rng = SeededRandom(seed: randomTestSeed(7))
        for _ in 0..<50 {
            func r() -> Transform3D {
                .rotation(Double.random(in: -3...3, using: &rng), Double.random(in: -1...1, using: &rng), 1, 0.5)
                    * .translation(Double.random(in: -50...50, using: &rng), 3, Double.random(in: -9...9, using: &rng))
            }
            let a = r(), b = r(), c = r()
            assertClose((a * b) * c, a * (b * c), 1e-9)
        }
    }

    func testEntriesAreRowMajorForGLSLUpload() {
        let t = Transform3D.translation(5, 6, 7)
        let e = t.entries
        XCTAssertEqual(Array(e[12...14]), [5, 6, 7])   // m41 m42 m43: GLSL column 3 with transpose = GL_FALSE
        XCTAssertEqual(e.count, 16)
    }

    func testIsAffineAndFinite() {
        XCTAssertTrue(AffineTransform.rotation(0.3).transform3D.isAffine)
        XCTAssertFalse(Transform3D.perspective(500).isAffine)
        var t = Transform3D.identity
        t.m22 = .nan
        XCTAssertFalse(t.isFinite)
        XCTAssertTrue(Transform3D.identity.isFinite)
    }
}

final class AffineTransformTests: XCTestCase {
    func testSeedOrderRotateScaleTranslateMovesStraightDown() {
        // Seed 002, first order: MakeRotation(pi/4), Scale(0.5), Translate(100, 100).
        var t = AffineTransform.rotation(.pi / 4)
        t = t.scaled(0.5, 0.5)
        t = t.translated(100, 100)
        // The origin: translated to (100,100), scaled to (50,50), rotated 45: straight down.
        assertClose(t.apply(Point(0, 0)), Point(0, 100 * 0.5.squareRoot()), 1e-12)
    }

    func testSeedOrderScaleTranslateRotateMovesDownRight() {
        // Second order: MakeScale(0.5), Translate(100, 100), Rotate(pi/4).
        var t = AffineTransform.scale(0.5, 0.5)
        t = t.translated(100, 100)
        t = t.rotated(.pi / 4)
        assertClose(t.apply(Point(0, 0)), Point(50, 50), 1e-12)
        // A point of the layer is rotated first, then translated and scaled.
        assertClose(t.apply(Point(10, 0)), Point((100 + 10 * 0.5.squareRoot()) * 0.5, (100 + 10 * 0.5.squareRoot()) * 0.5), 1e-12)
    }

    func testAffineMatchesTransform3D() {
        let a = AffineTransform.rotation(0.5).translated(3, 4).scaled(2, 3)
        let p = Point(7, -2)
        assertClose(a.transform3D.project(p), a.apply(p), 1e-12)
    }
}

final class HomographyTests: XCTestCase {
    func testPlaneHomographyRoundTrips() throws {
        let m = Transform3D.rotation(0.6, 0, 1, 0) * .perspective(400) * .translation(100, 50, 0)
        let h = m.planeHomography
        let inv = try XCTUnwrap(h.inverted())
        let p = Point(12, -30)
        let q = h.map(p).point
        assertClose(q, m.project(p), 1e-9)
        assertClose(inv.map(q).point, p, 1e-9)
    }

    /// A 3-4-5 triangle at both ends of the double range: 5e300 and 5e-300, where squaring
    /// the sides first gives infinity and zero.
    func testDistanceNeitherOverflowsNorUnderflows() {
        XCTAssertEqual(Point(0, 0).distance(to: Point(3e300, 4e300)), 5e300, accuracy: 1e286)
        XCTAssertEqual(Point(0, 0).distance(to: Point(3e-300, -4e-300)), 5e-300, accuracy: 1e-314)
        XCTAssertEqual(Point(1, 2).distance(to: Point(4, 6)), 5, accuracy: 1e-15)
        XCTAssertEqual(Point(1, 2).distance(to: Point(1, 2)), 0)
        XCTAssertEqual(Point(0, 0).distance(to: Point(.infinity, 1)), .infinity)
        XCTAssertTrue(Point(0, 0).distance(to: Point(.nan, 1)).isNaN)
    }
}
