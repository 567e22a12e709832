import CGL
import Foundation
import Images

/// Finds shader files and compiles them into programs.
///
/// Search order for every file: the explicit override directory, `$PARALLAX_SHADERS`,
/// the bundled resource (`Bundle.module`, folder `Shaders`), then the source tree's
/// top-level `Shaders/` (derived from `#filePath`). The first directory holding the file wins.
public struct ShaderLibrary {
    /// The directories searched, in order (duplicates removed).
    public let searchPaths: [String]

    /// - Parameter overrideDirectory: searched first when given.
    /// - Parameter environment: the process environment (`PARALLAX_SHADERS` is read from it).
    public init(overrideDirectory: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        var paths: [String] = []
        if let overrideDirectory { paths.append(overrideDirectory) }
        if let env = environment["PARALLAX_SHADERS"], !env.isEmpty { paths.append(env) }
        if let bundled = ShaderLibrary.bundledDirectory() { paths.append(bundled) }
        paths.append(ShaderLibrary.sourceTreeDirectory())
        var seen = Set<String>()
        searchPaths = paths.filter { seen.insert($0).inserted }
    }

    /// Creates a library that searches exactly `paths` (tests, tools).
    public init(searchPaths paths: [String]) { searchPaths = paths }

    /// The full path of `file`, or `RendererError.shaderNotFound` listing every searched directory.
    public func locate(_ file: String) throws -> String {
        for dir in searchPaths {
            let path = (dir as NSString).appendingPathComponent(file)
            if FileManager.default.isReadableFile(atPath: path) { return path }
        }
        throw RendererError.shaderNotFound(file: file, searched: searchPaths)
    }

    /// The text of `file`.
    public func source(_ file: String) throws -> String {
        let path = try locate(file)
        // A regular file of at most 1 MiB (a FIFO or device named like a shader would block).
        let bytes = try InputFile.read(path, maxBytes: 1 << 20)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RendererError.shaderUnreadable(path: path)
        }
        return text
    }

    /// Compiles and links `vertex` + `fragment` into a program (requires a current context).
    /// `defines` (e.g. `["PLAIN"]`) are inserted as `#define NAME 1` lines after the
    /// fragment shader's `#version` line, to build specialised variants of one file.
    public func program(vertex: String, fragment: String, defines: [String] = []) throws -> GLuint {
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
        if !defines.isEmpty {
            // Keep `#version` first: insert the defines after its line.
            let lines = defines.map { "#define \($0) 1\n" }.joined()
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
            throw RendererError.shaderCompile(file: (try? locate(file)) ?? file, log: String(cString: log))
        }
        return shader
    }

    /// The `Shaders` folder of the bundled resources (`Bundle.module`), when the bundle exists.
    /// SwiftPM's accessor stops the process when its bundle is missing, so it is touched only
    /// after the bundle was seen where the accessor looks first (next to the main executable);
    /// otherwise the folders above the executable are searched for the bundle directly.
    static func bundledDirectory() -> String? {
        let bundleName = "ParallaxCompositor_GLRenderer.resources"
        let mainPath = Bundle.main.bundleURL.appendingPathComponent(bundleName).path
        if FileManager.default.fileExists(atPath: mainPath) {
            return Bundle.module.url(forResource: "Shaders", withExtension: nil)?.path
                ?? (mainPath as NSString).appendingPathComponent("Shaders")
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent(bundleName)
            if FileManager.default.fileExists(atPath: candidate.path) {
                return candidate.appendingPathComponent("Shaders").path
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The package's top-level `Shaders/` folder, from this file's path in the source tree.
    static func sourceTreeDirectory(file: String = #filePath) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders").path
    }
}
