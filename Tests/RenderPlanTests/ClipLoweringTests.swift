import LayerMath
@testable import Layers
@testable import RenderPlan
import XCTest

/// Clips that are axis-aligned rectangles of the canvas are scissor boxes, and clips whose
/// quads lie in their plane along their axes are tested in the quad shader (`ClipLowering`,
/// `AnalyticClip`): the pixels the stencil shape keeps, without drawing it. Boxes and maps
/// worked out by hand (the renders that compare them with stencil shapes: ScissorClipRenderTests).
final class ClipLoweringTests: XCTestCase {
    let identity: CanvasMapping = .identity

    func clip(_ m: Transform3D, size: Size = Size(100, 50), radius: Double = 0, parent: Int = -1, depth: Int = 1) -> RenderClip {
        RenderClip(name: "c", matrix: m, size: size, cornerRadius: radius, parent: parent, depth: depth,
                   visibleBox: Rect(x: 0, y: 0, width: 1, height: 1))
    }

    // MARK: The pixel-centre rule

    /// Centres i + 0.5 in [10.2, 20.7): columns 10 (10.5) to 20 (20.5); 21 (21.5) is out.
    func testBoxHoldsThePixelsWhoseCentresAreInside() {
        let b = PixelBox.covering(Rect(x: 10.2, y: 3.9, width: 10.5, height: 2.2), map: identity, pixelWidth: 100, pixelHeight: 100)
        XCTAssertEqual(b, PixelBox(x0: 10, y0: 4, x1: 21, y1: 6))   // rows: centres 4.5, 5.5 in [3.9, 6.1)
    }

    /// A centre exactly on an edge: in on the left and top edges, out on the right and bottom.
    func testCentreOnAnEdgeIsInOnTheLeftAndTopOnly() {
        let b = PixelBox.covering(Rect(x: 10.5, y: 2.5, width: 10, height: 3), map: identity, pixelWidth: 100, pixelHeight: 100)
        XCTAssertEqual(b, PixelBox(x0: 10, y0: 2, x1: 20, y1: 5))
    }

    /// The carousel's frame (0, 180, 1280, 360) at 1.5x: rows 270 ..< 810, every column.
    func testCanvasScaleMapsTheCarouselFrameToWholeRows() {
        let b = PixelBox.covering(Rect(x: 0, y: 180, width: 1280, height: 360), map: CanvasMapping(scale: 1.5, offsetX: 0, offsetY: 0), pixelWidth: 1920, pixelHeight: 1080)
        XCTAssertEqual(b, PixelBox(x0: 0, y0: 270, x1: 1920, y1: 810))
    }

