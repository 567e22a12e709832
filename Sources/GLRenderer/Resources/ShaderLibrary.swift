import CGL
import Foundation
import Images

/// Finds shader sources and compiles them into programs.
///
/// Every file is looked up in the explicit override directory, then `$PARALLAX_SHADERS`
/// (the first directory holding it wins), then in the copies of the top-level `Shaders/`
/// compiled into the binary (`EmbeddedShaders`: SwiftPM resources embedded in code). The
/// binary needs no resource bundle and holds no path of the machine that built it.
package struct ShaderLibrary {
    /// The directories searched, in order (duplicates removed), before the built-in copies.
    package let searchPaths: [String]
    /// Whether files missing from `searchPaths` come from the shaders built into the binary.
    package let usesBuiltIn: Bool
    /// Compile for OpenGL ES: each file's `#version` line becomes GLSL ES 3.00's header
    /// (`ShaderLibrary.esSource`).
    package var glslES = false

    /// - Parameter overrideDirectory: searched first when given.
    /// - Parameter environment: the process environment (`PARALLAX_SHADERS` is read from it).
    package init(overrideDirectory: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        var paths: [String] = []
        if let overrideDirectory { paths.append(overrideDirectory) }
        if let env = environment["PARALLAX_SHADERS"], !env.isEmpty { paths.append(env) }
        var seen = Set<String>()
        searchPaths = paths.filter { seen.insert($0).inserted }
        usesBuiltIn = true
    }

    /// Creates a library that searches exactly `paths`, without the built-in copies (tests, tools).
    package init(searchPaths paths: [String]) {
        searchPaths = paths
        usesBuiltIn = false
    }

    /// The built-in copy of `file` (a file name in `Shaders/`), nil when there is none.
    package static func builtInSource(_ file: String) -> String? {
        EmbeddedShaders.files.first { $0.name == file }?.text
    }

    /// The names of the built-in shader files.
    package static var builtInFiles: [String] { EmbeddedShaders.files.map(\.name) }

    /// The full path of `file`, or `RendererError.shaderNotFound` listing every searched directory.
    package func locate(_ file: String) throws -> String {
        for dir in searchPaths {
            let path = (dir as NSString).appendingPathComponent(file)
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        throw RendererError.shaderNotFound(file: file, searched: searchPaths)
    }

    /// The text of `file`: from the first search directory holding it, else the built-in copy.
    package func source(_ file: String) throws -> String {
        let path: String
        do {
            path = try locate(file)
        } catch {
            if usesBuiltIn, let text = ShaderLibrary.builtInSource(file) { return text }
            throw error
        }
        // A regular file of at most 1 MiB (a FIFO or device named like a shader would block).
        let bytes = try InputFile.read(path, maxBytes: 1 << 20)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RendererError.shaderUnreadable(path: path)
        }
        return text
    }

    /// Compiles and links `vertex` + `fragment` into a program (requires a current context).
    /// `defines` (e.g. `["PLAIN"]`, or `["LAYERS 4"]` for a value) are inserted as `#define NAME 1`
    /// (`#define NAME VALUE`) lines after the
    /// fragment shader's `#version` line, to build specialised variants of one file.
    package func program(vertex: String, fragment: String, defines: [String] = []) throws -> GLuint {
        let vs = try compile(vertex, kind: GLConstant.vertexShader)
        defer { glDeleteShader(vs) }
        let fs = try compile(fragment, kind: GLConstant.fragmentShader, defines: defines)
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glBindAttribLocation(program, 0, "a_unit")
        glLinkProgram(program)
        var ok: GLint = 0
        glGetProgramiv(program, GLConstant.linkStatus, &ok)
        if ok == 0 {
            var length: GLint = 0
            glGetProgramiv(program, GLConstant.infoLogLength, &length)
            var log = [GLchar](repeating: 0, count: Int(max(length, 1)) + 1)
            glGetProgramInfoLog(program, GLsizei(log.count), nil, &log)
            glDeleteProgram(program)
            throw RendererError.programLink(files: "\(vertex) + \(fragment)", log: String(cString: log))
        }
        glDetachShader(program, vs)
        glDetachShader(program, fs)
        return program
    }

    private func compile(_ file: String, kind: GLenum, defines: [String] = []) throws -> GLuint {
        var text = try source(file)
        if glslES { text = ShaderLibrary.esSource(text) }
        if !defines.isEmpty {
            // Keep `#version` first: insert the defines after its line.
            // "NAME" defines NAME as 1; "NAME VALUE" (with a space) defines NAME as VALUE.
            let lines = defines.map { $0.contains(" ") ? "#define \($0)\n" : "#define \($0) 1\n" }.joined()
            if text.hasPrefix("#version"), let newline = text.firstIndex(of: "\n") {
                text.insert(contentsOf: lines, at: text.index(after: newline))
            } else {
                text = lines + text
            }
        }
        let shader = glCreateShader(kind)
        text.withCString { ptr in
            var p: UnsafePointer<GLchar>? = ptr
            glShaderSource(shader, 1, &p, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLConstant.compileStatus, &ok)
        if ok == 0 {
            var length: GLint = 0
            glGetShaderiv(shader, GLConstant.infoLogLength, &length)
            var log = [GLchar](repeating: 0, count: Int(max(length, 1)) + 1)
            glGetShaderInfoLog(shader, GLsizei(log.count), nil, &log)
            glDeleteShader(shader)
            // Name the file by the path it was read from, so a broken override is found at once.
            throw RendererError.shaderCompile(file: (try? locate(file)) ?? "\(file) (built in)", log: String(cString: log))
        }
        return shader
    }
}
