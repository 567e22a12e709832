import CGL

/// A linked quad or clip program (quad.vert with quad.frag or clip.frag) and the uniform
/// locations the renderer sets (-1 when a shader does not use one). Per-quad values are not
/// uniforms: they come from the instance records (`InstanceStream`).
struct ShaderProgram {
    let program: GLuint
    let textured: GLint, antialias: GLint, texture: GLint

    init(library: ShaderLibrary, vertex: String, fragment: String, defines: [String] = []) throws {
        let p = try library.program(vertex: vertex, fragment: fragment, defines: defines)
        program = p
        func loc(_ name: String) -> GLint { glGetUniformLocation(p, name) }
        textured = loc("u_textured"); antialias = loc("u_antialias"); texture = loc("u_texture")
    }

    /// Points the program's layer texture at unit 0. Leaves the program bound.
    func bindSamplerUnits() {
        glUseProgram(program)
        glUniform1i(texture, 0)
    }
}
