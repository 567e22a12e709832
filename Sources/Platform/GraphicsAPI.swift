/// Which OpenGL flavour a context is asked for.
///
/// `desktop` is OpenGL 3.3 core; `es` is OpenGL ES 3.0 or later (what the Raspberry Pi's v3d,
/// Mali's Panfrost and most TV boxes offer); `auto` asks for desktop first and falls back to
/// ES when the driver offers no 3.3 core context.
public enum GraphicsAPI: String, CaseIterable, Sendable {
    case auto, desktop, es

    /// The concrete APIs tried, in order.
    public var candidates: [GraphicsAPI] {
        switch self {
        case .auto: return [.desktop, .es]
        case .desktop: return [.desktop]
        case .es: return [.es]
        }
    }

    /// The context version asked for, as "OpenGL 3.3 core" or "OpenGL ES 3.0".
    public var requestName: String {
        switch self {
        case .auto: return "OpenGL 3.3 core or OpenGL ES 3.0"
        case .desktop: return "OpenGL 3.3 core"
        case .es: return "OpenGL ES 3.0"
        }
    }

    /// Parses an option value (`auto`, `desktop`, `es`); nil for anything else.
    public init?(option: String) {
        self.init(rawValue: option.lowercased())
    }
}
