import Assets
import Images
import Layers

/// The images of a carousel whose items are image files (a list, a folder or a glob):
/// decoded when about to be seen, at the size shown, and forgotten least recently used
/// first once their bytes pass `ImageStore.posterBudgetBytes`.
///
/// In the background mode (`ImageStore.decodesInBackground`) a `DecodeQueue` decodes on
/// worker threads: `image(for:)` returns nil until the image has arrived through `poll()`,
/// and `want(_:)` tells the workers what to decode next (the visible items nearest the
/// centre first, then the neighbours in the browsing direction). Otherwise every image
/// decodes on first use, on the caller's thread (deterministic headless frames).
///
/// In the background mode each image arrives with its mip chain, made by the worker (the
/// renderer uploads it level by level and never builds mipmaps on the frame loop), and a
/// JPEG's visible items first get a preview (`Image.decodePreview`: 1/8 scale, fast),
/// shown instead of the placeholder colour until the full image covers it (the carousel
/// fades an image in only over the colour).
///
/// The byte budget covers everything an image holds, from its decode to its eviction:
/// its pixels with every mip level and its preview, whether they are still on the CPU or
/// already handed over to the renderer as textures (then the CPU copy is gone).
///
/// A file that cannot be decoded gives one warning line (through `ImageStore.warn`) and
/// stays a placeholder; it is not tried again.
///
/// Does NOT touch GL: decoded pixels are registered to be handed over to the renderer's
/// texture upload (`ImageStore.addHandOff`: held once, as a texture), and evicted images
/// go to `ImageStore.evict`, which tells the renderer to delete their textures.
public final class PosterShelf {
    /// The files, in item order (empty while a folder is still being listed).
    public private(set) var paths: FileList
    /// A folder still being listed on its thread (nil once its list is adopted).
    private var listing: FolderListing?
    /// The size each image is decoded at (item size in pixels, by gravity).
    public let decodeSize: DecodeSize
    /// Bytes of decoded images held now (RGBA8 with every mip level, and previews), on the
    /// CPU or as textures.
    public private(set) var residentBytes = 0
    /// Images decoded so far (and their total decode time, in worker seconds).
    public private(set) var decodedCount = 0
    public private(set) var decodeSeconds = 0.0
    /// Images evicted by the budget so far.
    public private(set) var evictedCount = 0
    /// Bytes of images kept (nil: the store's `posterBudgetBytes`).
    private let budgetBytes: Int?

    /// Posters of the first screen read from the thumbnail cache before the first frame.
    public private(set) var cachedAtStart = 0
    private var askedBefore = false

    /// Previews decoded so far.
    public private(set) var previewCount = 0

    /// CPU seconds the decode workers have used so far (0 without background decoding).
    public var workerCPUSeconds: Double { queue?.workerCPUSeconds ?? 0 }

    private struct Slot {
        var ref: ImageRef?
        /// The quick low-resolution version, while and after the full image decodes.
        var preview: ImageRef?
        var bytes = 0
        var lastUsed = 0
        var failed = false
    }
    private var slots: [Int: Slot] = [:]
    private let store: ImageStore
    private let queue: DecodeQueue?
    private var tick = 0

    /// - Parameters:
    ///   - itemPixels: the item's size in pixels (points times `ImageStore.pixelsPerPoint`).
    ///   - gravity: the items' `contentsGravity` (`resizeAspectFill` decodes only the part shown).
    ///   - listing: a folder still being listed: `paths` stays empty (nothing decodes) until
    ///     `adoptListing()` takes its complete, sorted list.
    ///   - budgetBytes: bytes of images kept (nil: the store's `posterBudgetBytes`).
    public init(paths: FileList, listing: FolderListing? = nil, store: ImageStore, itemPixels: (width: Int, height: Int),
                gravity: ContentsGravity, workers: Int = DecodeQueue.defaultWorkers, budgetBytes: Int? = nil) {
        self.paths = paths
        self.budgetBytes = budgetBytes
        self.listing = listing
        self.store = store
        let w = max(1, itemPixels.width), h = max(1, itemPixels.height)
        switch gravity {
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight: decodeSize = .full
        case .resizeAspectFill: decodeSize = .cover(width: w, height: h, crop: true)
        case .resize, .resizeAspect: decodeSize = .cover(width: w, height: h, crop: false)
        }
        queue = store.decodesInBackground
            ? DecodeQueue(workers: workers, priority: store.decodePriority, gate: store.frameGate, cache: store.thumbnailCache)
            : nil
    }

