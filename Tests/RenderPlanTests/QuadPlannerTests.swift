@testable import RenderPlan
import LayerMath
import Layers
import XCTest
import _TestSupport

/// Per-quad planning without GL (no context is created here): culling, the antialiased
/// ring around a fully covered interior, pixel-aligned quads, nearest sampling at one
/// texel per pixel, trimming to visible texels, and the depth pre-pass decision. Expected
/// values are worked out by hand from the definitions in QuadPlanner.swift.
final class QuadPlannerTests: XCTestCase {
    let canvas = Size(800, 600)

    func planner(scale: Double = 1, visible: Rect? = nil) -> QuadPlanner {
        QuadPlanner(map: CanvasMapping(scale: scale, offsetX: 0, offsetY: 0), antialias: true, multisampled: false,
                    visible: visible ?? QuadPlanner.targetRegion(CanvasMapping(scale: scale, offsetX: 0, offsetY: 0), pixelWidth: Int(800 * scale),
                                                                 pixelHeight: Int(600 * scale)))
    }

    func quad(_ w: Double, _ h: Double, at p: Point, transform: Transform3D = .identity, radius: Double = 0,
              contents: LayerContents = .color(.white), canvas: Size? = nil) throws -> RenderQuad {
        let l = Layer(name: "q", bounds: Size(w, h), position: p)
        l.contents = contents
        l.transform = transform
        l.cornerRadius = radius
        // The flattener drops quads off its canvas: a wide canvas keeps them for the planner.
        let list = l.flatten(canvas: canvas ?? self.canvas)
        XCTAssertEqual(list.quads.count, 1)
        return try XCTUnwrap(list.quads.first)
    }

    func whole(_ w: Int32, _ h: Int32) -> TexelBox {
        TexelBox(x0: 0, y0: 0, x1: w, y1: h, width: w, height: h)
    }

