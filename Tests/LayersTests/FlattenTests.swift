import LayerMath
import Layers
import XCTest
import _TestSupport

final class FlattenTests: XCTestCase {
    let canvas = Size(800, 600)

    func coloured(_ name: String, _ w: Double, _ h: Double, at p: Point) -> Layer {
        let l = Layer(name: name, bounds: Size(w, h), position: p)
        l.contents = .color(.white)
        return l
    }

    func testUntransformedLayerCornersAreItsFrame() {
        let l = coloured("a", 100, 50, at: Point(200, 100))
        let q = l.flatten(canvas: canvas).quads
        XCTAssertEqual(q.count, 1)
        XCTAssertEqual(q[0].cornerArray, [Point(150, 75), Point(250, 75), Point(250, 125), Point(150, 125)])
    }

    func testAnchorPointMovesTheFrame() {
        let l = coloured("a", 100, 50, at: Point(200, 100))
        l.anchorPoint = Point(0, 0)
        XCTAssertEqual(l.flatten(canvas: canvas).quads[0].corners.0, Point(200, 100))
    }

    func testRotationIsAboutTheAnchorPoint() {
        let l = coloured("a", 100, 100, at: Point(300, 300))
        l.transform = .rotation(.pi / 2, 0, 0, 1)
        let c = l.flatten(canvas: canvas).quads[0].cornerArray
        // Top-left corner (-50,-50 from the centre) rotates clockwise to (50,-50).
        assertClose(c[0], Point(350, 250), 1e-9)
    }

    func testRotateY45WithoutPerspectiveOnlySquashes() {
        let l = coloured("a", 200, 100, at: Point(400, 300))
        l.transform = .rotation(.pi / 4, 0, 1, 0)
        let c = l.flatten(canvas: canvas).quads[0].cornerArray
        let half = 100 * 0.5.squareRoot()
        assertClose(c[0], Point(400 - half, 250), 1e-9)
        assertClose(c[2], Point(400 + half, 350), 1e-9)
    }

    func testRotateY45WithPerspectiveShrinksTheFarEdge() {
        let l = coloured("a", 200, 100, at: Point(400, 300))
        l.transform = Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(500)
        let c = l.flatten(canvas: canvas).quads[0].cornerArray
        let z = -100 * 0.5.squareRoot()               // right edge, x = +100 before rotation
        let w = 1 - z / 500
        assertClose(c[1], Point(400 + 100 * 0.5.squareRoot() / w, 300 - 50 / w), 1e-9)
        XCTAssertLessThan(c[2].y - c[1].y, c[3].y - c[0].y)   // the far (right) edge is shorter
    }

    func testParentAndChildRotationsDoNotCancel() {
        // Seed 002: a child rotated -45 inside a parent rotated +45 is squashed twice,
        // because the parent flattens the child into its plane.
        let parent = coloured("parent", 200, 200, at: Point(400, 300))
        parent.transform = .rotation(.pi / 4, 0, 1, 0)
        let child = coloured("child", 100, 100, at: Point(100, 100))
        child.transform = .rotation(-.pi / 4, 0, 1, 0)
        parent.addSublayer(child)
        let quads = parent.flatten(canvas: canvas).quads
        XCTAssertEqual(quads.map(\.name), ["parent", "child"])
        let c = quads[1].cornerArray
        assertClose(c[1].x - c[0].x, 100 * 0.5, 1e-9)   // cos45 * cos45 = 0.5, not 1
        assertClose(c[3].y - c[0].y, 100, 1e-9)
    }

    func testSublayerTransformActsAboutTheAnchorAndSharesAVanishingPoint() {
        let container = Layer(name: "c", bounds: Size(400, 400), position: Point(400, 300))
        container.sublayerTransform = .perspective(500)
        let a = coloured("a", 100, 100, at: Point(200, 200))
        a.zPosition = 100    // toward the viewer: grows by 1 / (1 - 100/500) about the container centre
        container.addSublayer(a)
        let c = container.flatten(canvas: canvas).quads[0].cornerArray
        assertClose(c[0], Point(400 - 50 / 0.8, 300 - 50 / 0.8), 1e-9)
    }

    func testZPositionOnlyOrdersSiblingsWithoutPerspective() {
        let root = Layer(name: "root", bounds: Size(800, 600), position: Point(400, 300))
        let a = coloured("a", 10, 10, at: Point(100, 100))
        let b = coloured("b", 10, 10, at: Point(100, 100))
        let c = coloured("c", 10, 10, at: Point(100, 100))
        a.zPosition = 800; b.zPosition = -1
        root.addSublayer(a); root.addSublayer(b); root.addSublayer(c)
        let quads = root.flatten(canvas: canvas).quads
        XCTAssertEqual(quads.map(\.name), ["b", "c", "a"])
        XCTAssertEqual(quads[2].cornerArray, quads[0].cornerArray)   // no size change without perspective
    }

