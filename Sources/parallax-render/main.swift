// parallax-render: renders one frame of a scene headless and exits (docs/architecture.md),
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
        standard output (not when --events - writes there: then only with --quads -). Outputs are put in \
        place together once the run succeeded. With --frames N, frame i is the scene at --time + i / --fps; --png and --quads \
        then take a numbered pattern (frames/f-%04d.png, numbers from 0) and --out encodes the frames \
        with ffmpeg into a .gif, .apng, .mp4 or .webm. Errors are one line on standard error, exit status 1.
        """)

    @Argument(help: "Scene file, a built-in scene name, or a layered image to preview (.lsr, .imagestack, a folder of layer PNGs).")
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

    @Option(help: ArgumentHelp(HardwareDecodingOption.help))
    var hwdec: String?

    @Option(help: ArgumentHelp(GraphicsAPIOption.help))
    var gl: String = "auto"

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
        guard GraphicsAPIOption.parse(gl) != nil else { throw ValidationError(GraphicsAPIOption.problem(gl)) }
        if let problem = HardwareDecodingOption.problem(hwdec) { throw ValidationError(problem) }
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
        // Every output is staged and put in place together at the end of a successful run.
        let outputs = ToolOutputs()
        if InputFile.namesSomething(scene) { outputs.input(scene, name: "the scene \(scene)") }
        if let replay { outputs.input(replay, name: "--replay \(replay)") }
        for (path, option) in [(png, "--png"), (quads, "--quads"), (events, "--events"), (out, "--out")] {
            if let path, path != "-", frames == nil || option == "--out" || option == "--events" {
                try outputs.claim(path, name: "\(option) \(path)")
            }
        }
        let images = ImageStore()
        let scene = try LoadBudget.run(self.scene) { try BuiltInScenes.load(fileOrName: self.scene, images: images, tilt: .auto) }   // a preview circles on its own
        HardwareDecodingOption.apply(hwdec, to: scene)
        try StopSignals.check()
        let eventLog = try self.events.map { try SceneEventLog(path: $0, notes: false, streaming: false) }
        eventLog?.attach(to: scene)
        let driver = SceneDriver(scene: scene, events: try inputEvents())
        var standardOutput: String?
        if frames != nil {
            try renderFrames(driver, images: images, outputs: outputs)
        } else {
            standardOutput = try renderFrame(driver, images: images, outputs: outputs)
        }
        if let log = try eventLog?.finish() { try outputs.adopt(log) }
        try StopSignals.check()
        if let standardOutput { try ToolProcess.writeOutput(standardOutput) }
        try outputs.commit()
    }

    /// One frame at --time: the PNG and the quads dump staged in `outputs`; returns the
    /// dump when it goes to standard output (`--quads -`, or neither --png nor --quads
    /// and standard output not taken by `--events -`).
    func renderFrame(_ driver: SceneDriver, images: ImageStore, outputs: ToolOutputs) throws -> String? {
        let scene = driver.scene
        driver.advance(to: time)
        if png != nil {
            // Text is rasterised at the output's pixels per canvas point (as the frame will be).
            let px = pixelSize(scene), (w, h) = (px.width, px.height)
            Compositor.setContentsScale(of: scene, pixelWidth: w, pixelHeight: h)
            // Images not decoded yet are decoded for the frame's pixels when it has more.
            let scale = GLRenderer.canvasMapping(canvas: scene.canvas, pixelWidth: w, pixelHeight: h).scale
            images.pixelsPerPoint = max(images.pixelsPerPoint, scale)
        }
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        let dump = QuadsDump.json(list, time: time)
        if let quads, quads != "-" { try outputs.stage(Array(dump.utf8), to: quads) }
        if let png {
            try withOffscreenCompositor(scene, images: images) { compositor, target in
                let image = compositor.capture(atTime: time, target: target)!
                try checkImages(images)
                try stagePNG(image, to: png, outputs)
            }
        }
        return quads == "-" || (quads == nil && png == nil && events != "-") ? dump : nil
    }

    /// --frames: frame i at --time + i / --fps, as numbered PNGs and quads dumps, then
    /// encoded by ffmpeg when --out is given. ffmpeg reads the frames from a private
    /// folder, so frames left by an earlier run under the --png pattern are never taken.
    func renderFrames(_ driver: SceneDriver, images: ImageStore, outputs: ToolOutputs) throws {
        let count = frames ?? 1
        let pngPattern = try png.map { try FramePattern($0, option: "--png") }
        let quadsPattern = try quads.map { try FramePattern($0, option: "--quads") }
        var format: AnimationFormat?
        var ffmpeg: String?
        var clip: OutputFile?
        var scratch: TemporaryFolder?
        var clipFrames: FramePattern?
        if let out {
            format = try AnimationFormat(path: out)
            clip = try FrameExport.openOutput(out)
            guard let found = FrameExport.findFFmpeg() else { throw ExportError(FrameExport.missingFFmpeg) }
            ffmpeg = found
            let folder = try TemporaryFolder(prefix: "parallax-render-")
            scratch = folder
            // The folder's name is taken as it is: a % in it is not a frame number.
            clipFrames = try FramePattern(folder.path.replacingOccurrences(of: "%", with: "%%") + "/frame-%05d.png", option: "--out")
        }

        let scene = driver.scene
        var list = RenderList()
        var flattener = Flattener()
        // Quads alone need no GL: the same flatten the compositor does.
        let draw: (Compositor?, RenderTarget?) throws -> Void = { compositor, target in
            for i in 0..<count {
                try StopSignals.check()
                let t = time + Double(i) / fps
                driver.advance(to: t)
                var frame: Image?
                if let compositor, let target {
                    frame = compositor.capture(atTime: t, target: target)!
                } else {
                    flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
                }
                if let quadsPattern {
                    let path = quadsPattern.path(i)
                    try outputs.claim(path, name: "--quads \(path)")
                    try outputs.stage(Array(QuadsDump.json(compositor?.list ?? list, time: t).utf8), to: path)
                }
                guard let frame else { continue }
                try checkImages(images)
                if let pngPattern {
                    let path = pngPattern.path(i)
                    try outputs.claim(path, name: "--png \(path)")
                    try stagePNG(frame, to: path, outputs)
                }
                if let clipFrames { try frame.writePNG(path: clipFrames.path(i)) }
            }
        }
        if pngPattern == nil && clipFrames == nil {
            try draw(nil, nil)
        } else {
            try withOffscreenCompositor(scene, images: images) { try draw($0, $1) }
        }
        if let clip, let format, let ffmpeg, let clipFrames, let scratch {
            try FrameExport.encode(ffmpeg: ffmpeg, format: format, input: clipFrames.pattern, fps: fps, output: clip,
                                   scratch: scratch, timeLimit: FrameExport.timeLimit(frames: count),
                                   shouldStop: StopSignals.check)
            try outputs.adopt(clip)
        }
    }

    /// Encodes `image` and stages it at `path`; a failed write is worded as a PNG's.
    func stagePNG(_ image: Image, to path: String, _ outputs: ToolOutputs) throws {
        let bytes = try image.encodePNG()
        do { try outputs.stage(bytes, to: path) } catch let error as FileError {
            throw ImageError.writeFailed(error, path: path)
        }
    }

    /// The PNG's pixel size: --size, else the canvas size.
    func pixelSize(_ scene: Scene) -> PixelSize {
        if let size { return SizeOption.parse(size)! }
        return PixelSize(width: Int(scene.canvas.width.rounded()), height: Int(scene.canvas.height.rounded()))
    }

    /// Creates the headless context, compositor and framebuffer at the --size pixel size.
    func withOffscreenCompositor(_ scene: Scene, images: ImageStore, _ body: (Compositor, RenderTarget) throws -> Void) throws {
        let px = pixelSize(scene), (w, h) = (px.width, px.height)
        let what = size == nil ? "the scene's canvas" : "--size"
        if let problem = SizeOption.problem(width: w, height: h, what: what) { throw ToolOutputError(problem) }
        var options = GLContextHost.Options()
        options.headless = true
        options.controllers = false
        options.width = w
        options.height = h
        options.api = GraphicsAPIOption.parse(gl)!
        let host = try DriverNoise.captured { try GLContextHost(options) }
        try withExtendedLifetime(host) {
            var rendererOptions = GLRenderer.Options()
            rendererOptions.antialias = samples == 0
            let renderer = try GLRenderer(shaderDirectory: shaders, options: rendererOptions)
            if let problem = SizeOption.problem(width: w, height: h, maxSide: Framebuffer.maxSide(), what: what) {
                throw ToolOutputError(problem)
            }
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
ToolProcess.run(RenderCommand.self, name: "parallax-render", obeysStopSignals: true)
