@testable import GLRenderer
import Images
import LayerMath
import Layers
@testable import RenderPlan
import XCTest

/// Edges two quads share (`SharedEdges`): a quad whose edge an opaque quad drawn after it
/// abuts draws that edge open, and the pixel on the seam is the area split of the two.
/// Values by hand at one pixel per point, on black: red above at y 20.25...50.25, blue
/// below at 50.25...80.25, so pixel row 50 (50...51) is 0.25 red and 0.75 blue.
final class SharedEdgesTests: XCTestCase {
    func layer(_ name: String, y: Double, height: Double, x: Double = 10.5, width: Double = 80, color: Color) -> Layer {
        let l = Layer(name: name, bounds: Size(width, height), position: Point(x + width / 2, y + height / 2))
        l.contents = .color(color)
        return l
    }

    func render(_ layers: [Layer], joining: Bool = true, dump: String) throws -> (Image, FrameStats) {
        let h = try RenderHarness.shared()
        defer { h.renderer.joinsSharedEdges = true }
        h.renderer.joinsSharedEdges = joining
        let image = try h.render(layers, canvas: Size(100, 100), dump: dump)
        return (image, h.renderer.stats)
    }

    /// Open: 0.25 x 255 of red and 0.75 x 255 of blue, (64, 0, 191). Closed (each edge
    /// antialiased in turn): the red's 63.75 keeps only 0.25 of itself under the blue,
    /// (16, 0, 191), and the black behind shows by 0.25 x 0.75.
    func testSeamPixelIsTheAreaSplitOfTheTwoQuads() throws {
        let red = layer("red", y: 20.25, height: 30, color: Color(1, 0, 0, 1))
        let blue = layer("blue", y: 50.25, height: 30, color: Color(0, 0, 1, 1))
        let (open, stats) = try render([red, blue], dump: "sharedEdgeOpen")
        assertPixel(open, 50, 50, (64, 0, 191, 255), tolerance: 1, "the seam: a quarter red, three quarters blue")
        assertPixel(open, 50, 49, (255, 0, 0, 255), tolerance: 0)
        assertPixel(open, 50, 51, (0, 0, 255, 255), tolerance: 0)
        assertPixel(open, 50, 20, (191, 0, 0, 255), tolerance: 1, "the red's top edge stays antialiased: 0.75 covered")
        XCTAssertEqual(stats.sharedEdges, 1)
        let (closed, closedStats) = try render([red, blue], joining: false, dump: "sharedEdgeClosed")
        assertPixel(closed, 50, 50, (16, 0, 191, 255), tolerance: 1, "two edges in turn")
        XCTAssertEqual(closedStats.sharedEdges, 0)
    }

    /// Nothing is opened under a translucent quad (alpha 0.5: 0.375 of blue over the red's
    /// 63.75: (40, 0, 96)), nor under one that spans only part of the edge. Drawn the other
    /// way round, the blue's top edge is the one the later (red) quad abuts.
    func testOnlyAnOpaqueLaterQuadSpanningTheEdgeOpensIt() throws {
        let red = layer("red", y: 20.25, height: 30, color: Color(1, 0, 0, 1))
        let translucent = layer("blue", y: 50.25, height: 30, color: Color(0, 0, 1, 0.5))
        let (a, sa) = try render([red, translucent], dump: "sharedEdgeTranslucent")
        assertPixel(a, 50, 50, (40, 0, 96, 255), tolerance: 1)
        XCTAssertEqual(sa.sharedEdges, 0)
        let narrow = layer("blue", y: 50.25, height: 30, x: 20.5, width: 60, color: Color(0, 0, 1, 1))
        let (b, sb) = try render([red, narrow], dump: "sharedEdgeNarrow")
        assertPixel(b, 50, 50, (16, 0, 191, 255), tolerance: 1)
        XCTAssertEqual(sb.sharedEdges, 0)
        // Blue first, red after: the red (drawn later) opens nothing of its own; the blue's
        // top edge is the one a later opaque quad (the red) abuts: 0.75 blue + 0.25 red.
        let blue = layer("blue", y: 50.25, height: 30, color: Color(0, 0, 1, 1))
        let (c, sc) = try render([blue, red], dump: "sharedEdgeReversed")
        assertPixel(c, 50, 50, (64, 0, 191, 255), tolerance: 1)
        XCTAssertEqual(sc.sharedEdges, 1)
    }

