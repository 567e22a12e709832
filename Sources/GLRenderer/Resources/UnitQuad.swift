import CGL

/// The unit square (two triangles, x and y in 0...1) in a vertex array, attribute 0, as
/// `fill.vert` reads it: the one piece of geometry of the whole-target passes (scaled
/// copy, texture blur, fill-rate probe).
final class UnitQuad {
    private var vao: GLuint = 0, vbo: GLuint = 0

    /// Uploads the square (requires a current context).
    init() {
        let unit: [Float] = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &vbo)
        glBindBuffer(GLConstant.arrayBuffer, vbo)
        unit.withUnsafeBytes { glBufferData(GLConstant.arrayBuffer, GLsizeiptr($0.count), $0.baseAddress, GLConstant.staticDraw) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 3, GLConstant.float, GLConstant.false, 12, nil)
        glBindVertexArray(0)
        glBindBuffer(GLConstant.arrayBuffer, 0)
    }

    deinit {
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
    }

    /// Binds the square's vertex array.
    func bind() { glBindVertexArray(vao) }
}
