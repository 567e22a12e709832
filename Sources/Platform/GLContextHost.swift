import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// An SDL window with a current OpenGL 3.3 core context (8-bit stencil), windowed or
/// headless. Create one per process (SDL is process-global) and keep it alive for as long
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
        public init() {}
    }

    /// The SDL video driver actually used ("x11", "wayland", "offscreen", ...).
    public private(set) var driver: String
    /// True when running with the offscreen driver.
    public let isHeadless: Bool
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
        if options.headless || noDisplay {
            plans = ["offscreen"]
        } else if let forced = forcedDriver {
            plans = [forced] + (forced == "offscreen" ? [] : ["offscreen"])
        } else {
            plans = [nil, "offscreen"]
        }
        var attempts: [String] = []
        for plan in plans {
            if let plan { setenv("SDL_VIDEODRIVER", plan, 1) }
            let label = plan ?? "default driver"
            switch GLContextHost.open(options, headless: plan == "offscreen") {
            case .success(let opened):
                (window, context) = (opened.0, opened.1)
                driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? label
                isHeadless = driver == "offscreen"
                if !isHeadless { SDL_GL_SetSwapInterval(options.vsync ? 1 : 0) }
                return
            case .failure(let message):
                attempts.append("\(label) (\(message))")
            }
            SDL_Quit()
        }
        throw PlatformError.noGLContext(attempts: attempts)
    }

    private enum OpenResult { case success((OpaquePointer, SDL_GLContext)), failure(String) }

    private static func sdlError() -> String {
        let e = SDL_GetError().map { String(cString: $0) } ?? ""
        return e.isEmpty ? "unknown SDL error" : e
    }

    private static func open(_ options: Options, headless: Bool) -> OpenResult {
        var flags = SDL_INIT_VIDEO
        if options.controllers && !headless { flags |= SDL_INIT_GAMECONTROLLER }
        if SDL_Init(flags) != 0 { return .failure("SDL_Init: \(sdlError())") }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
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
        let undefinedPosition: Int32 = 0x1FFF_0000   // SDL_WINDOWPOS_UNDEFINED
        guard let window = SDL_CreateWindow(options.title, undefinedPosition, undefinedPosition,
                                            Int32(options.width), Int32(options.height), windowFlags) else {
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

    /// Makes this context current on the calling thread again.
    public func makeCurrent() {
        SDL_GL_MakeCurrent(window, context)
    }

    /// The window size in points.
    public var windowSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The drawable (default framebuffer) size in pixels; larger than `windowSize` on HiDPI.
    public var drawableSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GL_GetDrawableSize(window, &w, &h)
        return (Int(w), Int(h))
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
    /// A host that has nothing new to draw calls this instead of spinning.
    @discardableResult
    public func waitEvents(into events: inout [PlatformEvent], timeout: Double) -> Bool {
        let milliseconds = timeout.isFinite ? Int32(max(0, min(timeout, 3600)) * 1000) : 0
        var event = SDL_Event()
        guard SDL_WaitEventTimeout(&event, milliseconds) != 0 else { return false }
        if let converted = convert(event) { events.append(converted) }
        pollEvents(into: &events)
        return true
    }

    /// Returns the next converted event, or nil when the queue is empty.
    public func pollEvent() -> PlatformEvent? {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let converted = convert(event) { return converted }
        }
        return nil
    }

    private func convert(_ event: SDL_Event) -> PlatformEvent? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_KEYDOWN, SDL_KEYUP:
            return .key(name: KeyNames.name(for: event.key.keysym.sym), down: event.type == SDL_KEYDOWN.rawValue,
                        repeat: event.key.repeat != 0)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            let name: String
            switch Int32(b.button) {
            case SDL_BUTTON_LEFT: name = "left"
            case SDL_BUTTON_RIGHT: name = "right"
            case SDL_BUTTON_MIDDLE: name = "middle"
            case SDL_BUTTON_X1: name = "x1"
            default: name = "x2"
            }
            return .pointer(x: Double(b.x), y: Double(b.y), button: name, down: event.type == SDL_MOUSEBUTTONDOWN.rawValue)
        case SDL_MOUSEMOTION:
            return .move(x: Double(event.motion.x), y: Double(event.motion.y))
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            let flip: Double = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            return .wheel(dx: Double(w.preciseX) * flip, dy: Double(w.preciseY) * flip)
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            return .controllerButton(name: KeyNames.controllerButton(Int(event.cbutton.button)),
                                     down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
        case SDL_CONTROLLERAXISMOTION:
            let v = max(-1, min(1, Double(event.caxis.value) / 32767))
            return .controllerAxis(name: KeyNames.controllerAxis(Int(event.caxis.axis)), value: v)
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
        case SDL_CONTROLLERTOUCHPADDOWN, SDL_CONTROLLERTOUCHPADMOTION, SDL_CONTROLLERTOUCHPADUP:
            let t = event.ctouchpad
            return .controllerTouchpad(x: min(max(Double(t.x), 0), 1), y: min(max(Double(t.y), 0), 1),
                                       down: event.type != SDL_CONTROLLERTOUCHPADUP.rawValue)
        case SDL_CONTROLLERSENSORUPDATE:
            guard event.csensor.sensor == SDL_SENSOR_GYRO.rawValue else { return nil }
            let d = event.csensor.data
            return .controllerGyro(x: Double(d.0), y: Double(d.1), z: Double(d.2))
        case SDL_CONTROLLERDEVICEREMOVED:
            // `which` is an instance id here.
            if let controller = controllers.removeValue(forKey: event.cdevice.which) {
                SDL_GameControllerClose(controller)
            }
            return .controllerRemoved
        case SDL_WINDOWEVENT:
            let kind = SDL_WindowEventID(UInt32(event.window.event))
            switch kind {
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED,
                 SDL_WINDOWEVENT_SIZE_CHANGED:
                exposed = true
            default: break
            }
            guard kind == SDL_WINDOWEVENT_SIZE_CHANGED else { return nil }
            let points = windowSize, pixels = drawableSize
            return .resized(pointsWidth: points.width, pointsHeight: points.height,
                            pixelsWidth: pixels.width, pixelsHeight: pixels.height)
        default:
            return nil
        }
    }
}

/// The window type most callers think of: the same object as `GLContextHost`.
public typealias Window = GLContextHost
