// parallax-render: renders one frame of a scene headless and exits (DESIGN.md section 5).
import ArgumentParser
import Components
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import Platform
import SceneRuntime

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax-render",
        abstract: "Render one frame of a scene headless: a PNG and/or a quads dump.",
        discussion: """
        SCENE is a scene file (JSON, docs/scene-format.md) or the name of a built-in scene \
        (\(BuiltInScenes.names.joined(separator: ", "))). Without --png or --quads the quads dump goes to \
        standard output. Errors are one line on standard error, exit status 1.
        """)

    @Argument(help: "Scene file, or a built-in scene name.")
    var scene: String

    @Option(help: "Scene time in seconds since the scene started.")
    var time: Double = 0

    @Option(help: "Hold the pointer (left button down) at a canvas point from t = 0, as X,Y.")
    var pointer: String?

    @Option(help: "Replay file (JSON lines of input events) to play up to --time.")
    var replay: String?

    @Option(help: "PNG size in pixels as WxH (the canvas scaled uniformly; default: the canvas size).")
    var size: String?

    @Option(help: "Write the rendered frame to this PNG file.")
    var png: String?

    @Option(help: "Write the quads dump (JSON) to this file ('-' for standard output).")
    var quads: String?

    @Option(help: "Write the scene's events (focus, select, index, longPress) up to --time as JSON lines to this file ('-' for standard output).")
    var events: String?

    @Option(help: "Folder with the shaders (overrides $PARALLAX_SHADERS and the bundled ones).")
    var shaders: String?

    @Option(help: "MSAA samples for the offscreen framebuffer (0: analytic edge antialiasing only).")
    var samples: Int = 0

    func validate() throws {
        if let problem = shaderFolderProblem(shaders) { throw ValidationError(problem) }
        guard time.isFinite, time >= 0 else { throw ValidationError("--time must be a finite number >= 0") }
        if let pointer { _ = try parsePair(pointer, separator: ",", option: "--pointer") }
        if let size {
            let (w, h) = try parsePair(size, separator: "x", option: "--size")
            guard w >= 1, h >= 1, w <= 16384, h <= 16384, w == w.rounded(), h == h.rounded() else {
                throw ValidationError("--size must be WxH with whole numbers in 1...16384")
            }
        }
        guard (0...16).contains(samples) else { throw ValidationError("--samples must be in 0...16") }
    }

    func run() throws {
        let images = ImageStore()
        let scene = try loadScene(scene, images: images)
        var events: [TimedEvent] = []
        if let pointer {
            let (x, y) = try parsePair(pointer, separator: ",", option: "--pointer")
            events.append(TimedEvent(time: 0, event: .move(Point(x, y))))
            events.append(TimedEvent(time: 0, event: .pointer(Point(x, y), button: .left, down: true)))
        }
        if let replay {
            guard let data = FileManager.default.contents(atPath: replay), let text = String(data: data, encoding: .utf8) else {
                throw SceneError(file: replay, path: "", message: "cannot read the file as UTF-8 text")
            }
            events += try Replay.events(text, file: replay, scene: self.scene)
        }
        let eventLog = try self.events.map { try SceneEventLog(path: $0) }
        eventLog?.attach(to: scene)
        let driver = SceneDriver(scene: scene, events: events)
        driver.advance(to: time)
        withExtendedLifetime(eventLog) {}

        if png != nil, let size {
            // Text is rasterised at the output's pixels per canvas point.
            let s = try parsePair(size, separator: "x", option: "--size")
            scene.setContentsScale(min(s.0 / scene.canvas.width, s.1 / scene.canvas.height))
        }
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        let dump = QuadsDump.json(list, time: time)
        if let quads, quads != "-" {
            try write(dump, to: quads)
        } else if quads == "-" || png == nil {
            print(dump, terminator: "")
        }

        guard let png else { return }
        var (w, h) = (Int(scene.canvas.width.rounded()), Int(scene.canvas.height.rounded()))
        if let size {
            let s = try parsePair(size, separator: "x", option: "--size")
            (w, h) = (Int(s.0), Int(s.1))
        }
        var options = GLContextHost.Options()
        options.headless = true
        options.controllers = false
        options.width = w
        options.height = h
        let host = try GLContextHost(options)
        try withExtendedLifetime(host) {
            var rendererOptions = GLRenderer.Options()
            rendererOptions.antialias = samples == 0
            let renderer = try GLRenderer(shaderDirectory: shaders, options: rendererOptions)
            let framebuffer = try Framebuffer(width: w, height: h, samples: samples)
            renderer.render(list, into: .framebuffer(framebuffer), images: images, background: scene.background)
            let image = renderer.readPixels(framebuffer)
            if let failed = images.loadErrors.first {
                throw SceneError(file: self.scene, path: "", message: "image \(failed.key) failed to load: \(failed.value)")
            }
            try image.writePNG(path: png)
            framebuffer.destroy()
        }
    }

    func write(_ text: String, to path: String) throws {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw SceneError(file: path, path: "", message: "cannot write: \(error.localizedDescription)")
        }
    }
}

/// Loads a scene file, or a built-in scene when `name` is not a file but names one.
func loadScene(_ name: String, images: ImageStore) throws -> Scene {
    try SceneSource.load(name, images: images)
}

/// Parses "A<sep>B" into two finite numbers.
func parsePair(_ text: String, separator: Character, option: String) throws -> (Double, Double) {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite else {
        throw ValidationError("\(option) expects two numbers as A\(separator)B, found \"\(text)\"")
    }
    return (a, b)
}

extension PlatformError: OneLineError {}

/// Runs the command; library errors become one line on stderr and exit status 1.
do {
    var command = try RenderCommand.parseAsRoot()
    try command.run()
} catch let error as OneLineError {
    FileHandle.standardError.write(Data("parallax-render: \(error)\n".utf8))
    exit(1)
} catch {
    RenderCommand.exit(withError: error)
}
