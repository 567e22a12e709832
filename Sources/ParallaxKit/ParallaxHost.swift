import Assets
import Components
import Foundation
import GLRenderer
import Images
import Input
import LayerMath
import Layers
import Platform
import Scene
import SceneRuntime

/// Embeds a scene in an app: owns the scene, its driver (the scene clock) and, from the
/// first draw on, a renderer; takes the app's input events, advances to the app's time
/// and draws into the app's framebuffer.
///
///     let host = try ParallaxHost(scene: "carousel",            // a file or a built-in name
///                                 window: WindowGeometry(points: Size(1280, 720), pixels: PixelSize(width: 2560, height: 1440)))
///     host.onSelect { component, item in print("selected \(component) \(item)") }
///     // each frame, after the app drew its own background:
///     host.handle(platformEvent)                                 // PlatformEvent(sdl:), or an InputEvent
///     host.advance(to: seconds)
///     if host.needsDisplay { try host.draw(loadAction: .keep) }  // or draw(into:) an FBO or a viewport
///     // after the app presents (its swap):
///     host.didPresent()
///
/// What the renderer needs from the app: a current OpenGL 3.3 core context on this thread
/// from the first `draw` to the host's end (it compiles shaders and keeps textures in it);
/// a framebuffer with a colour attachment, and a stencil buffer when the scene clips
/// (`masksToBounds`; 8 bits) with a rounded, rotated or 3D clip (an axis-aligned rectangle
/// is a scissor box and needs none) — `draw` checks it and throws `AppTargetError.noStencil`
/// instead of drawing unclipped. It restores the GL state it touches (`GLStateSnapshot`),
/// never touches the app's depth buffer, and draws and clears only inside the viewport
/// (the stencil values there are cleared when the scene clips).
///
/// The renderer's GL objects (shaders, textures, offscreen images for group opacity) live
/// in the app's context: release the host while that context is current.
///
/// Does not: open windows, create contexts, swap buffers, or read the clock (times are
/// the app's, in seconds since the scene started). Not thread-safe: one thread, the
/// context's.
public final class ParallaxHost {
    /// The scene (its components, layers and focus engine).
    public let scene: Scene
    /// The images the scene's layers show.
    public let images: ImageStore
    /// Plays events into the scene and advances it.
    public let driver: SceneDriver
    /// Where the app's window is and where the scene is drawn in it (maps pointer events;
    /// `draw(loadAction:)` fills its `sceneViewport`). Until the app gives it (`window:` at
    /// init, this property, or a `.resized` event), it is the canvas's size: see
    /// `hasWindowGeometry`.
    public var window: WindowGeometry {
        didSet {
            hasWindowGeometry = true
            if window != oldValue { compositor?.setNeedsDisplay() }
        }
    }
    /// True once the app gave the window's geometry. Without it `draw(loadAction:)` throws
    /// `HostWindowError.windowNotSet` and the first pointer event writes a warning to
    /// standard error: the canvas would be drawn unscaled and pointers mapped 1:1.
    public private(set) var hasWindowGeometry: Bool
    /// The missing-geometry warning was written (once per host).
    private var warnedNoWindow = false
    /// Canvas points scrolled per wheel notch (SDL reports notches).
    public var wheelPointsPerNotch = WindowToCanvas.wheelPointsPerStep
    /// Shader folder searched first (nil: `$PARALLAX_SHADERS`, the bundle, the source tree).
    public var shaderDirectory: String?
    /// The OpenGL flavour the app's context must speak: `.auto` draws with whatever is
    /// current (desktop 3.3 core or ES 3.0+); `.desktop` or `.es` make the renderer's
    /// creation throw `RendererError.noContext` when the current context is the other.
    public var api: GraphicsAPI = .auto
    /// The scene time reached so far (seconds).
    public var time: Double { driver.time }

    /// Draws the frames (created by the first `draw`).
    public private(set) var compositor: Compositor?
    private let queue = EventQueue()
    /// The most events `drainEvents` keeps between two calls (the oldest are dropped).
    public static let maxQueuedEvents = 1024

    /// The scene's events since the last `drainEvents` (a class: subscribed before `self`
    /// exists, so the initial focus event, posted when the driver starts, is in it).
    private final class EventQueue {
        var events: [SceneEvent] = []
        func append(_ e: SceneEvent) {
            if events.count >= ParallaxHost.maxQueuedEvents { events.removeFirst() }
            events.append(e)
        }
    }