    func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ tol: Double = 1e-9,
                    file: StaticString = #filePath, line: UInt = #line) {
        guard let r else { return XCTFail("nil rectangle", file: file, line: line) }
        XCTAssertEqual(r.minX, x, accuracy: tol, file: file, line: line)
        XCTAssertEqual(r.minY, y, accuracy: tol, file: file, line: line)
        XCTAssertEqual(r.width, w, accuracy: tol, file: file, line: line)
        XCTAssertEqual(r.height, h, accuracy: tol, file: file, line: line)
    }

    /// An unrotated image at one texel per pixel on whole pixels: no antialiasing, one
    /// plain draw, sampled nearest, no mip chain, and opaque (the pre-pass draws it alone).
    func testAxisAlignedQuadAtOneToOneIsOnePlainNearestDraw() throws {
        // Frame origin (60 - 50, 45 - 25) = (10, 20): whole pixels at scale 1.
        let q = try quad(100, 50, at: Point(60, 45), contents: .image(ImageRef(id: 1, width: 100, height: 50, isOpaque: true)))
        let p = try XCTUnwrap(planner().plan(q, fill: .image(isOpaque: true, texels: whole(100, 50))))
        XCTAssertFalse(p.smooth)
        XCTAssertTrue(p.plainWhole)
        XCTAssertNil(p.inner)
        XCTAssertEqual(p.draws, .plainWhole)
        XCTAssertTrue(p.nearest)
        XCTAssertFalse(p.needsMipmaps)
        XCTAssertTrue(p.opaque)
        XCTAssertEqual(p.inOrderDrawCalls(depthPrePass: false), 1)
        XCTAssertEqual(p.inOrderDrawCalls(depthPrePass: true), 0)
        assertRect(p.outer, 0, 0, 100, 50)
        assertRect(p.texRect, 0, 0, 1, 1)
    }

    /// HiDPI: a 150x75 image in 100x50 points at 1.5 pixels per point is one texel per pixel.
    func testOneToOneAtScaleOneAndAHalfIsNearest() throws {
        let q = try quad(100, 50, at: Point(60, 45), contents: .image(ImageRef(id: 1, width: 150, height: 75)))
        let p = try XCTUnwrap(planner(scale: 1.5).plan(q, fill: .image(isOpaque: false, texels: whole(150, 75))))
        XCTAssertTrue(p.plainWhole)
        XCTAssertTrue(p.nearest)
        XCTAssertFalse(p.opaque)
        // The same image drawn at 1 pixel per point is minified 1.5x: bilinear with mipmaps.
        let small = try XCTUnwrap(planner().plan(q, fill: .image(isOpaque: false, texels: whole(150, 75))))
        XCTAssertTrue(small.plainWhole)
        XCTAssertFalse(small.nearest)
        XCTAssertTrue(small.needsMipmaps)
    }

    /// A 512x280 poster in 640x350 points at 1.5 pixels per point (1.875 pixels per texel):
    /// magnified at every pixel, flat or turned about z, so bilinear without mip levels;
    /// squashed to half width by a turn about y (0.75 pixels per point across, 0.8 texels)
    /// it is not; in perspective it is where every pixel is (turned 0.2 about y), not
    /// turned 1.2.
    func testMagnifiedQuadSkipsMipLevelsFlatTurnedOrInPerspective() throws {
        let poster = LayerContents.image(ImageRef(id: 2, width: 512, height: 280))
        let texels = whole(512, 280)
        let flat = try XCTUnwrap(planner(scale: 1.5).plan(try quad(640, 350, at: Point(400, 300), contents: poster),
                                                          fill: .image(isOpaque: false, texels: texels)))
        XCTAssertTrue(flat.magnified)
        XCTAssertFalse(flat.needsMipmaps)
        let turned = try XCTUnwrap(planner(scale: 1.5).plan(try quad(640, 350, at: Point(400, 300), transform: .rotation(0.5, 0, 0, 1),
                                                                     contents: poster), fill: .image(isOpaque: false, texels: texels)))
        XCTAssertTrue(turned.magnified)
        let squashed = try XCTUnwrap(planner(scale: 1.5).plan(try quad(640, 350, at: Point(400, 300), transform: .rotation(.pi / 3, 0, 1, 0),
                                                                       contents: poster), fill: .image(isOpaque: false, texels: texels)))
        XCTAssertFalse(squashed.magnified)
        // In perspective: turned 0.2 about y, 0.53 texels per pixel face-on become at most
        // 0.53 / (cos 0.2 * 800 / (800 + 320 sin 0.2)) = 0.59 at the far edge: magnified.
        let deep = try XCTUnwrap(planner(scale: 1.5).plan(try quad(640, 350, at: Point(400, 300),
                                                                   transform: Transform3D.rotation(0.2, 0, 1, 0) * .perspective(800),
                                                                   contents: poster), fill: .image(isOpaque: false, texels: texels)))
        XCTAssertTrue(deep.magnified)
        // Turned 1.2: 0.53 / cos 1.2 = 1.5 texels per pixel across even before perspective: not.
        let steep = try XCTUnwrap(planner(scale: 1.5).plan(try quad(640, 350, at: Point(400, 300),
                                                                    transform: Transform3D.rotation(1.2, 0, 1, 0) * .perspective(800),
                                                                    contents: poster), fill: .image(isOpaque: false, texels: texels)))
        XCTAssertFalse(steep.magnified)
        XCTAssertTrue(steep.needsMipmaps)
    }

    /// Half a pixel off the grid: edges are antialiased, so no plain whole draw and no nearest.
    func testHalfPixelOffsetIsSmoothAndNotNearest() throws {
        let q = try quad(100, 50, at: Point(60.5, 45), contents: .image(ImageRef(id: 1, width: 100, height: 50)))
        let p = try XCTUnwrap(planner().plan(q, fill: .image(isOpaque: false, texels: whole(100, 50))))
        XCTAssertTrue(p.smooth)
        XCTAssertFalse(p.plainWhole)
        XCTAssertFalse(p.nearest)
        XCTAssertEqual(p.draws, .interiorAndRing)
    }

    /// Along the canvas axes the margin is 0.75 pixel (QuadPlanner.edgeMargin): a 100x50
    /// quad half a pixel off the grid at 1 pixel per point draws -0.75...100.75 outside and
    /// 0.75...99.25 inside; scaled 2 x 0.5 by its transform (the smaller axis scale, 0.5
    /// pixels per unit, sets it) the margin is 0.75 / 0.5 = 1.5 units.
    func testAQuadAlongTheAxesHasAThreeQuarterPixelMargin() throws {
        let q = try quad(100, 50, at: Point(60.5, 45))
        let p = try XCTUnwrap(planner().plan(q, fill: .color(.white)))
        assertRect(p.outer, -0.75, -0.75, 101.5, 51.5)
        assertRect(p.inner, 0.75, 0.75, 98.5, 48.5)
        let scaled = try quad(100, 50, at: Point(300.3, 200.2), transform: .scale(2, 0.5, 1))
        let s = try XCTUnwrap(planner().plan(scaled, fill: .color(.white)))
        assertRect(s.outer, -1.5, -1.5, 103, 53)
        assertRect(s.inner, 1.5, 1.5, 97, 47)
    }

    /// A quad rotated 10 degrees about z (lengths kept: 1 pixel per point): a 1.5-pixel
    /// margin outside, the interior 1.5 inside each edge, drawn as interior plus ring.
    func testTiltedQuadIsInteriorPlusRing() throws {
        let q = try quad(200, 100, at: Point(400, 300), transform: .rotation(10 * .pi / 180, 0, 0, 1))
        let p = try XCTUnwrap(planner().plan(q, fill: .color(.white)))
        XCTAssertTrue(p.smooth)
        XCTAssertFalse(p.plainWhole)
        assertRect(p.outer, -1.5, -1.5, 203, 103)
        assertRect(p.inner, 1.5, 1.5, 197, 97)
        XCTAssertEqual(p.draws, .interiorAndRing)
        XCTAssertTrue(p.opaque)
        XCTAssertEqual(p.inOrderDrawCalls(depthPrePass: false), 2)
        XCTAssertEqual(p.inOrderDrawCalls(depthPrePass: true), 1)
        XCTAssertEqual(p.a, 1)
    }

    /// Rounded corners (radius 20, margin 1.5): the interior is inset by
    /// k = 20 - (20 - 1.5) / sqrt(2) = 6.918524 so its corners clear the arcs.
    func testRoundedTiltedQuadInsetsTheInteriorPastTheArcs() throws {
        let q = try quad(200, 100, at: Point(400, 300), transform: .rotation(10 * .pi / 180, 0, 0, 1), radius: 20)
        let p = try XCTUnwrap(planner().plan(q, fill: .color(Color(1, 0, 0, 0.5))))
        let k = 6.9185245
        assertRect(p.inner, k, k, 200 - 2 * k, 100 - 2 * k, 1e-6)
        XCTAssertFalse(p.opaque, "half-transparent colour")
        XCTAssertEqual(p.a, 0.5)
        XCTAssertEqual(p.r, 0.5, "premultiplied")
    }

    /// A quad reaching behind the eye (rotated 60 degrees about y under a 500-point
    /// perspective, its left edge at z = +866): no margin, no interior, one coverage draw,
    /// never opaque, and never culled by its (meaningless) projected box.
    func testQuadCrossingTheEyePlaneIsOneCoverageDraw() throws {
        let q = try quad(2000, 300, at: Point(400, 300), transform: Transform3D.rotation(.pi / 3, 0, 1, 0) * .perspective(500))
        XCTAssertFalse(q.isInFrontOfEye)
        let p = try XCTUnwrap(planner().plan(q, fill: .color(.white)))
        XCTAssertNil(p.inner)
        XCTAssertEqual(p.draws, .coverageWhole)
        XCTAssertFalse(p.opaque)
        assertRect(p.outer, 0, 0, 2000, 300)
        XCTAssertEqual(p.inOrderDrawCalls(depthPrePass: true), 1)
    }

    /// Wholly outside the target (or the damage): nothing at all, for colours and images.
    func testFullyClippedQuadDrawsNothing() throws {
        let wide = Size(8000, 8000)
        let right = try quad(100, 100, at: Point(5000, 300), canvas: wide)
        XCTAssertNil(planner().plan(right, fill: .color(.white)))
        // A target showing canvas x >= 200 only; this quad ends at x = 199.
        let left = try quad(100, 100, at: Point(149, 300))
        XCTAssertNil(planner(visible: Rect(x: 200, y: 0, width: 600, height: 600))
            .plan(left, fill: .image(isOpaque: true, texels: whole(100, 100))))
        // Inside the canvas but outside the damage region.
        let inside = try quad(100, 100, at: Point(400, 300))
        XCTAssertNotNil(planner().plan(inside, fill: .color(.white)))
        XCTAssertNil(planner(visible: Rect(x: 0, y: 0, width: 100, height: 100)).plan(inside, fill: .color(.white)))
        // At scale 2 the target shows canvas x 0..<400: a quad at x 450...550 is off it.
        XCTAssertEqual(QuadPlanner.targetRegion(CanvasMapping(scale: 2, offsetX: 0, offsetY: 0), pixelWidth: 800, pixelHeight: 600),
                       Rect(x: 0, y: 0, width: 400, height: 300))
        XCTAssertNil(planner(scale: 2, visible: QuadPlanner.targetRegion(CanvasMapping(scale: 2, offsetX: 0, offsetY: 0), pixelWidth: 800, pixelHeight: 600))
            .plan(try quad(100, 100, at: Point(500, 150), canvas: wide), fill: .color(.white)))
        // Transparent: nothing either.
        XCTAssertNil(planner().plan(inside, fill: .color(Color(1, 1, 1, 0))))
    }

    /// Visible texels 40..<60 of a 100-texel row at 1:1: padded by 2 + 4 = 6 texels, the
    /// content becomes x 34..<66 and the texture rectangle u 0.34..<0.66.
    func testImageTrimmedToItsVisibleTexels() throws {
        let q = try quad(100, 50, at: Point(60, 45), contents: .image(ImageRef(id: 1, width: 100, height: 50)))
        let box = TexelBox(x0: 40, y0: 0, x1: 60, y1: 50, width: 100, height: 50)
        let p = try XCTUnwrap(planner().plan(q, fill: .image(isOpaque: false, texels: box)))
        assertRect(p.content, 34, 0, 32, 50)
        assertRect(p.texRect, 0.34, 0, 0.32, 1)
        XCTAssertTrue(p.nearest, "x 34 and texel 34 are both whole")
        // Nothing visible at all: no draw.
        let empty = TexelBox(x0: 0, y0: 0, x1: 0, y1: 0, width: 100, height: 50)
        XCTAssertNil(planner().plan(q, fill: .image(isOpaque: false, texels: empty)))
    }

    /// Multisampled targets draw every quad whole through the coverage shader.
    func testMultisampledTargetDrawsCoverageWhole() throws {
        var m = planner()
        m.multisampled = true
        let p = try XCTUnwrap(m.plan(try quad(200, 100, at: Point(400, 300), transform: .rotation(0.2, 0, 0, 1)), fill: .color(.white)))
        XCTAssertEqual(p.draws, .coverageWhole)
        XCTAssertFalse(p.smooth)
    }

    /// Two opaque full-canvas quads: the second hides the whole first (a fifth is enough);
    /// two side by side hide nothing of each other.
    func testDepthPrePassPaysOnlyWhenOpaquePartsOverlap() {
        let a = Layer(name: "a", bounds: Size(800, 600), position: Point(400, 300))
        a.contents = .color(.white)
        let b = Layer(name: "b", bounds: Size(800, 600), position: Point(400, 300))
        b.contents = .color(Color(0, 0, 1))
        XCTAssertTrue(OpaquePrePass.opaqueCanHide([a, b].flatten(canvas: canvas)))
        let left = Layer(name: "l", bounds: Size(400, 600), position: Point(200, 300))
        left.contents = .color(.white)
        let right = Layer(name: "r", bounds: Size(400, 600), position: Point(600, 300))
        right.contents = .color(.white)
        XCTAssertFalse(OpaquePrePass.opaqueCanHide([left, right].flatten(canvas: canvas)))
        // Half-transparent on top hides nothing.
        b.contents = .color(Color(0, 0, 1, 0.5))
        XCTAssertFalse(OpaquePrePass.opaqueCanHide([a, b].flatten(canvas: canvas)))
    }
}

