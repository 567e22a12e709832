@testable import GLRenderer
import LayerMath
import Layers
@testable import RenderPlan
import XCTest
import _TestSupport

/// A layer magnified so far that float32 on the GPU cannot place its corners (a projected
/// box wider than 65,536 pixels) is drawn as the part of it that reaches the target, in
/// coordinates of the target's size (`QuadPlanner.coveredPartOnTarget`). Expected pixels
/// are what the layer's definition gives at the target's pixels, worked out by hand.
final class MagnifiedPastTheTargetTests: XCTestCase {
    /// A 10x10 red square at the canvas centre scaled by `scale` about its centre, and a
    /// half-transparent green one turned 0.3 rad at the same place: both cover the canvas,
    /// so every pixel is half green over red: (1 * 0.5, 0.5, 0) = (127.5, 127.5, 0).
    private func squares(scale: Double) -> [Layer] {
        let red = Layer(name: "red", bounds: Size(10, 10), position: Point(100, 50))
        red.contents = .color(Color(1, 0, 0, 1))
        red.transform = .scale(scale, scale, 1)
        let green = Layer(name: "green", bounds: Size(10, 10), position: Point(99.9, 50.1))
        green.contents = .color(Color(0, 1, 0, 0.5))
        green.transform = Transform3D.scale(scale, scale, 1) * .rotation(0.3, 0, 0, 1)
        return [red, green]
    }

    /// At scales 1e4 to 1e300 (1e12 drew half the frame black before, 1e30 three quarters,
    /// 1e100 all of it).
    func testSquaresScaledUpTo1e300CoverTheTarget() throws {
        let h = try RenderHarness.shared()
        for scale in [1e4, 1e6, 1e9, 1e12, 1e15, 1e30, 1e100, 1e300] {
            let image = try h.render(squares(scale: scale), canvas: Size(200, 100), width: 200, height: 100)
            for (x, y) in [(0, 0), (199, 0), (100, 50), (0, 99), (199, 99), (37, 81)] {
                assertPixel(image, x, y, (127, 128, 0, 255), tolerance: 1, "scale \(scale) at (\(x), \(y))")
            }
        }
    }