    /// Hosts `scene`, whose layers show images from `images`; its clock starts at 0.
    public init(scene: Scene, images: ImageStore, window: WindowGeometry? = nil) {
        self.scene = scene
        self.images = images
        self.window = window ?? WindowGeometry(width: Int(scene.canvas.width), height: Int(scene.canvas.height))
        hasWindowGeometry = window != nil
        let queue = self.queue
        scene.onEvent { [weak queue] e in queue?.append(e) }
        // Videos decode ahead on a worker: the app's frame loop never waits for one.
        scene.videoPlayback = .live
        driver = SceneDriver(scene: scene, events: [])
    }

    /// Loads a scene file, or else the built-in scene with that name (`BuiltInScenes.names`).
    /// Its carousels of image files decode on worker threads, never on the app's frame
    /// loop (`ImageStore.decodesInBackground`), at the size `window` shows them (1.5 pixels
    /// per point without one).
    /// - Throws: the loader's one-line error naming the file, the JSON path and the reason;
    ///   `SceneNotFound` when there is neither such a file nor such a built-in scene.
    public convenience init(scene nameOrPath: String, window: WindowGeometry? = nil) throws {
        let images = ImageStore()
        images.decodesInBackground = true
        if let window { images.pixelsPerPoint = ImageStore.pixelsPerPoint(drawableWidth: window.sceneViewport.width) }
        let scene = try BuiltInScenes.load(fileOrName: nameOrPath, images: images)
        self.init(scene: scene, images: images, window: window)
    }

    // MARK: Input and time

    /// Delivers an event in canvas points at the current scene time (the last `advance`).
    public func handle(_ event: InputEvent) {
        driver.deliver(event, at: driver.time)
    }

    /// Delivers an event in canvas points at scene time `time` (the scene first advances
    /// to it; a time before the current one counts as now): events stamped with their own
    /// times give the same scene whatever the frame rate.
    public func handle(_ event: InputEvent, at time: Double) {
        driver.deliver(event, at: time)
    }

    /// Delivers a platform event (window points), mapped to the canvas through `window`:
    /// pointer positions through the HiDPI factor, the viewport and the letterboxing;
    /// wheel notches times `wheelPointsPerNotch`. `.resized` updates `window` (the
    /// viewport stays: set `window.viewport` when it depends on the size). Returns false
    /// for events the scene does not take (quit, controller added or removed), which are
    /// the app's.
    @discardableResult
    public func handle(_ event: PlatformEvent) -> Bool {
        guard let input = inputEvent(for: event) else {
            if case .resized(let pw, let ph, let xw, let xh) = event {
                window.points = Size(Double(pw), Double(ph))
                window.pixels = PixelSize(width: xw, height: xh)
            }
            return false
        }
        handle(input)
        return true
    }

    /// The input event a platform event stands for, in canvas points (nil: none).
    public func inputEvent(for event: PlatformEvent) -> InputEvent? {
        if !hasWindowGeometry && !warnedNoWindow, event.isPointer {
            warnedNoWindow = true
            FileHandle.standardError.write(Data("ParallaxHost: warning: \(HostWindowError.windowNotSet(canvas: scene.canvas))\n".utf8))
        }
        return event.inputEvent(canvasPoint: { window.canvasPoint(x: $0, y: $1, canvas: scene.canvas) },
                         wheelPointsPerStep: wheelPointsPerNotch)
    }

    /// Advances the scene to `time` (seconds since it started; never goes backwards).
    public func advance(to time: Double) {
        driver.advance(to: time)
    }

    // MARK: Drawing

    /// True when the next `draw` into the same target would change pixels: the scene
    /// moved, the window or target changed, or an image still waits for its upload.
    /// An app that redraws only on change skips the frame (and its own drawing) otherwise.
    /// Flattens the scene (no GL, no allocation once warm).
    public var needsDisplay: Bool {
        guard let c = compositor else { return true }
        c.beginFrame(atTime: driver.time, target: c.target)   // the target drawn into last
        return c.needsDisplay
    }

    /// The scene time at which the next `draw` may change pixels (`Compositor.nextFrameTime`):
    /// an app that sleeps between frames wakes at the latest then, or on input (infinite when
    /// nothing is scheduled).
    public var nextFrameTime: Double { compositor?.nextFrameTime ?? driver.time }

