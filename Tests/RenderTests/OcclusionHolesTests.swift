@testable import GLRenderer
import _TestSupport
import Images
import LayerMath
import Layers
import XCTest

/// Parts of quads hidden by a later opaque quad are left out (OcclusionHoles): the pieces
/// around the hole, worked out by hand; their float32 edges, which must meet exactly; and
/// frames drawn with and without the cut, which must be the same pixels.
final class OcclusionHolesTests: XCTestCase {
    private func pieces(_ fill: Rect, _ hole: Rect) -> (Bool, [Rect]) {
        var out: [Rect] = []
        let cut = OcclusionHoles.forEachPiece(of: fill, around: hole) { out.append($0) }
        return (cut, out)
    }

    // MARK: Pieces

    /// A 100x50 rectangle around a 30x10 hole at (10, 20): the strip above (100x20), left
    /// (10x10) and right (60x10) of the hole, and below (100x20). Area 5000 - 300 = 4700.
    func testAHoleInTheMiddleLeavesFourStrips() {
        let (cut, p) = pieces(Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 10, y: 20, width: 30, height: 10))
        XCTAssertTrue(cut)
        XCTAssertEqual(p, [Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 0, y: 20, width: 10, height: 10),
                           Rect(x: 40, y: 20, width: 60, height: 10), Rect(x: 0, y: 30, width: 100, height: 20)])
        XCTAssertEqual(p.map { $0.width * $0.height }.reduce(0, +), 4700)
    }

    /// A hole touching the left and top edges: no strip above it nor left of it.
    func testAHoleInTheCornerLeavesTwoStrips() {
        let (cut, p) = pieces(Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 0, y: 0, width: 30, height: 10))
        XCTAssertTrue(cut)
        XCTAssertEqual(p, [Rect(x: 30, y: 0, width: 70, height: 10), Rect(x: 0, y: 10, width: 100, height: 40)])
    }

    /// A hole reaching past the rectangle is not cut (the caller draws the rectangle whole).
    func testAHoleOutsideTheRectangleCutsNothing() {
        let (cut, p) = pieces(Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 90, y: 20, width: 30, height: 10))
        XCTAssertFalse(cut)
        XCTAssertEqual(p, [])
    }

    /// 0.1 + 0.2 is not 0.3 in float32, so the width from 0.1 to 0.3 is not 0.3 - 0.1 as
    /// written: exactSpan finds a float32 w with 0.1 + w == 0.3 exactly.
    func testExactSpanLandsOnTheEdgeInFloat32() {
        let a: Float = 0.1, b: Float = 0.3
        let w = OcclusionHoles.exactSpan(from: a, to: b)
        XCTAssertNotNil(w)
        XCTAssertEqual(a + w!, b)
        let big = OcclusionHoles.exactSpan(from: 1234.567, to: 1999.0001)
        XCTAssertEqual(Float(1234.567) + big!, Float(1999.0001))
    }

    /// Random rectangles and holes with awkward coordinates (seeded): every piece, as the
    /// vertex shader computes its edges in float32 (x, x + w), starts and ends exactly on its
    /// neighbour's edge or on the rectangle's edge as its ring draws it (Float(minX) +
    /// Float(width)); the hole's edges are the ones asked for, moved inwards by at most 32
    /// float32 steps; and the pieces tile the rectangle around that hole (their float32
    /// areas add up). Bounds coordinates of interiors are positive; negative ones may find
    /// no exact record (then nothing is cut), never a wrong one.
    func testPieceEdgesMeetExactlyInFloat32() {
        let seed: UInt64 = 20261123
        print("OcclusionHolesTests seed \(seed)")
        var rng = SeededRandom(seed: seed)
        func r(_ lo: Double, _ hi: Double) -> Double { lo + Double(rng.next() % 1_000_000) / 1_000_000 * (hi - lo) }
        var cuts = 0
        for trial in 0..<4000 {
            let scale = [1.0, 13.7, 977.3, 12345.6][trial % 4]
            let negative = trial % 8 >= 6
            let fill = Rect(x: r(negative ? -1 : 0, 1) * scale, y: r(negative ? -1 : 0, 1) * scale,
                            width: r(0.5, 2) * scale, height: r(0.5, 2) * scale)
            let hole = Rect(x: fill.minX + r(0, 0.4) * fill.width, y: fill.minY + r(0, 0.4) * fill.height,
                            width: r(0.1, 0.5) * fill.width, height: r(0.1, 0.5) * fill.height)
            let (cut, p) = pieces(fill, hole)
            if !negative { XCTAssertTrue(cut, "trial \(trial)") }
            guard cut else { continue }
            cuts += 1
            let fx0 = Float(fill.minX), fx3 = fx0 + Float(fill.width), fy0 = Float(fill.minY), fy3 = fy0 + Float(fill.height)
            var xs = Set<Float>(), ys = Set<Float>()
            for piece in p {
                let x0 = Float(piece.minX), y0 = Float(piece.minY)
                XCTAssertEqual(Double(x0), piece.minX, "trial \(trial): a float32 record")
                XCTAssertEqual(Double(Float(piece.width)), piece.width, "trial \(trial): a float32 record")
                xs.formUnion([x0, x0 + Float(piece.width)]); ys.formUnion([y0, y0 + Float(piece.height)])
            }
            XCTAssertEqual(xs.count, 4, "trial \(trial): two edges of the rectangle, two of the hole")
            XCTAssertEqual(ys.count, 4, "trial \(trial)")
            let x = xs.sorted(), y = ys.sorted()
            XCTAssertEqual([x[0], x[3], y[0], y[3]], [fx0, fx3, fy0, fy3], "trial \(trial): the ring's edges")
            func steps(_ from: Float, _ to: Float) -> Int {
                var v = from, n = 0
                while v < to && n < 100 { v = v.nextUp; n += 1 }
                return n
            }
            XCTAssertLessThanOrEqual(steps(Float(hole.minX), x[1]), 32, "trial \(trial): left edge moved in a little")
            XCTAssertLessThanOrEqual(steps(x[2], Float(hole.maxX)), 32, "trial \(trial)")
            XCTAssertLessThanOrEqual(steps(Float(hole.minY), y[1]), 32, "trial \(trial)")
            XCTAssertLessThanOrEqual(steps(y[2], Float(hole.maxY)), 32, "trial \(trial)")
            // Edges in float32 as the shader computes them, sizes in double (exact).
            func size(_ a: Double, _ w: Double) -> Double { Double(Float(a) + Float(w)) - a }
            let area = p.map { size($0.minX, $0.width) * size($0.minY, $0.height) }.reduce(0, +)
            let expected = (Double(fx3) - Double(fx0)) * (Double(fy3) - Double(fy0))
                - (Double(x[2]) - Double(x[1])) * (Double(y[2]) - Double(y[1]))
            XCTAssertEqual(area, expected, accuracy: 1e-9 * expected, "trial \(trial)")
        }
        XCTAssertGreaterThan(cuts, 3000)
    }

    // MARK: Inscribed rectangle

    func testTheInscribedRectangleOfARectangleIsItself() {
        let q = (Point(10, 20), Point(110, 20), Point(110, 70), Point(10, 70))
        XCTAssertEqual(OcclusionHoles.inscribedRect(q), Rect(x: 10, y: 20, width: 100, height: 50))
        // Listed the other way round.
        XCTAssertEqual(OcclusionHoles.inscribedRect((q.3, q.2, q.1, q.0)), Rect(x: 10, y: 20, width: 100, height: 50))
    }

    /// A square turned 45 degrees: its corners' middle x and y coincide, no rectangle.
    func testADiamondHasNoInscribedRectangle() {
        XCTAssertNil(OcclusionHoles.inscribedRect((Point(0, -1), Point(1, 0), Point(0, 1), Point(-1, 0))))
    }

    /// A 100x50 rectangle turned by 0.05 rad about its centre: the rectangle between the
    /// corners' middle x and y lies inside it, and keeps most of it.
    func testASlightlyTurnedRectangleKeepsMostOfItsArea() throws {
        let a = 0.05, c = cos(a), s = sin(a)
        func turn(_ x: Double, _ y: Double) -> Point { Point(x * c - y * s, x * s + y * c) }
        let q = (turn(-50, -25), turn(50, -25), turn(50, 25), turn(-50, 25))
        let r = try XCTUnwrap(OcclusionHoles.inscribedRect(q))
        for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)] {
            XCTAssertTrue(OcclusionHoles.contains(q, p))
        }
        // By hand: x within ±(50c - 25s) = ±48.69, y within ±(25c - 50s) = ±22.47.
        XCTAssertEqual(r.width, 2 * (50 * c - 25 * s), accuracy: 1e-9)
        XCTAssertEqual(r.height, 2 * (25 * c - 50 * s), accuracy: 1e-9)
    }

    // MARK: Frames

    /// A translucent purple shadow at fractional points, an opaque textured card over most of
    /// it (fractional too: antialiased rings), and a translucent layer over the card.
    private func cardOverShadow(cardTransform: Transform3D = .identity, shadowTransform: Transform3D = .identity,
                                cardInClip: Layer? = nil) -> [Layer] {
        let h = try! RenderHarness.shared()
        let ref = ImageRef(id: 4301, width: 64, height: 32, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 64, height: 32) { x, y in (UInt8(x * 4), UInt8(y * 8), 128, 255) }
        let shadow = Layer(name: "shadow", bounds: Size(180.5, 110.25), position: Point(100.3, 60.2))
        shadow.contents = .color(Color(0.2, 0.1, 0.6, 0.5))
        shadow.transform = shadowTransform
        let card = Layer(name: "card", bounds: Size(160.5, 90.25), position: Point(100.3, 58.7))
        card.contents = .image(ref)
        card.transform = cardTransform
        let glare = Layer(name: "glare", bounds: Size(60, 40), position: Point(80.6, 50.1))
        glare.contents = .color(Color(1, 1, 1, 0.3))
        if let clip = cardInClip {
            // The same place on the canvas, in the clip's bounds space.
            card.position = Point(card.position.x - (clip.position.x - clip.bounds.width / 2),
                                  card.position.y - (clip.position.y - clip.bounds.height / 2))
            clip.addSublayer(card)
            return [shadow, clip, glare]
        }
        return [shadow, card, glare]
    }

    /// Draws `layers` with and without the cut; returns whether the pixels are the same and
    /// the quads cut with it on.
    private func drawBoth(_ layers: [Layer], width: Int = 400, height: Int = 240) throws -> (same: Bool, cut: Int) {
        let h = try RenderHarness.shared()
        defer { h.renderer.cutsOccludedParts = true }
        h.renderer.cutsOccludedParts = false
        let whole = try h.render(layers, canvas: Size(200, 120), width: width, height: height, background: .white)
        XCTAssertEqual(h.renderer.stats.occludedQuads, 0)
        h.renderer.cutsOccludedParts = true
        let cut = try h.render(layers, canvas: Size(200, 120), width: width, height: height, background: .white)
        return (whole == cut, h.renderer.stats.occludedQuads)
    }

    /// The shadow under the card is cut around the card's interior: the same pixels.
    func testAShadowUnderAnOpaqueCardIsCutAndDrawsTheSamePixels() throws {
        let r = try drawBoth(cardOverShadow())
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 1)
    }

    /// The same at a size where nothing lands on whole pixels (scale 1.37).
    func testTheCutDrawsTheSamePixelsAtAFractionalScale() throws {
        let r = try drawBoth(cardOverShadow(), width: 274, height: 164)
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 1)
    }

    /// The card turned about Y in perspective still hides part of the flat shadow: the
    /// shadow is cut around a rectangle inside the card's projected interior.
    func testAShadowUnderACardInPerspectiveIsCutAndDrawsTheSamePixels() throws {
        var m = Transform3D.identity
        m.m34 = -1.0 / 500
        let r = try drawBoth(cardOverShadow(cardTransform: .rotation(0.3, 0, 1, 0) * m))
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 1)
    }

    /// A shadow in perspective is not cut (its pieces could meet at T-junctions off a pixel
    /// row); a turned one neither.
    func testAShadowInPerspectiveOrTurnedIsNotCut() throws {
        var m = Transform3D.identity
        m.m34 = -1.0 / 500
        let r = try drawBoth(cardOverShadow(shadowTransform: .rotation(0.2, 0, 1, 0) * m))
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 0)
        let turned = try drawBoth(cardOverShadow(shadowTransform: .rotation(0.1, 0, 0, 1)))
        XCTAssertTrue(turned.same)
        XCTAssertEqual(turned.cut, 0)
    }

    /// The card inside a turned clip (a stencil shape) narrower than it does not draw all of
    /// its interior: it hides nothing.
    func testACardInAStencilClipHidesNothing() throws {
        // The card turned back inside the clip: square on screen, but not along the clip's
        // axes, so the clip goes to the stencil.
        let clip = Layer(name: "clip", bounds: Size(120, 120), position: Point(100, 60))
        clip.masksToBounds = true
        clip.transform = .rotation(0.1, 0, 0, 1)
        let r = try drawBoth(cardOverShadow(cardTransform: .rotation(-0.1, 0, 0, 1), cardInClip: clip))
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 0)
    }

    /// The card inside an axis-aligned clip that keeps only its left half (a scissor box):
    /// the shadow is cut only where the scissor lets the card draw.
    func testACardInAScissorClipHidesOnlyWhatTheScissorKeeps() throws {
        let clip = Layer(name: "clip", bounds: Size(100, 120), position: Point(50, 60))
        clip.masksToBounds = true
        let r = try drawBoth(cardOverShadow(cardInClip: clip))
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 1)
    }

    /// An opaque quad hides only quads drawn before it: drawn first, it cuts nothing.
    func testAnOpaqueQuadDrawnFirstHidesNothing() throws {
        let layers = cardOverShadow()
        let r = try drawBoth([layers[1], layers[0], layers[2]])
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 0)
    }

    /// The built-in scenes drawn with and without the cut: the same pixels; the grid (a
    /// shadow under every card), the header and the home screen cut something.
    func testBuiltInScenesDrawTheSamePixelsWithTheCut() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.cutsOccludedParts = true }
        for name in ["grid", "header", "home", "button", "carousel", "cube"] {
            let frame = try BuiltInSceneFrame(name, at: 0.4, pressRight: true)
            h.renderer.cutsOccludedParts = true
            let cut = try frame.draw()
            let quadsCut = h.renderer.stats.occludedQuads
            h.renderer.cutsOccludedParts = false
            XCTAssertEqual(cut, try frame.draw(), name)
            if ["grid", "header", "home"].contains(name) { XCTAssertGreaterThan(quadsCut, 0, name) }
        }
    }
}
