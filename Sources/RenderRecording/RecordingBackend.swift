// The recording backend: each step of a frame's draw list and each upload and draw call of
// a flush, kept as a value, and the instance buffer as a backend would hold it (see Module.swift).
//
// Does NOT: check anything itself (the tests read `commands` and `record`).

import LayerMath
import Layers
import RenderPlan

/// A backend that records the calls it receives (see the file comment).
package final class RecordingBackend: RenderBackend {
    /// One call a flush made.
    package enum Command: Equatable {
        /// `count` records went into the instance buffer from index `first`.
        case upload(first: Int, count: Int)
        /// One draw call: `count` instances from instance `first`, with `key` bound.
        case draw(DrawKey, first: Int, count: Int)
        /// A step of a frame's draw list, as the backend received it.
        case step(DrawStep)
    }

    /// Every call so far, in order.
    package private(set) var commands: [Command] = []
    /// Every record uploaded, one after another (`InstanceRecord.floats` each): the
    /// instance buffer as a backend would hold it.
    package private(set) var buffer: [Float] = []

    /// The groups whose images the backend holds from an earlier frame: their passes are declined.
    package var keptImages: Set<Int> = []

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

    package func beginPass(_ target: DrawTarget, of list: RenderList) -> Bool {
        if case .group(let g, _, _) = target, keptImages.contains(g) { return false }
        commands.append(.step(.beginPass(target)))
        return true
    }

    package func clear(_ clear: ClearOperation) { commands.append(.step(.clear(clear))) }
    package func fillBackground(over rect: Rect) { commands.append(.step(.fillBackground(rect))) }
    package func drawRun(_ range: Range<Int>, of list: RenderList) { commands.append(.step(.run(range))) }
    package func composite(group: Int, of list: RenderList) { commands.append(.step(.composite(group: group))) }
    package func multiplyByMask(_ mask: Int, of list: RenderList) { commands.append(.step(.multiplyByMask(mask))) }
    package func keepImage(group: Int, of list: RenderList) { commands.append(.step(.keepImage(group: group))) }
    package func endPass(of list: RenderList) { commands.append(.step(.endPass)) }
}
