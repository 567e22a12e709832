import Foundation
import Images
import Layers

/// Owns the pixels behind `ImageRef`s: images decoded from files, generated images, and
/// lazily produced ones (decoded or generated the first time the renderer asks).
///
/// What it does NOT do: no GL. The renderer keeps its own texture cache keyed by
/// `ImageRef.id` and asks `image(for:)` on a miss; `releasePixels` lets the CPU copy go
/// once a texture exists.
public final class ImageStore {
    private struct Entry {
        var key: String
        var ref: ImageRef
        var image: Image?
        var loader: (() throws -> Image)?
        /// The pixels are handed over (and dropped here) the first time they are asked for.
        var handsOff = false
    }

    private var entries: [Entry] = []
    private var byKey: [String: Int] = [:]
    /// Errors from lazy loaders, by image id (a failed lazy image draws nothing).
    public private(set) var loadErrors: [Int: String] = [:]

    /// The function that decodes an image file, PNG, JPEG or WebP by signature (injected so
    /// tests can stub it).
    public var decodeFile: (String) throws -> Image

    public init(decodeFile: @escaping (String) throws -> Image = { try Image.decode(path: $0) }) {
        self.decodeFile = decodeFile
    }

    /// Number of registered images.
    public var count: Int { entries.count }

    /// Registers decoded pixels under `key` (the same key returns the same ref).
    @discardableResult
    public func add(_ image: Image, key: String) -> ImageRef {
        if let i = byKey[key] { return entries[i].ref }
        let ref = ImageRef(id: entries.count, width: image.width, height: image.height, isOpaque: image.isOpaque)
        byKey[key] = entries.count
        entries.append(Entry(key: key, ref: ref, image: image, loader: nil))
        return ref
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

    /// Registers an image produced on first use. Its size and opacity must be known now.
    @discardableResult
    public func addLazy(key: String, width: Int, height: Int, isOpaque: Bool,
                        loader: @escaping () throws -> Image) -> ImageRef {
        if let i = byKey[key] { return entries[i].ref }
        let ref = ImageRef(id: entries.count, width: width, height: height, isOpaque: isOpaque)
        byKey[key] = entries.count
        entries.append(Entry(key: key, ref: ref, image: nil, loader: loader))
        return ref
    }

    /// Decodes an image file now (errors name the file) and registers it under its path.
    @discardableResult
    public func load(path: String) throws -> ImageRef {
        if let i = byKey[path] { return entries[i].ref }
        return add(try decodeFile(path), key: path)
    }

    /// The ref registered under `key`, if any.
    public func ref(forKey key: String) -> ImageRef? { byKey[key].map { entries[$0].ref } }

    /// The pixels of `ref`, producing them if they are lazy; nil for an unknown ref or a
    /// failed loader (the error is kept in `loadErrors`).
    public func image(for ref: ImageRef) -> Image? {
        guard ref.id >= 0, ref.id < entries.count else { return nil }
        if let image = entries[ref.id].image {
            if entries[ref.id].handsOff { entries[ref.id].image = nil }
            return image
        }
        guard let loader = entries[ref.id].loader else { return nil }
        do {
            let image = try loader()
            entries[ref.id].image = image
            return image
        } catch {
            loadErrors[ref.id] = "\(error)"
            return nil
        }
    }

    /// Drops the CPU copy of a lazily produced image (it can be produced again).
    public func releasePixels(_ ref: ImageRef) {
        guard ref.id >= 0, ref.id < entries.count, entries[ref.id].loader != nil else { return }
        entries[ref.id].image = nil
    }

    /// Drops the pixels of `ref` for good (a poster shelf's least recently used image) and
    /// queues its id so the renderer deletes its texture (`drainEvicted`). The ref must not
    /// be shown again; a later decode of the same file registers a new ref.
    public func evict(_ ref: ImageRef) {
        guard ref.id >= 0, ref.id < entries.count else { return }
        entries[ref.id].image = nil
        entries[ref.id].loader = nil
        evicted.append(ref.id)
    }

    /// Calls `body` with each id evicted since the last call, then forgets them.
    public func drainEvicted(_ body: (Int) -> Void) {
        guard !evicted.isEmpty else { return }
        for id in evicted { body(id) }
        evicted.removeAll(keepingCapacity: true)
    }
    private var evicted: [Int] = []

    /// Decode in the background (demo, benchmark): carousels of image files show a
    /// placeholder until a worker thread has decoded each image, then fade it in. When
    /// false (the default: headless renders and tests), images decode on first use, on
    /// the calling thread, so a frame at a given time is always the same.
    public var decodesInBackground = false
    /// Pixels per canvas point that images are decoded for (1.5: a 1280x720 canvas drawn
    /// at 1920x1080). Hosts set it from their drawable size before loading a scene.
    public var pixelsPerPoint = 1.5
    /// Bytes of decoded carousel images kept (least recently used evicted first).
    public var posterBudgetBytes = 128 << 20
    /// Where one-line warnings go (a bad file among a carousel's images); stderr by default.
    public var warn: (String) -> Void = { line in
        _ = ("warning: " + line + "\n").withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
    }

    /// Bytes of pixels currently held on the CPU.
    public var residentBytes: Int { entries.reduce(0) { $0 + ($1.image?.pixels.count ?? 0) } }
}
