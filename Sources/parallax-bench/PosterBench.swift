import Assets
import Components
import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import Scene
import SceneRuntime
import ToolSupport

/// `parallax-bench --posters N`: a carousel of N generated 1500x2250 JPEG posters (made
/// here on first use, in a folder outside the repository), browsed at 8 items per second
/// in real time from a cold cache, in segments of 15 items that alternate with warm ones
/// (swinging back and forth over items just shown, all decoded). Reports frame times of
/// both, start-up to the first frame, resident memory against the decode budget, decode
/// throughput per core against `djpeg`, and the bytes uploaded per frame.
///
/// Does NOT take part in the default scene list (it needs a minute to make the posters).
struct PosterBench {
    let bench: Bench
    let count: Int
    let folder: String
    /// Items browsed forwards from a cold cache (in segments of 15, each followed by a warm
    /// segment that swings 4 items back and forth, twice, over items just shown).
    let browseItems: Int
    /// The frame loop's upload budget (and whether it goes through pixel-buffer objects).
    let upload: UploadBudget
    /// Bytes of decoded posters kept (nil: `ImageStore`'s default, 128 MB).
    var budgetBytes: Int? = nil
    /// The decode workers' priority (`--decode-priority`).
    var decodePriority = DecodeThreadPriority.nice(10)
    /// Where to write one line per frame of both passes (`--frame-log`), nil: nowhere.
    var frameLog: String? = nil
    /// Decode workers wait while a frame renders on a CPU rasteriser (`FrameGate`;
    /// `--no-frame-gate`: they do not), as in the demo.
    var frameGate = true
    /// The demo's budget (`StreamingImages.uploadBytesPerFrame`).
    static let uploadBytesPerFrame = 1 << 20
    static let posterSize = (width: 1500, height: 2250)
    static let itemsPerSecond = 8.0

    /// `idle` or a nice value 0...19 (`--decode-priority`); nil for anything else.
    static func priority(_ text: String) -> DecodeThreadPriority? {
        if text == "idle" { return .idle }
        guard let n = Int32(text), (0...19).contains(n) else { return nil }
        return .nice(n)
    }