    func testEqualZPositionsKeepSublayerOrder() {
        let root = Layer(name: "root", bounds: Size(10, 10), position: Point(5, 5))
        for n in ["x", "y", "z", "w"] { root.addSublayer(coloured(n, 5, 5, at: Point(3, 3))) }
        XCTAssertEqual(root.flatten(canvas: canvas).quads.map(\.name), ["x", "y", "z", "w"])
    }

    func testSingleSidedLayerSeenFromBehindIsLeftOutWithItsSublayers() {
        let l = coloured("back", 100, 100, at: Point(300, 300))
        l.transform = .rotation(.pi, 0, 1, 0)
        l.isDoubleSided = false
        l.addSublayer(coloured("child", 10, 10, at: Point(50, 50)))
        XCTAssertTrue(l.flatten(canvas: canvas).quads.isEmpty)
        l.isDoubleSided = true
        let quads = l.flatten(canvas: canvas).quads
        XCTAssertEqual(quads.count, 2)
        // Mirrored: the top-left corner is now on the right.
        XCTAssertGreaterThan(quads[0].corners.0.x, quads[0].corners.1.x)
    }

    func testHiddenAndTransparentLayersAreLeftOut() {
        let root = Layer(name: "root", bounds: Size(10, 10), position: Point(5, 5))
        let h = coloured("hidden", 5, 5, at: Point(3, 3)); h.isHidden = true
        let t = coloured("transparent", 5, 5, at: Point(3, 3)); t.opacity = 0
        let v = coloured("visible", 5, 5, at: Point(3, 3)); v.opacity = 0.5
        [h, t, v].forEach(root.addSublayer)
        let quads = root.flatten(canvas: canvas).quads
        XCTAssertEqual(quads.map(\.name), ["visible"])
        XCTAssertEqual(quads[0].opacity, 0.5)
    }

    func testOpacityMultipliesDownTheTree() {
        let p = coloured("p", 100, 100, at: Point(100, 100)); p.opacity = 0.5
        let c = coloured("c", 10, 10, at: Point(50, 50)); c.opacity = 0.5
        p.addSublayer(c)
        XCTAssertEqual(p.flatten(canvas: canvas).quads.map(\.opacity), [0.5, 0.25])
    }

    func testMasksToBoundsWrapsSublayersInAClipAndDropsFullyClippedOnes() {
        let card = coloured("card", 100, 100, at: Point(200, 200))
        card.masksToBounds = true
        card.cornerRadius = 12
        card.addSublayer(coloured("inside", 20, 20, at: Point(50, 50)))
        card.addSublayer(coloured("outside", 20, 20, at: Point(500, 500)))
        let list = card.flatten(canvas: canvas)
        XCTAssertEqual(list.quads.map(\.name), ["card", "inside"])
        XCTAssertEqual(list.commands, [.quad(0), .pushClip(0), .quad(1), .popClip(0)])
        XCTAssertEqual(list.clips[0].depth, 1)
        XCTAssertEqual(list.quads[0].cornerRadius, 12)   // a colour fill is rounded like its clip
        XCTAssertEqual(list.quads[1].clipIndex, 0)
    }

    func testAClipWithNothingVisibleInsideIsDropped() {
        let card = Layer(name: "card", bounds: Size(100, 100), position: Point(200, 200))
        card.masksToBounds = true
        card.addSublayer(coloured("outside", 20, 20, at: Point(500, 500)))
        let list = card.flatten(canvas: canvas)
        XCTAssertTrue(list.commands.isEmpty)
        XCTAssertTrue(list.clips.isEmpty)
    }

