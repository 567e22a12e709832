// parallax-bench: a headless frame-timing benchmark (offscreen context, FBO).
import ArgumentParser
import Assets
import CAllocCounter
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

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parallax-bench",
        abstract: "Headless frame-timing benchmark over named scenes or scene files.",
        discussion: """
        Named scenes: \(BenchScenes.names.joined(separator: ", ")) (run by default), and \(BenchScenes.extras.joined(separator: ", ")). \
        Per frame it measures CPU time (input, update, flatten, submit), GPU time (GL_TIME_ELAPSED where the \
        driver has it) and wall time to completion (glFinish), and compares the frame with its speed of light: \
        one clear plus the frame's exactly counted visible pixels at the machine's plain blended bilinear fill rate \
        (a minimal one-sample shader on full-screen quads), measured right after each scene in the same run. \
        It also counts the fragments each frame shades, hidden and fully transparent ones included: shaded \
        over visible is the overdraw.
        """)

    @Option(name: .customLong("scene"), help: "A named scene or a scene file (repeatable).")
    var scenes: [String] = []

    @Option(help: "Framebuffer size in pixels as WxH.")
    var size: String = "1920x1080"

    @Option(help: "Measured frames per scene.")
    var frames: Int = 240

    @Option(help: "Warm-up frames per scene (not measured).")
    var warmup: Int = 30

    @Option(help: "Scene time step per frame in seconds.")
    var dt: Double = 1.0 / 60

    @Option(help: "Write every figure as JSON to this file.")
    var json: String?

    @Option(help: "Draw each scene at most this many pixels as WxH (--size's aspect kept) and scale it to --size bilinearly, inside the timed frame.")
    var renderSize: String?

    @Option(help: ArgumentHelp(GraphicsAPIOption.help))
    var gl: String = "auto"

    @Option(help: "Folder with the shaders.")
    var shaders: String?

    @Option(help: "Soak mode: cycle every scene with random input for this many seconds and report memory, GL objects and errors.")
    var soak: Double?

    @Option(help: "Random seed for --soak.")
    var seed: UInt64 = 1

    @Option(help: "Write the measured frames' quads and images to this folder for scripts/compare-peers.sh (one --scene).")
    var poses: String?

    @Flag(help: "Also time each scene redrawn only where frames change (damage tracking into a kept frame).")
    var damage = false

    @Flag(help: "Run the scenes without their scripted input: only what a scene animates by itself moves (a grid's focused card sways after 3 s idle: measure from --warmup 260).")
    var noInput = false

    @Option(help: "Poster mode: browse a carousel of this many generated 1500x2250 JPEGs at 8 items/s, cold then warm.")
    var posters: Int?

    @Option(help: "Catalogue mode: a home screen of three card rows over this many poster files (hard links to 30 generated JPEGs), streamed as in the demo: start-up, placeholders drawn, then --browse-items items browsed at 8/s (frame p95, resident memory, thumbnail cache).")
    var catalogue: Int?

    @Flag(help: "With --catalogue and --thumbnail-cache: only decode into the cache the posters the browse would show (a warm cache for the next run).")
    var fillCache = false

    @Option(help: "Folder for --posters' JPEGs (made there when missing; default $TMPDIR/parallax-posters-UID-N, a folder private to the user).")
    var posterFolder: String?

    @Option(help: "Items browsed from the cold cache in --posters mode.")
    var browseItems: Int = 120

    @Flag(help: "In --posters mode, stream texture uploads through pixel-buffer objects.")
    var pixelBuffers = false

    @Option(help: "In --posters mode, bytes of texels uploaded per frame at most (default: the demo's).")
    var uploadBytes: Int?

    @Option(help: "In --posters and --catalogue modes, MB of decoded posters kept, textures included (default 128).")
    var posterBudget: Int?

    @Option(help: "In --posters mode, the decode workers' priority: idle (SCHED_IDLE) or a nice value 0...19 (default 10).")
    var decodePriority: String?

    @Option(help: "In --posters mode, write each frame's wall and CPU time, bytes uploaded and items fading to this file.")
    var frameLog: String?

    @Flag(help: "In --posters mode, let decode workers run while a frame renders (no FrameGate).")
    var noFrameGate = false

    @Flag(help: "Time an item fading in (its image over its preview or the colour) against the item drawn once.")
    var fadeCost = false

    @Flag(help: "Time 12 poster cards with a soft shadow, border and gradient scrim: the layers' own shadows against baked shadow images, interleaved.")
    var cardDecorations = false

    @Flag(help: "Disable GL_TIME_ELAPSED queries.")
    var noGpuTiming = false

    @Option(name: .customLong("set"), help: ArgumentHelp("Turn a renderer technique on (1) or off (0) to compare (repeatable).",
            valueName: "NAME=0|1"))
    var tuning: [String] = []

    @Option(help: "Keep the posters of scene files' carousels and card rows decoded at their shown size in this folder (the demo's thumbnail cache), and report its hits, misses and bytes written.")
    var thumbnailCache: String?

    @Flag(help: "Exit with status 1 if a steady-state frame allocates in input, update or flatten.")
    var checkAllocations = false

    @Flag(help: "Time browsing a card row while the focused card's 720p preview plays, against no previews; decode CPU time and preview start latency.")
    var previewCost = false

    @Option(help: "In --preview-cost mode, rounds of the three browses (no previews, fastPreviews off, on), interleaved.")
    var rounds: Int = 3

    @Option(help: ArgumentHelp(HardwareDecodingOption.help))
    var hwdec: String?

    @Option(help: "Leave the attract mode's backdrop slideshow running this many seconds (paced at 60 Hz) and report resident memory every 10 s.")
    var attractSoak: Double?

    func validate() throws {
        guard GraphicsAPIOption.parse(gl) != nil else { throw ValidationError(GraphicsAPIOption.problem(gl)) }
        if let renderSize, SizeOption.parse(renderSize) == nil {
            throw ValidationError("--render-size must be WxH with whole numbers in 1...16384, found \"\(renderSize)\"")
        }
        if let problem = shaderFolderProblem(shaders) { throw ValidationError(problem) }
        guard SizeOption.parse(size) != nil else {
            throw ValidationError("--size expects WxH in pixels, found \"\(size)\"")
        }
        guard frames >= 1, warmup >= 0 else { throw ValidationError("--frames must be >= 1 and --warmup >= 0") }
        guard dt.isFinite, dt > 0 else { throw ValidationError("--dt must be > 0") }
        var t = RendererTuning()
        for a in tuning where t.set(a) == nil {
            throw ValidationError("--set \(a): expected NAME=0 or NAME=1 with NAME one of \(RendererTuning.switches.map(\.name).joined(separator: ", "))")
        }
        if poses != nil, scenes.count != 1 { throw ValidationError("--poses needs exactly one --scene") }
        if let problem = HardwareDecodingOption.problem(hwdec) { throw ValidationError(problem) }
        if let attractSoak { guard attractSoak.isFinite, attractSoak >= 60, attractSoak <= 86_400 else { throw ValidationError("--attract-soak must be 60 to 86400 seconds") } }
        if let soak { guard soak.isFinite, soak > 0 else { throw ValidationError("--soak must be > 0 seconds") } }
        if let catalogue { guard catalogue >= 3, catalogue <= 300_000 else { throw ValidationError("--catalogue must be in 3...300000") } }
        if let posters { guard posters >= 1, posters <= 1_000_000 else { throw ValidationError("--posters must be in 1...1000000") } }
        if let posterBudget { guard posterBudget >= 1, posterBudget <= 1 << 20 else { throw ValidationError("--poster-budget must be in 1...1048576 (MB)") } }
        if let uploadBytes { guard uploadBytes >= 1024, uploadBytes <= 1 << 30 else { throw ValidationError("--upload-bytes must be in 1024...1073741824") } }
        if let decodePriority, PosterBench.priority(decodePriority) == nil {
            throw ValidationError("--decode-priority must be idle or a nice value 0...19, found \(decodePriority)")
        }
        guard browseItems >= (catalogue == nil ? 4 : 0), browseItems <= 100_000 else { throw ValidationError("--browse-items must be in 4...100000 (0... with --catalogue)") }
        for s in scenes where BenchScenes.json(s) == nil && !InputFile.namesSomething(s) {
            throw ValidationError("--scene \(s): not a named scene (\(BenchScenes.names.joined(separator: ", "))) nor a file")
        }
    }

    func run() throws {
        let p = SizeOption.parse(size)!
        var options = GLContextHost.Options()
        options.headless = true
        options.controllers = false
        options.width = p.width
        options.height = p.height
        options.api = GraphicsAPIOption.parse(gl)!
        let host = try GLContextHost(options)
        try withExtendedLifetime(host) {
            var rendererOptions = GLRenderer.Options()
            rendererOptions.gpuTiming = !noGpuTiming
            for a in tuning { _ = rendererOptions.tuning.set(a) }
            let renderer = try GLRenderer(shaderDirectory: shaders, options: rendererOptions)
            let drawn = RenderScale.size(output: p, limit: renderSize.flatMap(SizeOption.parse))
            let framebuffer = try Framebuffer(width: drawn.width, height: drawn.height)
            let probe = try FillProbe(shaderDirectory: shaders)
            let bench = Bench(renderer: renderer, framebuffer: framebuffer, frames: frames, warmup: warmup, dt: dt, probe: probe)
            if drawn != p { bench.output = try Framebuffer(width: p.width, height: p.height, depthStencil: false) }
            bench.withoutInput = noInput
            bench.thumbnailCache = thumbnailCache.map { ThumbnailCache(folder: $0) }
            if fadeCost {
                print(try FadeCostBench(bench: bench).run())
                return
            }
            if cardDecorations {
                print(try CardDecorationBench(bench: bench).run())
                return
            }
            if let attractSoak {
                let report = try AttractSoak(renderer: renderer, framebuffer: framebuffer, seconds: attractSoak).run()
                print(report.table)
                if !(report.flat && report.glErrors.isEmpty) { throw ExitCode(1) }
                return
            }
            if previewCost {
                print(try PreviewBench(renderer: renderer, framebuffer: framebuffer, rounds: max(1, min(100, rounds)), hwdec: hwdec).run())
                return
            }
            if let catalogue {
                var budget = UploadBudget(bytesPerFrame: uploadBytes ?? PosterBench.uploadBytesPerFrame)
                budget.usesPixelBuffers = pixelBuffers
                let folder = try posterFolder ?? TemporaryFolder.privateCache("parallax-posters-\(getuid())-30")
                print(try CatalogueBench(bench: bench, count: catalogue, posterFolder: folder, browseItems: browseItems,
                                         upload: budget, posterBudgetBytes: posterBudget.map { $0 << 20 },
                                         fillsCache: fillCache).run())
                return
            }
            if let posters {
                let folder = try posterFolder ?? TemporaryFolder.privateCache("parallax-posters-\(getuid())-\(posters)")
                var budget = UploadBudget(bytesPerFrame: uploadBytes ?? PosterBench.uploadBytesPerFrame)
                budget.usesPixelBuffers = pixelBuffers
                print(try PosterBench(bench: bench, count: posters, folder: folder,
                                      browseItems: min(browseItems, posters - 1), upload: budget,
                                      budgetBytes: posterBudget.map { $0 << 20 },
                                      decodePriority: decodePriority.flatMap(PosterBench.priority) ?? .nice(10),
                                      frameLog: frameLog, frameGate: !noFrameGate).run())
                return
            }
            if let soak {
                let report = try Soak(bench: bench, seconds: soak, seed: seed,
                                      scenes: scenes.isEmpty ? BenchScenes.names : scenes).run()
                print(report.table)
                if let json { try report.writeJSON(to: json) }
                if !report.passed { throw ExitCode(1) }
                return
            }
            let names = scenes.isEmpty ? BenchScenes.names : scenes
            if let poses { bench.poses = try PoseExport(directory: poses, width: p.width, height: p.height) }
            var results: [SceneResult] = []
            for name in names {
                var result = try bench.run(scene: name)
                if damage {
                    let damaged = try bench.run(scene: name, damage: true)
                    result.damageWallMs = damaged.damageWallMs
                    result.damagePixelsPerFrame = damaged.damagePixelsPerFrame
                }
                results.append(result)
            }
            try StopSignals.check()   // a signal during the last scene: no report written
            try bench.poses?.finish()
            let report = BenchReport(machine: MachineInfo(renderer: renderer), size: [p.width, p.height], frames: frames,
                                     warmup: warmup, dt: dt, startupSeconds: bench.startupSeconds ?? 0, scenes: results)
            print(report.table)
            if let cache = bench.thumbnailCache {
                let c = cache.counters
                print("thumbnail cache \(cache.folder): \(c.hits) hits, \(c.misses) misses, \(c.writes) entries written "
                      + "(\(c.bytesWritten) bytes, \(c.writes > 0 ? c.bytesWritten / c.writes : 0) per poster), "
                      + "\(c.failedWrites) failed writes, \(c.corrupt) corrupt entries")
            }
            if let json { try report.writeJSON(to: json) }
            if checkAllocations {
                let offenders = results.filter { $0.allocationsPerFrameExcludingDriver > 0 }
                for r in offenders {
                    ToolProcess.note("parallax-bench: \(r.scene) allocates \(r.allocationsPerFrameExcludingDriver) times per steady-state frame\n")
                }
                if !offenders.isEmpty { throw ExitCode(1) }
            }
        }
    }
}

/// Every error (options included) is one line on stderr and exit status 1; a crash exits at once.
ToolProcess.run(BenchCommand.self, name: "parallax-bench", obeysStopSignals: true)
