// The draws queued since the last flush, as a draw list: each draw's key and pixel box
// (`DrawBatcher` groups them into batches) and its instance record, written in submission
// order into CPU memory. `flush` reorders the records batch by batch and hands the
// batches to a `RenderBackend`: one upload, then one draw call per batch.
//
// Does NOT: decide what a quad draws (QuadPlanner), or touch a GPU (the backend does). Its
// memory grows (doubling) when a frame needs more and is kept: a steady-state frame
// allocates nothing here.

import LayerMath

/// Queued draws and their instance records (see the file comment).
package final class BatchQueue {
    /// The most records one flush may hold (a bound on the memory of one window of draws).
    package static let maxRecords = 1 << 20
    /// Which draws share a call.
    package private(set) var batcher = DrawBatcher()
    /// Records written since the last flush (submission order), and the CPU memory.
    package private(set) var count = 0
    private var capacity: Int
    private var records: UnsafeMutablePointer<Float>
    /// The same records in drawing order, for the upload.
    private var reordered: UnsafeMutablePointer<Float>

    package init(initialRecords: Int = 256) {
        capacity = max(1, min(initialRecords, BatchQueue.maxRecords))
        records = .allocate(capacity: capacity * InstanceRecord.floats)
        reordered = .allocate(capacity: capacity * InstanceRecord.floats)
    }

    deinit {
        records.deallocate()
        reordered.deallocate()
    }

    /// Whether another record fits before a flush.
    @inlinable package var isFull: Bool { count >= BatchQueue.maxRecords }
    /// Draws queued since the last flush.
    @inlinable package var drawCount: Int { batcher.drawCount }

    /// Queues one draw: its key and pixel box join a batch, its record is written with
    /// `projection` (canvas points to clip space) multiplied into its matrix. Flush first
    /// when `isFull`.
    package func queue(_ key: DrawKey, box: DrawBox, _ v: InstanceValues, projection: Transform3D) {
        if count == capacity { grow(to: min(BatchQueue.maxRecords, capacity * 2)) }
        batcher.add(key, box: box)
        InstanceRecord.write(v, projection: projection, to: records + count * InstanceRecord.floats)
        count += 1
    }

    /// Hands every queued draw to `backend` (one upload, then the batches in order), empties
    /// the queue, and returns how many draw calls it made.
    @discardableResult
    package func flush(into backend: some RenderBackend) -> Int {
        let n = count
        guard n > 0 else { return 0 }
        batcher.finish()
        let f = InstanceRecord.floats
        for (k, record) in batcher.order.enumerated() {
            (reordered + k * f).update(from: records + record * f, count: f)
        }
        let base = backend.uploadInstances(reordered, count: n)
        let starts = batcher.batchStarts
        let batches = batcher.batchCount
        for b in 0..<batches {
            backend.drawBatch(batcher.batchKeys[b], first: base + starts[b], count: starts[b + 1] - starts[b])
        }
        batcher.reset()
        count = 0
        return batches
    }

    private func grow(to newCapacity: Int) {
        let f = InstanceRecord.floats
        let bigger = UnsafeMutablePointer<Float>.allocate(capacity: newCapacity * f)
        bigger.update(from: records, count: count * f)
        records.deallocate()
        records = bigger
        reordered.deallocate()
        reordered = .allocate(capacity: newCapacity * f)
        capacity = newCapacity
    }
}
