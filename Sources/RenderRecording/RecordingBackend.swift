// The recording backend: each upload and draw call of a flush, kept as a value, and the
// instance buffer as a backend would hold it (see Module.swift).
//
// Does NOT: check anything itself (the tests read `commands` and `record`).

import RenderPlan

/// A backend that records the calls it receives (see the file comment).
package final class RecordingBackend: RenderBackend {
    /// One call a flush made.
    package enum Command: Equatable {
        /// `count` records went into the instance buffer from index `first`.
        case upload(first: Int, count: Int)
        /// One draw call: `count` instances from instance `first`, with `key` bound.
        case draw(DrawKey, first: Int, count: Int)
    }

    /// Every call so far, in order.
    package private(set) var commands: [Command] = []
    /// Every record uploaded, one after another (`InstanceRecord.floats` each): the
    /// instance buffer as a backend would hold it.
    package private(set) var buffer: [Float] = []

    package init() {}

    /// The floats of instance `index` of the buffer.
    package func record(_ index: Int) -> [Float] {
        Array(buffer[index * InstanceRecord.floats ..< (index + 1) * InstanceRecord.floats])
    }

    package func uploadInstances(_ records: UnsafePointer<Float>, count: Int) -> Int {
        let first = buffer.count / InstanceRecord.floats
        buffer.append(contentsOf: UnsafeBufferPointer(start: records, count: count * InstanceRecord.floats))
        commands.append(.upload(first: first, count: count))
        return first
    }

    package func drawBatch(_ key: DrawKey, first: Int, count: Int) {
        commands.append(.draw(key, first: first, count: count))
    }
}
