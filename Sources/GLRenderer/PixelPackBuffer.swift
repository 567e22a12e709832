import CGL

/// A pixel-pack buffer object reused for readbacks: glReadPixels writes into it (the
/// driver's copy path, no client-memory conversion), then the mapped rows are copied
/// once, flipped top-down, into the image. Grows to the largest frame read.
///
/// Does NOT: read asynchronously across frames (a readback waits for the frame, as the
/// PNG written right after needs it), or free itself (`GLRenderer.deinit` does).
final class PixelPackBuffer {
    private(set) var name: GLuint = 0
    private var capacity = 0

    /// Binds the buffer to GL_PIXEL_PACK_BUFFER with room for `bytes`.
    func bind(bytes: Int) {
        if name == 0 { glGenBuffers(1, &name) }
        glBindBuffer(GLenum(GL_PIXEL_PACK_BUFFER), name)
        if capacity < bytes {
            glBufferData(GLenum(GL_PIXEL_PACK_BUFFER), GLsizeiptr(bytes), nil, GLenum(GL_STREAM_READ))
            capacity = bytes
        }
    }

    /// Deletes the buffer object (requires the context).
    func delete() {
        if name != 0 { glDeleteBuffers(1, &name) }
        name = 0
        capacity = 0
    }
}