    /// Writes the posters that are missing (p00000.jpg ...), on every core.
    static func makePosters(count: Int, folder: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let missing = (0..<count).filter { !FileManager.default.fileExists(atPath: path(folder, $0)) }
        guard !missing.isEmpty else { return 0 }
        _ = "posters: writing \(missing.count) JPEGs to \(folder)\n".withCString { write(2, $0, strlen($0)) }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: missing.count) { k in
            let i = missing[k]
            guard let data = poster(i).jpegData(quality: 85),
                  FileManager.default.createFile(atPath: path(folder, i), contents: Data(data)) else {
                failures.add()
                return
            }
        }
        if failures.value > 0 { throw BenchFailure("could not write \(failures.value) posters in \(folder)") }
        return missing.count
    }

    static func path(_ folder: String, _ i: Int) -> String {
        (folder as NSString).appendingPathComponent("p" + String(format: "%05d", i) + ".jpg")
    }

    /// Poster `i`: a diagonal two-hue gradient, a band of fine stripes and grain (so the
    /// file has the detail of a photo: 0.4-1 MB at quality 85), all from the index.
    static func poster(_ i: Int) -> Image {
        let (w, h) = posterSize
        var px = [UInt8](repeating: 255, count: w * h * 4)
        var seed = UInt64(i) &* 0x9E37_79B9_7F4A_7C15 | 1
        let hue = Double(i % 12) / 12
        let a = (r: 0.5 + 0.5 * cos(2 * .pi * hue), g: 0.5 + 0.5 * cos(2 * .pi * (hue - 1.0 / 3)),
                 b: 0.5 + 0.5 * cos(2 * .pi * (hue + 1.0 / 3)))
        px.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
                    let grain = Double(Int(seed & 31) - 16)
                    let t = Double(x + y) / Double(w + h)
                    let stripe = (y / 40) % 9 == 4 ? 60 * sin(Double(x) * 0.35) : 0
                    let o = (y * w + x) * 4
                    p[o] = UInt8(max(0, min(255, 255 * a.r * (1 - t) + 40 * t + grain + stripe)))
                    p[o + 1] = UInt8(max(0, min(255, 255 * a.g * (1 - t) + 30 * t + grain + stripe)))
                    p[o + 2] = UInt8(max(0, min(255, 255 * a.b * (0.3 + 0.7 * t) + grain + stripe)))
                }
            }
        }
        return Image(width: w, height: h, pixels: px)
    }

    struct Pass {
        var wallMs: [Double] = []
        /// CPU time of the frame loop's thread per frame: unlike wall time, not stretched
        /// by other processes on a loaded machine (with LP_NUM_THREADS=0, llvmpipe
        /// rasterises on this thread too, so it is the whole frame's cost).
        var cpuMs: [Double] = []
        var uploadedBytes: [Double] = []
        /// Item-frames on the placeholder colour, and on a preview.
        var placeholders = 0
        var previews = 0
        /// Per frame: items fading in (each draws its preview or colour and its image).
        var fading: [Int] = []
        /// Per frame: CPU time the decode workers used while it ran (the frame gate holds
        /// them between bands of rows), and the time spent making a spare texture just before it.
        var workerMs: [Double] = []
        var spareBeforeMs: [Double] = []
        /// Spare textures made after a frame, in its slack (`TextureCache.prepareSpare`):
        /// the frame's index and the time it took.
        var spares: [(frame: Int, ms: Double)] = []
    }

    func run() throws -> String {
        var lines: [String] = []
        let made = try PosterBench.makePosters(count: count, folder: folder)
        if made > 0 { lines.append("made \(made) posters of 1500x2250 in \(folder)") }
        let files = (0..<count).map { PosterBench.path(folder, $0) }
        let bytes = files.prefix(200).compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        lines.append(String(format: "posters: %d JPEGs of 1500x2250, %.0f KB each on average", count,
                            Double(bytes.reduce(0, +)) / Double(max(1, bytes.count)) / 1024))

        let renderer = bench.renderer
        DecodeQueue.returnLargeBuffersToTheSystem()     // as the demo does (StreamingImages)
        let rssBefore = residentMB()
        let anonBefore = statusMB("RssAnon"), fileBefore = statusMB("RssFile")
        renderer.textures.uploadBudget = upload
        defer { renderer.textures.uploadBudget = UploadBudget() }
        let t0 = now()
        let images = ImageStore()
        images.decodesInBackground = true
        images.pixelsPerPoint = Double(bench.framebuffer.width) / 1280
        if let budgetBytes { images.posterBudgetBytes = budgetBytes }
        images.decodePriority = decodePriority
        let json = """
        {"canvas": {"width": 1280, "height": 720, "background": [0.08, 0.08, 0.1, 1]}, "components": [
         {"kind": "carousel", "name": "posters", "frame": [0, 180, 1280, 360], "images": "\(folder)",
          "contentsGravity": "resizeAspectFill", "startIndex": 0, "background": [0.22, 0.22, 0.25, 1]}]}
        """
        let scene = try SceneLoader.parse(json, file: "bench:posters", directory: ".", images: images)
        let loadSeconds = now() - t0
        let carousel = scene.components.compactMap { $0 as? Carousel }.first!
        let shelf = carousel.shelf!
        let driver = SceneDriver(scene: scene, events: [])
        let compositor = Compositor(renderer: renderer, scene: scene, images: images)
        let target = RenderTarget.framebuffer(bench.framebuffer)
        var firstFrame = 0.0
        var listedAt = shelf.isListing ? 0.0 : loadSeconds     // when the complete, sorted list was there
        var firstImageAt = 0.0                                  // when an item first showed an image
        var rssMax = 0.0
        var quarterMax = [0.0, 0.0, 0.0, 0.0]     // cold browse, by quarter: flat or growing
        var quarterAnonMax = [0.0, 0.0, 0.0, 0.0]

        // Cold: forwards at 8 items/s from a cold cache. Warm: back and forth over items just
        // shown (all still decoded). The host's speed drifts by tens of percent over seconds
        // here, so the two alternate in segments of about two seconds: both meet the same drift.
        let segmentItems = 15, warmSwing = 4
        let coldSegments = (browseItems + segmentItems - 1) / segmentItems
        let coldFramesPlanned = Int((Double(browseItems) / PosterBench.itemsPerSecond + Double(coldSegments)) / bench.dt)
        var cold = Pass(), warm = Pass()
        var sceneFrame = 0
        var spareAfterLast = 0.0      // ms spent making a spare texture after the previous frame
        var coldFrame = 0
        /// Presses `keys` at 8 per second over as many frames (plus `tail` seconds), into `pass`.
        func browse(keys: [String], tail: Double, isCold: Bool, into pass: inout Pass) throws {
            let dt = bench.dt
            let frames = Int((Double(keys.count) / PosterBench.itemsPerSecond + tail) / dt)
            let wallStart = now()
            var pressed = 0
            for f in 0..<frames {
                try StopSignals.check()
                let deadline = wallStart + Double(f) * dt
                let wait = deadline - now()
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
                let t = Double(sceneFrame) * dt
                sceneFrame += 1
                let f0 = now(), c0 = DecodeQueue.threadCPUSeconds(), w0 = shelf.workerCPUSeconds
                if pressed < keys.count, Double(f) * dt >= Double(pressed) / PosterBench.itemsPerSecond {
                    driver.deliver(.key(keys[pressed], down: true), at: t)
                    driver.deliver(.key(keys[pressed], down: false), at: t)
                    pressed += 1
                }
                let gate = frameGate && renderer.rendersOnCPU ? images.frameGate : nil
                gate?.beginFrame()
                driver.advance(to: t)
                compositor.beginFrame(atTime: t, target: target)
                try compositor.render()
                renderer.finish()
                gate?.endFrame()
                let ms = (now() - f0) * 1000
                if firstFrame == 0 { firstFrame = now() - t0 }
                if listedAt == 0 && !shelf.isListing { listedAt = now() - t0 }
                pass.wallMs.append(ms)
                pass.cpuMs.append((DecodeQueue.threadCPUSeconds() - c0) * 1000)
                pass.workerMs.append((shelf.workerCPUSeconds - w0) * 1000)
                pass.spareBeforeMs.append(spareAfterLast)
                spareAfterLast = 0
                pass.uploadedBytes.append(Double(renderer.stats.uploadedBytes))
                // After the frame, when its slack has room (5 ms: a spare takes about 3.5 ms here, rarely 7),
                // a spare texture for the next poster: not part of the frame's time, but a
                // spare that ran past the frame period would make the next frame late.
                let s0 = now()
                if wallStart + Double(f + 1) * dt - s0 > 0.005, renderer.textures.prepareSpare() {
                    renderer.finish()
                    pass.spares.append((pass.wallMs.count - 1, (now() - s0) * 1000))
                    spareAfterLast = (now() - s0) * 1000
                }
                var fadingNow = 0
                for item in scene.rootLayers.first!.sublayers where item.tag >= 0 {
                    switch item.contents {
                    case .color: pass.placeholders += 1
                    case .image(let ref):
                        if ref == shelf.preview(for: item.tag) { pass.previews += 1 }
                        if firstImageAt == 0 { firstImageAt = now() - t0 }
                    case .none: break
                    }
                    if !item.sublayers.isEmpty { fadingNow += 1 }     // its image fading in on top
                }
                pass.fading.append(fadingNow)
                if isCold { coldFrame += 1 }
                if f % 30 == 0 {
                    let rss = residentMB()
                    rssMax = max(rssMax, rss)
                    if isCold {
                        let q = min(3, 4 * coldFrame / max(1, coldFramesPlanned))
                        quarterMax[q] = max(quarterMax[q], rss)
                        quarterAnonMax[q] = max(quarterAnonMax[q], statusMB("RssAnon"))
                    }
                }
            }
        }
        var warmDecodes = 0
        for segment in 0..<coldSegments {
            let items = min(segmentItems, browseItems - segment * segmentItems)
            // Each cold segment ends with a second of rest: the decodes still queued arrive then.
            try browse(keys: Array(repeating: "Right", count: items), tail: 1, isCold: true, into: &cold)
            if segment == coldSegments - 1 { break }
            let decoded = shelf.decodedCount
            let swing = Array(repeating: "Left", count: warmSwing) + Array(repeating: "Right", count: warmSwing)
            try browse(keys: swing + swing, tail: 0, isCold: false, into: &warm)
            warmDecodes += shelf.decodedCount - decoded
        }
        if let frameLog {
            var text = "pass frame wall_ms cpu_ms uploaded_bytes fading_items worker_cpu_ms spare_before_ms\n"
            for (name, pass) in [("cold", cold), ("warm", warm)] {
                for i in pass.wallMs.indices {
                    text += String(format: "%@ %d %.3f %.3f %.0f %d %.3f %.3f\n", name, i, pass.wallMs[i], pass.cpuMs[i],
                                   pass.uploadedBytes[i], pass.fading[i], pass.workerMs[i], pass.spareBeforeMs[i])
                }
            }
            try text.write(toFile: frameLog, atomically: true, encoding: .utf8)
        }
        let rssAfter = residentMB()
        let anonAfter = statusMB("RssAnon"), fileAfter = statusMB("RssFile")

        let c = Summary(cold.wallMs), w = Summary(warm.wallMs)
        let over = cold.wallMs.filter { $0 > 1.5 * w.median }.count
        // Frame 0 compiles the shaders and makes the first textures: it is start-up (timed
        // above as "first frame"), not browsing. The warm pass's own count is the machine's.
        let overBrowsing = cold.wallMs.dropFirst().filter { $0 > 1.5 * w.median }.count
        let overWarm = warm.wallMs.dropFirst().filter { $0 > 1.5 * w.median }.count
        let cc = Summary(cold.cpuMs), wc = Summary(warm.cpuMs)
        let overCPU = cold.cpuMs.filter { $0 > 1.5 * wc.median }.count
        // What the slow cold frames were doing: uploading texels, fading an item in, both.
        var slowUploading = 0, slowFading = 0, slowNeither = 0
        for i in cold.cpuMs.indices where cold.cpuMs[i] > 1.5 * wc.median {
            let uploading = cold.uploadedBytes[i] > 0, fading = cold.fading[i] > 0
            if uploading { slowUploading += 1 }
            if fading { slowFading += 1 }
            if !uploading && !fading { slowNeither += 1 }
        }
        let uploadingFrames = cold.uploadedBytes.filter { $0 > 0 }.count
        let fadingFrames = cold.fading.filter { $0 > 0 }.count
        let up = Summary(cold.uploadedBytes)
        lines.append(String(format: "start-up: scene loaded in %.1f ms (%@); first frame %.3f s, complete sorted list %.3f s, first image (preview or full) %.3f s after the load began",
                            loadSeconds * 1000, listedAt == loadSeconds ? "\(count) files listed" : "listing on its thread",
                            firstFrame, listedAt, firstImageAt))
        lines.append(String(format: "cold browse (%d items at 8/s, %d frames): wall median %.2f ms, p99 %.2f ms, max %.2f ms",
                            browseItems, cold.wallMs.count, c.median, c.p99, c.max))
        lines.append(String(format: "warm browse (between cold segments of %d items: %d back and forth, twice, %d frames, %d decodes): wall median %.2f ms, p99 %.2f ms, max %.2f ms",
                            segmentItems, warmSwing, warm.wallMs.count, warmDecodes, w.median, w.p99, w.max))
        lines.append(String(format: "frame loop thread CPU per frame, cold / warm: median %.2f / %.2f ms, p99 %.2f / %.2f ms, max %.2f / %.2f ms; cold frames over 1.5x the warm median CPU (%.2f ms): %d of %d",
                            cc.median, wc.median, cc.p99, wc.p99, cc.max, wc.max, 1.5 * wc.median, overCPU, cold.cpuMs.count))
        lines.append(String(format: "slow cold frames (by CPU) uploading %d, fading an item in %d, neither %d; of all cold frames %d upload, %d fade",
                            slowUploading, slowFading, slowNeither, uploadingFrames, fadingFrames))
        lines.append(String(format: "frames over 1.5x the warm median (%.2f ms): cold %d of %d (%d after the first frame, which is start-up), warm %d of %d after its first (the machine's own hiccups); item-frames on the placeholder colour: cold %d, warm %d; on a preview: cold %d, warm %d",
                            1.5 * w.median, over, cold.wallMs.count, overBrowsing, overWarm, warm.wallMs.count - 1,
                            cold.placeholders, warm.placeholders, cold.previews, warm.previews))
        let spareMs = cold.spares.map(\.ms)
        let late = cold.spares.filter { cold.wallMs[$0.frame] + $0.ms > bench.dt * 1000 }.count
        lines.append(String(format: "spare textures made after a frame, in its slack (cold): %d, %.2f ms median, %.2f ms max; frames whose time plus the spare's passed the %.1f ms frame period (the next frame late): %d",
                            spareMs.count, spareMs.isEmpty ? 0 : Summary(spareMs).median, spareMs.max() ?? 0, bench.dt * 1000, late))
        lines.append(String(format: "uploaded per frame (cold): mean %.0f KB, max %.0f KB (budget %d KB per frame%@)",
                            up.mean / 1024, up.max / 1024, upload.bytesPerFrame / 1024,
                            upload.usesPixelBuffers ? ", through pixel-buffer objects" : ""))
        lines.append(String(format: "resident memory: %.0f MB before, %.0f MB max while browsing, %.0f MB after; budget %d MB (decoded images and their textures, mips and previews included: %.0f MB held at the end), textures %d MB",
                            rssBefore, rssMax, rssAfter, images.posterBudgetBytes >> 20,
                            Double(shelf.residentBytes) / 1_048_576, renderer.textures.totalBytes >> 20))
        lines.append("resident memory by quarter of the cold browse (max, MB): "
                     + quarterMax.map { String(format: "%.0f", $0) }.joined(separator: ", ")
                     + "; anonymous only: " + quarterAnonMax.map { String(format: "%.0f", $0) }.joined(separator: ", "))
        lines.append(String(format: "resident memory, anonymous / file-backed (library code: shared, reclaimable): %.0f / %.0f MB before, %.0f / %.0f MB after; anonymous growth %.0f MB = %.0f MB held by the budget + %.0f MB beyond it",
                            anonBefore, fileBefore, anonAfter, fileAfter, anonAfter - anonBefore,
                            Double(shelf.residentBytes) / 1_048_576, anonAfter - anonBefore - Double(shelf.residentBytes) / 1_048_576))
        lines.append("decode workers \(frameGate && renderer.rendersOnCPU ? "waited \(images.frameGate.waits) times for a frame to finish rendering (FrameGate)" : "ran while frames rendered (no FrameGate)")")
        lines.append(String(format: "decoded %d (and %d previews), evicted %d, workers at %@; worker decode with mip chain %.1f ms CPU per image = %.1f images/s per core",
                            shelf.decodedCount, shelf.previewCount, shelf.evictedCount, decodePriority.description, shelf.decodeSeconds * 1000 / Double(max(1, shelf.decodedCount)),
                            Double(shelf.decodedCount) / max(1e-9, shelf.decodeSeconds)))
        lines.append(contentsOf: throughput(files: Array(files.prefix(24)), size: shelf.decodeSize))
        return lines.joined(separator: "\n")
    }

    /// One core, the same files: our decode at the size shown and at full size, against
    /// djpeg at full size and at the scale our decoder picked (process start included).
    func throughput(files: [String], size: DecodeSize) -> [String] {
        var lines: [String] = []
        // CPU seconds (this thread for ours, the finished djpeg children for djpeg):
        // comparable on a loaded machine.
        func cpu() -> Double {
            var children = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &children)
            func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
            return DecodeQueue.threadCPUSeconds() + s(children.ru_utime) + s(children.ru_stime)
        }
        func rate(_ body: (String) -> Void) -> Double {
            let t = cpu()
            for f in files { body(f) }
            return Double(files.count) / (cpu() - t)
        }
        let shown = rate { _ = try? Image.decode(path: $0, size: size) }
        let chained = rate { path in _ = (try? Image.decode(path: path, size: size)).map { MipChain($0) } }
        let preview = rate { _ = try? Image.decodePreview(path: $0, size: size) }
        let full = rate { _ = try? Image.decode(path: $0) }
        let shownSize = (try? Image.decode(path: files[0], size: size)).map { "\($0.width)x\($0.height)" } ?? "?"
        lines.append(String(format: "one core, %d files, CPU time: ours at the size shown (%@) %.1f images/s, with its mip chain %.1f, preview (1/8) %.1f, ours at full size %.1f images/s",
                            files.count, shownSize, shown, chained, preview, full))
        if let djpeg = ["/usr/bin/djpeg", "/usr/local/bin/djpeg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            func run(_ args: [String]) -> Double {
                rate { f in
                    let p = Process()
                    p.executableURL = URL(fileURLWithPath: djpeg)
                    p.arguments = args + ["-outfile", "/dev/null", f]
                    try? p.run()
                    p.waitUntilExit()
                }
            }
            let djFull = run([])
            let djScaled = run(["-scale", "1/2"])
            lines.append(String(format: "djpeg (libjpeg-turbo, one process per file, CPU time): full size %.1f images/s, -scale 1/2 %.1f images/s",
                                djFull, djScaled))
        } else {
            lines.append("djpeg not found (apt package libjpeg-turbo-progs): no comparison")
        }
        return lines
    }

    /// A field of /proc/self/status in MB (`RssAnon`, `RssFile`: kB there); 0 when absent.
    func statusMB(_ key: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kb = Double(fields[1]) { return kb / 1024 }
        }
        return 0
    }

    /// Resident set size of this process in MB (/proc/self/statm).
    func residentMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// A thread-safe counter for the poster writers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
