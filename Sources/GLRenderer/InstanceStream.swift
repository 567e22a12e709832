// The per-draw instance records of a frame, streamed to the GPU: written in submission
// order into CPU memory, uploaded in drawing order (batch by batch) into a buffer that the
// vertex shader reads as per-instance attributes (quad.vert, locations 1...15, divisor 1).
// A batch's first record is its base instance (glDrawArraysInstancedBaseInstance, GL 4.2 or
// ARB_base_instance; without it the attributes are pointed at the batch's first record).
//
// The buffer is orphaned (re-specified with no data) before the first upload of each frame
// and whenever the frame's uploads reach its end, and each upload of a frame goes after the
// previous one: the driver never waits for a draw still reading the data it replaces.
//
// Does NOT: decide batches (DrawBatcher), bind programs or draw (GLRenderer+Batches). Its
// memory grows (doubling) when a frame needs more and is kept: a steady-state frame
// allocates nothing here.

import CGL
import RenderPlan

/// Instance records (see the file comment).
final class InstanceStream {
    /// Floats and bytes in one record (`InstanceRecord`, the one statement of its layout).
    static let floatsPerRecord = InstanceRecord.floats
    static let bytesPerRecord = InstanceRecord.bytes
    /// The attribute locations of a record's vec4.
    static let attributes = GLuint(InstanceRecord.firstAttribute)...GLuint(InstanceRecord.firstAttribute + InstanceRecord.vec4Count - 1)

    /// The buffer object.
    private(set) var buffer: GLuint = 0
    /// The most records one upload may hold (a bound on the memory of one window of draws).
    let maxRecords = 1 << 20
    /// Draws take a base instance (else the attributes are re-pointed per batch). Settable
    /// so that tests run the fallback on any context.
    var hasBaseInstance: Bool
    /// The record the attributes point at (without base instances).
    private var pointedBase = 0
    /// Records written since the last upload (submission order), and the CPU memory.
    private(set) var count = 0
    private var capacity = 0
    private var records: UnsafeMutablePointer<Float>
    /// The same records reordered for the upload.
    private var reordered: UnsafeMutablePointer<Float>
    /// Records the buffer's storage holds, and how many this frame's uploads have used.
    private var gpuCapacity = 0
    private var gpuUsed = 0
    private var orphanNext = true

    /// Creates the buffer and points the attributes of the bound vertex array at it
    /// (requires a current context and the renderer's VAO bound). Leaves GL_ARRAY_BUFFER unbound.
    init(hasBaseInstance: Bool, initialRecords: Int = 256) {
        self.hasBaseInstance = hasBaseInstance
        capacity = max(1, min(initialRecords, maxRecords))
        records = .allocate(capacity: capacity * InstanceStream.floatsPerRecord)
        reordered = .allocate(capacity: capacity * InstanceStream.floatsPerRecord)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLConstant.arrayBuffer, buffer)
        gpuCapacity = capacity
        glBufferData(GLConstant.arrayBuffer, GLsizeiptr(gpuCapacity * InstanceStream.bytesPerRecord), nil, GLenum(GL_STREAM_DRAW))
        for location in InstanceStream.attributes {
            glEnableVertexAttribArray(location)
            glVertexAttribDivisor(location, 1)
        }
        pointAttributes(at: 0)
        glBindBuffer(GLConstant.arrayBuffer, 0)
    }

    /// Points the record attributes at record `base` (GL_ARRAY_BUFFER must be `buffer`).
    private func pointAttributes(at base: Int) {
        for location in InstanceStream.attributes {
            let offset = base * InstanceStream.bytesPerRecord + Int(location - InstanceStream.attributes.lowerBound) * 16
            glVertexAttribPointer(location, 4, GLConstant.float, GLConstant.false, GLsizei(InstanceStream.bytesPerRecord),
                                  UnsafeRawPointer(bitPattern: offset))
        }
        pointedBase = base
    }

    /// Draws `instances` records from record `base` with the unit buffer's vertices
    /// `first..<first + count` as a triangle strip (the renderer's VAO bound).
    func draw(first: GLint, count: GLsizei, instances: Int, base: Int) {
        if hasBaseInstance {
            // The base instance counts from where the attributes point.
            if pointedBase != 0 {
                glBindBuffer(GLConstant.arrayBuffer, buffer)
                pointAttributes(at: 0)
                glBindBuffer(GLConstant.arrayBuffer, 0)
            }
            glDrawArraysInstancedBaseInstance(GLConstant.triangleStrip, first, count, GLsizei(instances), GLuint(base))
        } else {
            if base != pointedBase {
                glBindBuffer(GLConstant.arrayBuffer, buffer)
                pointAttributes(at: base)
                glBindBuffer(GLConstant.arrayBuffer, 0)
            }
            glDrawArraysInstanced(GLConstant.triangleStrip, first, count, GLsizei(instances))
        }
    }

    deinit {
        records.deallocate()
        reordered.deallocate()
        glDeleteBuffers(1, &buffer)
    }

    /// A new frame: the next upload orphans the buffer (the last frame's draws may still read it).
    func beginFrame() {
        orphanNext = true
        count = 0
    }

    /// Whether another record fits in one upload.
    var isFull: Bool { count >= maxRecords }

    /// Memory for the next record (`floatsPerRecord` floats, to be filled by the caller); grows the CPU
    /// memory when needed. The caller uploads before `isFull`.
    func nextRecord() -> UnsafeMutablePointer<Float> {
        if count == capacity { grow(to: min(maxRecords, capacity * 2)) }
        let r = records + count * InstanceStream.floatsPerRecord
        count += 1
        return r
    }

    /// Uploads the records written since the last upload in the order `order` (record
    /// indices; every record once) and returns the index, in the buffer, of the first one.
    /// Forgets them.
    func upload(order: [Int]) -> Int {
        let n = count
        count = 0
        guard n > 0 else { return 0 }
        let f = InstanceStream.floatsPerRecord
        for (k, record) in order.enumerated() {
            (reordered + k * f).update(from: records + record * f, count: f)
        }
        glBindBuffer(GLConstant.arrayBuffer, buffer)
        if orphanNext || gpuUsed + n > gpuCapacity {
            if n > gpuCapacity { gpuCapacity = min(maxRecords, max(gpuCapacity * 2, n)) }
            glBufferData(GLConstant.arrayBuffer, GLsizeiptr(gpuCapacity * InstanceStream.bytesPerRecord), nil, GLenum(GL_STREAM_DRAW))
            gpuUsed = 0
            orphanNext = false
        }
        glBufferSubData(GLConstant.arrayBuffer, GLintptr(gpuUsed * InstanceStream.bytesPerRecord),
                        GLsizeiptr(n * InstanceStream.bytesPerRecord), reordered)
        glBindBuffer(GLConstant.arrayBuffer, 0)
        let base = gpuUsed
        gpuUsed += n
        return base
    }

    private func grow(to newCapacity: Int) {
        let f = InstanceStream.floatsPerRecord
        let bigger = UnsafeMutablePointer<Float>.allocate(capacity: newCapacity * f)
        bigger.update(from: records, count: count * f)
        records.deallocate()
        records = bigger
        reordered.deallocate()
        reordered = .allocate(capacity: newCapacity * f)
        capacity = newCapacity
    }
}
