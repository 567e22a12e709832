import CAllocCounter
import Components
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import SceneRuntime

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
    var gpuMs: Summary?
    var wallMs: Summary
    var fps: Double
    var pixelsPerFrame: Double
    var fillFloorMs: Summary
    var ratioToFillFloor: Double
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
}

/// Runs scenes frame by frame into one offscreen framebuffer.
final class Bench {
    let renderer: GLRenderer
    let framebuffer: Framebuffer
    let frames: Int, warmup: Int, dt: Double
    /// Seconds from process start to the first finished frame (first scene only).
    private(set) var startupSeconds: Double?

    init(renderer: GLRenderer, framebuffer: Framebuffer, frames: Int, warmup: Int, dt: Double) {
        self.renderer = renderer
        self.framebuffer = framebuffer
        self.frames = frames
        self.warmup = warmup
        self.dt = dt
    }

    /// Loads a named scene or a scene file.
    static func load(_ name: String, images: ImageStore) throws -> Scene {
        if let text = BenchScenes.json(name) {
            return try SceneLoader.parse(text, file: "bench:\(name)", directory: ".", images: images)
        }
        return try SceneLoader.load(path: name, images: images)
    }

    func run(scene name: String) throws -> SceneResult {
        let images = ImageStore()
        let scene = try Bench.load(name, images: images)
        let total = warmup + frames
        let events = BenchScript.events(scene: name, canvas: scene.canvas, duration: Double(total) * dt)
        let driver = SceneDriver(scene: scene, events: [])
        let sceneRenderer = SceneRenderer(renderer: renderer)
        renderer.textures.removeAll()
        let target = RenderTarget.framebuffer(framebuffer)

        var input = [Double](), update = [Double](), flatten = [Double](), submit = [Double](), wall = [Double]()
        var gpu = [Double](), pixels = [Double](), draws = [Double](), changes = [Double](), quads = [Double]()
        var uploads = 0
        input.reserveCapacity(frames); update.reserveCapacity(frames); flatten.reserveCapacity(frames)
        submit.reserveCapacity(frames); wall.reserveCapacity(frames); gpu.reserveCapacity(frames)
        pixels.reserveCapacity(frames); draws.reserveCapacity(frames); changes.reserveCapacity(frames)
        quads.reserveCapacity(frames)
        var allocations: UInt64 = 0, allocationsCore: UInt64 = 0
        var nextEvent = 0
        var layerCount = 0

        for frame in 0..<total {
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
            sceneRenderer.prepare(scene, for: target)
            sceneRenderer.flatten(scene)
            let t3 = now()
            if measured { alloc_counter_enable(0); allocationsCore += alloc_counter_count(); alloc_counter_enable(1) }
            sceneRenderer.submit(scene, images: images, into: target)
            let t4 = now()
            if measured { alloc_counter_enable(0); allocations += alloc_counter_count() }
            renderer.finish()
            let t5 = now()
            if startupSeconds == nil { startupSeconds = processUptime() }
            if measured {
                input.append((t1 - t0) * 1000); update.append((t2 - t1) * 1000); flatten.append((t3 - t2) * 1000)
                submit.append((t4 - t3) * 1000); wall.append((t5 - t0) * 1000)
                if let g = renderer.lastGPUMilliseconds { gpu.append(g) }
                let s = renderer.stats
                pixels.append(s.pixelsDrawn); draws.append(Double(s.drawCalls)); changes.append(Double(s.stateChanges))
                quads.append(Double(s.quads))
                uploads += s.textureUploads
            }
            if frame % 20 == 0 || frame == total - 1 {
                FileHandle.standardError.write(Data("\r\(name): frame \(frame + 1)/\(total)   ".utf8))
            }
            if frame == total - 1 { layerCount = Bench.countLayers(scene.rootLayers) }
        }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))

        let cpu = zip(zip(input, update), zip(flatten, submit)).map { $0.0 + $0.1 + $1.0 + $1.1 }
        let meanPixels = pixels.reduce(0, +) / Double(max(pixels.count, 1))
        let floor = try fillFloor(pixels: meanPixels)
        let wallSummary = Summary(wall)
        let n = Double(frames)
        return SceneResult(
            scene: name, layers: layerCount, quadsPerFrame: quads.reduce(0, +) / n,
            cpuMs: Summary(cpu), inputMs: Summary(input), updateMs: Summary(update), flattenMs: Summary(flatten),
            submitMs: Summary(submit), gpuMs: gpu.isEmpty ? nil : Summary(gpu), wallMs: wallSummary,
            fps: wallSummary.median > 0 ? 1000 / wallSummary.median : 0, pixelsPerFrame: meanPixels,
            fillFloorMs: floor, ratioToFillFloor: floor.median > 0 ? wallSummary.median / floor.median : 0,
            drawCallsPerFrame: draws.reduce(0, +) / n, stateChangesPerFrame: changes.reduce(0, +) / n,
            textureUploadsPerFrame: Double(uploads) / n,
            allocationsPerFrame: Double(allocations) / n, allocationsPerFrameExcludingDriver: Double(allocationsCore) / n,
            cpuMicrosecondsPerLayer: layerCount > 0 ? Summary(cpu).median * 1000 / Double(layerCount) : 0,
            coreMicrosecondsPerLayer: layerCount > 0
                ? Summary(zip(zip(input, update), flatten).map { $0.0 + $0.1 + $1 }).median * 1000 / Double(layerCount) : 0,
            textures: renderer.textures.count, textureBytes: renderer.textures.totalBytes)
    }

    /// Times `pixels` blended texels drawn as full-screen textured quads (plus one
    /// partial quad for the remainder): the floor any compositor pays for that fill.
    func fillFloor(pixels: Double) throws -> Summary {
        let images = ImageStore()
        var painter = Painter(width: 64, height: 64)
        painter.radialGradient(center: Point(32, 32), radius: 45, inner: Color(1, 1, 1, 0.9), outer: Color(0.2, 0.4, 0.8, 0.6))
        let ref = images.add(painter.image(), key: "floor")
        let w = Double(framebuffer.width), h = Double(framebuffer.height)
        let canvas = Size(w, h)
        var remaining = pixels
        var layers: [Layer] = []
        while remaining > 0.5 {
            let rows = min(h, remaining / w)
            let l = Layer(name: "floor", bounds: Size(w, rows), position: Point(w / 2, rows / 2))
            l.contents = .image(ref)
            layers.append(l)
            remaining -= rows * w
        }
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(layers, canvas: canvas, into: &list)
        renderer.textures.removeAll()
        var samples: [Double] = []
        for frame in 0..<(warmup + frames) {
            let t0 = now()
            renderer.render(list, into: .framebuffer(framebuffer), images: images, background: Color(0, 0, 0, 1))
            renderer.finish()
            if frame >= warmup { samples.append((now() - t0) * 1000) }
        }
        return Summary(samples)
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
