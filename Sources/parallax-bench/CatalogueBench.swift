import Assets
import Components
import Foundation
import GLRenderer
import Images
import Layers
import Scene
import SceneRuntime

/// `parallax-bench --catalogue N`: a TV home screen of three `cardRow` rows (posters,
/// landscape episodes, square apps) in a shelf with a backdrop, over a folder of N poster
/// files (three globs of N/3), with the demo's image settings: decoded on worker threads,
/// placeholder then fade-in, the thumbnail cache when `--thumbnail-cache` names one.
///
/// One run is one start: it reports start-up (process start, and scene load, to the first
/// finished frame), the cards drawn on a placeholder the first frame they showed, then
/// browses the first row at 8 items per second for `--browse-items` items, reporting frame
/// times (p95), resident memory sampled every half second (first, last, max) and the
/// thumbnail cache's counters. Start-ups of two catalogue sizes are compared by running
/// them in turn (`scripts/bench-catalogue.sh`): the host's noise then meets both.
///
/// The N files are hard links to 30 generated 1500x2250 JPEGs (made on first use, like
/// `--posters`), each name its own poster to the decoder and the cache.
struct CatalogueBench {
    let bench: Bench
    let count: Int
    /// Where the 30 generated JPEGs live (`--poster-folder`).
    let posterFolder: String
    /// Items browsed in the first row (0: start-up only).
    let browseItems: Int
    /// The demo's texture upload budget.
    let upload: UploadBudget
    /// Bytes of posters kept decoded (`--poster-budget`; nil: the store's default).
    var posterBudgetBytes: Int? = nil
    /// Only put the posters the browse shows into the thumbnail cache, decoded here one by
    /// one, and report nothing else: a warm cache for the next start, whatever the host's load.
    var fillsCache = false

    /// Items browsed between two memory checkpoints.
    static let checkpointItems = 250

    /// The rows' names, item sizes and spacing: the built-in home screen's three shapes.
    static let rows: [(name: String, size: (Int, Int), spacing: Int, height: Int)] = [
        ("films", (130, 195), 28, 240), ("episodes", (256, 144), 32, 189), ("apps", (110, 110), 28, 150),
    ]

    /// The folder of `count` names (a00000.jpg ... for the first row, b..., c...), made once.
    static func catalogueFolder(count: Int, posters: String) throws -> String {
        let folder = try TemporaryFolder.privateCache("parallax-catalogue-\(getuid())-\(count)")
        let fm = FileManager.default
        // Made once: a start-up measured later does not stat 30,000 names first.
        let complete = (folder as NSString).appendingPathComponent(".complete")
        if fm.fileExists(atPath: complete) { return folder }
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (k, prefix) in ["a", "b", "c"].enumerated() {
            let perRow = count / 3 + (k < count % 3 ? 1 : 0)
            for i in 0..<perRow {
                let name = (folder as NSString).appendingPathComponent(prefix + String(format: "%05d", i) + ".jpg")
                if fm.fileExists(atPath: name) { continue }
                let source = PosterBench.path(posters, (i + 11 * k) % 30)
                guard link(source, name) == 0 else { throw BenchFailure("could not link \(source) to \(name): errno \(errno)") }
            }
        }
        guard fm.createFile(atPath: complete, contents: nil) else { throw BenchFailure("could not write \(complete)") }
        return folder
    }

    static func sceneJSON(folder: String) -> String {
        """
        {"canvas": {"width": 1280, "height": 720, "background": [0.04, 0.04, 0.07, 1]},
         "components": [{"kind": "shelf", "name": "home", "frame": [0, 0, 1280, 720],
           "titleHeight": 36, "rowSpacing": 12, "scrollInset": 24, "backdrop": true, "rows": [
        \(rowsJSON(folder: folder).joined(separator: ",\n"))
           ]}]}
        """
    }

    private static func rowsJSON(folder: String) -> [String] {
        zip(["a", "b", "c"], CatalogueBench.rows).map { prefix, r in
            """
            {"title": "\(r.name)", "content": {"kind": "cardRow", "name": "\(r.name)", "frame": [48, 12, 1184, \(r.height)],
              "itemSize": [\(r.size.0), \(r.size.1)], "spacing": \(r.spacing), "items": "\(folder)/\(prefix)*.jpg"}}
            """
        }
    }

    /// Per card row: the items already drawn once (a card counts the first frame it shows).
    private final class Sightings {
        var seen: [String: Set<Int>] = [:]
        var firstShown = 0, onPlaceholder = 0
    }

