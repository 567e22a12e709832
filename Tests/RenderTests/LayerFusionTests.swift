@testable import GLRenderer
import LayerMath
import Layers
import XCTest

/// The fusion decision without GL (no context is created here): where a quad lands in
/// gl_FragCoord pixels, its pixel box, and which layers join a run. Expected values are
/// worked out by hand from the definitions in LayerFusion.swift.
final class LayerFusionTests: XCTestCase {
    /// An 800x600 target showing an 800x600 canvas at scale 1.
    let projection = GLRenderer.projection((1, 0, 0), pixelWidth: 800, pixelHeight: 600)
    let viewport = Rect(x: 0, y: 0, width: 800, height: 600)

    func screen(_ m: Transform3D, originX: Double = 0, originY: Double = 0) -> Homography2D {
        LayerFusion.screenHomography(m, projection: projection, originX: originX, originY: originY, width: 800, height: 600)
    }

    /// Canvas (x, y) lands on gl_FragCoord (x, 600 - y): y counts up from the bottom row.
    func testScreenHomographyFlipsYIntoFragCoordSpace() {
        let p = screen(.translation(100, 50)).map(Point(10, 20))
        XCTAssertEqual(p.point.x, 110, accuracy: 1e-9)
        XCTAssertEqual(p.point.y, 600 - 70, accuracy: 1e-9)
        XCTAssertEqual(p.w, 1, accuracy: 1e-12)
    }

    /// A viewport at (30, 40) in the framebuffer shifts gl_FragCoord by that much.
    func testScreenHomographyAddsTheViewportOrigin() {
        let p = screen(.identity, originX: 30, originY: 40).map(Point(10, 20))
        XCTAssertEqual(p.point.x, 40, accuracy: 1e-9)
        XCTAssertEqual(p.point.y, 620, accuracy: 1e-9)
    }

    /// The inverse takes a fragment back to the bounds point, with h.z = 1/w (the shader's
    /// "in front of the eye" test): w = 1 - 0.001 x for this perspective, 0.8 at x = 200.
    func testInverseReturnsBoundsPointAndOneOverW() throws {
        var m = Transform3D.identity
        m.m14 = -0.001
        let s = screen(m)
        let (p, w) = s.map(Point(200, 100))
        XCTAssertEqual(w, 0.8, accuracy: 1e-12)
        XCTAssertEqual(p.x, 250, accuracy: 1e-9)          // 200 / 0.8
        XCTAssertEqual(p.y, 600 - 125, accuracy: 1e-9)    // 600 - 100 / 0.8
        let inv = try XCTUnwrap(s.inverted())
        let back = inv.map(p)
        XCTAssertEqual(back.point.x, 200, accuracy: 1e-9)
        XCTAssertEqual(back.point.y, 100, accuracy: 1e-9)
        XCTAssertEqual(back.w, 1 / 0.8, accuracy: 1e-9)
    }

    /// The box rounds outwards to whole pixels: x 100.25...110.75 -> 100...111, canvas y
    /// 50...70 -> gl_FragCoord y 530...550.
    func testPixelBoxRoundsOutwards() throws {
        let box = try XCTUnwrap(LayerFusion.pixelBox(Rect(x: 0, y: 0, width: 10.5, height: 20),
                                                     screen: screen(.translation(100.25, 50)), viewport: viewport))
        XCTAssertEqual(box, Rect(x: 100, y: 530, width: 11, height: 20))
    }

    /// An edge a float error past a pixel boundary stays on it: 688.0000001 is 688, not 689
    /// (x 100.0000001...199.9999999 -> 100...200).
    func testPixelBoxSnapsEdgesWithinAThousandthOfAPixel() throws {
        let box = try XCTUnwrap(LayerFusion.pixelBox(Rect(x: 0, y: 0, width: 99.9999998, height: 10),
                                                     screen: screen(.translation(100.0000001, 50)), viewport: viewport))
        XCTAssertEqual(box, Rect(x: 100, y: 540, width: 100, height: 10))
    }

    /// A box reaching past the target is cut to the viewport; one wholly outside is nil.
    func testPixelBoxIsCutToTheViewport() throws {
        let box = try XCTUnwrap(LayerFusion.pixelBox(Rect(x: 0, y: 0, width: 100, height: 100),
                                                     screen: screen(.translation(750, -40)), viewport: viewport))
        XCTAssertEqual(box, Rect(x: 750, y: 540, width: 50, height: 60))   // x 750...800, canvas y 0...60
        XCTAssertNil(LayerFusion.pixelBox(Rect(x: 0, y: 0, width: 10, height: 10),
                                          screen: screen(.translation(900, 10)), viewport: viewport))
    }

