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
        abstract: "Interactive demo of the parallax button, carousel, cube and scroll header.",
        discussion: DemoApp.helpText)

    @Argument(help: "Scene file (JSON) or built-in scene name; the built-in default scene without it.")
    var scene: String?

    @Option(help: "Write every input event delivered to the scene to this replay file (JSON lines).")
    var record: String?

    @Option(help: "Write the scene's events (focus, select, index, longPress) as JSON lines to this file ('-' for standard output).")
    var events: String?

    @Option(help: "Folder for the P key's screenshots (default: $XDG_PICTURES_DIR, else ~/Pictures if it exists, else the working directory).")
    var screenshots: String?

    @Option(help: "Window size in points as WxH.")
    var size: String = "1280x720"

    @Flag(help: "Start fullscreen (a borderless window covering the display; F or F11 toggles).")
    var fullscreen = false

    @Flag(help: "No visible window (SDL's offscreen driver).")
    var headless = false

    @Option(help: "Quit after this many frames (0: run until closed).")
    var frames: Int = 0

    @Option(help: "Save a screenshot PNG to this path when quitting.")
    var screenshot: String?

    @Option(help: "Folder with the shaders (overrides $PARALLAX_SHADERS and the built-in ones).")
    var shaders: String?

    @Flag(help: "Disable vsync (measure the uncapped frame rate).")
    var noVsync = false

    @Flag(help: "Swap whole frames even where only what changed could be presented (GLX_MESA_copy_sub_buffer on a CPU rasteriser).")
    var noPartialPresent = false

    func validate() throws {
        if let problem = shaderFolderProblem(shaders) { throw ValidationError(problem) }
        guard SizeOption.parse(size) != nil else {
            throw ValidationError("--size expects WxH in points, found \"\(size)\"")
        }
        guard frames >= 0 else { throw ValidationError("--frames must be >= 0") }
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
        let host = try GLContextHost(options)
        try withExtendedLifetime(host) {
            let renderer = try GLRenderer(shaderDirectory: shaders)
            let folder = ScreenshotPath.folder(option: screenshots, environment: ProcessInfo.processInfo.environment) {
                FileManager.default.fileExists(atPath: $0)
            }
            let app = try DemoApp(host: host, renderer: renderer, initialScene: scene ?? BuiltInScenes.defaultName,
                                  recordPath: record, eventsPath: events, screenshotFolder: folder,
                                  pacesFrames: !noVsync && !headless, presentsPartially: !noPartialPresent)
            if fullscreen { app.toggleFullscreen() }
            try app.run(maxFrames: frames)
            if frames > 0 { print("frames drawn: \(app.framesDrawn), skipped unchanged: \(app.framesSkipped)") }
            if frames > 0, app.framesDrawn > 0 {
                let size = host.drawableSize, whole = Double(max(1, size.width * size.height))
                let mean = Double(app.pixelsRedrawn) / Double(app.framesDrawn) / whole * 100
                print("redrawn per drawn frame: \((mean * 10).rounded() / 10)% of the window (damaged redraw)")
                print("presents: \(app.partialPresents) of what changed (GLX_MESA_copy_sub_buffer), \(app.swaps) swaps")
            }
            if let screenshot { try app.saveScreenshot(to: screenshot) }
            app.finishRecording()
            // Debug builds record glGetError results; report them at exit (issue #7: zero expected).
            #if DEBUG
            let errors = renderer.glErrors
            print("GL errors: \(errors.count)" + (errors.isEmpty ? "" : " (" + errors.prefix(5).joined(separator: "; ") + ")"))
            #endif
        }
    }
}

/// Every error (options included) is one line on stderr and exit status 1; a crash exits at once.
ToolProcess.run(DemoCommand.self, name: "parallax-demo")
