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
import ToolSupport

/// A one-line error of the demo itself.
struct DemoError: OneLineError {
    var description: String
}

/// The demo's frame loop: events -> scene -> flatten -> GL -> swap.
final class DemoApp {
    static let helpText = """
    Keys: 1-9 or Tab switch scenes, F11 or F toggle fullscreen, P save a screenshot to the \
    --screenshots folder, R reload the scene file (a bad file keeps the last good scene), \
    C cycle the carousel type, M navigation sounds on/off, V speech on/off, H show (and print) this help, \
    Escape or Q quit. Scene input: arrows \
    (and the D-pad, the left stick) move the focus across rows and components, \
    Return/Space, Home/End, Page Up/Down, mouse (long press 0.5 s on the parallax button, \
    drag, wheel, click), game controller (D-pad, A/B, sticks).
    """

    private let host: GLContextHost
    /// Draws the frames: contents scale, damage, decoder pacing, when to look again.
    private var compositor: Compositor!
    private let clock = Clock()
    private var images = ImageStore()
    /// The running scene on the wall clock (scene switches restart its clock per event).
    private var session: SceneSession!
    private var scene: Scene { session.scene }
    private var sceneName: String { session.name }
    private var events: [PlatformEvent] = []
    private var recorder: OutputFile?
    private var eventLog: SceneEventLog?
    /// Whose button labels the help and the controller test show (the last one connected).
    private var controllerFamily = ControllerFamily.xbox
    /// Navigation sounds (M toggles them) and speech (V) on one audio device.
    private let sounds = DemoSounds()
    private lazy var speech = DemoSpeech(output: sounds.output)
    private let screenshotFolder: String
    private var running = true
    private var frameCount = 0
    private var fpsFrames = 0
    private var fpsStart = 0.0
    private var drawable = PixelSize(width: 0, height: 0)
    /// How long to sleep waiting for events (0: draw at full rate).
    private var idleWait = 0.0
    /// Frames drawn and frames skipped as unchanged (printed at exit with --frames).
    private(set) var framesDrawn = 0, framesSkipped = 0
    /// Frames drawn for a size the drawable no longer had when presenting: not shown, drawn again.
    private(set) var framesRefused = 0
    /// Pixels redrawn over all drawn frames (damaged redraw: only where the frame changed).
    private(set) var pixelsRedrawn = 0
    private var windowPoints = PixelSize(width: 0, height: 0)
    /// Draw the scene at most this size and scale it to the window (`--render-size`).
    var renderLimit: PixelSize? {
        get { compositor.renderLimit }
        set { compositor.renderLimit = newValue }
    }
    /// `--hwdec`: whether videos may use the device's hardware decoders, for this scene and
    /// the next ones (nil: each scene's `hwdec`).
    var hardwareDecoding: String? {
        didSet { HardwareDecodingOption.apply(hardwareDecoding, to: compositor.scene) }
    }
    /// Holds presents to the display's refresh where the swap does not (nil: uncapped).
    private var pacer: FramePacer?
    /// Presents only what changed, without a swap (a CPU rasteriser under X with
    /// GLX_MESA_copy_sub_buffer; `--no-partial-present` turns it off); nil: swaps.
    private var partialPresenter: PartialPresenter?
    /// The next present shows the whole frame, with a swap (the window was resized, exposed
    /// or shown again, or the back buffer holds something else).
    private var presentsWhole = true
    /// Presents of only what changed, and swaps, so far.
    private(set) var partialPresents = 0, swaps = 0
    /// The drawable's size at the last swap: the back buffer's (see `PartialPresenter`).
    private var swappedSize = PixelSize(width: 0, height: 0)
    /// The back buffer holds the frame last presented (false after a swap, which may leave
    /// it undefined: the next partial present copies the whole kept frame into it first).
    private var backBufferHoldsFrame = false
    /// The help or a reload error, drawn over the scene for a while (a TV has no console).
    private let overlay = DemoOverlay()
    /// Fullscreen hides the pointer until the mouse moves.
    private var isFullscreen = false

