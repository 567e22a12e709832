import Assets
import CAllocCounter
import Components
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import Scene
import SceneRuntime
import ToolSupport

/// The figures of one scene.
struct SceneResult: Encodable {
    var scene: String
    var layers: Int
    var quadsPerFrame: Double
    var cpuMs: Summary
    var inputMs: Summary
    var updateMs: Summary
    var flattenMs: Summary
    var submitMs: Summary
    /// The main thread's CPU time in the GL submit (our renderer plus the driver's front end).
    var submitCpuMs: Summary
    /// Input + update + flatten: our CPU work before any GL call.
    var oursCpuMs: Summary
    /// Wall time not spent on the main thread's CPU: waiting for the rasteriser (mid-frame
    /// flushes and glFinish) or the GPU.
    var rasterWaitMs: Summary
    var gpuMs: Summary?
    var wallMs: Summary
    var fps: Double
    var pixelsPerFrame: Double
    /// Visible pixels per frame, counted exactly on every 8th measured frame (`countVisiblePixels`).
    var visiblePixelsPerFrame: Double
    /// Fragments shaded and written per frame (hidden and fully transparent ones included),
    /// counted on the same frames (`countShadedPixels`): over `visiblePixelsPerFrame`, the overdraw.
    var shadedPixelsPerFrame: Double
    /// One clear plus the visible pixels at the machine's plain blended bilinear fill rate.
    var speedOfLightMs: Double
    var ratioToSpeedOfLight: Double
    var fillMegapixelsPerSecond: Double
    var nearestFillMegapixelsPerSecond: Double
    var clearMs: Double
    var drawCallsPerFrame: Double
    var stateChangesPerFrame: Double
    var textureUploadsPerFrame: Double
    var allocationsPerFrame: Double
    var allocationsPerFrameExcludingDriver: Double
    var cpuMicrosecondsPerLayer: Double
    /// Input + update + flatten (our CPU work before the GL driver) per layer.
    var coreMicrosecondsPerLayer: Double
    var textures: Int
    var textureBytes: Int
    /// With --damage: the same frames redrawn only where they changed, into the kept frame.
    var damageWallMs: Summary?
    var damagePixelsPerFrame: Double?
    /// Reading the last frame back as an image (what --png costs before encoding), median
    /// of 5 (not with --damage).
    var readbackMs: Double?
    /// Image quads per frame sampled nearest (one texel per pixel) and bilinear without mip
    /// levels (magnified everywhere).
    var nearestQuadsPerFrame: Double
    var magnifiedQuadsPerFrame: Double
    /// Quads per frame drawn in pieces around a part later opaque quads hide (OcclusionHoles).
    var occludedQuadsPerFrame: Double = 0
}

/// Runs scenes frame by frame into one offscreen framebuffer.
final class Bench {
    let renderer: GLRenderer
    let framebuffer: Framebuffer
    let frames: Int, warmup: Int, dt: Double
    let probe: FillProbe
    /// When set, every measured frame's quads are written for the peer renderers (untimed).
    var poses: PoseExport?
    /// Run each scene without its scripted input (`--no-input`): only what it animates by
    /// itself moves (a grid's focused card swaying once idle, the button's rotation).
    var withoutInput = false
    /// The thumbnail cache scene files' posters use (`--thumbnail-cache`).
    var thumbnailCache: ThumbnailCache?
    /// Seconds from process start to the first finished frame (first scene only).
    private(set) var startupSeconds: Double?

    /// The output the frame is scaled to when drawn smaller (`--render-size`); nil: none.
    var output: Framebuffer?

    init(renderer: GLRenderer, framebuffer: Framebuffer, frames: Int, warmup: Int, dt: Double, probe: FillProbe) {
        self.renderer = renderer
        self.probe = probe
        self.framebuffer = framebuffer
        self.frames = frames
        self.warmup = warmup
        self.dt = dt
    }