    /// A corner behind the eye (w = 1 - 0.01 x = -1 at x = 200) means no box: no fusion.
    func testPixelBoxIsNilWithACornerBehindTheEye() {
        var m = Transform3D.identity
        m.m14 = -0.01
        XCTAssertNil(LayerFusion.pixelBox(Rect(x: 0, y: 0, width: 200, height: 10), screen: screen(m), viewport: viewport))
        XCTAssertNotNil(LayerFusion.pixelBox(Rect(x: 0, y: 0, width: 50, height: 10), screen: screen(m), viewport: viewport))
    }

    /// Which planned quads may fuse: pixel-aligned square ones (an 80x60 quad at (10, 20)
    /// at scale 1), not a rotated one (antialiased edges), not a rounded one, and an
    /// opaque one only without the depth pre-pass.
    func testOnlyPixelAlignedSquareQuadsMayFuseAndNoOpaqueOneUnderThePrePass() throws {
        let planner = QuadPlanner(map: (1, 0, 0), antialias: true, multisampled: false, visible: nil)
        func plan(_ transform: Transform3D = .identity, radius: Double = 0, alpha: Double) throws -> QuadPlan {
            let l = Layer(name: "q", bounds: Size(80, 60), position: Point(50, 50))
            l.contents = .color(Color(1, 0, 0, alpha))
            l.transform = transform
            l.cornerRadius = radius
            let q = try XCTUnwrap(l.flatten(canvas: Size(800, 600)).quads.first)
            return try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, alpha))))
        }
        let translucent = try plan(alpha: 0.5), opaque = try plan(alpha: 1)
        XCTAssertTrue(translucent.plainWhole)
        XCTAssertTrue(LayerFusion.mayFuse(translucent, inFrontOfEye: true, depthPrePass: true))
        XCTAssertTrue(LayerFusion.mayFuse(opaque, inFrontOfEye: true, depthPrePass: false))
        XCTAssertFalse(LayerFusion.mayFuse(opaque, inFrontOfEye: true, depthPrePass: true))
        XCTAssertFalse(LayerFusion.mayFuse(try plan(.rotation(0.1, 0, 0, 1), alpha: 0.5), inFrontOfEye: true, depthPrePass: false))
        XCTAssertFalse(LayerFusion.mayFuse(try plan(radius: 8, alpha: 0.5), inFrontOfEye: true, depthPrePass: false))
        XCTAssertFalse(LayerFusion.mayFuse(translucent, inFrontOfEye: false, depthPrePass: false))
    }

    /// Layers with the bottom's box join until the run holds `limit` layers.
    func testIdenticalBoxesJoinUpToTheLimit() {
        let b = Rect(x: 10, y: 10, width: 100, height: 100)
        var run = LayerFusion.Run(b, limit: 4)
        for _ in 0..<3 {
            XCTAssertTrue(run.accepts(b))
            run.add(b)
        }
        XCTAssertEqual(run.count, 4)
        XCTAssertFalse(run.accepts(b), "a fifth layer starts a new run")
        XCTAssertEqual(run.box, b)
    }

    /// A layer that does not overlap the run never joins (nothing stacks there).
    func testDisjointLayerDoesNotJoin() {
        let run = LayerFusion.Run(Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertFalse(run.accepts(Rect(x: 100, y: 0, width: 50, height: 100)), "touching edges share no area")
        XCTAssertTrue(run.accepts(Rect(x: 99, y: 0, width: 1, height: 100)))
    }

    /// The union may grow to 1.2 times the bottom's area (100 x 100 = 10000 -> 12000).
    func testUnionGrowsAtMostTwentyPercentOverTheBottom() {
        var run = LayerFusion.Run(Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertFalse(run.accepts(Rect(x: 0, y: 0, width: 130, height: 100)), "13000 > 12000")
        XCTAssertTrue(run.accepts(Rect(x: 0, y: 0, width: 110, height: 100)), "11000")
        run.add(Rect(x: 0, y: 0, width: 110, height: 100))
        XCTAssertEqual(run.box, Rect(x: 0, y: 0, width: 110, height: 100))
        XCTAssertFalse(run.accepts(Rect(x: 0, y: 0, width: 100, height: 110)), "110 x 110 = 12100 > 12000")
        XCTAssertTrue(run.accepts(Rect(x: 0, y: 0, width: 100, height: 109)), "110 x 109 = 11990")
        XCTAssertTrue(run.accepts(Rect(x: 20, y: 20, width: 10, height: 10)), "a layer inside the box adds nothing")
    }

    /// The limit is clamped to 1...8 (8: the fused shader's texture units).
    func testRunLimitIsClamped() {
        let b = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(LayerFusion.Run(b, limit: 20).limit, 8)
        XCTAssertEqual(LayerFusion.Run(b, limit: 0).limit, 1)
        XCTAssertFalse(LayerFusion.Run(b, limit: 1).accepts(b))
    }
}