    /// `pacesFrames`: present at most once per display refresh even where vsync does not
    /// wait (Xvfb, remote displays); false for `--no-vsync` and headless runs.
    init(host: GLContextHost, renderer: GLRenderer, initialScene: String, recordPath: String?,
         eventsPath: String? = nil, screenshotFolder: String = ".", pacesFrames: Bool = false,
         presentsPartially: Bool = true) throws {
        self.host = host
        pacer = pacesFrames ? FramePacer(refreshRate: host.refreshRate) : nil
        self.screenshotFolder = screenshotFolder
        var uploads = UploadBudget(bytesPerFrame: StreamingImages.uploadBytesPerFrame)
        // Through pixel-buffer objects on a GPU (an H100: the same frame times, 119 MB resident
        // instead of 231 while browsing posters); on a CPU rasteriser they only add a copy.
        uploads.usesPixelBuffers = !renderer.rendersOnCPU
        renderer.textures.uploadBudget = uploads
        // Only where the copy is the CPU's work and vsync does not pace the swap anyway.
        if renderer.rendersOnCPU && presentsPartially {
            partialPresenter = PartialPresenter.make(for: host)
        }
        images = StreamingImages.store(pixelWidth: host.drawableSize.width)
        let first = try BuiltInScenes.load(fileOrName: initialScene, images: images, tilt: .finger)
        drawable = host.drawableSize
        windowPoints = host.windowSize
        if let recordPath {
            // Written to a temporary file and put in place when the demo ends (OutputFile):
            // an existing replay is never truncated by a run that fails.
            recorder = try OutputFile(path: recordPath)
        }
        eventLog = try eventsPath.map { try SceneEventLog(path: $0) }
        eventLog?.attach(to: first)
        sounds.attach(to: first)
        first.videoPlayback = .live
        speech.attach(to: first)
        session = SceneSession(scene: first, name: initialScene, wall: clock.now()) { [weak self] line in
            self?.record(line)
        }
        compositor = Compositor(renderer: renderer, scene: first, images: images)
        // The frame is kept between presents and redrawn only where it changed.
        compositor.redrawsOnlyDamage = true
        compositor.pausesDecoders = true
    }

    /// Runs until quit (or `maxFrames` frames when > 0).
    ///
    /// Idle: a frame whose render list draws the same pixels as the one on screen is not
    /// drawn nor presented; the loop then sleeps in `waitEvents` until the compositor's
    /// `nextFrameTime` (the scene's next timer; forever when nothing is scheduled) or the
    /// message panel's end, so a scene at rest costs no CPU and input wakes it at once
    /// (with `maxFrames`, at most `Compositor.maximumRest` per loop, so the run ends).
    func run(maxFrames: Int) throws {
        fpsStart = clock.now()
        // At rest the loop sleeps with no timeout: a stop signal must wake it.
        StopSignals.wake { GLContextHost.interruptWait() }
        while running {
            // SIGINT / SIGTERM: unwinds; the recording is not committed (ToolProcess exits 130 / 143).
            try StopSignals.check()
            events.removeAll(keepingCapacity: true)
            if idleWait > 0 {
                if host.waitEvents(into: &events, timeout: idleWait) { compositor.setNeedsDisplay() }
            } else {
                host.pollEvents(into: &events)
            }
            if host.takeExposure() {
                compositor.setNeedsDisplay()
                presentsWhole = true
            }
            // Scene time is taken per event: a scene switch restarts the clock mid-batch.
            for e in events { handle(e, at: clock.now()) }
            session.advance(wall: clock.now())
            let time = session.driver.time
            _ = overlay.expire(now: clock.now())
            compositor.overlay = overlay.layer
            if drawable.width > 0 && drawable.height > 0 {
                compositor.beginFrame(atTime: time, target: .window(width: drawable.width, height: drawable.height))
                if compositor.needsDisplay {
                    // A partial present leaves the back buffer as it was: only what changed is copied.
                    let partial = partialPresenter != nil && !presentsWhole && drawable == swappedSize
                    compositor.targetHoldsLastFrame = partial && backBufferHoldsFrame
                    try compositor.render()
                    pixelsRedrawn += compositor.redrawnPixels
                    if let pacer {
                        // At most one present per refresh where vsync does not wait (FramePacer).
                        let wait = pacer.delay(now: clock.now())
                        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                    }
                    if !host.isCurrentSize(drawable) {
                        // The window got another size while the frame was drawn: never show it.
                        compositor.endFrame()
                        takeDrawableSize()
                        framesRefused += 1
                        idleWait = 0
                        continue
                    } else if partial, let presenter = partialPresenter {
                        if let b = compositor.changedPixels { presenter.present(x: b.x, y: b.y, width: b.width, height: b.height) }
                        backBufferHoldsFrame = true
                        partialPresents += 1
                    } else {
                        host.swapBuffers()
                        swaps += 1
                        swappedSize = drawable
                        presentsWhole = false
                        backBufferHoldsFrame = false
                    }
                    pacer?.presented(at: clock.now())
                    compositor.endFrame()
                    framesDrawn += 1
                } else {
                    framesSkipped += 1
                }
                idleWait = max(0, min(compositor.nextFrameTime - time, overlay.expiry - clock.now()))
                // A run of --frames N counts loops: it looks again at least every maximumRest.
                if maxFrames > 0 { idleWait = min(idleWait, Compositor.maximumRest) }
            } else {
                // Minimised or 0x0: nothing to draw; do not spin.
                Thread.sleep(forTimeInterval: 0.05)
            }
            frameCount += 1
            updateTitle()
            if maxFrames > 0 && frameCount >= maxFrames { running = false }
        }
    }