/// The level-of-detail bound for quads in perspective (`QuadPlanner+Magnification`),
/// against GL's scale factor ρ worked out by hand.
final class MagnificationBoundTests: XCTestCase {
    /// x = u, y = v, w = 1 + u/100 (m14 = 0.01): at the far corner (100, 100), w = 2 and
    /// the canvas-to-bounds Jacobian is [[4, 0], [2, 2]] (the inverse of [[1/4, 0], [-1/4, 1/2]]),
    /// so with 0.2 texels per point ρ = 0.2 * |(4, 2)| = 0.894, the most anywhere on the
    /// square. The bound holds it and stays within 5 % of it.
    func testAPerspectiveSquareIsBoundedByItsFarCornerWithin5Percent() throws {
        var m = Transform3D.identity
        m.m14 = 0.01
        let bound = try XCTUnwrap(QuadPlanner.perspectiveTexelScaleBound(
            m, over: Rect(x: 0, y: 0, width: 100, height: 100), texelsPerPoint: (0.2, 0.2)))
        let exact = 0.2 * (16.0 + 4.0).squareRoot()
        XCTAssertGreaterThanOrEqual(bound, exact - 1e-12)
        XCTAssertLessThanOrEqual(bound, exact * 1.05)
    }

    /// Affine (w constant 1/2 of a scale 2 map): the Jacobian is 1/2 everywhere, so ρ is
    /// exactly half the texels per point, along the longer texel axis.
    func testAnAffineMapIsBoundedExactly() throws {
        var m = Transform3D.identity
        m.m11 = 2; m.m22 = 2
        let bound = try XCTUnwrap(QuadPlanner.perspectiveTexelScaleBound(
            m, over: Rect(x: 0, y: 0, width: 30, height: 20), texelsPerPoint: (0.8, 1.2)))
        XCTAssertEqual(bound, 0.6, accuracy: 1e-12)
    }

