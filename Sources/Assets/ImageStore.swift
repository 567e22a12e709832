import Foundation
import Images
import JSON
import LayerMath
import Layers

/// Owns the pixels behind `ImageRef`s: images decoded from files, generated images, and
/// lazily produced ones (decoded or generated the first time the renderer asks).
///
/// Its handles name it (`storeID`, process-unique) and the use of their slot
/// (`ImageRef.generation`: the slot of an evicted image is reused with the next
/// generation), so a handle of another store or of an evicted image finds nothing here
/// and misses in the renderer's texture cache instead of showing another image. When the
/// store goes away it retires its id (`ImageStoreID`) and texture caches drop its textures:
/// hosts that swap scenes do not purge anything by hand.
///
/// What it does NOT do: no GL. The renderer keeps its own texture cache keyed by store
/// and slot and asks `mipChain(for:)` / `image(for:)` on a miss; `releasePixels` lets the
/// CPU copy go once a texture exists.
public final class ImageStore {
    private struct Entry {
        var key: String
        var ref: ImageRef
        var image: Image?
        /// Pixels with their mip levels made on a decode thread (streamed posters).
        var chain: MipChain?
        var loader: (() throws -> Image)?
        /// The pixels are handed over (and dropped here) the first time they are asked for.
        var handsOff = false
        /// The slot is free (its image was evicted); its `ref` keeps the last generation.
        var free = false
        /// A Gaussian blur's standard deviation, in pixels, the renderer applies once to the texture.
        var blur = 0.0
    }

    /// This store's number, carried by every handle it makes (`ImageRef.store`).
    public let storeID = ImageStoreID.make()
    private var entries: [Entry] = []
    private var freeSlots: [Int] = []
    private var byKey: [String: Int] = [:]
    /// Errors from lazy loaders, by image id (a failed lazy image draws nothing).
    public private(set) var loadErrors: [Int: String] = [:]

    /// The function that decodes an image file, PNG, JPEG or WebP by signature (injected so
    /// tests can stub it).
    public var decodeFile: (String) throws -> Image

    public init(decodeFile: @escaping (String) throws -> Image = { try Image.decode(path: $0) }) {
        self.decodeFile = decodeFile
    }

    deinit { ImageStoreID.retire(storeID) }

    /// Number of registered images (evicted ones not counted).
    public var count: Int { entries.count - freeSlots.count }

    /// A new slot (a free one, with the next generation, else a new one) holding `entry`.
    private func register(_ entry: Entry, width: Int, height: Int, isOpaque: Bool) -> ImageRef {
        var entry = entry
        let slot: Int, generation: UInt32
        if let reused = freeSlots.popLast() {
            slot = reused
            generation = entries[reused].ref.generation &+ 1
        } else {
            slot = entries.count
            generation = 0
            entries.append(entry)
        }
        entry.ref = ImageRef(id: slot, width: width, height: height, isOpaque: isOpaque,
                             store: storeID, generation: generation)
        entries[slot] = entry
        byKey[entry.key] = slot
        return entry.ref
    }

    /// The slot `ref` names, if it is this store's and still holds the image it was made for.
    private func slot(_ ref: ImageRef) -> Int? {
        guard ref.store == storeID, ref.id >= 0, ref.id < entries.count else { return nil }
        let e = entries[ref.id]
        return !e.free && e.ref.generation == ref.generation ? ref.id : nil
    }

    /// True when `ref` was made by this store and its image has not been evicted.
    public func isLive(_ ref: ImageRef) -> Bool { slot(ref) != nil }

    /// Registers decoded pixels under `key` (the same key returns the same ref).
    @discardableResult
    public func add(_ image: Image, key: String) -> ImageRef {
        if let i = byKey[key] { return entries[i].ref }
        return register(Entry(key: key, ref: ImageRef(id: 0, width: 0, height: 0), image: image, loader: nil),
                        width: image.width, height: image.height, isOpaque: image.isOpaque)
    }

    /// Registers pixels that are handed over on the first `image(for:)` (the renderer's
    /// texture upload) and then dropped here, so a streamed image is held once, as a
    /// texture, not twice. Used for a carousel's decoded files (`PosterShelf`).
    @discardableResult
    public func addHandOff(_ image: Image, key: String) -> ImageRef {
        let ref = add(image, key: key)
        entries[ref.id].handsOff = true
        return ref
    }

