import LayerMath
import Layers
@testable import RenderPlan
import RenderRecording
import XCTest

/// The draw list a flush hands a backend, recorded without a GPU: one upload of the
/// records in drawing order, then one draw call per batch (DrawBatcher's rule: a draw
/// joins the latest batch of its key unless a batch opened after it touches its box).
/// Expected calls and record floats worked out by hand from that rule and quad.vert's layout.
final class BatchQueueTests: XCTestCase {
    let colorRect = DrawKey(program: .plainColor, geometry: .rect)
    let coverageRing = DrawKey(program: .quad, geometry: .ring)

    func box(_ x0: Double, _ x1: Double) -> DrawBox { DrawBox(x0: x0, y0: 0, x1: x1, y1: 10) }

    /// A unit draw whose red channel tells the draws apart in the buffer.
    func values(red: Float) -> InstanceValues {
        let r = Rect(x: 0, y: 0, width: 1, height: 1)
        return InstanceValues(model: .identity, outer: r, fill: r, content: r, texRect: r, r: red, g: 0, b: 0, a: 1,
                              size: Size(1, 1), radius: 0, depth: 0)
    }

    /// A (key 1, x 0...10), B (key 2, x 100...110), C (key 1, x 50...60): B touches
    /// neither, so C joins A's batch: draw calls [A, C] then [B], records uploaded A, C, B.
    func testDisjointDrawsOfOneKeyShareOneCall() {
        let queue = BatchQueue(), backend = RecordingBackend()
        queue.queue(colorRect, box: box(0, 10), values(red: 0.25), projection: .identity)
        queue.queue(coverageRing, box: box(100, 110), values(red: 0.5), projection: .identity)
        queue.queue(colorRect, box: box(50, 60), values(red: 0.75), projection: .identity)
        XCTAssertEqual(queue.flush(into: backend), 2)
        XCTAssertEqual(backend.commands, [.upload(first: 0, count: 3),
                                          .draw(colorRect, first: 0, count: 2),
                                          .draw(coverageRing, first: 2, count: 1)])
        XCTAssertEqual([0, 1, 2].map { backend.record($0)[32] }, [0.25, 0.75, 0.5])
        XCTAssertEqual(queue.drawCount, 0)
    }

    /// C (key 1, x 8...12) overlaps B (key 2, x 5...15), drawn after A: C may not move
    /// before B, so it opens a third call; the painter's order is kept.
    func testDrawOverlappingALaterBatchOfAnotherKeyKeepsItsOrder() {
        let queue = BatchQueue(), backend = RecordingBackend()
        queue.queue(colorRect, box: box(0, 10), values(red: 0.25), projection: .identity)
        queue.queue(coverageRing, box: box(5, 15), values(red: 0.5), projection: .identity)
        queue.queue(colorRect, box: box(8, 12), values(red: 0.75), projection: .identity)
        queue.flush(into: backend)
        XCTAssertEqual(backend.commands, [.upload(first: 0, count: 3),
                                          .draw(colorRect, first: 0, count: 1),
                                          .draw(coverageRing, first: 1, count: 1),
                                          .draw(colorRect, first: 2, count: 1)])
    }

    /// A second flush in the same frame uploads after the first: its draw starts at
    /// instance 1, where the backend put its record.
    func testSecondFlushDrawsFromWhereItsRecordsWent() {
        let queue = BatchQueue(), backend = RecordingBackend()
        queue.queue(colorRect, box: box(0, 10), values(red: 0.25), projection: .identity)
        queue.flush(into: backend)
        queue.queue(colorRect, box: box(0, 10), values(red: 0.5), projection: .identity)
        queue.flush(into: backend)
        XCTAssertEqual(backend.commands, [.upload(first: 0, count: 1), .draw(colorRect, first: 0, count: 1),
                                          .upload(first: 1, count: 1), .draw(colorRect, first: 1, count: 1)])
        XCTAssertEqual(backend.record(1)[32], 0.5)
    }

    /// Nothing queued: no upload, no draw call.
    func testEmptyQueueFlushesNothing() {
        let backend = RecordingBackend()
        XCTAssertEqual(BatchQueue().flush(into: backend), 0)
        XCTAssertEqual(backend.commands, [])
    }