    func testNestedClipsCountTheirDepth() {
        let outer = Layer(name: "outer", bounds: Size(200, 200), position: Point(200, 200))
        outer.masksToBounds = true
        let inner = Layer(name: "inner", bounds: Size(100, 100), position: Point(100, 100))
        inner.masksToBounds = true
        inner.addSublayer(coloured("leaf", 10, 10, at: Point(50, 50)))
        outer.addSublayer(inner)
        let list = outer.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.pushClip(0), .pushClip(1), .quad(0), .popClip(1), .popClip(0)])
        XCTAssertEqual(list.clips.map(\.depth), [1, 2])
        XCTAssertEqual(list.clips[1].parent, 0)
    }

    func testQuadsOutsideTheCanvasAreLeftOut() {
        XCTAssertTrue(coloured("off", 10, 10, at: Point(-100, -100)).flatten(canvas: canvas).quads.isEmpty)
    }

    func testFlattenIsIdempotentAndReusesStorage() {
        let root = coloured("root", 100, 100, at: Point(100, 100))
        root.addSublayer(coloured("c", 10, 10, at: Point(5, 5)))
        var flattener = Flattener()
        var list = RenderList()
        flattener.flatten([root], canvas: canvas, into: &list)
        let first = list.quads.map(\.cornerArray)
        flattener.flatten([root], canvas: canvas, into: &list)
        XCTAssertEqual(list.quads.map(\.cornerArray), first)
        XCTAssertEqual(list.quads.count, 2)
    }

    func testContentsGravity() {
        let image = ImageRef(id: 1, width: 200, height: 100)
        let size = Size(100, 100)
        let fit = Flattener.placeContents(image, in: size, gravity: .resizeAspect, crop: false)
        XCTAssertEqual(fit.geometry, Rect(x: 0, y: 25, width: 100, height: 50))
        let fill = Flattener.placeContents(image, in: size, gravity: .resizeAspectFill, crop: true)
        XCTAssertEqual(fill.geometry, Rect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(fill.texture, Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        let centre = Flattener.placeContents(image, in: size, gravity: .center, crop: false)
        XCTAssertEqual(centre.geometry, Rect(x: -50, y: 0, width: 200, height: 100))
    }
}

final class HitTestTests: XCTestCase {
    let canvas = Size(800, 600)

    func coloured(_ name: String, _ w: Double, _ h: Double, at p: Point) -> Layer {
        let l = Layer(name: name, bounds: Size(w, h), position: p)
        l.contents = .color(.white)
        return l
    }

    func testFrontMostLayerWins() {
        let root = Layer(name: "root", bounds: Size(800, 600), position: Point(400, 300))
        let a = coloured("a", 100, 100, at: Point(100, 100))
        let b = coloured("b", 100, 100, at: Point(150, 100))
        root.addSublayer(b); root.addSublayer(a)   // a drawn last: in front
        let list = root.flatten(canvas: canvas)
        XCTAssertEqual(list.hitTest(Point(120, 100))?.name, "a")
        XCTAssertEqual(list.hitTest(Point(190, 100))?.name, "b")
        XCTAssertNil(list.hitTest(Point(700, 500)))
    }

    func testHitTestGoesThroughPerspective() {
        let l = coloured("tilted", 200, 100, at: Point(400, 300))
        l.transform = Transform3D.rotation(.pi / 3, 0, 1, 0) * .perspective(400)
        let list = l.flatten(canvas: canvas)
        let c = list.quads[0].cornerArray
        // Just inside the projected right edge hits; just outside misses.
        let midRight = Point((c[1].x + c[2].x) / 2, (c[1].y + c[2].y) / 2)
        XCTAssertEqual(list.hitTest(Point(midRight.x - 1, midRight.y))?.name, "tilted")
        XCTAssertNil(list.hitTest(Point(midRight.x + 1, midRight.y)))
        // The local point of the projected centre is the bounds centre.
        let centre = l.transform.project(Point(0, 0))
        let hit = try? XCTUnwrap(list.hitTest(Point(centre.x + 400, centre.y + 300)))
        assertClose(hit?.local ?? .zero, Point(100, 50), 1e-6)
    }

    func testClipsAndRoundedCornersLimitHits() {
        let card = coloured("card", 100, 100, at: Point(200, 200))
        card.masksToBounds = true
        card.cornerRadius = 30
        let big = coloured("big", 300, 300, at: Point(50, 50))
        card.addSublayer(big)
        let list = card.flatten(canvas: canvas)
        XCTAssertEqual(list.hitTest(Point(200, 200))?.name, "big")
        XCTAssertNil(list.hitTest(Point(152, 152)))          // in the rounded corner cut-out
        XCTAssertNil(list.hitTest(Point(260, 200)))          // outside the clip, although "big" is there
    }

    func testBackFacingCulledLayersAreNotHit() {
        let root = Layer(name: "root", bounds: Size(800, 600), position: Point(400, 300))
        let front = coloured("front", 100, 100, at: Point(200, 200))
        let back = coloured("back", 100, 100, at: Point(200, 200))
        back.transform = .rotation(.pi, 0, 1, 0)
        back.isDoubleSided = false
        root.addSublayer(front); root.addSublayer(back)      // back is later in order, but culled
        XCTAssertEqual(root.flatten(canvas: canvas).hitTest(Point(200, 200))?.name, "front")
    }
}

final class TimingTests: XCTestCase {
    func testTimingFunctionEndpointsAndSymmetry() {
        for f in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            assertClose(f(0), 0, 1e-9); assertClose(f(1), 1, 1e-9)
        }
        assertClose(TimingFunction.easeInEaseOut(0.5), 0.5, 1e-6)
        XCTAssertLessThan(TimingFunction.easeIn(0.3), 0.3)
        XCTAssertGreaterThan(TimingFunction.easeOut(0.3), 0.3)
    }

    func testCubicEaseInOut() {
        assertClose(cubicEaseInOut(0.25), 0.0625)
        assertClose(cubicEaseInOut(0.75), 0.9375)
    }

    func testTween() {
        let t = Tween(from: 0, to: 10, start: 1, duration: 2)
        XCTAssertEqual(t.value(at: 0), 0)
        XCTAssertEqual(t.value(at: 2), 5)
        XCTAssertEqual(t.value(at: 9), 10)
        XCTAssertTrue(t.isFinished(at: 3))
    }
}