    /// Registers pixels with their mip levels (made on a decode thread), handed over on the
    /// first `mipChain(for:)` (or `image(for:)`) and then dropped here, like `addHandOff`.
    /// The renderer uploads such an image level by level, smallest first, and never
    /// builds its mipmaps on the frame loop.
    @discardableResult
    public func addHandOff(_ chain: MipChain, isOpaque: Bool, key: String) -> ImageRef {
        if let i = byKey[key] { return entries[i].ref }
        let base = chain.base
        var entry = Entry(key: key, ref: ImageRef(id: 0, width: 0, height: 0), image: nil, loader: nil)
        entry.chain = chain
        entry.handsOff = true
        return register(entry, width: base.width, height: base.height, isOpaque: isOpaque)
    }

    /// True once the pixels of a hand-off image (`addHandOff`) have been handed over: the
    /// renderer has taken them for its texture (a streamed chain's smallest levels are
    /// uploaded in that same frame). False for other images and unknown refs.
    public func wasHandedOver(_ ref: ImageRef) -> Bool {
        guard let i = slot(ref) else { return false }
        return entries[i].handsOff && entries[i].chain == nil && entries[i].image == nil
    }

    /// The pixels of `ref` with their mip levels, when they were registered that way
    /// (`addHandOff(_:isOpaque:key:)`); handed over once. nil for any other image.
    public func mipChain(for ref: ImageRef) -> MipChain? {
        guard let i = slot(ref), let chain = entries[i].chain else { return nil }
        if entries[i].handsOff { entries[i].chain = nil }
        return chain
    }

    /// Registers an image produced on first use. Its size and opacity must be known now.
    /// `blur` > 0: the renderer blurs its texture once by a Gaussian of that standard
    /// deviation in pixels (`textureBlur(for:)`), as a shadow's shape is.
    @discardableResult
    public func addLazy(key: String, width: Int, height: Int, isOpaque: Bool, blur: Double = 0,
                        loader: @escaping () throws -> Image) -> ImageRef {
        if let i = byKey[key] { return entries[i].ref }
        var entry = Entry(key: key, ref: ImageRef(id: 0, width: 0, height: 0), image: nil, loader: loader)
        entry.blur = blur.isFinite ? max(blur, 0) : 0
        return register(entry, width: width, height: height, isOpaque: isOpaque)
    }

    /// The Gaussian blur (standard deviation, pixels) the renderer applies to `ref`'s texture
    /// when it uploads it; 0 for most images.
    public func textureBlur(for ref: ImageRef) -> Double {
        slot(ref).map { entries[$0].blur } ?? 0
    }

    /// Decodes an image file now (errors name the file) and registers it under its path.
    @discardableResult
    public func load(path: String) throws -> ImageRef {
        if let i = byKey[path] { return entries[i].ref }
        return add(try decodeFile(path), key: path)
    }

    /// Registers the image file at `path` shown over `points` (canvas points, a layer's
    /// bounds): its header is read now (errors name the file); its pixels are decoded the
    /// first time they are asked for, at the pixel size shown, `points` x `pixelsPerPoint`
    /// as it is then (never more than the file has: `Image.decode` with `.cover`). A run
    /// that draws nothing decodes nothing. The handle has the file's own size (what
    /// `contentsGravity` places) and is not marked opaque: the pixels are not known yet.
    @discardableResult
    public func load(path: String, shownAt points: Size) throws -> ImageRef {
        let file = try Image.readSize(path: path)
        // The covering pixel size, computed in Double so any bounds stay finite and in range.
        func side(_ p: Double, _ own: Int) -> Int {
            let v = p * pixelsPerPoint
            return v.isFinite ? Int(max(1, min(Double(own), v.rounded(.up)))) : own
        }
        let key = path + "@" + String(points.width) + "x" + String(points.height)
        return addLazy(key: key, width: file.width, height: file.height, isOpaque: false) { [unowned self] in
            let size = DecodeSize.cover(width: side(points.width, file.width), height: side(points.height, file.height), crop: false)
            return try Image.decode(path: path, size: size)
        }
    }

    /// A key no other image of this store has or will have (`PREFIX#n`): images that are
    /// not found again by a name, such as streamed posters, of any number of components.
    public func uniqueKey(_ prefix: String) -> String {
        uniqueSerial += 1
        return prefix + "#" + String(uniqueSerial)
    }
    private var uniqueSerial = 0

    /// The ref registered under `key`, if any.
    public func ref(forKey key: String) -> ImageRef? { byKey[key].map { entries[$0].ref } }

