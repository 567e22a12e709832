// The per-draw instance records of a frame, streamed to the GPU: each flush's records
// (RenderPlan's BatchQueue writes them, in drawing order) go into a buffer that the
// vertex shader reads as per-instance attributes (quad.vert, locations 1...15, divisor 1).
// A batch's first record is its base instance (glDrawArraysInstancedBaseInstance, GL 4.2 or
// ARB_base_instance; without it the attributes are pointed at the batch's first record).
//
// The buffer is orphaned (re-specified with no data) before the first upload of each frame
// and whenever the frame's uploads reach its end, and each upload of a frame goes after the
// previous one: the driver never waits for a draw still reading the data it replaces.
//
// Does NOT: decide batches (DrawBatcher), write records (InstanceRecord), or bind programs
// (Backend/GLRenderer+Backend.swift). Its buffer grows (doubling) when a frame needs more
// and is kept.

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
    /// The most records one upload may hold (`BatchQueue.maxRecords`).
    let maxRecords = BatchQueue.maxRecords
    /// Draws take a base instance (else the attributes are re-pointed per batch). Settable
    /// so that tests run the fallback on any context.
    var hasBaseInstance: Bool
    /// The record the attributes point at (without base instances).
    private var pointedBase = 0
    /// Records the buffer's storage holds, and how many this frame's uploads have used.
    private var gpuCapacity = 0
    private var gpuUsed = 0
    private var orphanNext = true

    /// Creates the buffer and points the attributes of the bound vertex array at it
    /// (requires a current context and the renderer's VAO bound). Leaves GL_ARRAY_BUFFER unbound.
    init(hasBaseInstance: Bool, initialRecords: Int = 256) {
        self.hasBaseInstance = hasBaseInstance
        glGenBuffers(1, &buffer)
        glBindBuffer(GLConstant.arrayBuffer, buffer)
        gpuCapacity = max(1, min(initialRecords, maxRecords))
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
        glDeleteBuffers(1, &buffer)
    }

    /// A new frame: the next upload orphans the buffer (the last frame's draws may still read it).
    func beginFrame() {
        orphanNext = true
    }

    /// Uploads `n` records (`floatsPerRecord` floats each) from `records` after this frame's
    /// earlier uploads and returns the index, in the buffer, of the first one.
    func upload(_ records: UnsafePointer<Float>, count n: Int) -> Int {
        guard n > 0 else { return 0 }
        glBindBuffer(GLConstant.arrayBuffer, buffer)
        if orphanNext || gpuUsed + n > gpuCapacity {
            if n > gpuCapacity { gpuCapacity = min(maxRecords, max(gpuCapacity * 2, n)) }
            glBufferData(GLConstant.arrayBuffer, GLsizeiptr(gpuCapacity * InstanceStream.bytesPerRecord), nil, GLenum(GL_STREAM_DRAW))
            gpuUsed = 0
            orphanNext = false
        }
        glBufferSubData(GLConstant.arrayBuffer, GLintptr(gpuUsed * InstanceStream.bytesPerRecord),
                        GLsizeiptr(n * InstanceStream.bytesPerRecord), records)
        glBindBuffer(GLConstant.arrayBuffer, 0)
        let base = gpuUsed
        gpuUsed += n
        return base
    }
}