    /// `damage`: redraw each frame only where it differs from the previous one, into the
    /// kept framebuffer (a frame with no change draws nothing).
    func run(scene name: String, damage: Bool = false) throws -> SceneResult {
        let images = ImageStore()
        images.thumbnailCache = thumbnailCache
        let scene = try BuiltInScenes.load(fileOrName: name, images: images, builtIn: BenchScenes.json)
        let total = warmup + frames
        let events = withoutInput ? [] : BenchScript.events(scene: name, canvas: scene.canvas, duration: Double(total) * dt)
        let driver = SceneDriver(scene: scene, events: [])
        let compositor = Compositor(renderer: renderer, scene: scene, images: images)
        compositor.redrawsOnlyDamage = damage
        let target = RenderTarget.framebuffer(framebuffer)

        var input = [Double](), update = [Double](), flatten = [Double](), submit = [Double](), wall = [Double]()
        var submitCpu = [Double](), visible = [Double](), shaded = [Double]()
        submitCpu.reserveCapacity(frames); visible.reserveCapacity(frames / 8 + 1); shaded.reserveCapacity(frames / 8 + 1)
        var gpu = [Double](), pixels = [Double](), draws = [Double](), changes = [Double](), quads = [Double]()
        var uploads = 0
        var nearestQuads = 0, magnifiedQuads = 0, occludedQuads = 0
        input.reserveCapacity(frames); update.reserveCapacity(frames); flatten.reserveCapacity(frames)
        submit.reserveCapacity(frames); wall.reserveCapacity(frames); gpu.reserveCapacity(frames)
        pixels.reserveCapacity(frames); draws.reserveCapacity(frames); changes.reserveCapacity(frames)
        quads.reserveCapacity(frames)
        var allocations: UInt64 = 0, allocationsCore: UInt64 = 0
        var nextEvent = 0
        var layerCount = 0
        var damagePixels = 0.0
        // The speed of light counts the frame's layers, each visible pixel once, not the
        // images a rasterized layer is cached in (CALayer.shouldRasterize).
        var uncachedFlattener = Flattener(), uncached = RenderList()
        uncachedFlattener.groupsRasterizedLayers = false

        for frame in 0..<total {
            try StopSignals.check()   // SIGINT / SIGTERM: stop within a frame, nothing written
            let t = Double(frame) * dt
            let measured = frame >= warmup
            let t0 = now()
            if measured { alloc_counter_reset(); alloc_counter_enable(1) }
            while nextEvent < events.count, events[nextEvent].time <= t {
                driver.deliver(events[nextEvent].event, at: events[nextEvent].time)
                nextEvent += 1
            }
            let t1 = now()
            driver.advance(to: t)
            let t2 = now()
            compositor.beginFrame(atTime: t, target: target)
            let t3 = now()
            if measured { alloc_counter_enable(0); allocationsCore += alloc_counter_count(); alloc_counter_enable(1) }
            let c3 = threadCPU()
            // With --damage a frame that draws what the framebuffer holds is not drawn.
            let drawn = !damage || compositor.needsDisplay
            if drawn { try compositor.render() }
            if drawn, let output { renderer.copy(framebuffer, to: output.drawFramebuffer, width: output.width, height: output.height) }
            let c4 = threadCPU()
            let t4 = now()
            if measured { alloc_counter_enable(0); allocations += alloc_counter_count() }
            renderer.finish()
            let t5 = now()
            compositor.endFrame()
            if startupSeconds == nil { startupSeconds = processUptime() }
            if measured {
                input.append((t1 - t0) * 1000); update.append((t2 - t1) * 1000); flatten.append((t3 - t2) * 1000)
                submit.append((t4 - t3) * 1000); wall.append((t5 - t0) * 1000); submitCpu.append((c4 - c3) * 1000)
                if let g = renderer.lastGPUMilliseconds { gpu.append(g) }
                let s = drawn ? renderer.stats : FrameStats()
                damagePixels += Double(drawn ? compositor.redrawnPixels : 0)
                pixels.append(s.pixelsDrawn); draws.append(Double(s.drawCalls)); changes.append(Double(s.stateChanges))
                quads.append(Double(s.quads))
                uploads += s.textureUploads
                nearestQuads += s.nearestQuads; magnifiedQuads += s.magnifiedQuads
                occludedQuads += s.occludedQuads
                try poses?.record(frame: frame - warmup, list: compositor.list, images: images,
                                  width: framebuffer.width, height: framebuffer.height)
                // Exact counts need GL_SAMPLES_PASSED: none on OpenGL ES (the counts stay 0 there).
                if !damage, renderer.capabilities.exactSampleCounts, (frame - warmup) % 8 == 0 {
                    // Outside the timed part: the same frame again, counting what is visible.
                    uncachedFlattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &uncached)
                    visible.append(Double(try renderer.countVisiblePixels(uncached, into: target, images: images,
                                                                          background: scene.background)))
                    shaded.append(Double(try renderer.countShadedPixels(compositor.list, into: target, images: images,
                                                                        background: scene.background)))
                }
            }
            if frame % 20 == 0 || frame == total - 1 {
                ToolProcess.note("\r\(name): frame \(frame + 1)/\(total)   ")
            }
            if frame == total - 1 { layerCount = Bench.countLayers(scene.rootLayers) }
        }
        ToolProcess.note("\r\u{1B}[K")