    /// More draws than the queue's first memory (2 records) are all kept, in order.
    func testQueueGrowsPastItsFirstCapacity() {
        let queue = BatchQueue(initialRecords: 2), backend = RecordingBackend()
        for k in 0..<5 { queue.queue(colorRect, box: box(Double(20 * k), Double(20 * k + 10)), values(red: Float(k)), projection: .identity) }
        queue.flush(into: backend)
        XCTAssertEqual(backend.commands, [.upload(first: 0, count: 5), .draw(colorRect, first: 0, count: 5)])
        XCTAssertEqual((0..<5).map { backend.record($0)[32] }, [0, 1, 2, 3, 4])
    }

    /// A quad part's record takes the quad's shape (a 40 x 30 layer with corner radius 5)
    /// and the plan's premultiplied colour ((1, 0.5, 0) at alpha 0.5: 0.5, 0.25, 0, 0.5)
    /// scaled by the folded tint's 1 - alpha (0.5): 0.25, 0.125, 0, 0.25.
    func testQuadPartRecordTakesTheQuadsShapeAndThePlansColour() throws {
        let layer = Layer(name: "card", bounds: Size(40, 30), position: Point(50, 50))
        layer.contents = .color(Color(1, 0.5, 0, 0.5))
        layer.cornerRadius = 5
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten([layer], canvas: Size(100, 100), into: &list)
        let q = list.quads[0]
        let planner = QuadPlanner(map: .identity, antialias: true, multisampled: false, visible: nil)
        let p = try XCTUnwrap(planner.plan(q, fill: .color(Color(1, 0.5, 0, 0.5))))
        let v = InstanceValues(quad: q, plan: p, model: q.matrix, outer: p.outer, fill: p.outer, content: p.content,
                               texRect: p.texRect, colorScale: 0.5, depth: 0, tint: .none)
        let queue = BatchQueue(), backend = RecordingBackend()
        queue.queue(colorRect, box: box(0, 10), v, projection: .identity)
        queue.flush(into: backend)
        XCTAssertEqual(Array(backend.record(0)[32...38]), [0.25, 0.125, 0, 0.25, 40, 30, 5])
    }

    /// One record, float by float (quad.vert's 15 vec4): the matrix model x projection row
    /// by row (translation (10, 20) then scale (2, 3): rows (2 0 0 0) (0 3 0 0) (0 0 1 0)
    /// (20 60 0 1)), four rectangles as x, y, width, height, the colour, size and radius,
    /// depth, no clip (zeros), flags 1 (soft clip) + 2 x 2 (open max x) + 64 x 3 (two square
    /// corners) = 197, no tint, an empty clip cover (1, 1, -1, -1), a border's width.
    func testRecordLayoutFloatByFloat() {
        let v = InstanceValues(model: .translation(10, 20), outer: Rect(x: 1, y: 2, width: 3, height: 4),
                               fill: Rect(x: 5, y: 6, width: 7, height: 8), content: Rect(x: 9, y: 10, width: 11, height: 12),
                               texRect: Rect(x: 0, y: 0.5, width: 1, height: -0.5), r: 0.1, g: 0.2, b: 0.3, a: 0.4,
                               size: Size(30, 40), radius: 5, depth: 0.25, softClip: true, openSides: .maxX,
                               part: .border(width: 2), squareCorners: 3)
        let queue = BatchQueue(), backend = RecordingBackend()
        queue.queue(colorRect, box: box(0, 10), v, projection: .scale(2, 3))
        queue.flush(into: backend)
        let expected: [Float] = [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 20, 60, 0, 1,
                                 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0.5, 1, -0.5,
                                 0.1, 0.2, 0.3, 0.4, 30, 40, 5, 0.25,
                                 0, 0, 0, 0, 0, 0, 0, 197,
                                 0, 0, 0, 0, 1, 1, -1, -1,
                                 2, 0, 0, 0]
        XCTAssertEqual(InstanceRecord.floats, 60)
        XCTAssertEqual(InstanceRecord.bytes, 240)
        XCTAssertEqual(backend.record(0), expected)
    }
}
