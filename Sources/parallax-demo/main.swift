// parallax-demo: the interactive app. A window (or headless with --headless), the
// built-in scenes or a scene file, mouse/keyboard/controller input, screenshots, replay
// recording, live reload.
import ArgumentParser
import Components
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import Platform
import Scene
import SceneRuntime
import ToolSupport

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax-demo",
        abstract: "Interactive demo: opens on a TV home screen (built-in scene 'home'); also the parallax button, carousels, cube and scroll header.",
        discussion: DemoApp.helpText)

    @Argument(help: "Scene file (JSON), built-in scene name, or a layered image to preview (.lsr, .imagestack, a folder of layer PNGs; it tilts with the pointer); without it, the TV home screen ('home').")
    var scene: String?

    @Option(help: "Write every input event delivered to the scene to this replay file (JSON lines).")
    var record: String?

    @Option(help: "Write the scene's events (focus, select, index, longPress) as JSON lines to this file ('-' for standard output).")
    var events: String?

    @Option(help: "Folder for the P key's screenshots (default: $XDG_PICTURES_DIR, else ~/Pictures if it exists, else the working directory).")
    var screenshots: String?

    @Option(help: "Window size in points as WxH.")
    var size: String = "1280x720"

    @Flag(help: "Start fullscreen at the display's own size and mode (a borderless window covering it, the display itself on KMS; F or F11 toggles).")
    var fullscreen = false

    @Flag(help: "No visible window (SDL's offscreen driver).")
    var headless = false

    @Option(help: "Quit after this many frames (0: run until closed).")
    var frames: Int = 0

    @Option(help: "Save a screenshot PNG to this path when quitting.")
    var screenshot: String?

    @Option(help: "Folder with the shaders (overrides $PARALLAX_SHADERS and the built-in ones).")
    var shaders: String?

    @Option(help: ArgumentHelp(GraphicsAPIOption.help))
    var gl: String = "auto"

    @Option(help: ArgumentHelp(HardwareDecodingOption.help))
    var hwdec: String?

    @Option(help: "Draw the scene at most this many pixels as WxH (the window's aspect kept) and scale it to the window bilinearly, e.g. 1920x1080 on a 4K display.")
    var renderSize: String?

    @Option(help: "Texture memory budget in bytes: least recently used images are evicted beyond it (default 536870912).")
    var textureBudget: Int?

    @Option(help: "SDL video driver, and no other: x11, wayland, kmsdrm (no display server: GLES on the DRM device) or offscreen (default: $SDL_VIDEODRIVER, else SDL's choice).")
    var video: String?

    @Flag(help: "Disable vsync (measure the uncapped frame rate).")
    var noVsync = false

    @Option(help: "A game-controller database (SDL's gamecontrollerdb.txt format) added after the usual places and $SDL_GAMECONTROLLERCONFIG_FILE.")
    var controllerDb: String?

    @Flag(help: "Show which controller button is which (the controller-test screen) instead of a scene.")
    var controllerTest = false

    @Flag(help: "Swap whole frames even where only what changed could be presented (GLX_MESA_copy_sub_buffer on a CPU rasteriser).")
    var noPartialPresent = false

    func validate() throws {
        if let problem = shaderFolderProblem(shaders) { throw ValidationError(problem) }
        guard GraphicsAPIOption.parse(gl) != nil else { throw ValidationError(GraphicsAPIOption.problem(gl)) }
        if let problem = HardwareDecodingOption.problem(hwdec) { throw ValidationError(problem) }
        if let renderSize, SizeOption.parse(renderSize) == nil {
            throw ValidationError("--render-size must be WxH with whole numbers in 1...16384, found \"\(renderSize)\"")
        }
        if let textureBudget, textureBudget < 1 << 20 || textureBudget > 1 << 40 {
            throw ValidationError("--texture-budget must be a byte count in 1048576...1099511627776")
        }
        if let video, !["x11", "wayland", "kmsdrm", "offscreen"].contains(video) {
            throw ValidationError("--video must be x11, wayland, kmsdrm or offscreen, found \"\(video)\"")
        }
        guard SizeOption.parse(size) != nil else {
            throw ValidationError("--size expects WxH in points, found \"\(size)\"")
        }
        guard frames >= 0 else { throw ValidationError("--frames must be >= 0") }
        if controllerTest && scene != nil { throw ValidationError("--controller-test shows its own screen: leave out the scene") }
        // Said now, not at the first P press in the middle of a session.
        if let screenshots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: screenshots, isDirectory: &isFolder) else {
                throw ValidationError("--screenshots \(screenshots): no such folder")
            }
            guard isFolder.boolValue else { throw ValidationError("--screenshots \(screenshots): not a folder") }
        }
    }

    func run() throws {
        let parts = SizeOption.parse(size)!
        var options = GLContextHost.Options()
        options.title = "parallax-demo"
        options.width = parts.width
        options.height = parts.height
        options.headless = headless
        options.vsync = !noVsync
        options.api = GraphicsAPIOption.parse(gl)!
        options.fullscreen = fullscreen
        options.videoDriver = video
        let databases = ControllerDatabase.sources(environment: ProcessInfo.processInfo.environment, option: controllerDb)
        ControllerDatabase.keepSDLFromReadingTheFile()
        let host = try GLContextHost(options)
        for problem in ControllerDatabase.load(databases).problems { ToolProcess.note("parallax-demo: \(problem)\n") }
        try withExtendedLifetime(host) {
            var rendererOptions = GLRenderer.Options()
            if let textureBudget { rendererOptions.textureBudgetBytes = textureBudget }
            let renderer = try GLRenderer(shaderDirectory: shaders, options: rendererOptions)
            let folder = ScreenshotPath.folder(option: screenshots, environment: ProcessInfo.processInfo.environment) {
                FileManager.default.fileExists(atPath: $0)
            }
            let app = try DemoApp(host: host, renderer: renderer, initialScene: controllerTest ? "controller-test" : scene ?? BuiltInScenes.defaultName,
                                  recordPath: record, eventsPath: events, screenshotFolder: folder,
                                  pacesFrames: !noVsync && !headless, presentsPartially: !noPartialPresent)
            app.renderLimit = renderSize.flatMap(SizeOption.parse)
            app.hardwareDecoding = hwdec
            try app.run(maxFrames: frames)
            if frames > 0 {
                print("frames drawn: \(app.framesDrawn), skipped unchanged: \(app.framesSkipped), "
                      + "drawn again for a new window size: \(app.framesRefused)")
            }
            if frames > 0, app.framesDrawn > 0 {
                let size = host.drawableSize, whole = Double(max(1, size.width * size.height))
                let mean = Double(app.pixelsRedrawn) / Double(app.framesDrawn) / whole * 100
                print("redrawn per drawn frame: \((mean * 10).rounded() / 10)% of the window (damaged redraw)")
                print("presents: \(app.partialPresents) of what changed (GLX_MESA_copy_sub_buffer), \(app.swaps) swaps")
            }
            if let screenshot { try app.saveScreenshot(to: screenshot) }
            app.finishRecording()
            // Debug builds record glGetError results; report them at exit (zero expected).
            #if DEBUG
            let errors = renderer.glErrors
            print("GL errors: \(errors.count)" + (errors.isEmpty ? "" : " (" + errors.prefix(5).joined(separator: "; ") + ")"))
            #endif
        }
    }
}

/// Every error (options included) is one line on stderr and exit status 1; a crash exits at once.
ToolProcess.run(DemoCommand.self, name: "parallax-demo", obeysStopSignals: true)