    /// Toggles fullscreen and takes the new sizes at once (the resize event may come later).
    func toggleFullscreen() {
        isFullscreen = host.toggleFullscreen()
        host.setPointerVisible(!isFullscreen)
        takeDrawableSize()
    }

    /// Draws the next frame whole at the window's and drawable's sizes now.
    private func takeDrawableSize() {
        drawable = host.drawableSize
        windowPoints = host.windowSize
        compositor.setNeedsDisplay()
        presentsWhole = true
    }

    private func updateTitle() {
        fpsFrames += 1
        let t = clock.now()
        guard t - fpsStart >= 1 else { return }
        let fps = Double(fpsFrames) / (t - fpsStart)
        let status = scene.components.last?.status ?? ""
        host.setTitle("parallax-demo - \(sceneName) - \(status) - \(Int(fps.rounded())) fps - \(compositor.renderer.capabilities.apiName)")
        fpsFrames = 0
        fpsStart = t
    }

    private func handle(_ event: PlatformEvent, at now: Double) {
        switch event {
        case .quit:
            running = false
        case .resized(let pw, let ph, let xw, let xh):
            windowPoints = PixelSize(width: pw, height: ph)
            drawable = PixelSize(width: xw, height: xh)
            compositor.setNeedsDisplay()
            presentsWhole = true
        case .key(let name, let down, _) where down && handleDemoKey(name):
            break
        case .controllerAdded(let name):
            controllerFamily = ControllerGlyphs.family(name: name)
            for c in scene.components { (c as? ControllerTest)?.setFamily(controllerFamily) }
            compositor.setNeedsDisplay()
            print("controller connected: \(name) (\(controllerFamily.rawValue) buttons)")
        case .controllerRemoved:
            print("controller disconnected")
        case .move where isFullscreen:
            host.setPointerVisible(true)
            if let input = event.inputEvent(mapping: windowMapping) { deliver(input, at: now) }
        default:
            if let input = event.inputEvent(mapping: windowMapping) { deliver(input, at: now) }
        }
    }

    /// Keys the demo itself uses; returns true when consumed.
    private func handleDemoKey(_ name: String) -> Bool {
        switch name {
        case "Escape", "Q":
            running = false
        case "F11", "F":
            toggleFullscreen()
        case "P":
            let path = ScreenshotPath.next(folder: screenshotFolder, scene: sceneName, date: Date()) {
                FileManager.default.fileExists(atPath: $0)
            }
            do { try saveScreenshot(to: path); print("saved \(path)") } catch { print("screenshot failed: \(error)") }
        case "H", "F1":
            let scenes = "Scenes: \(BuiltInScenes.names.enumerated().map { "\($0 + 1) \($1)" }.joined(separator: ", "))"
            print(DemoApp.helpText)
            let label = { ControllerGlyphs.label($0, family: self.controllerFamily) }
            let controller = "Controller (\(controllerFamily.rawValue)): \(label("A")) selects, \(label("B")) goes back, the D-pad or left stick moves the focus"
            print(controller)
            print(scenes)
            showMessage(DemoApp.helpText + "\n\n" + controller + "\n\n" + scenes)
        case "R":
            switchScene(to: sceneName, reload: true)
        case "Tab":
            let i = BuiltInScenes.names.firstIndex(of: sceneName) ?? -1
            switchScene(to: BuiltInScenes.names[(i + 1) % BuiltInScenes.names.count], reload: false)
        case "C":
            for c in scene.components { (c as? TypeCycling)?.cycleType() }
        case "M":
            print("sounds: \(sounds.toggle() ? "on" : "off")")
        case "V":
            print("speech: \(speech.toggle(scene, at: session.sceneTime(wall: clock.now())) ? "on" : "off")")
        default:
            if let digit = Int(name), digit >= 1, digit <= BuiltInScenes.names.count {
                switchScene(to: BuiltInScenes.names[digit - 1], reload: false)
            } else {
                return false
            }
        }
        return true
    }

