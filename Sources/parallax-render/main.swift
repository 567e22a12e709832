// parallax-render: renders one frame of a scene headless and exits (DESIGN.md section 5),
// or a sequence of frames (--frames N --fps F) as numbered PNGs and, through ffmpeg, an
// animated GIF, animated PNG or video (--out).
import ArgumentParser
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

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax-render",
        abstract: "Render a scene headless: one frame (a PNG and/or a quads dump) or an animation.",
        discussion: """
        SCENE is a scene file (JSON, docs/scene-format.md) or the name of a built-in scene \
        (\(BuiltInScenes.names.joined(separator: ", "))). Without --png or --quads the quads dump goes to \
        standard output. With --frames N, frame i is the scene at --time + i / --fps; --png and --quads \
        then take a numbered pattern (frames/f-%04d.png, numbers from 0) and --out encodes the frames \
        with ffmpeg into a .gif, .apng, .mp4 or .webm. Errors are one line on standard error, exit status 1.
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

    @Option(help: "Folder with the shaders (overrides $PARALLAX_SHADERS and the built-in ones).")
    var shaders: String?

    @Option(help: "MSAA samples for the offscreen framebuffer (0: analytic edge antialiasing only).")
    var samples: Int = 0

    @Option(help: "Render this many frames, starting at --time, --fps apart (1...100000).")
    var frames: Int?

    @Option(help: "Frames per second of scene time for --frames.")
    var fps: Double = 30

    @Option(help: "With --frames: encode the frames with ffmpeg into this .gif, .apng (.png), .mp4 or .webm file.")
    var out: String?

    func validate() throws {
        if let problem = shaderFolderProblem(shaders) { throw ValidationError(problem) }
        guard time.isFinite, time >= 0 else { throw ValidationError("--time must be a finite number >= 0") }
        if let pointer { _ = try parsePair(pointer, separator: ",", option: "--pointer") }
        if let size {
            _ = try parsePair(size, separator: "x", option: "--size")
            guard SizeOption.parse(size) != nil else {
                throw ValidationError("--size must be WxH with whole numbers in 1...16384")
            }
        }
        guard (0...16).contains(samples) else { throw ValidationError("--samples must be in 0...16") }
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw ValidationError("--fps must be a number in (0, 1000]") }
        if let frames {
            guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be in 1...100000") }
            guard png != nil || quads != nil || out != nil else {
                throw ValidationError("--frames needs --png PATTERN, --quads PATTERN or --out FILE")
            }
            guard quads != "-" else { throw ValidationError("--quads - cannot hold several frames; give a pattern") }
        } else if out != nil {
            throw ValidationError("--out needs --frames N (and --fps F)")
        }
    }

    func run() throws {
        let images = ImageStore()
        let scene = try BuiltInScenes.load(fileOrName: scene, images: images)
        let eventLog = try self.events.map { try SceneEventLog(path: $0, notes: false) }
        eventLog?.attach(to: scene)
        defer { withExtendedLifetime(eventLog) {} }
        let driver = SceneDriver(scene: scene, events: try inputEvents())
        if frames != nil { return try renderFrames(driver, images: images) }
        driver.advance(to: time)
        if let failure = eventLog?.failure { throw failure }

        if png != nil {
            // Text is rasterised at the output's pixels per canvas point (as the frame will be).
            let (w, h) = pixelSize(scene)
            Compositor.setContentsScale(of: scene, pixelWidth: w, pixelHeight: h)
        }
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        let dump = QuadsDump.json(list, time: time)
        if let quads, quads != "-" {
            try OutputFile.write(dump, to: quads)
        } else if quads == "-" || png == nil {
            try ToolProcess.writeOutput(dump)
        }

        guard let png else { return }
        try withOffscreenCompositor(scene, images: images) { compositor, target in
            let image = compositor.capture(atTime: time, target: target)!
            try checkImages(images)
            try image.writePNG(path: png)
        }
    }

    /// --frames: frame i at --time + i / --fps, as numbered PNGs and quads dumps, then
    /// encoded by ffmpeg when --out is given.
    func renderFrames(_ driver: SceneDriver, images: ImageStore) throws {
        let count = frames ?? 1
        let pngPattern = try png.map { try FramePattern($0, option: "--png") }
        let quadsPattern = try quads.map { try FramePattern($0, option: "--quads") }
        var format: AnimationFormat?
        var ffmpeg: String?
        if let out {
            format = try AnimationFormat(path: out)
            try FrameExport.checkOutput(out)
            guard let found = FrameExport.findFFmpeg() else { throw ExportError(FrameExport.missingFFmpeg) }
            ffmpeg = found
        }
        // Frames for ffmpeg go to the --png pattern, or to a temporary folder.
        var temporary: String?
        var framePattern = pngPattern
        if out != nil && framePattern == nil {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-render-\(UUID().uuidString)").path
            do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {
                throw ExportError("cannot create a temporary folder \(dir): \(error.localizedDescription)")
            }
            temporary = dir
            framePattern = try FramePattern(dir + "/frame-%05d.png", option: "--out")
        }
        defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }

        let scene = driver.scene
        var list = RenderList()
        var flattener = Flattener()
        // Quads alone need no GL: the same flatten the compositor does, at the same contents scale.
        let draw: (Compositor?, RenderTarget?) throws -> Void = { compositor, target in
            for i in 0..<count {
                let t = time + Double(i) / fps
                driver.advance(to: t)
                guard let compositor, let target, let framePattern else {
                    flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
                    if let quadsPattern { try write(QuadsDump.json(list, time: t), to: quadsPattern.path(i)) }
                    continue
                }
                let image = compositor.capture(atTime: t, target: target)!
                if let quadsPattern { try write(QuadsDump.json(compositor.list, time: t), to: quadsPattern.path(i)) }
                try checkImages(images)
                try image.writePNG(path: framePattern.path(i))
            }
        }
        if framePattern == nil {
            try draw(nil, nil)
        } else {
            try withOffscreenCompositor(scene, images: images) { try draw($0, $1) }
        }
        if let out, let format, let ffmpeg, let framePattern {
            try FrameExport.encode(ffmpeg: ffmpeg, format: format, input: framePattern.pattern, fps: fps, output: out)
        }
    }

    /// The PNG's pixel size: --size, else the canvas size.
    func pixelSize(_ scene: Scene) -> (width: Int, height: Int) {
        if let size { return SizeOption.parse(size)! }
        return (Int(scene.canvas.width.rounded()), Int(scene.canvas.height.rounded()))
    }

    /// Creates the headless context, compositor and framebuffer at the --size pixel size.
    func withOffscreenCompositor(_ scene: Scene, images: ImageStore, _ body: (Compositor, RenderTarget) throws -> Void) throws {
        let (w, h) = pixelSize(scene)
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
            defer { framebuffer.destroy() }
            try body(Compositor(renderer: renderer, scene: scene, images: images), .framebuffer(framebuffer))
        }
    }

    /// Fails when an image of the scene could not be loaded.
    func checkImages(_ images: ImageStore) throws {
        if let failed = images.loadErrors.first {
            throw SceneError(file: self.scene, path: "", message: "image \(failed.key) failed to load: \(failed.value)")
        }
    }

    /// The --pointer and --replay events.
    func inputEvents() throws -> [TimedEvent] {
        var events: [TimedEvent] = []
        if let pointer {
            let (x, y) = try parsePair(pointer, separator: ",", option: "--pointer")
            events.append(TimedEvent(time: 0, event: .move(Point(x, y))))
            events.append(TimedEvent(time: 0, event: .pointer(Point(x, y), button: .left, down: true)))
        }
        if let replay {
            events += try Replay.events(try Replay.text(path: replay), file: replay, scene: self.scene)
        }
        return events
    }

    func write(_ text: String, to path: String) throws {
        try OutputFile.write(text, to: path)
    }
}

/// Loads a scene file, or a built-in scene when `name` is not a file but names one.
/// Parses "A<sep>B" into two finite numbers.
func parsePair(_ text: String, separator: Character, option: String) throws -> (Double, Double) {
    let parts = text.split(separator: separator, omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite else {
        throw ValidationError("\(option) expects two numbers as A\(separator)B, found \"\(text)\"")
    }
    return (a, b)
}

/// Runs the command; every error (options included) is one line on stderr and exit status 1.
ToolProcess.run(RenderCommand.self, name: "parallax-render")