    /// Draws the scene at the current time into the app's framebuffer (see the type's
    /// notes for what the framebuffer needs). Creates the renderer on the first call.
    /// - Throws: `RendererError` when the shaders cannot be built (no 3.3 core context);
    ///   `AppTargetError` when the target cannot be drawn into (no stencil for clips,
    ///   incomplete, empty viewport); nothing is drawn then.
    public func draw(into target: AppTarget) throws {
        let c = try makeCompositor()
        c.beginFrame(atTime: driver.time, target: .app(target))
        try c.render()
    }

    /// Tells the host the app has presented the frame (after its buffer swap). On a CPU
    /// rasteriser (llvmpipe), from the first call on, `draw` pauses the image decoders'
    /// worker threads until this call, so a decode never takes a core the frame needs
    /// (`FrameGate`), and the host makes the next streamed poster's texture here, in the
    /// time before the next frame (`TextureCache.prepareSpare`), with the app's GL state kept.
    public func didPresent() {
        guard let c = compositor else { return }
        c.pausesDecoders = true
        c.endFrame()
    }

    /// Draws into the viewport `window.sceneViewport` of the default framebuffer.
    /// - Throws: `HostWindowError.windowNotSet` when the app never gave the window's
    ///   geometry (`hasWindowGeometry`); else as `draw(into:)`.
    public func draw(loadAction: LoadAction = .keep) throws {
        guard hasWindowGeometry else { throw HostWindowError.windowNotSet(canvas: scene.canvas) }
        try draw(into: AppTarget(framebuffer: 0, viewport: window.sceneViewport, loadAction: loadAction))
    }

    /// The compositor, created now when there is none (requires the app's current context).
    public func makeCompositor() throws -> Compositor {
        if let c = compositor { return c }
        // Compiling shaders and making the quad geometry binds programs and buffers: the
        // app's state is kept around that too.
        let saved = GLStateSnapshot.capture()
        defer { saved.restore() }
        let capabilities = try GLCapabilities.current()
        if api != .auto && api.rawValue != capabilities.apiKey {
            throw RendererError.noContext("the host asks for \(api.requestName) but the current context is \(capabilities.apiName)")
        }
        let c = Compositor(renderer: try GLRenderer(shaderDirectory: shaderDirectory), scene: scene, images: images)
        compositor = c
        return c
    }

    // MARK: Events to the app

    /// Calls `handler` with every event the scene reports from now on (focus, select,
    /// index, long press). The initial focus was reported when the host started: it is
    /// in `drainEvents`, and `scene.focus.focused` says where the focus is.
    public func onEvent(_ handler: @escaping (SceneEvent) -> Void) {
        scene.onEvent(handler)
    }

    /// Calls `handler(component, item)` when the focused item changes.
    public func onFocus(_ handler: @escaping (_ component: String, _ item: Int) -> Void) {
        scene.onFocusChange { c, i, _ in handler(c, i) }
    }

    /// Calls `handler(component, item)` when an item is selected (activated): Return,
    /// Enter, controller A, a click on it, or `select` on a carousel.
    public func onSelect(_ handler: @escaping (_ component: String, _ item: Int) -> Void) {
        scene.onSelect { c, i, _ in handler(c, i) }
    }

    /// Calls `handler(component, item)` when a carousel's centred item changes.
    public func onIndexChange(_ handler: @escaping (_ component: String, _ item: Int) -> Void) {
        scene.onIndexChange { c, i, _ in handler(c, i) }
    }

    /// Calls `handler(component, item)` when the focused item is long-pressed.
    public func onLongPress(_ handler: @escaping (_ component: String, _ item: Int) -> Void) {
        scene.onLongPress { c, i, _ in handler(c, i) }
    }

    /// Moves the events reported since the last call into `events` (appended, in order):
    /// the polling form for a game loop, starting with the scene's initial focus. At most
    /// `maxQueuedEvents` are kept between calls (the oldest are dropped).
    public func drainEvents(into events: inout [SceneEvent]) {
        events.append(contentsOf: queue.events)
        queue.events.removeAll(keepingCapacity: true)
    }
}

private extension PlatformEvent {
    /// True for events with a window position (buttons, moves; the wheel scrolls what is
    /// under the pointer).
    var isPointer: Bool {
        switch self {
        case .pointer, .move, .wheel: return true
        default: return false
        }
    }
}
