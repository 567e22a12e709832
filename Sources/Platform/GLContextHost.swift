import CSDL2
import LayerMath
#if canImport(Glibc)
import Glibc
#endif

/// An SDL window with a current OpenGL 3.3 core or OpenGL ES 3.0+ context (8-bit stencil),
/// windowed or headless (`Options.api`). Create one per process (SDL is process-global) and keep it alive for as long
/// as anything calls GL (`withExtendedLifetime(host) { ... }` around the frame loop).
public final class GLContextHost {
    /// How to open the context.
    public struct Options: Sendable {
        /// Window title.
        public var title: String = "parallax"
        /// Window size in points.
        public var width: Int = 1280
        public var height: Int = 720
        /// True: no visible window; SDL's `offscreen` driver (EGL pbuffer). Also chosen
        /// automatically when neither DISPLAY nor WAYLAND_DISPLAY is set.
        public var headless: Bool = false
        /// Synchronise swaps with the display (windowed only).
        public var vsync: Bool = true
        /// Multisampled default framebuffer (0: none). Offscreen rendering uses the
        /// renderer's own framebuffers instead.
        public var samples: Int = 0
        /// Open game controllers (SDL_INIT_GAMECONTROLLER).
        public var controllers: Bool = true
        /// Start fullscreen: a borderless window of the display's own size (its current mode),
        /// or on KMS the display itself; `width` and `height` are then the windowed size.
        public var fullscreen: Bool = false
        /// The OpenGL flavour: desktop 3.3 core, ES 3.0+, or the first of the two offered.
        public var api: GraphicsAPI = .auto
        /// The SDL video driver to use and no other ("x11", "wayland", "kmsdrm": no display
        /// server, GLES on GBM); nil: `$SDL_VIDEODRIVER`, else SDL's choice, falling back to
        /// `offscreen`. kmsdrm (by either) checks for a DRM device first.
        public var videoDriver: String? = nil
        public init() {}
    }

    /// The SDL video driver actually used ("x11", "wayland", "offscreen", ...).
    public private(set) var driver: String
    /// True when running with the offscreen driver.
    public let isHeadless: Bool
    /// The API the context speaks: `.desktop` or `.es` (never `.auto`).
    public let api: GraphicsAPI
    private var window: OpaquePointer?
    private var context: SDL_GLContext?
    private var controllers: [Int32: OpaquePointer] = [:]
    private var fullscreen = false

    /// Opens the window and context and makes the context current.
    /// Throws `PlatformError.noGLContext` naming every driver tried when none works.
    public init(_ options: Options = Options()) throws {
        let noDisplay = getenv("DISPLAY") == nil && getenv("WAYLAND_DISPLAY") == nil
        let forcedDriver = getenv("SDL_VIDEODRIVER").map { String(cString: $0) }
        var plans: [String?] = []   // nil: SDL's default driver choice
        let requested = options.videoDriver ?? forcedDriver
        if options.headless {
            plans = ["offscreen"]
        } else if requested == "kmsdrm" {
            // No display server by design: no offscreen fallback either (a kiosk drawing nowhere).
            if let problem = DRMDevices.problem() { throw PlatformError.noDisplayDevice("kmsdrm: " + problem) }
            plans = ["kmsdrm"]
        } else if let driver = options.videoDriver {
            plans = [driver]
        } else if noDisplay {
            plans = ["offscreen"]
        } else if let forced = forcedDriver {
            plans = [forced] + (forced == "offscreen" ? [] : ["offscreen"])
        } else {
            plans = [nil, "offscreen"]
        }
        var attempts: [String] = []
        if let refusal = GLContextHost.waylandWithoutSeat(plans: plans) {
            // SDL would crash in SDL_Init: Xwayland's X11 instead where there is one (unless the
            // caller named the driver), else the next plan.
            attempts.append(refusal)
            let instead: [String?] = options.videoDriver == nil && getenv("DISPLAY") != nil ? ["x11"] : []
            plans = plans.flatMap { $0 == "wayland" || $0 == nil ? instead : [$0] }
            _ = "parallax: \(refusal); trying \(plans.map { $0 ?? "default" }.joined(separator: ", "))\n"
                .withCString { write(2, $0, strlen($0)) }
        }
        for plan in plans {
            for api in options.api.candidates {
                if let plan { setenv("SDL_VIDEODRIVER", plan, 1) }
                let label = (plan ?? "default driver") + (options.api == .auto ? " \(api.requestName)" : "")
                switch GLContextHost.open(options, api: api, headless: plan == "offscreen") {
                case .success(let opened):
                    (window, context) = (opened.0, opened.1)
                    driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? label
                    isHeadless = driver == "offscreen"
                    self.api = api
                    if options.fullscreen && !isHeadless {
                        // Leaving fullscreen gives the window the size asked for, centred.
                        fullscreen = true
                        windowedFrame = (GLContextHost.centredPosition, GLContextHost.centredPosition,
                                         Int32(options.width), Int32(options.height))
                    }
                    if !isHeadless {
                        SDL_GL_SetSwapInterval(options.vsync ? 1 : 0)
                        GLContextHost.presentCleared(opened.0)
                    }
                    return
                case .failure(let message):
                    attempts.append("\(label) (\(message))")
                }
                SDL_Quit()
            }
        }
        throw PlatformError.noGLContext(api: options.api, attempts: attempts)
    }

