import Foundation

/// Errors from the GL renderer; `description` is one line where the GL info log allows.
public enum RendererError: Error, CustomStringConvertible, Equatable {
    /// No current OpenGL context, or one older than desktop 3.3 or ES 3.0.
    case noContext(String)
    /// A shader file was not found in any searched directory (all listed, in search order).
    case shaderNotFound(file: String, searched: [String])
    /// A shader file exists but could not be read.
    case shaderUnreadable(path: String)
    /// A shader failed to compile; `log` is the driver's info log.
    case shaderCompile(file: String, log: String)
    /// A program failed to link; `log` is the driver's info log.
    case programLink(files: String, log: String)
    /// A framebuffer is not complete (`status` is glCheckFramebufferStatus's value).
    case framebufferIncomplete(width: Int, height: Int, samples: Int, status: UInt32)
    /// A framebuffer size outside 1...GL_MAX_TEXTURE_SIZE.
    case invalidFramebufferSize(width: Int, height: Int)
    /// `feature` needs what the context lacks (`GLCapabilities`), e.g. exact sample counts on ES.
    case unsupported(feature: String, context: String)

    public var description: String {
        switch self {
        case .noContext(let why):
            return "no usable OpenGL context: \(why)"
        case .shaderNotFound(let file, let searched):
            return "shader \(file) not found; searched: " + searched.joined(separator: ", ")
        case .shaderUnreadable(let path):
            return "shader \(path) could not be read"
        case .shaderCompile(let file, let log):
            return "shader \(file) failed to compile: " + RendererError.oneLine(log)
        case .programLink(let files, let log):
            return "program (\(files)) failed to link: " + RendererError.oneLine(log)
        case .framebufferIncomplete(let w, let h, let s, let status):
            return "framebuffer \(w)x\(h) samples \(s) incomplete (status 0x\(String(status, radix: 16)))"
        case .invalidFramebufferSize(let w, let h):
            return "invalid framebuffer size \(w)x\(h)"
        case .unsupported(let feature, let context):
            return "\(feature) is not available with \(context)"
        }
    }

    private static func oneLine(_ log: String) -> String {
        log.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " | ")
    }
}
