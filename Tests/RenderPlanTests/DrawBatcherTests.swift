@testable import RenderPlan
import LayerMath
import XCTest

/// Batching decisions without GL (no context is created here): which draws share one
/// instanced draw call and in which order they are drawn. Every expected batch list is
/// worked out by hand from the rule in DrawBatcher.swift: a draw joins the most recent
/// batch with its key among the last `lookback` batches unless a batch opened after that
/// one touches its box.
final class DrawBatcherTests: XCTestCase {
    let a = DrawKey(program: .quad, geometry: .rect)
    let b = DrawKey(program: .plainColor, geometry: .ring)
    let c = DrawKey(program: .quad, geometry: .rect, texture: TextureHandle(7))

    /// A box from x0 to x1, one pixel row high (rows are all the same unless given).
    func box(_ x0: Double, _ x1: Double, y0: Double = 0, y1: Double = 1) -> DrawBox {
        DrawBox(x0: x0, y0: y0, x1: x1, y1: y1)
    }

    /// The batches as lists of draw indices, in drawing order.
    func batches(_ batcher: inout DrawBatcher) -> [[Int]] {
        batcher.finish()
        return (0..<batcher.batchCount).map { k in
            Array(batcher.order[batcher.batchStarts[k]..<batcher.batchStarts[k + 1]])
        }
    }

    /// Interiors and rings of four quads side by side (0-10, 20-30, 40-50, 60-70): every
    /// interior moves ahead past the rings it does not touch, so two calls draw eight draws.
    func testAlternatingKeysOnDisjointBoxesMakeTwoBatches() {
        var batcher = DrawBatcher()
        for k in 0..<4 {
            let x = Double(20 * k)
            batcher.add(a, box: box(x, x + 10))
            batcher.add(b, box: box(x, x + 10))
        }
        XCTAssertEqual(batches(&batcher), [[0, 2, 4, 6], [1, 3, 5, 7]])
        XCTAssertEqual(batcher.batchKeys, [a, b])
    }

    /// A draw never moves ahead of a draw with another key that it touches: A0 (0-10),
    /// B1 (5-15, touches A0), A2 (12-18, touches B1) keep their order in three calls.
    func testAnOverlappingDrawOfAnotherKeyKeepsTheOrder() {
        var batcher = DrawBatcher()
        batcher.add(a, box: box(0, 10))
        batcher.add(b, box: box(5, 15))
        batcher.add(a, box: box(12, 18))
        XCTAssertEqual(batches(&batcher), [[0], [1], [2]])
    }

    /// The same three draws with A2 at 20-30, clear of B1: A2 joins A0's call.
    func testADrawClearOfTheBatchesBetweenJoinsAnEarlierBatch() {
        var batcher = DrawBatcher()
        batcher.add(a, box: box(0, 10))
        batcher.add(b, box: box(5, 15))
        batcher.add(a, box: box(20, 30))
        XCTAssertEqual(batches(&batcher), [[0, 2], [1]])
    }

    /// Boxes that share only an edge count as touching (closed boxes): B1 at 10-20 after
    /// A0 at 0-10 blocks A2 at 20-30 (it shares B1's edge at 20).
    func testBoxesSharingAnEdgeTouch() {
        var batcher = DrawBatcher()
        batcher.add(a, box: box(0, 10))
        batcher.add(b, box: box(10, 20))
        batcher.add(a, box: box(20, 30))
        XCTAssertEqual(batches(&batcher), [[0], [1], [2]])
    }

    /// Draws with one key stay in one call even when they overlap (GL draws the instances
    /// of a call in order): three overlapping draws of A make one batch in their order.
    func testOverlappingDrawsWithTheSameKeyShareACallInOrder() {
        var batcher = DrawBatcher()
        batcher.add(a, box: box(0, 10))
        batcher.add(a, box: box(5, 15))
        batcher.add(a, box: box(0, 15))
        XCTAssertEqual(batches(&batcher), [[0, 1, 2]])
    }

    /// A batch blocks with the union of its draws' boxes: K0 (0-10), A1 (20-30), B2 (40-50),
    /// A3 (60-70) joins A1 past B2, so batch A now spans 20-70; K4 at 65-68 touches only A3,
    /// yet cannot pass batch A to join K0. With A1's box alone it would have joined.
    func testABatchBlocksWithEveryDrawItHolds() {
        var batcher = DrawBatcher()
        batcher.add(c, box: box(0, 10))
        batcher.add(a, box: box(20, 30))
        batcher.add(b, box: box(40, 50))
        batcher.add(a, box: box(60, 70))
        batcher.add(c, box: box(65, 68))
        XCTAssertEqual(batches(&batcher), [[0], [1, 3], [2], [4]])
    }

