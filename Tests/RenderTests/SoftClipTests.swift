@testable import GLRenderer
import Images
import LayerMath
import Layers
@testable import RenderPlan
import XCTest

/// Antialiased clip edges (`GLRenderer.softClips`, quad.frag): a pixel inside an analytic
/// clip's edge band is covered by clamp(0.5 - d, 0, 1), d the signed distance in pixels
/// from its centre to the clip's rounded rectangle, as a quad's own edge is. Values worked
/// by hand from that definition at one pixel per point (white over black: 255 x coverage).
final class SoftClipTests: XCTestCase {
    let white = Color(1, 1, 1, 1)

    /// A 40x40 clip with corner radius 10 at `origin` (canvas points), holding a white layer
    /// of `childSize` centred on it.
    func card(origin: Point, childSize: Size = Size(60, 60), transform: Transform3D = .identity) -> Layer {
        let clip = Layer(name: "clip", bounds: Size(40, 40), position: Point(origin.x + 20, origin.y + 20))
        clip.masksToBounds = true
        clip.cornerRadius = 10
        clip.transform = transform
        let child = Layer(name: "child", bounds: childSize, position: Point(20, 20))
        child.contents = .color(white)
        clip.addSublayer(child)
        return clip
    }

    func render(_ layer: Layer, soft: Bool = true, dump: String) throws -> Image {
        let h = try RenderHarness.shared()
        defer { h.renderer.softClips = true }
        h.renderer.softClips = soft
        let image = try h.render([layer], canvas: Size(100, 100), dump: dump)
        XCTAssertEqual(h.renderer.stats.analyticClips, 1, "the clip is tested in the quad shader")
        XCTAssertEqual(h.renderer.stats.clipPasses, 0)
        return image
    }

    func grey(_ v: UInt8) -> (UInt8, UInt8, UInt8, UInt8) { (v, v, v, 255) }

    /// Corner arc centre (20, 20), radius 10. Pixel (12, 13), centre (12.5, 13.5), lies
    /// sqrt(7.5² + 6.5²) = 9.9247 from it: d = -0.0753, coverage 0.5753, 146.7. Pixel (12, 12)
    /// lies 10.6066 away (d = 0.61: nothing), pixel (13, 13) 9.19 (d = -0.81: whole). Hard,
    /// the pixel whose centre is inside is whole: 255.
    func testRoundedCornerPixelIsCoveredByItsDistanceToTheArc() throws {
        let layer = card(origin: Point(10, 10))
        let soft = try render(layer, dump: "softClipCorner")
        assertPixel(soft, 12, 13, grey(147), tolerance: 2, "on the arc: 57.5 % covered")
        assertPixel(soft, 13, 12, grey(147), tolerance: 2, "its mirror image across the diagonal")
        assertPixel(soft, 12, 12, grey(0), tolerance: 0, "0.61 outside the arc")
        assertPixel(soft, 13, 13, grey(255), tolerance: 0, "0.81 inside the arc")
        let hard = try render(layer, soft: false, dump: "hardClipCorner")
        assertPixel(hard, 12, 13, grey(255), tolerance: 0, "hard: the centre is inside")
        assertPixel(hard, 12, 12, grey(0), tolerance: 0)
    }

    /// The clip spans x 10.25...50.25. Column 10 (centre 10.5, d = -0.25) is 3/4 covered:
    /// 191.25; column 50 (centre 50.5, d = 0.25) a quarter: 63.75; columns 9 and 51 nothing,
    /// 11 and 49 whole. Hard: 255 and 0.
    func testStraightEdgeAtAQuarterPixelCoversThreeQuarters() throws {
        let layer = card(origin: Point(10.25, 10))
        let soft = try render(layer, dump: "softClipEdge")
        assertPixel(soft, 10, 30, grey(191), tolerance: 1, "left edge a quarter pixel in")
        assertPixel(soft, 50, 30, grey(64), tolerance: 1, "right edge a quarter pixel past the centre")
        assertPixel(soft, 9, 30, grey(0), tolerance: 0)
        assertPixel(soft, 51, 30, grey(0), tolerance: 0)
        assertPixel(soft, 11, 30, grey(255), tolerance: 0)
        assertPixel(soft, 49, 30, grey(255), tolerance: 0)
        let hard = try render(layer, soft: false, dump: "hardClipEdge")
        assertPixel(hard, 10, 30, grey(255), tolerance: 0)
        assertPixel(hard, 50, 30, grey(0), tolerance: 0)
    }

