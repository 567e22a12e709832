@testable import GLRenderer
import _TestSupport
import Images
import LayerMath
import Layers
@testable import RenderPlan
import XCTest

/// Parts of quads hidden by a later opaque quad are left out (OcclusionHoles): the hole,
/// worked out by hand (the inscribed rectangle: InscribedRectTests); and frames drawn with and without the cut, which must be the same
/// pixels (by hand-made cases and seeded random ones, in perspective too).
final class OcclusionHolesTests: XCTestCase {
    // MARK: Frames

    /// A translucent purple shadow at fractional points, an opaque textured card over most of
    /// it (fractional too: antialiased rings), and a translucent layer over the card.
    /// `texturedShadow`: the shadow is a translucent gradient image instead of a colour.
    private func cardOverShadow(cardTransform: Transform3D = .identity, shadowTransform: Transform3D = .identity,
                                cardInClip: Layer? = nil, texturedShadow: Bool = false) -> [Layer] {
        let h = try! RenderHarness.shared()
        let ref = ImageRef(id: 4301, width: 64, height: 32, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 64, height: 32) { x, y in (UInt8(x * 4), UInt8(y * 8), 128, 255) }
        let shadow = Layer(name: "shadow", bounds: Size(180.5, 110.25), position: Point(100.3, 60.2))
        shadow.contents = .color(Color(0.2, 0.1, 0.6, 0.5))
        if texturedShadow {
            let gradient = ImageRef(id: 4302, width: 24, height: 16)
            h.images.images[gradient.id] = makeImage(width: 24, height: 16) { x, y in (60, 30, 150, UInt8(60 + x * 4 + y * 3)) }
            shadow.contents = .image(gradient)
        }
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

    /// Draws `layers` with and without the cut; returns whether the pixels are the same, the
    /// largest difference in any channel, and the quads cut with it on.
    private func drawBoth(_ layers: [Layer], width: Int = 400, height: Int = 240) throws -> (same: Bool, worst: Int, cut: Int) {
        let h = try RenderHarness.shared()
        defer { h.renderer.cutsOccludedParts = true }
        h.renderer.cutsOccludedParts = false
        let whole = try h.render(layers, canvas: Size(200, 120), width: width, height: height, background: .white)
        XCTAssertEqual(h.renderer.stats.occludedQuads, 0)
        h.renderer.cutsOccludedParts = true
        let cut = try h.render(layers, canvas: Size(200, 120), width: width, height: height, background: .white)
        var worst = 0
        if whole != cut {
            for k in whole.pixels.indices where whole.pixels[k] != cut.pixels[k] {
                worst = max(worst, abs(Int(whole.pixels[k]) - Int(cut.pixels[k])))
            }
        }
        return (whole == cut, worst, h.renderer.stats.occludedQuads)
    }

    /// The shadow under the card is cut around the card's interior: the same pixels.
    /// An opaque layer 1e300 points tall spans more than float32 can place on the GPU: it
    /// hides nothing and shares no edge (it may not be drawn where it lies, or at all). The
    /// purple row under it is drawn: each of its pixels is the row's or the huge layer's
    /// colour, never the white behind (it was white: the row was cut away for a layer
    /// that drew nothing).
    func testAQuadTooLargeForTheGPUHidesNothing() throws {
        let h = try RenderHarness.shared()
        let row = Layer(name: "row", bounds: Size(300, 44.5), position: Point(160.25, 120.16))
        row.contents = .color(Color(0.3, 0.2, 0.9, 1))
        let below = Layer(name: "below", bounds: Size(300, 44.5), position: Point(160.25, 164.66))
        below.contents = .color(Color(1, 0.4, 0, 1))
        let huge = Layer(name: "huge", bounds: Size(300, 1e300), position: Point(160.25, 5e299))
        huge.contents = .color(Color(0.3, 0.5, 0.7, 1))
        let image = try h.render([row, below, huge], canvas: Size(320, 480), background: .white)
        for y in [100, 120, 140] {
            let p = image.pixel(160, y)
            let isRow = abs(Int(p.r) - 77) <= 1 && abs(Int(p.g) - 51) <= 1 && abs(Int(p.b) - 230) <= 1
            let isHuge = abs(Int(p.r) - 77) <= 1 && abs(Int(p.g) - 128) <= 1 && abs(Int(p.b) - 179) <= 1
            XCTAssertTrue(isRow || isHuge, "(160, \(y)) = \(p)")
        }
    }

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
        let r = try drawBoth(cardOverShadow(cardTransform: .rotation(0.3, 0, 1, 0) * .perspective(500)))
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 1)
    }

    /// A shadow in perspective or turned is cut too: its ring around the hole shares its
    /// antialiased ring's vertices, so the seams are exact in any orientation.
    func testAShadowInPerspectiveOrTurnedIsCutAndDrawsTheSamePixels() throws {
        let r = try drawBoth(cardOverShadow(shadowTransform: .rotation(0.2, 0, 1, 0) * .perspective(500)))
        XCTAssertTrue(r.same)
        XCTAssertEqual(r.cut, 1)
        let turned = try drawBoth(cardOverShadow(cardTransform: .rotation(0.1, 0, 0, 1), shadowTransform: .rotation(0.1, 0, 0, 1)))
        XCTAssertTrue(turned.same)
        XCTAssertEqual(turned.cut, 1)
    }

    /// Seeded random cards over shadows, each turned about any axis, in perspective or not,
    /// at a fractional scale: the same pixels with and without the cut, every time, for a
    /// colour shadow; within 1/255 for a textured one (its texture coordinates interpolated
    /// over the ring's triangles instead of the rectangle's).
    func testRandomCardsOverShadowsDrawTheSamePixels() throws {
        let seed: UInt64 = 20261123
        print("OcclusionHolesTests.testRandomCardsOverShadowsDrawTheSamePixels seed \(seed)")
        var rng = SeededRandom(seed: seed)
        func r(_ lo: Double, _ hi: Double) -> Double { rng.uniform(lo, hi) }
        func transform() -> Transform3D {
            let p = Transform3D.perspective(rng.next() % 2 == 0 ? 0 : r(300, 1500))
            let axis = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (0.6, 0.8, 0.0)][Int(rng.next() % 4)]
            return .rotation(r(-0.5, 0.5), axis.0, axis.1, axis.2) * p
        }
        var cut = 0
        for trial in 0..<60 {
            let same = trial % 3 == 0 ? transform() : .identity
            let textured = trial % 2 == 1
            let result = try drawBoth(cardOverShadow(cardTransform: trial % 3 == 0 ? same : transform(),
                                                     shadowTransform: trial % 3 == 0 ? same : transform(),
                                                     texturedShadow: textured),
                                      width: 274, height: 164)
            if textured {
                XCTAssertLessThanOrEqual(result.worst, 1, "trial \(trial)")
            } else {
                XCTAssertTrue(result.same, "trial \(trial)")
            }
            cut += result.cut
        }
        XCTAssertGreaterThan(cut, 30, "most random cards hide part of their shadow")
    }

    /// A damaged redraw cuts quads as a full redraw does: a textured shadow in perspective,
    /// and a small square moving over its margin, away from the card (so the card, the
    /// occluder, lies outside the damage). The damaged redraw into the kept frame equals a
    /// full redraw exactly.
    func testADamagedRedrawCutsAsAFullRedrawDoes() throws {
        let h = try RenderHarness.shared()
        let tilt = Transform3D.rotation(0.15, 0, 1, 0) * .perspective(500)
        var layers = cardOverShadow(cardTransform: tilt, shadowTransform: tilt, texturedShadow: true)
        let dot = Layer(name: "dot", bounds: Size(4, 6), position: Point(14, 40))
        dot.contents = .color(Color(1, 0.8, 0, 1))
        layers.append(dot)
        try h.assertDamagedRedrawsEqualFullRedraws(
            layers, canvas: Size(200, 120), width: 274, height: 164, background: .white, steps: 1...4,
            afterFirst: { XCTAssertEqual(h.renderer.stats.occludedQuads, 1) },
            change: { step in dot.position = Point(14, 40 + 8 * Double(step)) },
            checkDamage: { step, _, damage in XCTAssertLessThan(damage.maxX, 19, "the damage stays left of the card, step \(step)") },
            checkDamaged: { step in
                XCTAssertEqual(h.renderer.stats.occludedQuads, 1, "the shadow is cut in the damaged redraw too, step \(step)")
            })
    }

    /// The hole by hand, at scale 2. The card lies along the canvas axes, so its
    /// antialiasing margin is 0.75 px = 0.375 points (QuadPlanner.edgeMargin) and its safety
    /// margin 1/75 of that, 0.005. The card's bounds start at (100.3 - 80.25, 58.7 - 45.125)
    /// = (20.05, 13.575); its interior, 0.375 inside, spans (20.425, 13.95)-(180.175, 103.45),
    /// shrunk by 0.005 as an occluder; in the shadow's bounds space (origin (10.05, 5.075))
    /// and shrunk by the 0.01 passed here: (10.39, 8.89)-(170.11, 98.36).
    func testTheHoleIsTheCardsInteriorInTheShadowsBoundsSpace() throws {
        let h = try RenderHarness.shared()
        _ = try h.render(cardOverShadow(), canvas: Size(200, 120), width: 400, height: 240)
        let shadow = h.lastList.quads[0]
        let hole = try XCTUnwrap(h.renderer.occlusion.hole(for: shadow, index: 0, fill: Rect(x: 0.75, y: 0.75, width: 179, height: 108.75),
                                                            margin: 0.01, pixelScale: 2))
        XCTAssertEqual(hole.minX, 10.39, accuracy: 1e-9)
        XCTAssertEqual(hole.minY, 8.89, accuracy: 1e-9)
        XCTAssertEqual(hole.maxX, 170.11, accuracy: 1e-9)
        XCTAssertEqual(hole.maxY, 98.36, accuracy: 1e-9)
        // The card itself (index 1) is not hidden by itself.
        XCTAssertNil(h.renderer.occlusion.hole(for: h.lastList.quads[1], index: 1, fill: Rect(x: 0.75, y: 0.75, width: 159, height: 88.75),
                                               margin: 0.01, pixelScale: 2))
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

    // MARK: Stacks

    /// A page (a translucent colour, or a translucent gradient image) under `count` opaque
    /// rows that abut at fractional points (antialiased seams between them): row i spans
    /// x 10.3...190.8, y 10.1 + 20.25 i ... 30.35 + 20.25 i. `across`: the same turned a
    /// quarter, columns side by side (x and y swapped). `gap`: points between rows.
    private func rowsOverPage(count: Int = 4, across: Bool = false, gap: Double = 0,
                              texturedPage: Bool = false, pageTransform: Transform3D = .identity) -> [Layer] {
        let h = try! RenderHarness.shared()
        let page = Layer(name: "page", bounds: Size(200, 120), position: Point(100, 60))
        page.contents = .color(Color(0.2, 0.5, 0.3, 0.6))
        if texturedPage {
            let gradient = ImageRef(id: 4303, width: 40, height: 24)
            h.images.images[gradient.id] = makeImage(width: 40, height: 24) { x, y in (UInt8(x * 6), 90, UInt8(y * 10), UInt8(100 + x + y * 4)) }
            page.contents = .image(gradient)
        }
        page.transform = pageTransform
        var layers = [page]
        for i in 0..<count {
            let along = 10.1 + (20.25 + gap) * Double(i) + 10.125
            let row = Layer(name: "row\(i)", bounds: across ? Size(20.25, 100.5) : Size(180.5, 20.25),
                            position: across ? Point(along, 60.05) : Point(100.55, along))
            row.contents = .color(Color(0.9, 0.9 - 0.1 * Double(i), 0.8, 1))
            layers.append(row)
        }
        return layers
    }

    /// The hole by hand, at scale 2 (rows along the axes: margin 0.75 px = 0.375 points,
    /// safety margin 0.005): each row's interior lies 0.375 inside it, shrunk by 0.005 as an
    /// occluder and by the 0.01 passed here as a hole, 0.39 in all, so row i hides
    /// x 10.69...190.41, y (10.1 + 20.25 i) + 0.39 ... (30.35 + 20.25 i) - 0.39. The four
    /// rows stack into one hole, y 10.49...90.71, and the three strips between them, 0.78
    /// points tall at each row boundary (30.35, 50.6, 70.85), are its seams.
    func testRowsThatAbutStackIntoOneHoleWithTheirSeamsByHand() throws {
        let h = try RenderHarness.shared()
        _ = try h.render(rowsOverPage(), canvas: Size(200, 120), width: 400, height: 240)
        let hole = try XCTUnwrap(h.renderer.occlusion.hole(for: h.lastList.quads[0], index: 0,
                                                            fill: Rect(x: 0, y: 0, width: 200, height: 120),
                                                            margin: 0.01, pixelScale: 2))
        XCTAssertEqual(hole.minX, 10.69, accuracy: 1e-9)
        XCTAssertEqual(hole.maxX, 190.41, accuracy: 1e-9)
        XCTAssertEqual(hole.minY, 10.49, accuracy: 1e-9)
        XCTAssertEqual(hole.maxY, 90.71, accuracy: 1e-9)
        let seams = h.renderer.occlusion.seams.sorted { $0.minY < $1.minY }
        XCTAssertEqual(seams.count, 3)
        for (k, boundary) in [30.35, 50.6, 70.85].enumerated() where k < seams.count {
            XCTAssertEqual(seams[k].minY, boundary - 0.39, accuracy: 1e-9, "seam \(k)")
            XCTAssertEqual(seams[k].maxY, boundary + 0.39, accuracy: 1e-9, "seam \(k)")
            // Exactly the hole's sides (the same floats: no T-junction error).
            XCTAssertEqual(seams[k].minX, hole.minX)
            XCTAssertEqual(seams[k].width, hole.width)
        }
    }

    /// Rows that abut, rows with gaps between them and columns side by side: one stacked
    /// hole each, the same pixels as the page drawn whole.
    func testStackedRowsAndColumnsDrawTheSamePixelsAsThePageDrawnWhole() throws {
        for (across, gap) in [(false, 0.0), (false, 3.7), (true, 0.0), (true, 1.3)] {
            let r = try drawBoth(rowsOverPage(across: across, gap: gap), width: 274, height: 164)
            XCTAssertTrue(r.same, "across \(across), gap \(gap)")
            XCTAssertEqual(r.cut, 1, "across \(across), gap \(gap)")
            XCTAssertEqual(try RenderHarness.shared().renderer.occlusion.seams.count, 0,
                           "the last quad drawn (a row) has no hole: no seams left over")
        }
    }

    /// A turned page is cut around one row at most (a seam's sides would not project onto
    /// the ring's exactly): the same pixels, and no seams.
    func testATurnedPageIsNotCutAroundAStack() throws {
        let h = try RenderHarness.shared()
        let layers = rowsOverPage(pageTransform: .rotation(0.05, 0, 0, 1))
        let r = try drawBoth(layers, width: 274, height: 164)
        XCTAssertTrue(r.same)
        _ = try h.render(layers, canvas: Size(200, 120), width: 400, height: 240)
        let hole = h.renderer.occlusion.hole(for: h.lastList.quads[0], index: 0, fill: Rect(x: 0, y: 0, width: 200, height: 120),
                                             margin: 0.01, pixelScale: 2)
        XCTAssertLessThan(hole.map { $0.height } ?? 0, 20.25, "one row's interior at most")
        XCTAssertEqual(h.renderer.occlusion.seams.count, 0)
    }

    /// Seeded random stacks: 2 to 30 rows (more than the seams one hole keeps), each with
    /// its own x extent and gap, over a colour or textured page at a fractional scale: the
    /// same pixels with and without the cut (a textured page within 1/255).
    func testRandomStacksDrawTheSamePixels() throws {
        let seed: UInt64 = 20261124
        print("OcclusionHolesTests.testRandomStacksDrawTheSamePixels seed \(seed)")
        var rng = SeededRandom(seed: seed)
        func r(_ lo: Double, _ hi: Double) -> Double { rng.uniform(lo, hi) }
        var cut = 0
        for trial in 0..<24 {
            let across = trial % 2 == 1
            let textured = trial % 3 == 2
            var layers = rowsOverPage(count: 0, texturedPage: textured)
            let count = 2 + Int(rng.next() % 29)
            var along = r(0, 10)
            let thickness = (across ? 190.0 : 110.0) / Double(count)
            for i in 0..<count {
                let t = thickness * r(0.5, 1)
                let a = r(0, 20), b = r(100, across ? 120 : 200)
                let row = Layer(name: "row\(i)", bounds: across ? Size(t, b - a) : Size(b - a, t),
                                position: across ? Point(along + t / 2, (a + b) / 2) : Point((a + b) / 2, along + t / 2))
                row.contents = .color(Color(0.9, r(0, 1), 0.8, 1))
                layers.append(row)
                along += t + (rng.next() % 2 == 0 ? 0 : r(0, 2))
            }
            let result = try drawBoth(layers, width: 274, height: 164)
            if textured {
                XCTAssertLessThanOrEqual(result.worst, 1, "trial \(trial)")
            } else {
                XCTAssertTrue(result.same, "trial \(trial)")
            }
            cut += result.cut
        }
        XCTAssertGreaterThan(cut, 12, "most pages are cut around their rows")
    }

    /// The built-in scenes drawn with and without the cut. Where the cut quads lie flat and
    /// square on screen and no hole meets a rounded card (header, carousel, cube) the pixels
    /// are identical; a quad drawn as a ring interpolates its texture coordinates over
    /// other triangles, which moves a few pixels by 1/255 (the button's perspective shadow,
    /// cover flow's items, and in the grid and home screen a card's sky around the sun's
    /// opaque part, whose strips end at the card's soft clip margin, not on whole points): at
    /// most 1 in any channel, on at most 0.1 % of the pixels.
    func testBuiltInScenesDrawTheSamePixelsWithTheCut() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.cutsOccludedParts = true }
        for name in ["grid", "header", "showcase", "button", "coverflow", "carousel", "cube"] {
            let frame = try BuiltInSceneFrame(name, at: 0.4, pressRight: true)
            h.renderer.cutsOccludedParts = true
            let cut = try frame.draw()
            let quadsCut = h.renderer.stats.occludedQuads
            h.renderer.cutsOccludedParts = false
            let whole = try frame.draw()
            var worst = 0, differing = 0
            for k in cut.indices where cut[k] != whole[k] {
                worst = max(worst, abs(Int(cut[k]) - Int(whole[k])))
                differing += 1
            }
            if ["header", "carousel", "cube"].contains(name) {
                XCTAssertEqual(differing, 0, "\(name): identical")
            }
            XCTAssertLessThanOrEqual(worst, 1, name)
            XCTAssertLessThanOrEqual(differing, cut.count / 1000, name)
            if ["grid", "header", "showcase", "button"].contains(name) { XCTAssertGreaterThan(quadsCut, 0, name) }
        }
    }
}