        let cpu = zip(zip(input, update), zip(flatten, submit)).map { $0.0 + $0.1 + $1.0 + $1.1 }
        let ours = zip(zip(input, update), flatten).map { $0.0 + $0.1 + $1 }
        let oursAndSubmitCpu = zip(ours, submitCpu).map { $0 + $1 }
        let rasterWait = zip(wall, oursAndSubmitCpu).map { Swift.max(0, $0 - $1) }
        let meanPixels = pixels.reduce(0, +) / Double(max(pixels.count, 1))
        let meanVisible = visible.reduce(0, +) / Double(max(visible.count, 1))
        let meanShaded = shaded.reduce(0, +) / Double(max(shaded.count, 1))
        // The machine's fill rate, measured right after the scene (same load, same run).
        let fill = damage ? FillProbe.Result(clearMilliseconds: 0, pixelsPerSecond: 0, nearestPixelsPerSecond: 0)
                          : probe.measure(framebuffer: framebuffer, frames: 15)
        let speedOfLight = visible.isEmpty ? 0 : fill.milliseconds(forPixels: meanVisible)   // 0: not counted
        let readback = damage ? nil : renderer.readbackMilliseconds(framebuffer)
        let wallSummary = Summary(wall)
        let n = Double(frames)
        return SceneResult(
            scene: name, layers: layerCount, quadsPerFrame: quads.reduce(0, +) / n,
            cpuMs: Summary(cpu), inputMs: Summary(input), updateMs: Summary(update), flattenMs: Summary(flatten),
            submitMs: Summary(submit), submitCpuMs: Summary(submitCpu), oursCpuMs: Summary(ours),
            rasterWaitMs: Summary(rasterWait), gpuMs: gpu.isEmpty ? nil : Summary(gpu), wallMs: wallSummary,
            fps: wallSummary.median > 0 ? 1000 / wallSummary.median : 0, pixelsPerFrame: meanPixels,
            visiblePixelsPerFrame: meanVisible, shadedPixelsPerFrame: meanShaded, speedOfLightMs: speedOfLight,
            ratioToSpeedOfLight: speedOfLight > 0 ? wallSummary.median / speedOfLight : 0,
            fillMegapixelsPerSecond: fill.pixelsPerSecond / 1e6, nearestFillMegapixelsPerSecond: fill.nearestPixelsPerSecond / 1e6,
            clearMs: fill.clearMilliseconds,
            drawCallsPerFrame: draws.reduce(0, +) / n, stateChangesPerFrame: changes.reduce(0, +) / n,
            textureUploadsPerFrame: Double(uploads) / n,
            allocationsPerFrame: Double(allocations) / n, allocationsPerFrameExcludingDriver: Double(allocationsCore) / n,
            cpuMicrosecondsPerLayer: layerCount > 0 ? Summary(cpu).median * 1000 / Double(layerCount) : 0,
            coreMicrosecondsPerLayer: layerCount > 0 ? Summary(ours).median * 1000 / Double(layerCount) : 0,
            textures: renderer.textures.count, textureBytes: renderer.textures.totalBytes,
            damageWallMs: damage ? wallSummary : nil, damagePixelsPerFrame: damage ? damagePixels / n : nil,
            readbackMs: readback, nearestQuadsPerFrame: Double(nearestQuads) / n,
            magnifiedQuadsPerFrame: Double(magnifiedQuads) / n,
            occludedQuadsPerFrame: Double(occludedQuads) / n)
    }

    static func countLayers(_ layers: [Layer]) -> Int {
        layers.reduce(0) { $0 + 1 + countLayers($1.sublayers) }
    }
}

/// Monotonic seconds.
@inline(__always)
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// CPU seconds used by the calling thread (not the driver's rasteriser threads).
@inline(__always)
func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Seconds since this process started (from /proc: its start time in clock ticks since boot).
func processUptime() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
          let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // Field 22 (starttime) is the 20th after the ")" that ends field 2.
    guard fields.count > 19, let ticks = Double(fields[19]),
          let uptime = Double(uptimeText.split(separator: " ").first ?? "") else { return nil }
    return uptime - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}
