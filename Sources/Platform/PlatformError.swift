/// Errors from the SDL layer, each one line.
public enum PlatformError: Error, CustomStringConvertible, Equatable {
    /// No context of `api` could be created; `attempts` lists what was tried and why it failed.
    case noGLContext(api: GraphicsAPI, attempts: [String])
    /// SDL could not be initialised at all.
    case sdlInit(String)
    /// The display device the driver needs is missing or refused (kmsdrm without /dev/dri/card*).
    case noDisplayDevice(String)

    public var description: String {
        switch self {
        case .noGLContext(let api, let attempts):
            return "no \(api.requestName) context: tried " + attempts.joined(separator: ", ")
        case .sdlInit(let message): return "SDL_Init failed: \(message)"
        case .noDisplayDevice(let message): return message
        }
    }
}