    /// A child of exactly the clip's bounds (a card's background layer): its own edge and
    /// the clip's lie on each other, and the pixel is covered once, 0.75 (191), not twice
    /// (0.75 x 0.75 = 0.5625, 143).
    func testQuadEdgeOnTheClipEdgeIsCoveredOnce() throws {
        let layer = card(origin: Point(10.25, 10), childSize: Size(40, 40))
        let soft = try render(layer, dump: "softClipSharedEdge")
        assertPixel(soft, 10, 30, grey(191), tolerance: 1)
        assertPixel(soft, 50, 30, grey(64), tolerance: 1)
        // The arc's centre is at (20.25, 20): pixel (12, 13) lies sqrt(7.75² + 6.5²) = 10.115
        // from it, d = 0.115, coverage 0.385, 98.2 (the child's square corner covers it whole).
        assertPixel(soft, 12, 13, grey(98), tolerance: 2, "the clip's corner over the child's square one")
    }

    /// The card turned 30 degrees about z (clockwise on screen): the +x edge's outward
    /// normal is (cos 30, sin 30), so pixel (x, y) lies d = (x + 0.5 - 50) 0.8660 +
    /// (y + 0.5 - 50) 0.5 - 20 outside it. Row 61: pixel 66 has d = 0.0394 (coverage
    /// 0.4606, 117.4), 65 has d = -0.83 (whole), 67 has d = 0.91 (nothing). Hard: 0 at 66.
    func testTurnedCardEdgeIsCoveredByItsDistance() throws {
        let layer = card(origin: Point(30, 30), childSize: Size(80, 80), transform: .rotation(Double.pi / 6, 0, 0, 1))
        let soft = try render(layer, dump: "softClipTurned")
        assertPixel(soft, 66, 61, grey(117), tolerance: 2, "d = 0.04 past the turned edge")
        assertPixel(soft, 65, 61, grey(255), tolerance: 0)
        assertPixel(soft, 67, 61, grey(0), tolerance: 0)
        // Row 60: pixel 66 has d = -0.4606: 0.9606, 245.
        assertPixel(soft, 66, 60, grey(245), tolerance: 2)
        let hard = try render(layer, soft: false, dump: "hardClipTurned")
        assertPixel(hard, 66, 61, grey(0), tolerance: 0, "hard: the centre is outside")
        assertPixel(hard, 66, 60, grey(255), tolerance: 0)
    }

    // MARK: The band belongs to the topmost opaque layer (ClipBandCovers)

    /// The clip of `card` at x 10.25...50.25 holding `layers` (clip bounds space).
    func stack(_ layers: [(Size, Point, Color)]) -> Layer {
        let clip = Layer(name: "clip", bounds: Size(40, 40), position: Point(30.25, 30))
        clip.masksToBounds = true
        clip.cornerRadius = 10
        for (k, (size, position, color)) in layers.enumerated() {
            let l = Layer(name: "layer\(k)", bounds: size, position: position)
            l.contents = .color(color)
            clip.addSublayer(l)
        }
        return clip
    }

    /// Red under green, both opaque and of the clip's bounds: in the band (column 10,
    /// c = 0.75) the pixel is 0.75 green + 0.25 black, (0, 191, 0); blending each layer
    /// with c in turn would leave 0.75 x 0.25 of the red, (48, 191, 0). Column 50
    /// (c = 0.25): (0, 64, 0). The rounded corner: c = 0.385 at (12, 13), (0, 98, 0).
    func testOpaqueLayerOverAnotherOwnsTheClipBand() throws {
        let layer = stack([(Size(40, 40), Point(20, 20), Color(1, 0, 0, 1)), (Size(40, 40), Point(20, 20), Color(0, 1, 0, 1))])
        let image = try render(layer, dump: "softClipOwnedBand")
        assertPixel(image, 10, 30, (0, 191, 0, 255), tolerance: 1, "no red in the band")
        assertPixel(image, 50, 30, (0, 64, 0, 255), tolerance: 1)
        assertPixel(image, 12, 13, (0, 98, 0, 255), tolerance: 2, "nor in the corner")
        assertPixel(image, 30, 30, (0, 255, 0, 255), tolerance: 0)
    }

    /// A translucent green (alpha 0.5) over the red owns nothing: at c = 0.75 the red's
    /// 0.75 x 255 = 191.25 shows under 0.375 of green: red 0.625 x 191.25 = 119.5, green
    /// 0.375 x 255 = 95.6.
    func testTranslucentLayerOwnsNoBand() throws {
        let layer = stack([(Size(40, 40), Point(20, 20), Color(1, 0, 0, 1)), (Size(40, 40), Point(20, 20), Color(0, 1, 0, 0.5))])
        let image = try render(layer, dump: "softClipTranslucentTop")
        assertPixel(image, 10, 30, (120, 96, 0, 255), tolerance: 2)
    }