    /// The pixels of `ref`, producing them if they are lazy; nil for an unknown ref or a
    /// failed loader (the error is kept in `loadErrors`).
    public func image(for ref: ImageRef) -> Image? {
        guard let i = slot(ref) else { return nil }
        if let chain = entries[i].chain {
            if entries[i].handsOff { entries[i].chain = nil }
            return chain.base
        }
        if let image = entries[i].image {
            if entries[i].handsOff { entries[i].image = nil }
            return image
        }
        guard let loader = entries[i].loader else { return nil }
        do {
            let image = try loader()
            entries[i].image = image
            return image
        } catch {
            loadErrors[i] = "\(error)"
            return nil
        }
    }

    /// Produces the pixels of a lazy image now if they are not there yet (the compositor
    /// does, before drawing, so no artwork is painted nor text rasterised inside a render
    /// pass); does nothing for other images (a hand-off image goes to the renderer only).
    public func produce(_ ref: ImageRef) {
        // The loader is not looked at here: reading a stored closure can allocate.
        guard let i = slot(ref), entries[i].image == nil, entries[i].chain == nil, !entries[i].handsOff,
              loadErrors[i] == nil else { return }
        _ = image(for: ref)
    }

    /// Drops the CPU copy of a lazily produced image (it can be produced again).
    public func releasePixels(_ ref: ImageRef) {
        guard let i = slot(ref), entries[i].loader != nil else { return }
        entries[i].image = nil
    }

    /// Drops the pixels of `ref` for good (a poster shelf's least recently used image),
    /// frees its slot for a later image (with the next generation, so `ref` never finds
    /// that image) and queues `ref` so the renderer deletes its texture (`drainEvicted`).
    public func evict(_ ref: ImageRef) {
        guard let i = slot(ref) else { return }
        byKey.removeValue(forKey: entries[i].key)
        entries[i].image = nil
        entries[i].chain = nil
        entries[i].loader = nil
        entries[i].free = true
        freeSlots.append(i)
        evicted.append(ref)
    }

    /// Calls `body` with each ref evicted since the last call, then forgets them.
    public func drainEvicted(_ body: (ImageRef) -> Void) {
        guard !evicted.isEmpty else { return }
        for ref in evicted { body(ref) }
        evicted.removeAll(keepingCapacity: true)
    }
    private var evicted: [ImageRef] = []

    /// Decode in the background (demo, benchmark): carousels of image files show a
    /// placeholder (or a JPEG's preview) until a worker thread has decoded each image, then
    /// fade it in, and folders are listed on a thread (`FolderListing`). When false (the
    /// default: headless renders and tests), images decode on first use and folders are
    /// listed whole, on the calling thread, so a frame at a given time is always the same.
    public var decodesInBackground = false
    /// Pixels per canvas point that images are decoded for (1.5: a 1280x720 canvas drawn
    /// at 1920x1080). Hosts set it from their drawable size before loading a scene.
    public var pixelsPerPoint = 1.5

    /// `pixelsPerPoint` for a drawable `width` pixels wide showing a canvas 1280 points wide
    /// (the built-in scenes' and the examples'), within 1...4.
    public static func pixelsPerPoint(drawableWidth width: Int) -> Double {
        max(1, min(4, Double(width) / 1280))
    }
    /// Bytes of decoded carousel images kept (least recently used evicted first).
    public var posterBudgetBytes = 128 << 20
    /// Where streamed posters decoded at their shown size are kept between runs (nil: nowhere).
    public var thumbnailCache: ThumbnailCache?
    /// The priority of the decode worker threads of carousels loaded from now on (nice 10
    /// by default; `.idle` for hosts that own their machine, see `DecodeThreadPriority`).
    public var decodePriority = DecodeThreadPriority.nice(10)
    /// Hosts that render on the CPU bracket each frame with its `beginFrame` / `endFrame`,
    /// and background decoders pause while a frame renders (see `FrameGate`).
    public let frameGate = FrameGate()
    /// Where one-line warnings go (a bad file among a carousel's images); stderr by default.
    public var warn: (String) -> Void = { line in
        _ = ("warning: " + FileName.escaped(line) + "\n").withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
    }

    /// Bytes of pixels currently held on the CPU.
    public var residentBytes: Int {
        entries.reduce(0) { $0 + ($1.image?.pixels.count ?? 0) + ($1.chain?.byteCount ?? 0) }
    }
}