    /// Two rows of two quads (x 0-10 and 20-30; y 0-10 and 20-30), interior A then ring B
    /// each, with two boxes kept per batch. The third A (row 2, left) fills A's slots, so it
    /// is merged into the slot it grows least: A0's (by 200, not A2's by 800), and B5 into
    /// B1's; B then holds x 0-10 y 0-30 and x 20-30 y 0-10, which A6 (x 20-30, y 20-30) does
    /// not touch: two batches. With one box per batch B's union (x 0-30, y 0-30) blocks A6,
    /// and A6 blocks B7 (the same box).
    func testAGridOfQuadsStaysInTwoBatchesAcrossRows() {
        func run(_ boxesPerBatch: Int) -> [[Int]] {
            var batcher = DrawBatcher(boxesPerBatch: boxesPerBatch)
            for (x, y) in [(0.0, 0.0), (20, 0), (0, 20), (20, 20)] {
                batcher.add(a, box: box(x, x + 10, y0: y, y1: y + 10))
                batcher.add(b, box: box(x, x + 10, y0: y, y1: y + 10))
            }
            return batches(&batcher)
        }
        XCTAssertEqual(run(2), [[0, 2, 4, 6], [1, 3, 5, 7]])
        XCTAssertEqual(run(1), [[0, 2, 4], [1, 3, 5], [6], [7]])
    }

    /// A quad crossing the eye plane may touch any pixel: nothing moves past it.
    func testEverythingBoxBlocksAllReordering() {
        var batcher = DrawBatcher()
        batcher.add(a, box: box(0, 10))
        batcher.add(b, box: .everything)
        batcher.add(a, box: box(1000, 1010))
        XCTAssertEqual(batches(&batcher), [[0], [1], [2]])
    }

    /// The look-back is bounded: with `lookback` 2, the batches are A0, B1, C2 (all clear of
    /// each other); A3 looks at C2 and B1 only and opens a fourth batch; C4 finds C2 among
    /// the last two (A3, C2) and joins it.
    func testLookBackStopsAfterItsBatchCount() {
        var batcher = DrawBatcher(lookback: 2)
        batcher.add(a, box: box(0, 10))
        batcher.add(b, box: box(20, 30))
        batcher.add(c, box: box(40, 50))
        XCTAssertEqual(batcher.add(a, box: box(60, 70)), 3)
        XCTAssertEqual(batcher.add(c, box: box(80, 90)), 2)
        XCTAssertEqual(batches(&batcher), [[0], [1], [2, 4], [3]])
    }

    /// Keys differ in any field: the stencil test depth or the sampler splits a batch.
    func testKeysDifferingInStencilOrSamplerDoNotShareACall() {
        var batcher = DrawBatcher()
        let clipped = DrawKey(program: .quad, geometry: .rect, stencil: .test(depth: 1))
        let nearest = DrawKey(program: .quad, geometry: .rect, texture: TextureHandle(7), sampler: .nearest)
        batcher.add(a, box: box(0, 10))
        batcher.add(clipped, box: box(0, 10))
        batcher.add(c, box: box(20, 30))
        batcher.add(nearest, box: box(20, 30))
        XCTAssertEqual(batches(&batcher), [[0], [1], [2], [3]])
    }

    /// `reset` empties the batcher; it is reused frame after frame.
    func testResetStartsAnEmptyFrame() {
        var batcher = DrawBatcher()
        batcher.add(a, box: box(0, 10))
        batcher.add(b, box: box(0, 10))
        batcher.finish()
        batcher.reset()
        XCTAssertEqual(batcher.drawCount, 0)
        XCTAssertEqual(batcher.batchCount, 0)
        batcher.add(b, box: box(0, 10))
        XCTAssertEqual(batches(&batcher), [[0]])
        XCTAssertEqual(batcher.batchKeys, [b])
    }

    /// Pixel boxes: a 10x20 rectangle at (5, 5) of a layer translated by (100, 50), at 1.5
    /// pixels per point with the canvas offset by (3, 4): corners (105, 55) and (115, 75)
    /// in points, (160.5, 86.5) and (175.5, 116.5) in pixels, grown by one pixel.
    func testPixelBoxOfATranslatedRectangle() {
        let m = Transform3D.translation(100, 50, 0)
        let b = DrawBox.of(Rect(x: 5, y: 5, width: 10, height: 20), through: m, map: CanvasMapping(scale: 1.5, offsetX: 3, offsetY: 4))
        XCTAssertEqual(b, DrawBox(x0: 159.5, y0: 85.5, x1: 176.5, y1: 117.5))
    }

    /// A rectangle with a corner behind the eye (w <= 0) may touch any pixel.
    func testPixelBoxOfARectangleCrossingTheEyePlaneIsEverything() {
        // w = 1 - x/100 (m14 = -1/100): the corner at x = 200 has w = -1.
        var m = Transform3D.identity
        m.m14 = -0.01
        XCTAssertEqual(DrawBox.of(Rect(x: 0, y: 0, width: 200, height: 10), through: m, map: .identity), .everything)
        XCTAssertNotEqual(DrawBox.of(Rect(x: 0, y: 0, width: 50, height: 10), through: m, map: .identity), .everything)
    }
}
