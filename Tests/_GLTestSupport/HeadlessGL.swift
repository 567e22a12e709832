import Foundation
import Platform
import _TestSupport

/// `RENDER_TESTS_GL` names no API.
public struct UnknownGLAPI: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "RENDER_TESTS_GL must be auto, desktop or es, found \"\(name)\"" }
}

/// The one GL context of the test process, shared by every suite that draws (SDL is
/// process-global): headless (SDL's offscreen driver), or an X11 window with
/// `RENDER_TESTS_WINDOWED=1`; `RENDER_TESTS_GL=auto|desktop|es` picks the API.
public enum HeadlessGL {
    private static var cached: Result<GLContextHost, Error>?

    /// The context, made current on the calling thread; when none can be made, the error
    /// `noGLContext` gives for `suite` (the test fails unless `PARALLAX_ALLOW_NO_GL=1`).
    public static func context(suite: String) throws -> GLContextHost {
        if cached == nil { cached = Result { try make() } }
        switch cached! {
        case .success(let host):
            host.makeCurrent()
            return host
        case .failure(let error as PlatformError):
            throw noGLContext(error, suite: suite)
        case .failure(let error):
            throw error
        }
    }

    private static func make() throws -> GLContextHost {
        let environment = ProcessInfo.processInfo.environment
        let windowed = environment["RENDER_TESTS_WINDOWED"] != nil
        if !windowed { setenv("SDL_VIDEODRIVER", "offscreen", 1) }   // before SDL_Init
        var options = GLContextHost.Options()
        options.headless = !windowed
        options.vsync = false
        options.width = 64
        options.height = 64
        options.controllers = false
        if let api = environment["RENDER_TESTS_GL"] {
            guard let parsed = GraphicsAPI(option: api) else { throw UnknownGLAPI(name: api) }
            options.api = parsed
        }
        return try GLContextHost(options)
    }
}
