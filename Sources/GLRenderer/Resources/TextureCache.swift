import CGL
import Images
import Layers
import RenderPlan

/// GPU textures for `ImageRef`s, keyed by the handle's store and slot and checked against
/// its generation: a handle of another store, or of an image evicted from its slot, never
/// gets another image's texture (a stale texture in the slot is replaced). Textures of
/// stores that have gone away (`ImageStoreID.retire`) are deleted at the next frame.
/// Premultiplied RGBA8, mipmapped (trilinear, anisotropic when the driver offers it),
/// clamped to the edge. Least recently used textures are evicted once the total passes
/// `budgetBytes`.
///
/// Images that come with their mip chain (`ImageSource.mipChain(for:)`, made on a decode
/// thread) are uploaded level by level, smallest first, a band of rows at a time within
/// `uploadBudget` (see `TextureCache+Streaming.swift`): the texture is drawn from its
/// first complete level on (`GL_TEXTURE_BASE_LEVEL`), sharpening as larger levels arrive.
/// An image the source asks to blur (`ImageSource.textureBlur(for:)`) is blurred on upload
/// (`TextureBlur`), and its blurred texture kept like any other.
public final class TextureCache {
    /// A texture's identity: the store that made the handle and the slot within it.
    struct Key: Hashable {
        var store: UInt32
        var slot: Int
        init(_ ref: ImageRef) { store = ref.store; slot = ref.id }
    }

    struct Entry {
        var texture: GLuint
        var bytes: Int
        var lastUsedFrame: Int
        /// Texels with alpha > 0, in texels: x0, y0 (inclusive), x1, y1 (exclusive), and the size.
        var visible: TexelBox
        /// The handle's generation this texture holds.
        var generation: UInt32 = 0
        /// Levels still to upload (a streamed mip chain); nil when complete.
        var pending: PendingLevels? = nil
        /// The largest level uploaded whole (the texture's base level); -1: none yet, so
        /// the texture cannot be drawn.
        var baseLevel = 0
        /// For a streamed chain's texture: its level-0 size and level count, so it can be
        /// kept as a spare (`SpareTextures`) when its image goes.
        var chainShape: SpareTextures.Shape? = nil
        /// A streamed chain with no texture yet (`texture` 0): the frame since which it waits
        /// for the host to make one between frames (`waitsForSpare`).
        var waitingSince: Int? = nil
    }

    /// Bytes of texture memory (mip chain included) allowed before LRU eviction.
    public var budgetBytes: Int
    /// Bytes currently held (estimated: 4 bytes per texel times 4/3 for the mip chain).
    public private(set) var totalBytes = 0
    /// Number of textures held.
    public var count: Int { entries.count }
    /// Frames counted by `beginFrame()`.
    public private(set) var frame = 0
    /// Bytes of texel data uploaded per frame at most (none by default; hosts that stream
    /// images, like a browsed carousel of photos, set a bound).
    public var uploadBudget = UploadBudget()
    /// GL_MAX_TEXTURE_SIZE: larger images and mip levels are area-filtered down to fit
    /// before upload (`Image.fittingWithin`), never a GL error.
    public internal(set) var maxTextureSize = Int.max

    var entries: [Key: Entry] = [:]
    private var missing: Set<ImageRef> = []
    let maxAnisotropy: Float
    /// This cache's place in the process's list of retired image stores.
    private var retiredCursor = 0
    /// Pixel-buffer objects for streamed uploads (`TextureCache+Streaming.swift`).
    var unpackBuffers = UnpackBuffers()
    /// Textures of streamed chains whose images left, for the next chain of their shape.
    var spares = SpareTextures()
    /// Bytes held by spare textures (beyond `totalBytes`: at most `SpareTextures.capacity`).
    public var spareBytes: Int { spares.bytes }
    /// Blurs the textures of images their source asks to blur (nil: they stay sharp).
    var blur: TextureBlur?

    init(budgetBytes: Int, maxAnisotropy: Float) {
        self.budgetBytes = budgetBytes
        self.maxAnisotropy = maxAnisotropy
    }

    deinit { removeAll() }

    func beginFrame() {
        frame += 1
        uploadBudget.beginFrame()
        ImageStoreID.retired(since: &retiredCursor) { removeAll(store: $0) }
    }

    /// Deletes the textures of every image of `store` (a store that has gone away).
    package func removeAll(store: UInt32) {
        for (key, _) in entries where key.store == store { remove(key) }
        missing = missing.filter { $0.store != store }
    }