    func run() throws -> String {
        _ = try PosterBench.makePosters(count: 30, folder: posterFolder)
        let folder = try CatalogueBench.catalogueFolder(count: count, posters: posterFolder)
        let renderer = bench.renderer
        DecodeQueue.returnLargeBuffersToTheSystem()     // as the demo does (StreamingImages)
        renderer.textures.uploadBudget = upload
        defer { renderer.textures.uploadBudget = UploadBudget() }
        let t0 = now()
        let images = ImageStore()
        images.decodesInBackground = true
        images.thumbnailCache = bench.thumbnailCache
        if let posterBudgetBytes { images.posterBudgetBytes = posterBudgetBytes }
        images.pixelsPerPoint = ImageStore.pixelsPerPoint(drawableWidth: bench.framebuffer.width)
        let scene = try SceneLoader.parse(CatalogueBench.sceneJSON(folder: folder), file: "bench:catalogue",
                                          directory: ".", images: images)
        let loaded = now() - t0
        let cardRows = scene.components.compactMap { $0 as? Shelf }.flatMap { $0.rows.compactMap { $0.component as? CardRow } }
        let browse = min(browseItems, max(0, count / 3 - 1))
        if fillsCache { return try fill(cardRows, through: browse) }
        let driver = SceneDriver(scene: scene, events: [])
        let compositor = Compositor(renderer: renderer, scene: scene, images: images)
        let target = RenderTarget.framebuffer(bench.framebuffer)
        let sightings = Sightings()
        let dt = bench.dt
        // On the wall clock, as the demo runs: keys at 8 per second of real time whatever the
        // frames cost, a frame at most every dt (the machine's load sets how many are drawn).
        let duration = Double(browse) / PosterBench.itemsPerSecond + 1
        var wallMs: [Double] = [], rss: [Double] = []
        wallMs.reserveCapacity(Int(duration / dt) + 1)
        var firstFrame = 0.0, startup = 0.0, firstPlaceholders = 0
        var pressed = 0, f = 0, sampledAt = -Double.infinity
        // Every `checkpointItems` items browsed: resident MB, texture MB, images in the store.
        var checkpoints: [(items: Int, rss: Double, textures: Int, images: Int)] = []
        let wallStart = now()
        while f == 0 || now() - wallStart < duration {
            let wait = wallStart + Double(f) * dt - now()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            let f0 = now()
            let t = f0 - wallStart
            if f > 0, pressed < browse, t >= Double(pressed) / PosterBench.itemsPerSecond {
                driver.deliver(.key("Right", down: true), at: t)
                driver.deliver(.key("Right", down: false), at: t)
                pressed += 1
            }
            let gate = renderer.rendersOnCPU ? images.frameGate : nil
            gate?.beginFrame()
            driver.advance(to: t)
            compositor.beginFrame(atTime: t, target: target)
            try compositor.render()
            renderer.finish()
            gate?.endFrame()
            compositor.endFrame()
            wallMs.append((now() - f0) * 1000)
            if f == 0 {
                firstFrame = now() - t0
                startup = processUptime() ?? 0
            }
            noteSightings(cardRows, into: sightings)
            if f == 0 { firstPlaceholders = sightings.onPlaceholder }
            if now() - sampledAt >= 0.5 { rss.append(residentMB()); sampledAt = now() }
            if pressed % CatalogueBench.checkpointItems == 0, checkpoints.last?.items != pressed {
                checkpoints.append((pressed, residentMB(), renderer.textures.totalBytes >> 20, images.count))
            }
            f += 1
        }
        if checkpoints.last?.items != pressed {
            checkpoints.append((pressed, residentMB(), renderer.textures.totalBytes >> 20, images.count))
        }
        var lines: [String] = []
        lines.append(String(format: "catalogue: %d posters in three rows (%@, globs of %d), %dx%d",
                            count, folder, count / 3, bench.framebuffer.width, bench.framebuffer.height))
        lines.append(String(format: "start-up: process start to the first finished frame %.3f s; scene load %.1f ms, load to first frame %.3f s",
                            startup, loaded * 1000, firstFrame))
        lines.append("cards drawn on a placeholder (or a preview) in the first frame that showed them: "
                     + "\(firstPlaceholders) in the first frame, \(sightings.onPlaceholder) of \(sightings.firstShown) cards over the run")
        if browse > 0 {
            let browsing = Summary(Array(wallMs.dropFirst()))
            lines.append(String(format: "browse: %d items at 8/s (wall clock) in the first row, %d frames drawn: wall median %.2f ms, p95 %.2f ms, max %.2f ms",
                                browse, wallMs.count - 1, browsing.median, browsing.p95, browsing.max))
        }
        lines.append(String(format: "resident memory sampled every 0.5 s (%d samples): first %.0f MB, last %.0f MB, max %.0f MB; poster budget %d MB, textures at the end %d MB",
                            rss.count, rss.first ?? 0, rss.last ?? 0, rss.max() ?? 0, images.posterBudgetBytes >> 20,
                            renderer.textures.totalBytes >> 20))
        if rss.count >= 4 {
            let quarter = rss.count / 4
            let maxima = (0..<4).map { q in rss[(q * quarter)..<(q == 3 ? rss.count : (q + 1) * quarter)].max() ?? 0 }
            lines.append("resident memory by quarter of the run (max, MB): " + maxima.map { String(format: "%.0f", $0) }.joined(separator: ", "))
        }
        if checkpoints.count > 1 {
            lines.append("every \(CatalogueBench.checkpointItems) items (items: resident MB, textures MB, images in the store): "
                         + checkpoints.map { "\($0.items): \(Int($0.rss.rounded())), \($0.textures), \($0.images)" }.joined(separator: "; "))
        }
        let shelves = cardRows.compactMap(\.shelf)
        let decoded = shelves.map(\.decodedCount).reduce(0, +)
        let decodeSeconds = shelves.map(\.decodeSeconds).reduce(0, +)
        lines.append(String(format: "decoded %d posters, %.1f ms of decode per poster (%.3f s in all); %d shown from the thumbnail cache at start",
                            decoded, decodeSeconds * 1000 / Double(max(1, decoded)), decodeSeconds,
                            shelves.map(\.cachedAtStart).reduce(0, +)))
        if let cache = bench.thumbnailCache {
            let c = cache.counters
            let lookups = c.hits + c.misses
            lines.append("thumbnail cache: \(c.hits) hits, \(c.misses) misses (hit rate "
                         + String(format: "%.0f%%", lookups > 0 ? 100 * Double(c.hits) / Double(lookups) : 0)
                         + "), \(c.writes) written, \(c.bytesWritten) bytes (\(c.writes > 0 ? c.bytesWritten / c.writes : 0) per poster), "
                         + "\(c.failedWrites) failed writes, \(c.corrupt) corrupt")
        }
        return lines.joined(separator: "\n")
    }

