@testable import GLRenderer
import LayerMath
import Layers
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

    /// At scales 1e4 to 1e12 (1e12 drew half the frame black before).
    func testSquaresScaledUpToATrillionCoverTheTarget() throws {
        let h = try RenderHarness.shared()
        for scale in [1e4, 1e6, 1e9, 1e12] {
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
        let ref = ImageRef(id: 4501, width: 2, height: 1, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 2, height: 1) { x, _ in x == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let layer = Layer(name: "image", bounds: Size(10, 10), position: Point(100, 50))
        layer.contents = .image(ref)
        layer.transform = .scale(1e9, 1e9, 1)
        let image = try h.render([layer], canvas: Size(200, 100), width: 200, height: 100)
        for (x, y) in [(0, 0), (199, 99), (100, 50)] {
            assertPixel(image, x, y, (127, 0, 128, 255), tolerance: 1, "at (\(x), \(y))")
        }
    }

    /// The plan by hand: at scale 1e6 (one point = 1e6 pixels at 1 pixel per point) the
    /// 200x100 target, grown by 2 pixels, is the bounds rectangle centred on (5, 5) of
    /// 204e-6 x 104e-6 units; drawn plain, from its corner.
    func testThePlanIsThePartOnTheTarget() throws {
        let list = squares(scale: 1e6)[0].flatten(canvas: Size(200, 100))
        let q = try XCTUnwrap(list.quads.first)
        let planner = QuadPlanner(map: (1, 0, 0), antialias: true, multisampled: false,
                                  visible: Rect(x: 0, y: 0, width: 200, height: 100))
        let p = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0, 0, 1))))
        XCTAssertEqual(p.draws, .plainWhole)
        XCTAssertEqual(p.outer.minX, 5 - 102e-6, accuracy: 1e-12)
        XCTAssertEqual(p.outer.maxX, 5 + 102e-6, accuracy: 1e-12)
        XCTAssertEqual(p.outer.minY, 5 - 52e-6, accuracy: 1e-12)
        XCTAssertEqual(p.outer.maxY, 5 + 52e-6, accuracy: 1e-12)
        XCTAssertEqual(p.origin, Point(p.outer.minX, p.outer.minY))
        XCTAssertTrue(p.opaque)
        // A quad of ordinary size is planned as before.
        let small = try XCTUnwrap(squares(scale: 10)[0].flatten(canvas: Size(200, 100)).quads.first)
        XCTAssertNil(try XCTUnwrap(planner.plan(small, fill: .color(Color(1, 0, 0, 1)))).origin)
    }
}