    /// A 2x1 image, red then blue, on a 10x10 layer scaled by 1e9 about its centre: the
    /// target sees the image's centre, where bilinear sampling mixes the two texels half
    /// and half, (127.5, 0, 127.5), at every pixel.
    func testAnImageScaledByABillionShowsTheTexelsAtItsCentre() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4701, width: 2, height: 1, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let layer = Layer(name: "image", bounds: Size(10, 10), position: Point(100, 50))
        layer.contents = .image(ref)
        layer.transform = .scale(1e9, 1e9, 1)
        let image = try h.render([layer], canvas: Size(200, 100), width: 200, height: 100)
        for (x, y) in [(0, 0), (199, 99), (100, 50)] {
            assertPixel(image, x, y, (127, 0, 128, 255), tolerance: 1, "at (\(x), \(y))")
        }
    }

    /// A 1000x1 image of alternating black and red texels on a 10x10 layer scaled by 1e4
    /// about its centre: two texels across the 200-pixel target, so it is drawn relative to
    /// its corner (not as one sample). Pixel x (centre x + 0.5) shows bounds x
    /// 5 + (x + 0.5 - 100) / 1e4, texel coordinate 499.5 + (x - 99.5) / 100: pixel 49 mixes
    /// texels 498 (black) and 499 (red) at 0.995 (254 red), pixel 100 texels 499 and 500 at
    /// 0.505 (126), pixel 149 the same two at 0.995 (1), pixel 199 texels 500 and 501 at
    /// 0.495 (126).
    func testAnImageScaledByTenThousandKeepsItsTexelsAcrossTheTarget() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 4702, width: 1000, height: 1, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 1000, height: 1) { x, _ in (x % 2 == 0 ? 0 : 255, 0, 0, 255) }
        let layer = Layer(name: "image", bounds: Size(10, 10), position: Point(100, 50))
        layer.contents = .image(ref)
        layer.transform = .scale(1e4, 1e4, 1)
        let image = try h.render([layer], canvas: Size(200, 100), width: 200, height: 100)
        assertPixel(image, 49, 50, (254, 0, 0, 255), tolerance: 2, "texels 498-499")
        assertPixel(image, 100, 50, (126, 0, 0, 255), tolerance: 2, "texels 499-500")
        assertPixel(image, 149, 50, (1, 0, 0, 255), tolerance: 2, "texels 499-500")
        assertPixel(image, 199, 50, (126, 0, 0, 255), tolerance: 2, "texels 500-501")
        if case .origin? = h.renderer.planner.plan(h.lastList.quads[0], fill: .image(isOpaque: true,
            texels: TexelBox(x0: 0, y0: 0, x1: 1000, y1: 1, width: 1000, height: 1)))?.rebase {
        } else {
            XCTFail("drawn relative to its corner")
        }
    }

    /// The plan by hand: at scale 1e6 (one point = 1e6 pixels at 1 pixel per point) the
    /// 200x100 target, grown by 2 pixels, is the bounds rectangle centred on (5, 5) of
    /// 204e-6 x 104e-6 units; drawn plain, from its corner.
    func testThePlanIsThePartOnTheTarget() throws {
        let list = squares(scale: 1e6)[0].flatten(canvas: Size(200, 100))
        let q = try XCTUnwrap(list.quads.first)
        let planner = QuadPlanner(map: .identity, antialias: true, multisampled: false,
                                  visible: Rect(x: 0, y: 0, width: 200, height: 100))
        let p = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, 1))))
        XCTAssertEqual(p.draws, .plainWhole)
        XCTAssertEqual(p.outer.minX, 5 - 102e-6, accuracy: 1e-12)
        XCTAssertEqual(p.outer.maxX, 5 + 102e-6, accuracy: 1e-12)
        XCTAssertEqual(p.outer.minY, 5 - 52e-6, accuracy: 1e-12)
        XCTAssertEqual(p.outer.maxY, 5 + 52e-6, accuracy: 1e-12)
        guard case .target(let target, let uv)? = p.rebase else { return XCTFail("a colour: drawn as the target itself") }
        XCTAssertEqual(target, Rect(x: -2, y: -2, width: 204, height: 104))
        XCTAssertEqual(uv.x, 0.5, accuracy: 1e-12)
        XCTAssertEqual(uv.y, 0.5, accuracy: 1e-12)
        XCTAssertTrue(p.opaque)
        // A quad of ordinary size is planned as before.
        let small = try XCTUnwrap(squares(scale: 10)[0].flatten(canvas: Size(200, 100)).quads.first)
        XCTAssertNil(try XCTUnwrap(planner.plan(small, fill: .color(Color(1, 0, 0, 1)))).rebase)
    }

    /// Huge along one axis only: a band 300 points wide and 1e300 long (x 10.25...310.25,
    /// from y = 0 down), on white at one pixel per point, is cut to its piece on the target
    /// (`QuadPlanner.pieceOnTarget`) and drawn with its antialiased sides: column 10 is
    /// 0.75 covered (0.75 x 77 + 0.25 x 255 = 121.5 red), columns 11 to 309 whole (77, 128,
    /// 179), column 310 a quarter (0.25 x 77 + 0.75 x 255 = 210.5), 9 and 311 white (rows
    /// away from its top corners). It was not drawn at all. Laid across (30
    /// tall and 1e300 wide, from x = 0 right), the same by rows. (Centred on the canvas,
    /// its matrix itself cannot say where its middle lies within a double's precision.)
    func testABandHugeAlongOneAxisIsDrawnWithItsEdges() throws {
        let h = try RenderHarness.shared()
        let band = Layer(name: "band", bounds: Size(300, 1e300), position: Point(160.25, 5e299))
        band.contents = .color(Color(0.3, 0.5, 0.7, 1))
        let image = try h.render([band], canvas: Size(320, 200), background: .white)
        for y in [50, 100, 199] {
            assertPixel(image, 10, y, (121, 160, 198, 255), tolerance: 1, "left edge, row \(y)")
            assertPixel(image, 11, y, (77, 128, 179, 255), tolerance: 1)
            assertPixel(image, 160, y, (77, 128, 179, 255), tolerance: 1)
            assertPixel(image, 309, y, (77, 128, 179, 255), tolerance: 1)
            assertPixel(image, 310, y, (211, 224, 236, 255), tolerance: 1, "right edge, row \(y)")
            assertPixel(image, 9, y, (255, 255, 255, 255), tolerance: 0)
            assertPixel(image, 311, y, (255, 255, 255, 255), tolerance: 0)
        }
        let across = Layer(name: "across", bounds: Size(1e300, 30), position: Point(5e299, 50.25))
        across.contents = .color(Color(0.3, 0.5, 0.7, 1))
        let rows = try h.render([across], canvas: Size(320, 200), background: .white)
        // y 35.25...65.25: row 35 three quarters, row 65 a quarter.
        assertPixel(rows, 160, 35, (121, 160, 198, 255), tolerance: 1)
        assertPixel(rows, 0, 50, (77, 128, 179, 255), tolerance: 1)
        assertPixel(rows, 319, 65, (211, 224, 236, 255), tolerance: 1)
        assertPixel(rows, 160, 34, (255, 255, 255, 255), tolerance: 0)
        assertPixel(rows, 160, 66, (255, 255, 255, 255), tolerance: 0)
    }

    /// Huge along one axis by its transform: a layer 1 x 30 points scaled by 1e9 along x
    /// only (1e9 points wide, centred at x = 160, y 35.25...65.25) draws the rows of the band
    /// above, row 35 three quarters and row 65 a quarter. Counted in bounds units its piece on
    /// the target is 3.2e-7 units wide and 30 tall, and the shader's edge distance (the
    /// larger of the two axes') took the far x side for the near top and bottom: they came
    /// hard, or nothing was drawn while `pieceOnTarget` left such quads alone.
    func testALayerScaledHugeAlongOneAxisOnlyKeepsItsOtherEdgesAntialiased() throws {
        let h = try RenderHarness.shared()
        let band = Layer(name: "stretched", bounds: Size(1, 30), position: Point(160, 50.25))
        band.transform = .scale(1e9, 1)
        band.contents = .color(Color(0.3, 0.5, 0.7, 1))
        let rows = try h.render([band], canvas: Size(320, 200), background: .white)
        for x in [0, 37, 160, 319] {
            assertPixel(rows, x, 35, (121, 160, 198, 255), tolerance: 1, "top edge, column \(x)")
            assertPixel(rows, x, 36, (77, 128, 179, 255), tolerance: 1)
            assertPixel(rows, x, 50, (77, 128, 179, 255), tolerance: 1)
            assertPixel(rows, x, 64, (77, 128, 179, 255), tolerance: 1)
            assertPixel(rows, x, 65, (211, 224, 236, 255), tolerance: 1, "bottom edge, column \(x)")
            assertPixel(rows, x, 34, (255, 255, 255, 255), tolerance: 0)
            assertPixel(rows, x, 66, (255, 255, 255, 255), tolerance: 0)
        }
        // Squeezed the other way (1e-9 wide after a 1e9-times taller bounds): the same band
        // turned, by columns.
        let post = Layer(name: "post", bounds: Size(30, 1), position: Point(160.25, 100))
        post.transform = .scale(1, 1e9)
        post.contents = .color(Color(0.3, 0.5, 0.7, 1))
        let columns = try h.render([post], canvas: Size(320, 200), background: .white)
        for y in [0, 100, 199] {
            assertPixel(columns, 145, y, (121, 160, 198, 255), tolerance: 1, "left edge, row \(y)")
            assertPixel(columns, 160, y, (77, 128, 179, 255), tolerance: 1)
            assertPixel(columns, 175, y, (211, 224, 236, 255), tolerance: 1, "right edge, row \(y)")
            assertPixel(columns, 144, y, (255, 255, 255, 255), tolerance: 0)
            assertPixel(columns, 176, y, (255, 255, 255, 255), tolerance: 0)
        }
    }
}
