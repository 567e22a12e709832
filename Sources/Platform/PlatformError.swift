/// Errors from the SDL layer, each one line.
public enum PlatformError: Error, CustomStringConvertible, Equatable {
    /// No OpenGL 3.3 core context could be created; `attempts` lists what was tried and why it failed.
    case noGLContext(attempts: [String])
    /// SDL could not be initialised at all.
    case sdlInit(String)

    public var description: String {
        switch self {
        case .noGLContext(let attempts): return "no OpenGL 3.3 context: tried " + attempts.joined(separator: ", ")
        case .sdlInit(let message): return "SDL_Init failed: \(message)"
        }
    }
}