    /// True once, when the folder's complete list has arrived and become `paths`.
    public func adoptListing() -> Bool {
        guard let l = listing, let complete = l.completed else { return false }
        listing = nil
        paths = complete
        return true
    }

    /// True while the folder is still being listed.
    public var isListing: Bool { listing != nil }

    /// True while the folder is listed or an image decodes (or waits to be collected).
    var isBusy: Bool { listing != nil || !(queue?.isIdle ?? true) }

    /// Starts a frame: images touched from now on count as used in this frame.
    public func beginFrame() { tick += 1 }

    /// The decoded image of item `index`, marking it used; nil while it is not ready (or
    /// failed). Decodes now when not decoding in the background.
    public func image(for index: Int) -> ImageRef? {
        guard index >= 0, index < paths.count else { return nil }
        if var slot = slots[index] {
            if slot.ref != nil || slot.preview != nil, slot.lastUsed != tick {
                slot.lastUsed = tick
                slots[index] = slot
            }
            return slot.ref
        }
        guard queue == nil else { return nil }
        do {
            let path = paths[index]
            accept(index: index, image: try ThumbnailCache.decode(path, size: decodeSize, cache: store.thumbnailCache) {
                try Image.decode(path: path, size: decodeSize)
            }, seconds: 0)
        } catch {
            fail(index: index, error)
        }
        return slots[index]?.ref
    }

    /// The preview of item `index` (a 1/8-scale JPEG decode), if one has arrived; nil once
    /// never asked for, for non-JPEG files and when not decoding in the background.
    public func preview(for index: Int) -> ImageRef? { slots[index]?.preview }

    /// True when item `index` has its decoded image now (nothing is decoded or marked used).
    public func isResident(_ index: Int) -> Bool { slots[index]?.ref != nil }

    /// True when item `index` could not be decoded.
    public func hasFailed(_ index: Int) -> Bool { slots[index]?.failed ?? false }

    /// Asks the workers for these items, most wanted first (those decoded or failed are
    /// skipped), and for previews of the first `previewing` of them (the visible ones),
    /// each just before its item's image. Replaces the previous wish list.
    public func want(_ indices: [Int], previewing: Int = 0) {
        guard let queue else { return }
        // The first screen's posters that the thumbnail cache has arrive now, not a frame
        // or more on: a second start shows them in its first frame.
        if !askedBefore, let cache = store.thumbnailCache {
            for i in indices.prefix(previewing) where i >= 0 && i < paths.count && slots[i] == nil {
                guard let key = cache.key(path: paths[i], size: decodeSize), let image = cache.read(key) else { continue }
                accept(index: i, chain: MipChain(image), isOpaque: image.isOpaque, seconds: 0)
                cachedAtStart += 1
            }
        }
        askedBefore = true
        var jobs: [DecodeQueue.Job] = []
        jobs.reserveCapacity(indices.count + previewing)
        for (rank, i) in indices.enumerated() where i >= 0 && i < paths.count {
            let slot = slots[i]
            guard slot?.ref == nil, !(slot?.failed ?? false) else { continue }
            // Preview then image, item by item: the centre's preview, its image, the next
            // item's preview... (all previews first would starve the images on a busy core).
            if rank < previewing && slot == nil && decodeSize != .full {
                jobs.append(DecodeQueue.Job(id: i, path: paths[i], size: decodeSize, priority: 2 * rank, preview: true))
            }
            jobs.append(DecodeQueue.Job(id: i, path: paths[i], size: decodeSize, priority: 2 * rank + 1))
        }
        queue.submit(jobs)
    }