    /// Why SDL's Wayland driver must not start, when it would be chosen (forced, or the only
    /// display) and the compositor offers no seat to an SDL that crashes without one
    /// (`WaylandSeatProbe`); nil when it may start.
    private static func waylandWithoutSeat(plans: [String?]) -> String? {
        guard getenv("WAYLAND_DISPLAY") != nil, WaylandSeatProbe.sdlNeedsSeat else { return nil }
        let mayPickWayland = plans.contains("wayland") || (plans.contains(nil) && getenv("DISPLAY") == nil)
        guard mayPickWayland, WaylandSeatProbe.compositorHasSeat() == false else { return nil }
        return "wayland (the compositor offers no seat, no keyboard, pointer or touch, and SDL before "
            + "\(WaylandSeatProbe.fixedIn.major).\(WaylandSeatProbe.fixedIn.minor) crashes without one: "
            + "connect an input device, or run under Xwayland)"
    }

    private static let undefinedPosition: Int32 = 0x1FFF_0000   // SDL_WINDOWPOS_UNDEFINED
    private static let centredPosition: Int32 = 0x2FFF_0000     // SDL_WINDOWPOS_CENTERED

    /// The first display's position and size in its own current mode (`--fullscreen` at start).
    private static func displayFrame() -> (x: Int32, y: Int32, w: Int32, h: Int32)? {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return nil }
        return (bounds.x, bounds.y, bounds.w, bounds.h)
    }

    private enum OpenResult { case success((OpaquePointer, SDL_GLContext)), failure(String) }

    private static func sdlError() -> String {
        let e = SDL_GetError().map { String(cString: $0) } ?? ""
        return e.isEmpty ? "unknown SDL error" : e
    }

    /// One try: SDL initialised afresh, since SDL loads the GL or GLES library (and picks the
    /// EGL config) for the profile set when its first window is made.
    private static func open(_ options: Options, api: GraphicsAPI, headless: Bool) -> OpenResult {
        var flags = SDL_INIT_VIDEO
        if options.controllers && !headless { flags |= SDL_INIT_GAMECONTROLLER }
        if SDL_Init(flags) != 0 { return .failure("SDL_Init: \(sdlError())") }
        let es = api == .es
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, es ? 0 : 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK,
                            Int32((es ? SDL_GL_CONTEXT_PROFILE_ES : SDL_GL_CONTEXT_PROFILE_CORE).rawValue))
        SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
        SDL_GL_SetAttribute(SDL_GL_RED_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_GREEN_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_BLUE_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24)
        SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8)
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, options.samples > 0 ? 1 : 0)
        SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, Int32(max(0, options.samples)))
        var windowFlags = SDL_WINDOW_OPENGL.rawValue
        if headless {
            windowFlags |= SDL_WINDOW_HIDDEN.rawValue
        } else {
            windowFlags |= SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        }
        var frame = (x: undefinedPosition, y: undefinedPosition, w: Int32(options.width), h: Int32(options.height))
        if options.fullscreen && !headless, let display = displayFrame() {
            frame = display
            windowFlags |= SDL_WINDOW_BORDERLESS.rawValue
            // KMS has no windows: SDL sets the display's current mode for a fullscreen one.
            if SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) == "kmsdrm" { windowFlags |= SDL_WINDOW_FULLSCREEN.rawValue }
        }
        guard let window = SDL_CreateWindow(options.title, frame.x, frame.y, frame.w, frame.h, windowFlags) else {
            return .failure("SDL_CreateWindow: \(sdlError())")
        }
        guard let context = SDL_GL_CreateContext(window) else {
            let message = sdlError()
            SDL_DestroyWindow(window)
            return .failure("SDL_GL_CreateContext: \(message)")
        }
        if SDL_GL_MakeCurrent(window, context) != 0 {
            let message = sdlError()
            SDL_GL_DeleteContext(context)
            SDL_DestroyWindow(window)
            return .failure("SDL_GL_MakeCurrent: \(message)")
        }
        return .success((window, context))
    }

    deinit {
        for (_, controller) in controllers { SDL_GameControllerClose(controller) }
        if let context { SDL_GL_DeleteContext(context) }
        if let window { SDL_DestroyWindow(window) }
        SDL_Quit()
    }

    /// Presents one cleared frame before anything is drawn: Mesa's software rasteriser takes
    /// the window's size into its back buffer only at a swap, so a window resized before its
    /// first swap (maximised on map) drew its first frame at the old size, in a corner.
    private static func presentCleared(_ window: OpaquePointer) {
        typealias Clear = @convention(c) (UInt32) -> Void
        guard let clear = SDL_GL_GetProcAddress("glClear") else { return }
        unsafeBitCast(clear, to: Clear.self)(0x4000)    // GL_COLOR_BUFFER_BIT, GL's default clear colour
        SDL_GL_SwapWindow(window)
    }

    /// Makes this context current on the calling thread again.
    public func makeCurrent() {
        SDL_GL_MakeCurrent(window, context)
    }

    /// The window size in points.
    public var windowSize: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }

    /// The drawable (default framebuffer) size in pixels; larger than `windowSize` on HiDPI.
    public var drawableSize: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }

    /// The refresh rate of the display the window is on, in Hz; 0 when SDL does not know it
    /// (headless, some virtual displays).
    public var refreshRate: Double {
        var mode = SDL_DisplayMode()
        guard SDL_GetWindowDisplayMode(window, &mode) == 0 else { return 0 }
        return Double(mode.refresh_rate)
    }

    /// The stencil bits the context actually got.
    public var stencilBits: Int {
        var v: Int32 = 0
        SDL_GL_GetAttribute(SDL_GL_STENCIL_SIZE, &v)
        return Int(v)
    }

    /// Presents the back buffer.
    public func swapBuffers() { SDL_GL_SwapWindow(window) }

    /// Presents the back buffer only if it was drawn at the drawable's size now, and returns
    /// whether it did. Pending window-system events are read first (they stay queued), so a
    /// size the window manager or compositor gave the window since the frame began is seen:
    /// a frame drawn for the old size would show at the wrong scale in a corner. On false,
    /// draw the frame again at `drawableSize`.
    public func present(drawnAt size: PixelSize) -> Bool {
        guard isCurrentSize(size) else { return false }
        SDL_GL_SwapWindow(window)
        return true
    }

    /// True when `size` is the drawable's size, pending window-system events read first
    /// (they stay queued for `pollEvents`).
    public func isCurrentSize(_ size: PixelSize) -> Bool {
        SDL_PumpEvents()
        return drawableSize == size
    }

    /// Sets the window title.
    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Shows or hides the mouse pointer over the window.
    public func setPointerVisible(_ visible: Bool) { SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE) }

    /// Switches between windowed and fullscreen; returns the new state.
    ///
    /// Fullscreen is a borderless window moved and sized to cover its display, not SDL's
    /// desktop-fullscreen mode: that mode asks the window manager to resize the window,
    /// so without one (a kiosk X server) the window kept its old size while the drawable
    /// reported the display's. The windowed frame is restored on the way back.
    @discardableResult
    public func toggleFullscreen() -> Bool {
        fullscreen.toggle()
        if fullscreen {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowPosition(window, &x, &y)
            SDL_GetWindowSize(window, &w, &h)
            windowedFrame = (x, y, w, h)
            var bounds = SDL_Rect()
            guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(window)), &bounds) == 0 else {
                fullscreen = false
                return false
            }
            SDL_SetWindowBordered(window, SDL_FALSE)
            SDL_SetWindowPosition(window, bounds.x, bounds.y)
            SDL_SetWindowSize(window, bounds.w, bounds.h)
            SDL_RaiseWindow(window)
        } else {
            SDL_SetWindowBordered(window, SDL_TRUE)
            if let f = windowedFrame {
                SDL_SetWindowSize(window, f.w, f.h)
                SDL_SetWindowPosition(window, f.x, f.y)
            }
        }
        return fullscreen
    }

    /// The windowed position and size to restore when leaving fullscreen.
    private var windowedFrame: (x: Int32, y: Int32, w: Int32, h: Int32)?

    /// The window was exposed, shown, restored or resized since `takeExposure` last ran.
    private var exposed = false

    /// True once after the window's pixels were lost or resized (exposed, shown again,
    /// restored, maximised, resized): a host that presents only what changed must present
    /// the whole frame then (`PartialPresenter`).
    public func takeExposure() -> Bool {
        defer { exposed = false }
        return exposed
    }

    /// Number of game controllers currently open.
    public var controllerCount: Int { controllers.count }

    /// Drains SDL's queue, appending converted events to `events` (not cleared first, so the
    /// caller can reuse one array with `removeAll(keepingCapacity:)`).
    public func pollEvents(into events: inout [PlatformEvent]) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let converted = convert(event) { events.append(converted) }
        }
    }

    /// Sleeps until an event arrives or `timeout` seconds pass, then drains the queue into
    /// `events` like `pollEvents`. Returns true when any SDL event arrived, including ones
    /// with no `PlatformEvent` (the window exposed or shown again: redraw), false on timeout.
    /// A host that has nothing new to draw calls this instead of spinning; an infinite
    /// `timeout` waits for an event however long it takes.
    @discardableResult
    public func waitEvents(into events: inout [PlatformEvent], timeout: Double) -> Bool {
        let milliseconds = timeout == .infinity ? -1 : timeout.isFinite ? Int32(max(0, min(timeout, 3600)) * 1000) : 0
        var event = SDL_Event()
        guard SDL_WaitEventTimeout(&event, milliseconds) != 0 else { return false }
        if let converted = convert(event) { events.append(converted) }
        pollEvents(into: &events)
        return true
    }

    /// Ends a `waitEvents` in progress on the main thread, from any thread: posts an event
    /// that converts to nothing (SDL_PushEvent is thread-safe).
    public static func interruptWait() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&event)
    }

    /// Returns the next converted event, or nil when the queue is empty.
    public func pollEvent() -> PlatformEvent? {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let converted = convert(event) { return converted }
        }
        return nil
    }

    /// `PlatformEvent(sdl:)`, plus what the window owns: it opens and closes controllers as
    /// they come and go, and notes exposures (`takeExposure`).
    private func convert(_ event: SDL_Event) -> PlatformEvent? {
        switch SDL_EventType(event.type) {
        case SDL_CONTROLLERDEVICEADDED:
            // `which` is a device index here.
            guard let controller = SDL_GameControllerOpen(event.cdevice.which) else { return nil }
            let id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller))
            if let old = controllers[id] { SDL_GameControllerClose(old) }
            controllers[id] = controller
            // The remote's feel: gyroscope updates, where the controller has one.
            if SDL_GameControllerHasSensor(controller, SDL_SENSOR_GYRO) == SDL_TRUE {
                SDL_GameControllerSetSensorEnabled(controller, SDL_SENSOR_GYRO, SDL_TRUE)
            }
            return .controllerAdded(name: SDL_GameControllerName(controller).map { String(cString: $0) } ?? "controller")
        case SDL_CONTROLLERDEVICEREMOVED:
            // `which` is an instance id here.
            if let controller = controllers.removeValue(forKey: event.cdevice.which) {
                SDL_GameControllerClose(controller)
            }
            return .controllerRemoved
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED,
                 SDL_WINDOWEVENT_SIZE_CHANGED:
                exposed = true
            default: break
            }
            return PlatformEvent(sdl: event)
        default:
            return PlatformEvent(sdl: event)
        }
    }
}

/// The window type most callers think of: the same object as `GLContextHost`. The easy
/// path for an app: `Window()`, `WindowGeometry(of:)` for its `ParallaxHost`, then
/// `pollEvents(into:)` and `swapBuffers()` each frame (docs/embedding.md, "The ten lines").
public typealias Window = GLContextHost