    /// Part of the rectangle at or behind the eye (w <= 0 at u = 100 when m14 = -0.01): no bound.
    func testARectangleReachingTheEyeHasNoBound() {
        var m = Transform3D.identity
        m.m14 = -0.01
        XCTAssertNil(QuadPlanner.perspectiveTexelScaleBound(
            m, over: Rect(x: 0, y: 0, width: 100, height: 100), texelsPerPoint: (0.2, 0.2)))
    }

    /// Planned: a 200x120 layer showing a 100x60 image, turned 0.3 rad about y in a 500-point
    /// perspective, drawn at 1.5 pixels per point, magnifies everywhere (0.33 texels per
    /// pixel face-on, under 0.4 at the far edge); the same layer showing 800x480 texels
    /// (2.7 texels per pixel face-on) does not.
    func testATiltedLayerInPerspectiveIsMagnifiedOnlyWhenEveryPixelIs() throws {
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let planner = QuadPlanner(map: CanvasMapping(scale: 1.5, offsetX: 0, offsetY: 0), antialias: true, multisampled: false, visible: nil)
        func plan(texels w: Int32, _ h: Int32) throws -> QuadPlan {
            let l = Layer(name: "tilted", bounds: Size(200, 120), position: Point(400, 300))
            l.contents = .image(ImageRef(id: 1, width: Int(w), height: Int(h), isOpaque: true))
            l.transform = p.rotated(0.3, 0, 1, 0)
            let q = try XCTUnwrap(l.flatten(canvas: Size(800, 600)).quads.first)
            XCTAssertNotEqual(q.matrix.m14, 0, "in perspective")
            return try XCTUnwrap(planner.plan(q, fill: .image(isOpaque: true, texels: TexelBox(
                x0: 0, y0: 0, x1: w, y1: h, width: w, height: h))))
        }
        XCTAssertTrue(try plan(texels: 100, 60).magnified)
        XCTAssertFalse(try plan(texels: 800, 480).magnified)
        var off = planner
        off.samplesMagnifiedWithoutMips = false
        let l = Layer(name: "tilted", bounds: Size(200, 120), position: Point(400, 300))
        l.contents = .image(ImageRef(id: 1, width: 100, height: 60, isOpaque: true))
        l.transform = p.rotated(0.3, 0, 1, 0)
        let q = try XCTUnwrap(l.flatten(canvas: Size(800, 600)).quads.first)
        XCTAssertFalse(try XCTUnwrap(off.plan(q, fill: .image(isOpaque: true, texels: TexelBox(
            x0: 0, y0: 0, x1: 100, y1: 60, width: 100, height: 60)))).magnified)
    }
}