    /// An opaque green that stops short of the clip's edge (30 wide, centred: x 15.25...45.25)
    /// does not own the band: there the red is the top layer, 0.75 x 255 at column 10.
    /// One larger than the clip (its edges past the clip's) owns it like one of its size.
    func testOpaqueLayerShortOfTheEdgeOwnsNoBand() throws {
        let short = stack([(Size(40, 40), Point(20, 20), Color(1, 0, 0, 1)), (Size(30, 30), Point(20, 20), Color(0, 1, 0, 1))])
        assertPixel(try render(short, dump: "softClipShortTop"), 10, 30, (191, 0, 0, 255), tolerance: 1)
        let large = stack([(Size(40, 40), Point(20, 20), Color(1, 0, 0, 1)), (Size(60, 60), Point(20, 20), Color(0, 1, 0, 1))])
        assertPixel(try render(large, dump: "softClipLargeTop"), 10, 30, (0, 191, 0, 255), tolerance: 1)
    }

    /// The cover a quad gets: the largest of those drawn after it in its clip.
    func testCoverIsTheLargestOfLaterQuadsInTheSameClip() {
        var covers = ClipBandCovers()
        let map = AnalyticClip(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0, width: 100, height: 100, radius: 10)
        func add(_ index: Int, clip: Int, _ r: Rect) {
            covers.add(index: index, clip: clip, part: r, content: r, ownMargin: 0, square: false, map: map, clipMargin: 1, margin: 0)
        }
        add(1, clip: 0, Rect(x: 0, y: 0, width: 90, height: 90))
        add(3, clip: 0, Rect(x: 0, y: 0, width: 50, height: 10))
        add(4, clip: 0, Rect(x: 0, y: 0, width: 50, height: 20))
        add(5, clip: 1, Rect(x: 0, y: 0, width: 80, height: 80))
        XCTAssertEqual(covers.cover(forQuad: 2, clip: 0), Rect(x: 0, y: 0, width: 50, height: 20), "not the earlier quad 1's")
        XCTAssertEqual(covers.cover(forQuad: 3, clip: 0), Rect(x: 0, y: 0, width: 50, height: 20))
        XCTAssertNil(covers.cover(forQuad: 4, clip: 0), "nothing after the last")
        XCTAssertEqual(covers.cover(forQuad: 0, clip: 0), Rect(x: 0, y: 0, width: 90, height: 90))
        XCTAssertNil(covers.cover(forQuad: 0, clip: 2))
        // A square quad whose content edge lies on the clip's: that side reaches past the
        // band (4 x clipMargin + 1 = 5 past the clip), the others keep the part's.
        var square = ClipBandCovers()
        square.add(index: 1, clip: 0, part: Rect(x: 0.5, y: 10, width: 50, height: 50), content: Rect(x: 0, y: 0, width: 60, height: 100),
                   ownMargin: 0.5, square: true, map: map, clipMargin: 1, margin: 0)
        XCTAssertEqual(square.cover(forQuad: 0, clip: 0), Rect(x: -5, y: 10, width: 55.5, height: 50))
    }

    /// The planner's sure inside of a rounded clip, a margin m in: the bounds inset by
    /// max(m, r - (r - m)/sqrt 2). r = 20, m = 0.75: 20 - 19.25/sqrt 2 = 6.3882, whose corner
    /// (6.3882, 6.3882) lies 13.6118 sqrt 2 = 19.25 = r - m from the arc's centre (20, 20).
    func testInteriorOfARoundedClipIsItsMarginInsideTheArc() throws {
        let c = AnalyticClip(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0, width: 100, height: 100, radius: 20)
        let inside = try XCTUnwrap(c.interiorInQuad(margin: 0.75))
        XCTAssertEqual(inside.minX, 6.3882, accuracy: 1e-4)
        XCTAssertEqual(inside.maxX, 93.6118, accuracy: 1e-4)
        let corner = Point(inside.minX, inside.minY).distance(to: Point(20, 20))
        XCTAssertEqual(corner, 19.25, accuracy: 1e-9)
        // A margin past the radius: the straight edges' inset rules.
        let square = AnalyticClip(scaleX: 1, scaleY: 1, offsetX: 0, offsetY: 0, width: 100, height: 100, radius: 0.5)
        XCTAssertEqual(try XCTUnwrap(square.interiorInQuad(margin: 3)).minX, 3, accuracy: 1e-12)
        XCTAssertNil(c.interiorInQuad(margin: 60), "nothing is 60 inside a 100-wide clip")
        XCTAssertNil(c.interiorInQuad(margin: Double.infinity))
    }
}