    private func switchScene(to name: String, reload: Bool) {
        let fresh = StreamingImages.store(pixelWidth: drawable.width)
        do {
            let next = try BuiltInScenes.load(fileOrName: name, images: fresh, tilt: .finger)
            images = fresh     // the old store's textures go when it does (ImageStoreID.retire)
            overlay.hide()     // its text is the old store's
            eventLog?.attach(to: next)
            sounds.attach(to: next)
            next.videoPlayback = .live
            HardwareDecodingOption.apply(hardwareDecoding, to: next)
            speech.attach(to: next)
            compositor.show(next, images: fresh)
            presentsWhole = true
            // The recording goes on: a scene line starts the new scene's segment.
            session.replace(with: next, name: name, wall: clock.now())
            print("scene: \(name)\(reload ? " (reloaded)" : "")")
        } catch {
            // Keep the last good scene running.
            print("parallax-demo: \(error) (keeping the current scene)")
            showMessage("\(error)\n\n(keeping the current scene)")
        }
    }

    /// Draws `message` over the scene for `DemoOverlay.duration` seconds.
    private func showMessage(_ message: String) {
        let scale = GLRenderer.canvasMapping(canvas: scene.canvas, pixelWidth: max(1, drawable.width),
                                             pixelHeight: max(1, drawable.height)).scale
        overlay.show(message, canvas: scene.canvas, images: images, scale: scale, now: clock.now())
        compositor.overlay = overlay.layer
        compositor.setNeedsDisplay()
    }

    /// Delivers an event that happened at wall time `now` (scene time is the session's).
    private func deliver(_ event: InputEvent, at now: Double) {
        session.deliver(event, wall: now)
    }

    /// Appends one replay line; a failed write (full disk) stops the recording and leaves
    /// any older replay file as it was.
    private func record(_ line: String) {
        guard let recorder else { return }
        do {
            try recorder.write(Array((line + "\n").utf8))
        } catch {
            ToolProcess.note("parallax-demo: \(error) (recording stopped)\n")
            recorder.abandon()
            self.recorder = nil
        }
    }

    /// How the window shows the scene's canvas (uniform scale, centred, like the renderer).
    private var windowMapping: WindowToCanvas {
        WindowToCanvas(canvas: scene.canvas, windowWidth: Double(max(windowPoints.width, 1)),
                       windowHeight: Double(max(windowPoints.height, 1)))
    }

    func saveScreenshot(to path: String) throws {
        let (w, h) = (drawable.width, drawable.height)
        guard w > 0, h > 0 else { throw DemoError(description: "no drawable to capture (window minimised)") }
        // A fresh frame drawn whole into the back buffer and read before any swap, with
        // every texture it needs uploaded now.
        let time = session.sceneTime(wall: clock.now())
        compositor.overlay = overlay.layer      // what the screen shows
        guard let image = compositor.capture(atTime: time, target: .window(width: w, height: h)) else { return }
        // That drew into the window's framebuffer (which may resize its back buffer): the
        // next present is a whole one.
        presentsWhole = true
        try image.writePNG(path: path)
    }

    /// Puts the replay file in place; a failure (full disk) leaves any older file as it was.
    func finishRecording() {
        guard let recorder else { return }
        self.recorder = nil
        do { try recorder.commit() } catch { ToolProcess.note("parallax-demo: \(error) (replay not saved)\n") }
    }
}

/// A component whose layout type can be cycled live (the carousel).
protocol TypeCycling: AnyObject {
    func cycleType()
}

extension Carousel: TypeCycling {
    /// Switches to the next layout type (rotatedFlow, then the iCarousel family).
    func cycleType() {
        let all = CarouselType.allCases
        let next = all[((all.firstIndex(of: type) ?? 0) + 1) % all.count]
        setType(next)
        print("carousel type: \(next.rawValue)")
    }
}