    /// The texture for `ref`, uploading it from `source` on first use; 0 when the source has no image.
    /// May bind the new texture to GL_TEXTURE_2D (the caller's state cache is told via `bound`).
    /// `visible` receives the box of texels with alpha > 0 (premultiplied: the others add nothing).
    func texture(for ref: ImageRef, source: ImageSource, stats: inout FrameStats, bound: inout GLuint,
                 visible: inout TexelBox) -> GLuint {
        let key = Key(ref)
        if var entry = entries[key] {
            if entry.generation == ref.generation {
                if entry.waitingSince != nil {
                    // Started when a spare is there, or after waiting long enough.
                    guard let started = startWaitingUpload(entry, ref: ref, stats: &stats, bound: &bound) else {
                        entry.lastUsedFrame = frame
                        entries[key] = entry
                        stats.deferredUploads += 1
                        return 0
                    }
                    entries[key] = started
                    if started.baseLevel < 0 { return 0 }      // counted as deferred by continueUpload
                    visible = started.visible
                    return started.texture
                }
                if entry.lastUsedFrame != frame || entry.pending != nil {
                    entry.lastUsedFrame = frame
                    if entry.pending != nil { continueUpload(&entry, stats: &stats, bound: &bound) }
                    entries[key] = entry
                }
                if entry.baseLevel < 0 { return 0 }     // counted as deferred by continueUpload
                visible = entry.visible
                return entry.texture
            }
            remove(key)     // the slot now holds another image: this texture is stale
        }
        if missing.contains(ref) { return 0 }
        // A new texture's memory is cleared by the driver on this thread (llvmpipe: a memset
        // and page faults, about 3.5 ms for a 960x525 poster's chain): with a bounded budget,
        // a large one without a spare waits for a frame that has uploaded nothing, and ends
        // that frame's uploads (`startUpload`), unless the host makes textures between
        // frames (`prepareSpare`): then its chain waits for one (`waitsForSpare`).
        let large = ref.width * ref.height * 16 / 3 >= SpareTextures.minimumBytes
        if uploadBudget.isSpent || (large && uploadBudget.isBounded && uploadBudget.usedBytes > 0
                                    && !spares.hostMakesSpares && !spares.has(width: ref.width, height: ref.height)) {
            stats.deferredUploads += 1
            return 0
        }
        // A chain made on a decode thread: uploaded a band at a time, smallest level first.
        if let chain = source.mipChain(for: ref)?.fittingWithin(maxTextureSize), chain.base.width > 0, chain.base.height > 0 {
            if waitsForSpare(chain) {
                var entry = Entry(texture: 0, bytes: chain.byteCount, lastUsedFrame: frame,
                                  visible: TextureCache.wholeBox(chain.base), generation: ref.generation)
                entry.pending = PendingLevels(chain: chain, level: chain.levels.count - 1)
                entry.baseLevel = -1
                entry.waitingSince = frame
                entries[key] = entry
                totalBytes += entry.bytes
                stats.deferredUploads += 1
                return 0
            }
            var entry = startUpload(chain, ref: ref, bound: &bound)
            continueUpload(&entry, stats: &stats, bound: &bound)
            entries[key] = entry
            totalBytes += entry.bytes
            stats.textureUploads += 1
            if entry.baseLevel < 0 { return 0 }         // counted as deferred by continueUpload
            visible = entry.visible
            return entry.texture
        }
        // The budget is checked on the ref's size before the source is asked: a source may
        // hand its pixels over (and drop its copy) when asked.
        guard uploadBudget.admit(ref.width * ref.height * 4) else {
            stats.deferredUploads += 1
            return 0
        }
        guard let image = source.image(for: ref)?.fittingWithin(maxTextureSize), image.width > 0, image.height > 0 else {
            missing.insert(ref)
            return 0
        }
        stats.uploadedBytes += image.pixels.count
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLConstant.texture2D, name)
        bound = name
        glPixelStorei(GLConstant.unpackAlignment, 1)
        image.pixels.withUnsafeBytes { raw in
            glTexImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, GLsizei(image.width), GLsizei(image.height), 0,
                         GLConstant.rgba, GLConstant.unsignedByte, raw.baseAddress)
        }
        // No mip chain yet: llvmpipe builds it with a blit (shader JIT + draws), about half the
        // start-up's texture time, and magnified layers never read it. The renderer asks for it
        // (`generateMipmaps`) the first time it draws the image minified.
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linear)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        let sigma = source.textureBlur(for: ref)
        if sigma > 0.01, let blurred = blur?.blurred(name, width: image.width, height: image.height, sigma: sigma) {
            glDeleteTextures(1, &name)
            name = blurred
            glBindTexture(GLConstant.texture2D, name)
            bound = name
            // The blur spreads over the whole image and leaves no texel surely opaque.
            visible = TextureCache.wholeBox(image)
        } else {
            visible = ref.isOpaque ? TextureCache.wholeBox(image) : TextureCache.visibleBox(image)
            if !ref.isOpaque { visible.opaque = OpaqueRegion.largestRectangle(image.pixels, width: image.width, height: image.height) }
        }
        if maxAnisotropy > 1 {
            glTexParameterf(GLConstant.texture2D, GLConstant.textureMaxAnisotropy, maxAnisotropy)
        }
        let bytes = image.width * image.height * 4 * 4 / 3
        entries[key] = Entry(texture: name, bytes: bytes, lastUsedFrame: frame, visible: visible,
                             generation: ref.generation)
        totalBytes += bytes
        stats.textureUploads += 1
        return name
    }

    /// Whether `texture(for:)` may make GL calls for `ref` (start or continue an upload,
    /// delete a stale texture): a caller with draws queued (`DrawBatcher`) draws them first.
    func mayChangeTexture(for ref: ImageRef) -> Bool {
        if let e = entries[Key(ref)] { return e.generation != ref.generation || e.pending != nil }
        return !missing.contains(ref)
    }

    /// Whether `generateMipmaps` would build a chain for `ref` (see `mayChangeTexture`).
    func needsMipmapBuild(_ ref: ImageRef) -> Bool {
        guard let e = entries[Key(ref)], e.generation == ref.generation else { return false }
        return !e.visible.mipmapped
    }

    /// Builds the mip chain of `ref`'s texture (once) and switches it to trilinear filtering.
    /// Binds the texture (the caller's state cache is told via `bound`).
    func generateMipmaps(_ ref: ImageRef, bound: inout GLuint) {
        let key = Key(ref)
        guard var entry = entries[key], entry.generation == ref.generation, !entry.visible.mipmapped else { return }
        glBindTexture(GLConstant.texture2D, entry.texture)
        bound = entry.texture
        glGenerateMipmap(GLConstant.texture2D)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, GLConstant.linearMipmapLinear)
        entry.visible.mipmapped = true
        entries[key] = entry
    }

    /// Every texel of `image` (an opaque image: no scan needed).
    static func wholeBox(_ image: Image) -> TexelBox {
        TexelBox(x0: 0, y0: 0, x1: Int32(image.width), y1: Int32(image.height),
                 width: Int32(image.width), height: Int32(image.height))
    }

    /// The bounding box of the texels whose alpha is not 0 (empty: x1 <= x0).
    static func visibleBox(_ image: Image) -> TexelBox {
        let w = image.width, h = image.height
        var x0 = w, y0 = h, x1 = 0, y1 = 0
        image.pixels.withUnsafeBufferPointer { px in
            guard px.count >= w * h * 4 else { x0 = 0; y0 = 0; x1 = w; y1 = h; return }
            for y in 0..<h {
                let row = y * w * 4
                var first = -1
                for x in 0..<w where px[row + x * 4 + 3] != 0 { first = x; break }
                if first < 0 { continue }
                var last = first
                var x = w - 1
                while x > first { if px[row + x * 4 + 3] != 0 { last = x; break }; x -= 1 }
                if y < y0 { y0 = y }
                y1 = y + 1
                if first < x0 { x0 = first }
                if last + 1 > x1 { x1 = last + 1 }
            }
        }
        return TexelBox(x0: Int32(x0), y0: Int32(y0), x1: Int32(x1), y1: Int32(y1), width: Int32(w), height: Int32(h))
    }

    /// Evicts least recently used textures (never those used in the current frame) until
    /// the total is within the budget.
    func enforceBudget() {
        while totalBytes > budgetBytes {
            var oldest: Key?, oldestFrame = Int.max
            for (key, e) in entries where e.lastUsedFrame < frame && e.lastUsedFrame < oldestFrame {
                oldest = key; oldestFrame = e.lastUsedFrame
            }
            guard let oldest else { return }
            remove(oldest)
        }
    }

    /// Deletes textures not used in the last `frames` frames; returns how many.
    @discardableResult
    package func evictUnused(olderThanFrames frames: Int) -> Int {
        var removed = 0
        for (key, e) in entries where frame - e.lastUsedFrame > frames {
            remove(key)
            removed += 1
        }
        return removed
    }

    /// Drops the texture of one image (e.g. its pixels changed, or it was evicted from its
    /// store) and forgets that it was missing. A texture of a later generation of the same
    /// slot (a newer image) is kept.
    public func invalidate(_ ref: ImageRef) {
        missing.remove(ref)
        let key = Key(ref)
        if let e = entries[key], e.generation == ref.generation { remove(key) }
    }

    /// True when a texture for `ref` (this very generation) is held, complete or not.
    package func holds(_ ref: ImageRef) -> Bool { entries[Key(ref)]?.generation == ref.generation }

    /// Deletes every texture.
    public func removeAll() {
        for (_, e) in entries { var t = e.texture; glDeleteTextures(1, &t) }
        entries.removeAll()
        missing.removeAll()
        totalBytes = 0
        unpackBuffers.delete()
        spares.deleteAll()
    }

    private func remove(_ key: Key) {
        guard let e = entries.removeValue(forKey: key) else { return }
        totalBytes -= e.bytes
        if let shape = e.chainShape, spares.keep(e.texture, shape: shape, bytes: e.bytes) { return }
        var t = e.texture
        glDeleteTextures(1, &t)
    }
}
