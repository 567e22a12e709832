import CGL

/// A linked program and the uniform locations the renderer sets (-1 when a shader does not use one).
struct ShaderProgram {
    let program: GLuint
    let proj: GLint, model: GLint, rect: GLint
    let size: GLint, radius: GLint, content: GLint, texRect: GLint
    let color: GLint, textured: GLint, antialias: GLint, texture: GLint, inner: GLint, depth: GLint
    let clipMap: GLint, clipShape: GLint

    init(library: ShaderLibrary, vertex: String, fragment: String, defines: [String] = []) throws {
        let p = try library.program(vertex: vertex, fragment: fragment, defines: defines)
        program = p
        func loc(_ name: String) -> GLint { glGetUniformLocation(p, name) }
        proj = loc("u_proj"); model = loc("u_model"); rect = loc("u_rect")
        size = loc("u_size"); radius = loc("u_radius"); content = loc("u_content"); texRect = loc("u_texRect")
        color = loc("u_color"); textured = loc("u_textured"); antialias = loc("u_antialias"); texture = loc("u_texture")
        inner = loc("u_inner"); depth = loc("u_depth")
        clipMap = loc("u_clipMap"); clipShape = loc("u_clipShape")
    }
}