    /// Decodes into the thumbnail cache every poster the browse can show: the first row's
    /// items up to `browse` plus a screenful past it, and a screenful of the other rows.
    private func fill(_ rows: [CardRow], through browse: Int) throws -> String {
        guard let cache = bench.thumbnailCache else { throw BenchFailure("--fill-cache needs --thumbnail-cache") }
        var filled = 0
        for (k, row) in rows.enumerated() {
            guard let shelf = row.shelf else { continue }
            let screen = Int(row.configuration.frame.width / row.pitch) + 2
            for i in 0..<min(row.count, (k == 0 ? browse : 0) + screen) {
                guard let path = row.catalogue.imagePath(i) else { continue }
                _ = try ThumbnailCache.decode(path, size: shelf.decodeSize, cache: cache) {
                    try Image.decode(path: path, size: shelf.decodeSize)
                }
                filled += 1
            }
        }
        let c = cache.counters
        return "thumbnail cache filled: \(filled) posters, \(c.writes) written (\(c.bytesWritten) bytes), \(c.hits) already there"
    }

    /// Notes each card the first frame it is drawn, and whether it showed its poster then.
    private func noteSightings(_ rows: [CardRow], into s: Sightings) {
        for row in rows {
            guard let shelf = row.shelf else { continue }
            visit(row.rootLayer) { layer in
                guard let index = CatalogueBench.itemIndex(layer.name, row: row.name),
                      !(s.seen[row.name]?.contains(index) ?? false) else { return }
                s.seen[row.name, default: []].insert(index)
                s.firstShown += 1
                if case .image(let ref) = layer.contents, ref != shelf.preview(for: index) { return }
                s.onPlaceholder += 1
            }
        }
    }

    /// Calls `body` for every layer drawn under `layer` (hidden subtrees skipped).
    private func visit(_ layer: Layer, _ body: (Layer) -> Void) {
        guard !layer.isHidden else { return }
        body(layer)
        for sub in layer.sublayers { visit(sub, body) }
    }

    /// `i` for a card poster layer named `ROW/item<i>`, nil for any other layer.
    static func itemIndex(_ name: String, row: String) -> Int? {
        let prefix = row + "/item"
        guard name.hasPrefix(prefix) else { return nil }
        return Int(name.dropFirst(prefix.count))
    }

    /// Resident set size of this process in MB (/proc/self/statm).
    func residentMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
