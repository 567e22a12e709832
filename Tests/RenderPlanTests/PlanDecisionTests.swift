import LayerMath
import Layers
@testable import RenderPlan
import XCTest

/// What the planner decides for small layer trees, without a GPU, against boxes worked
/// out by hand: a quad hidden by a later opaque one, a clip that becomes a scissor box, a
/// half-transparent group that gets its own target.
final class PlanDecisionTests: XCTestCase {
    func fill(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layer {
        let l = Layer(name: name, bounds: Size(w, h), position: Point(x + w / 2, y + h / 2))
        l.contents = .color(Color(1, 0, 0))
        return l
    }

    func flatten(_ layers: [Layer], canvas: Size = Size(200, 200)) -> RenderList {
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(layers, canvas: canvas, into: &list)
        return list
    }

    /// Two opaque 100 x 100 quads on the same spot: the later one, an occluder shrunk by the
    /// 1-unit margin to (1, 1, 98, 98), hides the earlier one's rectangle; its hole, shrunk
    /// by the margin again, is (2, 2, 96, 96): only a 2-unit ring of it is drawn.
    func testLaterOpaqueQuadHidesTheEarlierOne() {
        let list = flatten([fill("under", 0, 0, 100, 100), fill("over", 0, 0, 100, 100)])
        XCTAssertEqual(list.quads.count, 2)
        let whole = Rect(x: 0, y: 0, width: 100, height: 100)
        var holes = OcclusionHoles()
        holes.addOccluder(list.quads[1], index: 1, covered: whole, margin: 1, pixelScale: 1)
        XCTAssertEqual(holes.hole(for: list.quads[0], index: 0, fill: whole, margin: 1, pixelScale: 1),
                       Rect(x: 2, y: 2, width: 96, height: 96))
    }

    /// The painter's order: a quad drawn before another hides nothing of it.
    func testEarlierOpaqueQuadHidesNothing() {
        let list = flatten([fill("under", 0, 0, 100, 100), fill("over", 0, 0, 100, 100)])
        let whole = Rect(x: 0, y: 0, width: 100, height: 100)
        var holes = OcclusionHoles()
        holes.addOccluder(list.quads[0], index: 0, covered: whole, margin: 1, pixelScale: 1)
        XCTAssertNil(holes.hole(for: list.quads[1], index: 1, fill: whole, margin: 1, pixelScale: 1))
    }

    /// A masksToBounds layer at (10.2, 20.7), 30 x 40, on a 2x target: canvas [10.2, 40.2) x
    /// [20.7, 60.7) is pixels [20.4, 80.4) x [41.4, 121.4); the pixels whose centres lie
    /// inside are columns 20 ..< 80 and rows 41 ..< 121. No stencil pass.
    func testAxisAlignedClipLowersToTheScissorOfItsPixels() {
        let clip = fill("clip", 10.2, 20.7, 30, 40)
        clip.contents = .none
        clip.masksToBounds = true
        clip.addSublayer(fill("child", -10, -10, 100, 100))
        let list = flatten([clip])
        XCTAssertEqual(list.clips.count, 1)
        var lowering = ClipLowering()
        lowering.update(list)
        XCTAssertTrue(lowering.isScissor(0))
        XCTAssertFalse(lowering.anyStencil)
        XCTAssertEqual(lowering.scissorBox(clip: 0, map: CanvasMapping(scale: 2, offsetX: 0, offsetY: 0), pixelWidth: 400, pixelHeight: 400),
                       PixelBox(x0: 20, y0: 41, x1: 80, y1: 121))
    }

    /// A group at opacity 0.5 (two overlapping children: red canvas 50 ... 110, blue 80 ...
    /// 140) is drawn into its own target: the box of its quads, (50, 50) to (140, 140), on a
    /// 2x target is pixels 100 ... 280, rounded out and grown by 2: 98 ..< 282.
    func testHalfOpaqueGroupGetsItsOwnTarget() {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(100, 100))
        parent.opacity = 0.5
        parent.allowsGroupOpacity = true
        parent.addSublayer(fill("red", 0, 0, 60, 60))
        parent.addSublayer(fill("blue", 30, 30, 60, 60))
        let list = flatten([parent])
        XCTAssertEqual(list.groups.count, 1)
        XCTAssertEqual(list.groups[0].opacity, 0.5)
        XCTAssertEqual(list.groups[0].box, Rect(x: 50, y: 50, width: 90, height: 90))
        XCTAssertEqual(PixelBox.touched(by: list.groups[0].box, map: CanvasMapping(scale: 2, offsetX: 0, offsetY: 0), pixelWidth: 400, pixelHeight: 400),
                       PixelBox(x0: 98, y0: 98, x1: 282, y1: 282))
    }

    /// A box reaching past the target is clamped to it; one wholly outside holds no pixel.
    func testTouchedPixelsAreClampedToTheTarget() {
        let identity: CanvasMapping = .identity
        XCTAssertEqual(PixelBox.touched(by: Rect(x: -50, y: 90, width: 100, height: 100), map: identity, pixelWidth: 100, pixelHeight: 100),
                       PixelBox(x0: 0, y0: 88, x1: 52, y1: 100))
        XCTAssertTrue(PixelBox.touched(by: Rect(x: 300, y: 0, width: 10, height: 10), map: identity, pixelWidth: 100, pixelHeight: 100).isEmpty)
    }
}
