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
/// A file that cannot be decoded gives one warning line (through `ImageStore.warn`) and
/// stays a placeholder; it is not tried again.
///
/// Does NOT touch GL: decoded pixels are registered to be handed over to the renderer's
/// texture upload (`ImageStore.addHandOff`: held once, as a texture), and evicted images
/// go to `ImageStore.evict`, which tells the renderer to delete their textures.
public final class PosterShelf {
    /// The files, in item order.
    public let paths: FileList
    /// The size each image is decoded at (item size in pixels, by gravity).
    public let decodeSize: DecodeSize
    /// Bytes of decoded images held now (RGBA8 plus a third for the mip chain).
    public private(set) var residentBytes = 0
    /// Images decoded so far (and their total decode time, in worker seconds).
    public private(set) var decodedCount = 0
    public private(set) var decodeSeconds = 0.0
    /// Images evicted by the budget so far.
    public private(set) var evictedCount = 0

    private struct Slot {
        var ref: ImageRef?
        var bytes = 0
        var lastUsed = 0
        var failed = false
    }
    private var slots: [Int: Slot] = [:]
    private let store: ImageStore
    private let queue: DecodeQueue?
    private var tick = 0
    private var serial = 0

    /// - Parameters:
    ///   - itemPixels: the item's size in pixels (points times `ImageStore.pixelsPerPoint`).
    ///   - gravity: the items' `contentsGravity` (`resizeAspectFill` decodes only the part shown).
    public init(paths: FileList, store: ImageStore, itemPixels: (width: Int, height: Int), gravity: ContentsGravity,
                workers: Int = DecodeQueue.defaultWorkers) {
        self.paths = paths
        self.store = store
        let w = max(1, itemPixels.width), h = max(1, itemPixels.height)
        switch gravity {
        case .center: decodeSize = .full
        case .resizeAspectFill: decodeSize = .cover(width: w, height: h, crop: true)
        case .resize, .resizeAspect: decodeSize = .cover(width: w, height: h, crop: false)
        }
        queue = store.decodesInBackground ? DecodeQueue(workers: workers) : nil
    }

    /// Starts a frame: images touched from now on count as used in this frame.
    public func beginFrame() { tick += 1 }

    /// The decoded image of item `index`, marking it used; nil while it is not ready (or
    /// failed). Decodes now when not decoding in the background.
    public func image(for index: Int) -> ImageRef? {
        guard index >= 0, index < paths.count else { return nil }
        if var slot = slots[index] {
            if slot.ref != nil, slot.lastUsed != tick {
                slot.lastUsed = tick
                slots[index] = slot
            }
            return slot.ref
        }
        guard queue == nil else { return nil }
        do {
            accept(index: index, image: try Image.decode(path: paths[index], size: decodeSize), seconds: 0)
        } catch {
            fail(index: index, error)
        }
        return slots[index]?.ref
    }

    /// True when item `index` has its decoded image now (nothing is decoded or marked used).
    public func isResident(_ index: Int) -> Bool { slots[index]?.ref != nil }

    /// True when item `index` could not be decoded.
    public func hasFailed(_ index: Int) -> Bool { slots[index]?.failed ?? false }

    /// Asks the workers for these items, most wanted first (those decoded or failed are
    /// skipped). Replaces the previous wish list.
    public func want(_ indices: [Int]) {
        guard let queue else { return }
        var jobs: [DecodeQueue.Job] = []
        jobs.reserveCapacity(indices.count)
        for (rank, i) in indices.enumerated() where i >= 0 && i < paths.count && slots[i] == nil {
            jobs.append(DecodeQueue.Job(id: i, path: paths[i], size: decodeSize, priority: rank))
        }
        queue.submit(jobs)
    }

    /// Collects finished decodes (never waits) and applies the budget; true when an image arrived.
    @discardableResult
    public func poll() -> Bool {
        guard let queue else { return false }
        var arrived = false
        queue.drain { outcome in
            guard slots[outcome.id] == nil else { return }      // a duplicate of a finished job
            switch outcome.result {
            case .success(let image):
                accept(index: outcome.id, image: image, seconds: outcome.seconds)
                arrived = true
            case .failure(let error):
                fail(index: outcome.id, error)
            }
        }
        if arrived { enforceBudget() }
        return arrived
    }

    private func accept(index: Int, image: Image, seconds: Double) {
        serial += 1
        let ref = store.addHandOff(image, key: "poster-shelf#\(serial)")
        let bytes = image.width * image.height * 4 * 4 / 3
        slots[index] = Slot(ref: ref, bytes: bytes, lastUsed: tick, failed: false)
        residentBytes += bytes
        decodedCount += 1
        decodeSeconds += seconds
        if queue == nil { enforceBudget() }
    }

    private func fail(index: Int, _ error: Error) {
        slots[index] = Slot(ref: nil, bytes: 0, lastUsed: tick, failed: true)
        store.warn("\(error) (shown as a placeholder)")
    }

    /// Evicts least recently used images not used in this frame until within the budget.
    private func enforceBudget() {
        while residentBytes > store.posterBudgetBytes {
            var oldest = -1, oldestTick = Int.max
            for (i, s) in slots where s.ref != nil && s.lastUsed < tick && s.lastUsed < oldestTick {
                oldest = i; oldestTick = s.lastUsed
            }
            guard oldest >= 0, let slot = slots.removeValue(forKey: oldest), let ref = slot.ref else { return }
            store.evict(ref)
            residentBytes -= slot.bytes
            evictedCount += 1
        }
    }
}
