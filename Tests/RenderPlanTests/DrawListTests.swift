import LayerMath
import Layers
@testable import RenderPlan
import RenderRecording
import XCTest

/// Whole frames planned as draw lists and executed by the recording backend, without a GPU,
/// against step lists worked out by hand from the layer trees: the order of group passes,
/// a mask's pass and multiply, a damage's scissor and clear, and when the depth pre-pass runs.
/// The canvas is 200 x 200 points on a 200 x 200 target (one pixel per point, no offset).
final class DrawListTests: XCTestCase {
    let canvas = Size(200, 200)

    func fill(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layer {
        let l = Layer(name: name, bounds: Size(w, h), position: Point(x + w / 2, y + h / 2))
        l.contents = .color(Color(1, 0, 0))
        return l
    }

    func flatten(_ layers: [Layer]) -> RenderList {
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(layers, canvas: canvas, into: &list)
        return list
    }

    /// The steps `list` executes as, on a 200 x 200 target set up by `adjust`.
    func steps(_ list: RenderList, backend: RecordingBackend = RecordingBackend(),
               _ adjust: (inout FrameSetup) -> Void = { _ in }) -> [DrawStep] {
        var frame = FrameSetup(map: .identity, pixelWidth: 200, pixelHeight: 200)
        adjust(&frame)
        var clips = ClipLowering()
        clips.update(list)
        var drawList = DrawList()
        drawList.plan(list, frame: frame, clips: clips)
        drawList.execute(list, on: backend)
        return backend.commands.compactMap { if case .step(let s) = $0 { return s } else { return nil } }
    }

    let clearColor = DrawStep.clear(ClearOperation(color: true, stencil: false, depth: false))

    /// A 100 x 100 card at (20, 20) masked by a 50 x 50 layer at its top-left corner.
    /// Commands: beginGroup(card) 0, quad(card) 1, beginGroup(mask) 2, quad(mask) 3,
    /// endGroup(mask) 4, endGroup(card) 5. Both images cover canvas (20, 20, 50, 50) (the
    /// card's cut to its mask): pixels 18 ..< 72 each way, rounded out and grown by 2.
    /// The mask's pass first, then the card's (its run, then the multiply; the mask is
    /// never composited), then the frame, which composites the card alone.
    func testMaskedGroupDrawsMaskThenGroupThenComposite() {
        let card = fill("card", 20, 20, 100, 100)
        card.mask = fill("mask", 0, 0, 50, 50)
        let list = flatten([card])
        XCTAssertEqual(list.groups.count, 2)
        let box = PixelBox(x0: 18, y0: 18, x1: 72, y1: 72)
        XCTAssertEqual(steps(list), [
            .beginPass(.group(1, box: box, depthStencil: false)), clearColor, .run(3..<4), .endPass,
            .beginPass(.group(0, box: box, depthStencil: false)), clearColor, .run(1..<2), .multiplyByMask(1), .endPass,
            .beginPass(.frame(scissor: nil)), clearColor, .composite(group: 0), .endPass,
        ])
    }

    /// A half-transparent layer (group 0) holding a half-transparent one (group 1), each
    /// with two 40 x 40 children: the inner image is drawn first, then the outer, which
    /// composites it after its own first child, then the frame. Commands: beginGroup(0) 0,
    /// quad 1, beginGroup(1) 2, quads 3 and 4, endGroup(1) 5, quad 6, endGroup(0) 7, quad 8.
    /// Inner box (50, 50, 90, 40): pixels 48 ..< 142 by 48 ..< 92. Outer box (0, 0, 140, 90):
    /// pixels 0 ..< 142 by 0 ..< 92 (clamped at the target's edge).
    func testNestedGroupsDrawInnermostFirst() {
        let outer = Layer(name: "outer", bounds: Size(200, 200), position: Point(100, 100))
        outer.opacity = 0.5
        let inner = Layer(name: "inner", bounds: Size(200, 200), position: Point(100, 100))
        inner.opacity = 0.5
        inner.addSublayer(fill("c", 50, 50, 40, 40))
        inner.addSublayer(fill("d", 100, 50, 40, 40))
        outer.addSublayer(fill("a", 0, 0, 40, 40))
        outer.addSublayer(inner)
        outer.addSublayer(fill("b", 100, 0, 40, 40))
        let list = flatten([outer, fill("top", 150, 150, 40, 40)])
        XCTAssertEqual(list.groups.count, 2)
        XCTAssertEqual(steps(list), [
            .beginPass(.group(1, box: PixelBox(x0: 48, y0: 48, x1: 142, y1: 92), depthStencil: false)), clearColor,
            .run(3..<5), .endPass,
            .beginPass(.group(0, box: PixelBox(x0: 0, y0: 0, x1: 142, y1: 92), depthStencil: false)), clearColor,
            .run(1..<2), .composite(group: 1), .run(6..<7), .endPass,
            .beginPass(.frame(scissor: nil)), clearColor, .composite(group: 0), .run(8..<9), .endPass,
        ])
    }

    /// A damage (10, 10, 20, 20) of a 200 x 200 target: pixels 8 ..< 32 each way (rounded
    /// out, grown by 2), 576 of 40,000, under half: only they are redrawn, the frame's
    /// draws scissored to them. Cleared by an opaque quad one pixel wider all round:
    /// canvas (7, 7, 26, 26).
    func testDamageScissorsTheFrameAndClearsItWithAQuad() {
        let list = flatten([fill("a", 0, 0, 100, 100)])
        let box = PixelBox(x0: 8, y0: 8, x1: 32, y1: 32)
        XCTAssertEqual(steps(list) { f in
            f.damage = Rect(x: 10, y: 10, width: 20, height: 20)
            f.wholeRedrawFraction = 0.5
            f.fillsDamage = true
        }, [
            .beginPass(.frame(scissor: box)), .clear(ClearOperation(color: false, stencil: false, depth: false)),
            .fillBackground(Rect(x: 7, y: 7, width: 26, height: 26)), .run(0..<1), .endPass,
        ])
    }

    /// The same damage where a quad may not clear it (a multisampled target): a scissored clear.
    func testDamageWithoutFillClearsTheScissoredTarget() {
        let list = flatten([fill("a", 0, 0, 100, 100)])
        XCTAssertEqual(steps(list) { f in
            f.damage = Rect(x: 10, y: 10, width: 20, height: 20)
            f.wholeRedrawFraction = 0.5
        }, [.beginPass(.frame(scissor: PixelBox(x0: 8, y0: 8, x1: 32, y1: 32))), clearColor, .run(0..<1), .endPass])
    }

    /// A damage (0, 0, 150, 150): pixels 0 ..< 152 each way, 23,104 of 40,000, over half:
    /// the whole target is redrawn (no scissor), and the damage's pixels are still reported.
    func testDamageOverTheWholeRedrawFractionRedrawsAll() {
        let list = flatten([fill("a", 0, 0, 100, 100)])
        var frame = FrameSetup(map: .identity, pixelWidth: 200, pixelHeight: 200)
        frame.damage = Rect(x: 0, y: 0, width: 150, height: 150)
        frame.wholeRedrawFraction = 0.5
        var drawList = DrawList()
        drawList.plan(list, frame: frame, clips: ClipLowering())
        XCTAssertEqual(drawList.damagePixels, PixelBox(x0: 0, y0: 0, x1: 152, y1: 152))
        XCTAssertFalse(drawList.redrawsDamageOnly)
        XCTAssertNil(drawList.damageRegion)
        XCTAssertEqual(drawList.steps.first, .beginPass(.frame(scissor: nil)))
    }

    /// A half-transparent group at (150, 150) (two 20 x 20 children) and a damage at
    /// (0, 0, 20, 20): the group lies outside it and gets no pass; rasterized, it keeps its
    /// earlier image instead. Its composite stays (the scissor cuts it).
    func testGroupOutsideDamageGetsNoPassAndRasterizedKeepsItsImage() {
        for rasterized in [false, true] {
            let group = Layer(name: "g", bounds: Size(200, 200), position: Point(100, 100))
            group.opacity = 0.5
            group.shouldRasterize = rasterized
            group.addSublayer(fill("a", 150, 150, 20, 20))
            group.addSublayer(fill("b", 170, 170, 20, 20))
            let list = flatten([group])
            let got = steps(list) { f in
                f.damage = Rect(x: 0, y: 0, width: 20, height: 20)
                f.wholeRedrawFraction = 0.5
            }
            let keep: [DrawStep] = rasterized ? [.keepImage(group: 0)] : []
            XCTAssertEqual(got, keep + [.beginPass(.frame(scissor: PixelBox(x0: 0, y0: 0, x1: 22, y1: 22))), clearColor,
                                        .composite(group: 0), .endPass], "rasterized: \(rasterized)")
        }
    }

    /// A pass the backend declines (an image it holds from an earlier frame) is skipped
    /// whole: no clear, no run, no end; the frame still composites the image.
    func testDeclinedGroupPassIsSkippedWhole() {
        let group = Layer(name: "g", bounds: Size(200, 200), position: Point(100, 100))
        group.opacity = 0.5
        group.addSublayer(fill("a", 0, 0, 20, 20))
        group.addSublayer(fill("b", 30, 0, 20, 20))
        let list = flatten([group])
        let backend = RecordingBackend()
        backend.keptImages = [0]
        XCTAssertEqual(steps(list, backend: backend), [.beginPass(.frame(scissor: nil)), clearColor, .composite(group: 0), .endPass])
    }

    /// Two opaque 100 x 100 quads on the same spot: the later hides 10,000 square points of
    /// the earlier, at least a fifth of the 40,000 canvas: the pre-pass runs and the frame
    /// clears depth. Side by side they hide nothing: no pre-pass, no depth clear.
    func testDepthPrePassOnlyWhereOpaqueQuadsOverlap() {
        func clears(_ layers: [Layer]) -> DrawStep? {
            steps(flatten(layers)) { $0.prePass = .whenOpaqueCanHide }.dropFirst().first
        }
        XCTAssertEqual(clears([fill("a", 0, 0, 100, 100), fill("b", 0, 0, 100, 100)]),
                       .clear(ClearOperation(color: true, stencil: false, depth: true)))
        XCTAssertEqual(clears([fill("a", 0, 0, 100, 100), fill("b", 100, 0, 100, 100)]), clearColor)
    }

    /// A target without a depth pass (`never`) clears no depth even where quads overlap.
    func testNoDepthPrePassWhenTheTargetHasNone() {
        let list = flatten([fill("a", 0, 0, 100, 100), fill("b", 0, 0, 100, 100)])
        XCTAssertEqual(steps(list).dropFirst().first, clearColor)
    }

    /// An app's target without a damage: every draw is scissored to its viewport's pixels.
    func testAppTargetScissorsToItsViewport() {
        let list = flatten([fill("a", 0, 0, 100, 100)])
        XCTAssertEqual(steps(list) { $0.isAppTarget = true }.first,
                       .beginPass(.frame(scissor: PixelBox(x0: 0, y0: 0, x1: 200, y1: 200))))
    }
}