    /// The planner: an open side's interior and drawn rectangle end 0.75 pixel past the
    /// content edge (the exact margin along the axes), no ring strip there; the other sides
    /// keep theirs. A texture opens only where its rectangle reaches the texture's edge.
    func testPlannerOpensTheSideAndOnlyAtTheTexturesEdge() throws {
        let planner = QuadPlanner(map: .identity, antialias: true, multisampled: false, visible: nil)
        let l = layer("q", y: 20.25, height: 30, color: .white)
        let q = try XCTUnwrap(l.flatten(canvas: Size(100, 100)).quads.first)
        let plan = try XCTUnwrap(planner.plan(q, fill: .color(.white), open: [.maxY]))
        XCTAssertEqual(plan.openSides, [.maxY])
        XCTAssertEqual(plan.inner?.maxY ?? 0, 30.75, accuracy: 1e-12)
        XCTAssertEqual(plan.outer.maxY, 30.75, accuracy: 1e-12)
        XCTAssertEqual(plan.inner?.minY ?? 0, 0.75, accuracy: 1e-12, "the top keeps its 0.75 ring")
        XCTAssertEqual(plan.outer.minY, -0.75, accuracy: 1e-12)
        let box = TexelBox(x0: 0, y0: 0, x1: 8, y1: 8, width: 8, height: 8)
        var image = q
        image.textureRect = Rect(x: 0, y: 0, width: 1, height: 0.5)
        let half = try XCTUnwrap(planner.plan(image, fill: .image(isOpaque: true, texels: box), open: [.maxY, .minY]))
        XCTAssertEqual(half.openSides, [.minY], "the bottom samples the texture's middle: closed")
        image.textureRect = Rect(x: 0, y: 0, width: 1, height: 1)
        let full = try XCTUnwrap(planner.plan(image, fill: .image(isOpaque: true, texels: box), open: [.maxY, .minY]))
        XCTAssertEqual(full.openSides, [.maxY, .minY])
    }

    /// Which sides a later quad abuts: the whole edge, the same clip, past the band; a
    /// mirrored quad's sides are its own.
    func testOpenSidesNeedTheWholeEdgeTheSameClipAndALaterQuad() throws {
        func quad(_ l: Layer) throws -> RenderQuad { try XCTUnwrap(l.flatten(canvas: Size(100, 100)).quads.first) }
        let a = try quad(layer("a", y: 20, height: 30, color: .white))
        let below = try quad(layer("b", y: 50, height: 30, color: .white))
        var edges = SharedEdges()
        edges.add(below, index: 5, clip: -1)
        XCTAssertEqual(edges.openSides(of: a, index: 2, clip: -1, band: 0.75), [.maxY])
        XCTAssertEqual(edges.openSides(of: a, index: 6, clip: -1, band: 0.75), [], "drawn before it")
        XCTAssertEqual(edges.openSides(of: a, index: 2, clip: 0, band: 0.75), [], "another clip")
        XCTAssertEqual(edges.openSides(of: a, index: 2, clip: -1, band: 31), [], "not past the band")
        let mirrored = layer("m", y: 20, height: 30, color: .white)
        mirrored.transform = .scale(1, -1, 1)
        XCTAssertEqual(edges.openSides(of: try quad(mirrored), index: 2, clip: -1, band: 0.75), [.minY],
                       "flipped: the canvas bottom is the quad's min y")
    }
}
