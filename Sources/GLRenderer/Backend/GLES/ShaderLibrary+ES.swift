// One shader source for both APIs: the files in Shaders/ are written in GLSL 3.30 core,
// which GLSL ES 3.00 reads the same once its header says so and gives default precisions
// (highp everywhere, as desktop GLSL has it: ES 3.0 requires highp in fragment shaders).

extension ShaderLibrary {
    /// The ES header that replaces a `#version 330 core` line. `#line 2` keeps the compiler's
    /// line numbers those of the file.
    static let esHeader = """
        #version 300 es
        precision highp float;
        precision highp int;
        precision highp sampler2D;
        #line 2

        """

    /// `text` with its `#version` line replaced by `esHeader` (or the header put first when
    /// the file has none).
    static func esSource(_ text: String) -> String {
        guard text.hasPrefix("#version") else { return esHeader + text }
        guard let newline = text.firstIndex(of: "\n") else { return esHeader }
        return esHeader + text[text.index(after: newline)...]
    }
}
