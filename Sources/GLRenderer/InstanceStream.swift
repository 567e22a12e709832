// The per-draw instance records of a frame, streamed to the GPU: written in submission
// order into CPU memory, uploaded in drawing order (batch by batch) into a buffer that the
// vertex shader reads as a buffer texture (quad.vert: `u_instances`, record
// `u_base + gl_InstanceID`).
//
// The buffer is orphaned (re-specified with no data) before the first upload of each frame
// and whenever the frame's uploads reach its end, and each upload of a frame goes after the
// previous one: the driver never waits for a draw still reading the data it replaces.
//
// Does NOT: decide batches (DrawBatcher), bind programs or draw (GLRenderer+Batches). Its
// memory grows (doubling) when a frame needs more and is kept: a steady-state frame
// allocates nothing here.

import CGL

/// Instance records (see the file comment).
final class InstanceStream {
    /// Floats in one record: 10 vec4 (quad.vert lists them).
    static let floatsPerRecord = 40
    static let bytesPerRecord = floatsPerRecord * MemoryLayout<Float>.stride
    /// The texture unit of the buffer texture (units 0...7 hold layer textures: fusion).
    static let unit: GLint = 8

    /// The buffer object and the buffer texture over it (GL_RGBA32F: one texel per vec4).
    private(set) var buffer: GLuint = 0
    private(set) var texture: GLuint = 0
    /// The most records one upload may hold: GL_MAX_TEXTURE_BUFFER_SIZE texels.
    let maxRecords: Int
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

    /// Creates the buffer and its texture (requires a current context). Leaves
    /// GL_ARRAY_BUFFER unbound and the buffer texture bound on `unit` (unit 0 active).
    init(initialRecords: Int = 256) {
        var maxTexels: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_BUFFER_SIZE), &maxTexels)
        // GL 3.3 guarantees 65536 texels.
        maxRecords = max(1, Int(max(maxTexels, 65536)) / (InstanceStream.floatsPerRecord / 4))
        capacity = max(1, min(initialRecords, maxRecords))
        records = .allocate(capacity: capacity * InstanceStream.floatsPerRecord)
        reordered = .allocate(capacity: capacity * InstanceStream.floatsPerRecord)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLConstant.arrayBuffer, buffer)
        gpuCapacity = capacity
        glBufferData(GLConstant.arrayBuffer, GLsizeiptr(gpuCapacity * InstanceStream.bytesPerRecord), nil, GLenum(GL_STREAM_DRAW))
        glBindBuffer(GLConstant.arrayBuffer, 0)
        glGenTextures(1, &texture)
        glActiveTexture(GLConstant.texture0 + GLenum(InstanceStream.unit))
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture)
        glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32F), buffer)
        glActiveTexture(GLConstant.texture0)
    }

    deinit {
        records.deallocate()
        reordered.deallocate()
        glDeleteTextures(1, &texture)
        glDeleteBuffers(1, &buffer)
    }

    /// Binds the buffer texture on `unit` (leaves unit 0 active).
    func bind() {
        glActiveTexture(GLConstant.texture0 + GLenum(InstanceStream.unit))
        glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture)
        glActiveTexture(GLConstant.texture0)
    }

    /// A new frame: the next upload orphans the buffer (the last frame's draws may still read it).
    func beginFrame() {
        orphanNext = true
        count = 0
    }

    /// Whether another record fits in one upload.
    var isFull: Bool { count >= maxRecords }

    /// Memory for the next record (40 floats, to be filled by the caller); grows the CPU
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