    /// Extreme and non-finite coordinates clamp to the target instead of trapping.
    func testHugeAndNonFiniteEdgesClampToTheTarget() {
        let huge = PixelBox.covering(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), map: identity, pixelWidth: 64, pixelHeight: 32)
        XCTAssertEqual(huge, PixelBox(x0: 0, y0: 0, x1: 64, y1: 32))
        let nan = PixelBox.covering(Rect(x: .nan, y: 0, width: 10, height: 10), map: identity, pixelWidth: 64, pixelHeight: 32)
        XCTAssertEqual(nan.x0, 0)
        XCTAssertLessThanOrEqual(nan.x0, nan.x1)
        let tiny = PixelBox.covering(Rect(x: 1e-300, y: 1e-300, width: 1e-300, height: 1e-300), map: identity, pixelWidth: 64, pixelHeight: 32)
        XCTAssertEqual(tiny.x1 - tiny.x0, 0, "no centre inside")
    }

    func testIntersectionOfDisjointBoxesIsEmpty() {
        let a = PixelBox(x0: 0, y0: 0, x1: 10, y1: 10), b = PixelBox(x0: 20, y0: 5, x1: 30, y1: 8)
        let c = a.intersection(b)
        XCTAssertEqual(c.x1 - c.x0, 0)
        XCTAssertEqual(a.intersection(PixelBox(x0: 5, y0: -3, x1: 40, y1: 4)), PixelBox(x0: 5, y0: 0, x1: 10, y1: 4))
    }

    // MARK: Which clips are scissor boxes

    /// Scale 2 and translation (30, 40): bounds 100x50 cover canvas x 30...230, y 40...140.
    func testScaledTranslatedRectangleIsAScissorRectangle() {
        var m = Transform3D.identity
        m.m11 = 2; m.m22 = 2; m.m41 = 30; m.m42 = 40
        XCTAssertEqual(ClipLowering.scissorRect(clip(m)), Rect(x: 30, y: 40, width: 200, height: 100))
    }

    /// Rounded corners, a rotation, perspective and a mirror need the stencil shape.
    func testRoundedRotatedPerspectiveAndMirroredClipsAreStencilShapes() {
        XCTAssertNil(ClipLowering.scissorRect(clip(.identity, radius: 4)))
        XCTAssertNil(ClipLowering.scissorRect(clip(.rotation(0.1, 0, 0, 1))))
        var p = Transform3D.identity
        p.m14 = 0.001
        XCTAssertNil(ClipLowering.scissorRect(clip(p)))
        var mirror = Transform3D.identity
        mirror.m11 = -1
        XCTAssertNil(ClipLowering.scissorRect(clip(mirror)))
        // A rotation about y in perspective writes m14: not a rectangle of the canvas.
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        XCTAssertNil(ClipLowering.scissorRect(clip(t.rotated(0.3, 0, 1, 0))))
    }

    /// Stencil values count stencil clips only: a rounded clip inside a scissor clip is 1,
    /// a scissor clip inside it keeps 1, a rounded one inside that is 2; the group opened
    /// inside the second clip records it.
    func testStencilDepthsCountOnlyStencilClips() {
        var list = RenderList()
        list.clips = [clip(.identity), clip(.identity, radius: 5, parent: 0, depth: 2),
                      clip(.identity, parent: 1, depth: 3), clip(.identity, radius: 5, parent: 2, depth: 4)]
        list.groups = [RenderGroup(name: "g", opacity: 0.5, box: Rect(x: 0, y: 0, width: 1, height: 1), end: 4,
                                   firstQuad: 0, clipDepth: 2, parent: -1)]
        list.commands = [.pushClip(0), .pushClip(1), .beginGroup(0), .pushClip(2), .endGroup(0), .popClip(2), .pushClip(3)]
        var lowering = ClipLowering()
        lowering.update(list)
        XCTAssertEqual((0..<4).map { lowering.isScissor($0) }, [true, false, true, false])
        XCTAssertEqual((0..<4).map { lowering.stencilDepth($0) }, [0, 1, 1, 2])
        XCTAssertEqual(lowering.stencilClipCount, 2)
        XCTAssertEqual(lowering.groupClips, [1])
        lowering.update(list, scissors: false)
        XCTAssertEqual((0..<4).map { lowering.stencilDepth($0) }, [1, 2, 3, 4], "all stencil: the nesting depth")
    }

    /// The chain's scissor boxes intersect: an inner rectangle cut by its outer one.
    func testNestedScissorClipsIntersect() {
        var outer = Transform3D.identity
        outer.m41 = 10; outer.m42 = 10
        var inner = Transform3D.identity
        inner.m41 = 50; inner.m42 = 20
        let clips = [clip(outer, size: Size(100, 100)), clip(inner, size: Size(100, 100), parent: 0, depth: 2)]
        var list = RenderList()
        list.clips = clips
        var lowering = ClipLowering()
        lowering.update(list)
        XCTAssertEqual(lowering.scissorBox(clip: 1, map: identity, pixelWidth: 200, pixelHeight: 200),
                       PixelBox(x0: 50, y0: 20, x1: 110, y1: 110))
        XCTAssertNil(lowering.scissorBox(clip: -1, map: identity, pixelWidth: 200, pixelHeight: 200))
    }

    // MARK: Analytic clips

    /// A child translated by (10, 20) in a 100x50 clip with corner radius 10: clip point =
    /// quad point + (10, 20); the clip's rectangle in quad space starts at (-10, -20); its
    /// inside is inset by 10(1 - 1/sqrt 2) = 2.9289.
    func testTranslatedChildMapsIntoItsClipByAnOffset() throws {
        var clipMatrix = Transform3D.identity
        clipMatrix.m41 = 300; clipMatrix.m42 = 200
        var quadMatrix = Transform3D.identity
        quadMatrix.m41 = 310; quadMatrix.m42 = 220
        let c = clip(clipMatrix, radius: 10)
        let m = try XCTUnwrap(AnalyticClip.map(quadMatrix: quadMatrix, quadSize: Size(40, 30),
                                               clipInverse: XCTUnwrap(clipMatrix.planeHomography.inverted()), clip: c))
        XCTAssertEqual(m.scaleX, 1, accuracy: 1e-12); XCTAssertEqual(m.scaleY, 1, accuracy: 1e-12)
        XCTAssertEqual(m.offsetX, 10, accuracy: 1e-9); XCTAssertEqual(m.offsetY, 20, accuracy: 1e-9)
        XCTAssertEqual(m.rectInQuad.minX, -10, accuracy: 1e-9); XCTAssertEqual(m.rectInQuad.maxY, 30, accuracy: 1e-9)
        let inside = try XCTUnwrap(m.interiorInQuad)
        XCTAssertEqual(inside.minX, -10 + 2.928932, accuracy: 1e-6)
        XCTAssertEqual(inside.maxX, 90 - 2.928932, accuracy: 1e-6)
    }

    /// The card tilted in perspective carries its child: quad and clip share the plane, and
    /// the map is still the child's offset inside the card.
    func testChildOfATiltedCardStaysAnOffsetInItsPlane() throws {
        var p = Transform3D.identity
        p.m34 = -1.0 / 600
        let card = p.rotated(0.35, 0, 1, 0).rotated(0.1, 1, 0, 0).translated(400, 300, 0)
        let child = Transform3D.translation(-6, 4, 0) * card   // CA order: child's own transform first
        let m = try XCTUnwrap(AnalyticClip.map(quadMatrix: child, quadSize: Size(200, 120),
                                               clipInverse: XCTUnwrap(card.planeHomography.inverted()),
                                               clip: clip(card, size: Size(200, 120), radius: 12)))
        XCTAssertEqual(m.scaleX, 1, accuracy: 1e-9); XCTAssertEqual(m.scaleY, 1, accuracy: 1e-9)
        XCTAssertEqual(m.offsetX, -6, accuracy: 1e-7); XCTAssertEqual(m.offsetY, 4, accuracy: 1e-7)
    }

    /// A child turned in the clip's plane, or tilted out of it, keeps the stencil shape.
    func testTurnedOrTiltedChildIsNotAnalytic() throws {
        let clipMatrix = Transform3D.translation(100, 100, 0)
        let inverse = try XCTUnwrap(clipMatrix.planeHomography.inverted())
        let turned = Transform3D.rotation(0.2, 0, 0, 1) * clipMatrix
        XCTAssertNil(AnalyticClip.map(quadMatrix: turned, quadSize: Size(50, 50), clipInverse: inverse, clip: clip(clipMatrix)))
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let tilted = Transform3D.rotation(0.3, 0, 1, 0) * p * clipMatrix
        XCTAssertNil(AnalyticClip.map(quadMatrix: tilted, quadSize: Size(50, 50), clipInverse: inverse, clip: clip(clipMatrix)))
    }

    /// The planner cuts a 100x100 quad, offset by 60 in its clip (clip point = quad point
    /// + 60; clip 100x100): drawn only over quad x, y in 0...40 (the clip spans -60...40).
    func testPlannerCutsTheQuadToItsClip() throws {
        var planner = QuadPlanner(map: .identity, antialias: true, multisampled: false, visible: nil)
        planner.softClips = false
        var list = RenderList()
        let layer = Layer(name: "q", bounds: Size(100, 100), position: Point(50, 50))
        layer.contents = .color(Color(1, 0, 0, 1))
        var flattener = Flattener()
        flattener.flatten([layer], canvas: Size(200, 200), into: &list)
        let q = list.quads[0]
        let whole = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, 1))))
        XCTAssertTrue(whole.plainWhole)
        let c = AnalyticClip(scaleX: 1, scaleY: 1, offsetX: 60, offsetY: 60, width: 100, height: 100, radius: 0)
        let cut = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, 1)), clip: c))
        XCTAssertEqual(cut.outer, Rect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertTrue(cut.plainWhole, "what is left lies wholly inside the square clip")
        XCTAssertEqual(cut.clip, c)
        // Rounded by 20, the clip's sure inside ends at 40 - 20(1 - 1/sqrt 2) = 34.14: the
        // cut rectangle reaches the corner arc, so its pixels go through the coverage shader.
        var rounded = c
        rounded.radius = 20
        let corner = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, 1)), clip: rounded))
        XCTAssertEqual(corner.outer, Rect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertFalse(corner.plainWhole)
        XCTAssertEqual(corner.draws, .coverageWhole)
        let outside = AnalyticClip(scaleX: 1, scaleY: 1, offsetX: 200, offsetY: 0, width: 100, height: 100, radius: 0)
        XCTAssertNil(planner.plan(q, fill: .color(Color(1, 0, 0, 1)), clip: outside), "wholly outside its clip: nothing")
        // Soft clip edges reach 0.75 pixel past the clip (the margin of a quad along the
        // canvas axes at one pixel per point): the cut rectangle is 40.75 on a side, and
        // goes through the coverage shader, which antialiases the clip's edge.
        planner.softClips = true
        let soft = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, 1)), clip: c))
        XCTAssertEqual(soft.outer, Rect(x: 0, y: 0, width: 40.75, height: 40.75))
        XCTAssertFalse(soft.plainWhole)
        XCTAssertTrue(soft.softClip)
        XCTAssertEqual(soft.draws, .coverageWhole)
        XCTAssertNil(planner.plan(q, fill: .color(Color(1, 0, 0, 1)), clip: outside), "wholly outside its soft clip: nothing")
    }
}