    /// Collects finished decodes (never waits) and applies the budget; true when an image arrived.
    @discardableResult
    public func poll() -> Bool {
        guard let queue else { return false }
        var arrived = false
        queue.drain { outcome in
            let slot = slots[outcome.id]
            guard slot?.ref == nil, !(slot?.failed ?? false) else { return }   // a duplicate of a finished job
            switch outcome.result {
            case .success(let chain?) where outcome.preview:
                guard slot?.preview == nil else { return }
                acceptPreview(index: outcome.id, chain: chain, isOpaque: outcome.isOpaque)
                arrived = true
            case .success(let chain?):
                accept(index: outcome.id, chain: chain, isOpaque: outcome.isOpaque, seconds: outcome.seconds)
                arrived = true
            case .success(nil):
                break                                           // no preview for this file
            case .failure(let error):
                // A preview's error is the full decode's too: warn once, from the full job.
                if !outcome.preview { fail(index: outcome.id, error) }
            }
        }
        if arrived { enforceBudget() }
        return arrived
    }

    private func accept(index: Int, image: Image, seconds: Double) {
        let ref = store.addHandOff(image, key: store.uniqueKey("poster-shelf"))
        let bytes = image.width * image.height * 4 * 4 / 3
        slots[index] = Slot(ref: ref, bytes: bytes, lastUsed: tick, failed: false)
        residentBytes += bytes
        decodedCount += 1
        decodeSeconds += seconds
        if queue == nil { enforceBudget() }
    }

    /// A full image decoded on a worker, with its mip chain (handed over to the renderer).
    private func accept(index: Int, chain: MipChain, isOpaque: Bool, seconds: Double) {
        let ref = store.addHandOff(chain, isOpaque: isOpaque, key: store.uniqueKey("poster-shelf"))
        var slot = slots[index] ?? Slot()
        slot.ref = ref
        slot.bytes += chain.byteCount
        slot.lastUsed = tick
        slots[index] = slot
        residentBytes += chain.byteCount
        decodedCount += 1
        decodeSeconds += seconds
    }

    private func acceptPreview(index: Int, chain: MipChain, isOpaque: Bool) {
        let ref = store.addHandOff(chain, isOpaque: isOpaque, key: store.uniqueKey("poster-shelf"))
        slots[index] = Slot(ref: nil, preview: ref, bytes: chain.byteCount, lastUsed: tick, failed: false)
        residentBytes += chain.byteCount
        previewCount += 1
    }

    private func fail(index: Int, _ error: Error) {
        if let preview = slots[index]?.preview {
            store.evict(preview)
            residentBytes -= slots[index]?.bytes ?? 0
        }
        slots[index] = Slot(ref: nil, bytes: 0, lastUsed: tick, failed: true)
        store.warn("\(error) (shown as a placeholder)")
    }

    /// Forgets every image (their textures are deleted), as when the shelf is replaced.
    public func evictAll() {
        for (_, slot) in slots {
            if let ref = slot.ref { store.evict(ref) }
            if let preview = slot.preview { store.evict(preview) }
        }
        slots.removeAll()
        residentBytes = 0
    }

    /// Evicts least recently used images not used in this frame until within the budget.
    private func enforceBudget() {
        while residentBytes > budgetBytes ?? store.posterBudgetBytes {
            var oldest = -1, oldestTick = Int.max
            for (i, s) in slots where (s.ref != nil || s.preview != nil) && s.lastUsed < tick && s.lastUsed < oldestTick {
                oldest = i; oldestTick = s.lastUsed
            }
            guard oldest >= 0, let slot = slots.removeValue(forKey: oldest) else { return }
            if let ref = slot.ref { store.evict(ref) }
            if let preview = slot.preview { store.evict(preview) }
            residentBytes -= slot.bytes
            evictedCount += 1
        }
    }
}
