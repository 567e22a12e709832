import CGL
import Images
import Layers

// Streaming a mip chain made on a decode thread into a texture, a band of rows at a time
// within the frame's upload budget, smallest level first: the frame loop copies texels
// and never builds mipmaps (no `glGenerateMipmap`), and no frame uploads more than the
// budget, so a newly decoded poster never lands in one frame.
//
// Does NOT decode, choose what to upload next (the drawing order does) or wait for the GPU.

/// The levels of a chain still to upload: level `level` from row `row` on, then the
/// larger ones (`level - 1` down to 0).
struct PendingLevels {
    var chain: MipChain
    var level: Int
    var row = 0
}

/// A ring of pixel-buffer objects for uploads (`UploadBudget.usesPixelBuffers`): each band
/// is copied into the next buffer, orphaned first (`glBufferData` with no data) so the
/// driver never waits for a draw still reading the previous contents.
struct UnpackBuffers {
    private var names: [GLuint] = []
    private var next = 0
    static let ringSize = 3

    /// Copies `bytes` bytes at `data` into the next buffer and leaves it bound to
    /// `GL_PIXEL_UNPACK_BUFFER` (texture uploads then read offset 0 of it).
    mutating func stage(_ data: UnsafeRawPointer, bytes: Int) {
        if names.isEmpty {
            names = [GLuint](repeating: 0, count: UnpackBuffers.ringSize)
            glGenBuffers(GLsizei(UnpackBuffers.ringSize), &names)
        }
        glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), names[next])
        next = (next + 1) % names.count
        glBufferData(GLenum(GL_PIXEL_UNPACK_BUFFER), GLsizeiptr(bytes), nil, GLenum(GL_STREAM_DRAW))
        glBufferSubData(GLenum(GL_PIXEL_UNPACK_BUFFER), 0, GLsizeiptr(bytes), data)
    }

    /// Unbinds `GL_PIXEL_UNPACK_BUFFER` (client-memory uploads elsewhere read pointers).
    func unbind() { glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0) }

    mutating func delete() {
        if !names.isEmpty { glDeleteBuffers(GLsizei(names.count), &names) }
        names = []
        next = 0
    }
}

/// A few textures of streamed mip chains kept after their images left, for the next chain
/// of the same shape. Mesa's llvmpipe zeroes a new texture's memory on the thread that
/// creates it: for a 960x525 poster's chain, 2.7 MB of page faults and memset on the frame
/// loop, the largest cost of a frame that starts a poster. A browsed shelf's posters share
/// one shape, so a spare is almost always there.
struct SpareTextures {
    struct Shape: Equatable {
        var width: Int, height: Int, levels: Int
    }
    /// The shape of `chain`'s texture: its level 0 and its level count.
    static func shape(of chain: MipChain) -> Shape {
        Shape(width: chain.base.width, height: chain.base.height, levels: chain.levels.count)
    }
    /// Spare textures kept at most (their memory is beyond the texture budget).
    static let capacity = 2
    /// The shape of the last large chain that started uploading, and the frame it did:
    /// what `TextureCache.prepareSpare()` makes ahead while chains of it keep arriving.
    var lastMade: (shape: Shape, frame: Int)? = nil
    /// Smaller textures are not kept: they are cheap to make, and previews (an eighth of
    /// a poster per side) would otherwise fill the spares.
    static let minimumBytes = 256 * 1024
    /// The host calls `TextureCache.prepareSpare` between frames: a large chain with no
    /// spare of its shape waits for one to be made there (`wanted`).
    var hostMakesSpares = false
    /// The shape a waiting chain needs (made by the next `prepareSpare`).
    var wanted: Shape? = nil
    /// Frames a chain waits for its texture before the frame makes it after all (a host
    /// that stopped calling `prepareSpare`, or whose frames leave no time for it).
    static let maximumWaitFrames = 8
    private var kept: [(name: GLuint, shape: Shape, bytes: Int)] = []
    private(set) var bytes = 0

    /// Keeps `name` (returns true), or returns false when full (the caller deletes it).
    mutating func keep(_ name: GLuint, shape: Shape, bytes: Int) -> Bool {
        guard kept.count < SpareTextures.capacity, bytes >= SpareTextures.minimumBytes else { return false }
        kept.append((name, shape, bytes))
        self.bytes += bytes
        return true
    }

    /// Textures kept.
    var count: Int { kept.count }

    /// Whether a kept texture has `shape`.
    func has(_ shape: Shape) -> Bool { kept.contains { $0.shape == shape } }

    /// Whether a kept texture has a level 0 of `width` x `height`.
    func has(width: Int, height: Int) -> Bool {
        kept.contains { $0.shape.width == width && $0.shape.height == height }
    }

    /// A kept texture of `shape`, no longer kept; nil when none.
    mutating func take(_ shape: Shape) -> GLuint? {
        guard let i = kept.firstIndex(where: { $0.shape == shape }) else { return nil }
        let spare = kept.remove(at: i)
        bytes -= spare.bytes
        return spare.name
    }

    /// Deletes every spare and forgets what the host does (`hostMakesSpares`, `wanted`).
    mutating func deleteAll() {
        for spare in kept { var t = spare.name; glDeleteTextures(1, &t) }
        kept.removeAll()
        bytes = 0
        hostMakesSpares = false
        wanted = nil
        lastMade = nil
    }

    /// Deletes the kept texture used longest ago (making room for another shape).
    mutating func deleteOldest() {
        guard !kept.isEmpty else { return }
        let spare = kept.removeFirst()
        bytes -= spare.bytes
        var t = spare.name
        glDeleteTextures(1, &t)
    }
}

extension TextureCache {
    /// Makes one spare texture ahead, in the shape of the last large streamed chain that
    /// started uploading, when that was within the last `recentFrames` frames and no spare
    /// is kept (once the budget is full, each new image evicts one, whose texture becomes
    /// the spare); returns whether it made one.
    ///
    /// For hosts to call after presenting a frame, in the time before the next one: the
    /// driver's clearing of the texture's memory (about 3.5 ms for a 960x525 poster on
    /// llvmpipe) then delays no frame, and the next poster to arrive finds a spare. The
    /// texture is bound to GL_TEXTURE_2D of the active unit; the renderer's own state cache
    /// re-binds at the next frame (`render` resets it).
    ///
    /// From its first call on, a large chain with no spare of its shape waits (at most
    /// `SpareTextures.maximumWaitFrames` frames) for this call to make its texture, so no
    /// frame makes one; that texture is made first.
    @discardableResult
    package func prepareSpare(recentFrames: Int = 60) -> Bool {
        spares.hostMakesSpares = true
        if let wanted = spares.wanted {
            spares.wanted = nil
            if !spares.has(wanted) {
                if spares.count >= SpareTextures.capacity { spares.deleteOldest() }
                return makeSpare(wanted)
            }
        }
        guard let made = spares.lastMade, frame - made.frame <= recentFrames, spares.count == 0 else { return false }
        return makeSpare(made.shape)
    }

    /// A texture of `shape` with every level allocated, kept as a spare.
    private func makeSpare(_ shape: SpareTextures.Shape) -> Bool {
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLConstant.texture2D, name)
        var w = shape.width, h = shape.height, bytes = 0
        for i in 0..<shape.levels {
            glTexImage2D(GLConstant.texture2D, GLint(i), GLConstant.rgba8, GLsizei(w), GLsizei(h), 0,
                         GLConstant.rgba, GLConstant.unsignedByte, nil)
            bytes += w * h * 4
            w = max(1, w / 2); h = max(1, h / 2)
        }
        glBindTexture(GLConstant.texture2D, 0)
        if !spares.keep(name, shape: shape, bytes: bytes) { glDeleteTextures(1, &name); return false }
        return true
    }

    /// Whether `chain` waits for the host to make its texture between frames: a large
    /// chain, no spare of its shape, a host that makes spares. Asks for that shape.
    func waitsForSpare(_ chain: MipChain) -> Bool {
        guard spares.hostMakesSpares, uploadBudget.isBounded, chain.byteCount >= SpareTextures.minimumBytes else { return false }
        let shape = SpareTextures.shape(of: chain)
        if spares.has(shape) { return false }
        spares.wanted = shape
        return true
    }

    /// Starts the upload of a chain that waits for its texture (`Entry.waitingSince`) when
    /// a spare of its shape is there, or when it has waited `maximumWaitFrames` in a frame
    /// that has uploaded nothing; nil while it waits on (and asks for its shape again).
    func startWaitingUpload(_ waiting: Entry, ref: ImageRef, stats: inout FrameStats, bound: inout GLuint) -> Entry? {
        guard let chain = waiting.pending?.chain, let since = waiting.waitingSince else { return nil }
        let shape = SpareTextures.shape(of: chain)
        let overdue = frame - since >= SpareTextures.maximumWaitFrames && uploadBudget.usedBytes == 0
        guard spares.has(shape) || overdue else {
            spares.wanted = shape
            return nil
        }
        var entry = startUpload(chain, ref: ref, bound: &bound)
        continueUpload(&entry, stats: &stats, bound: &bound)
        stats.textureUploads += 1
        return entry
    }

    /// A texture for `chain` with every level allocated (no texels yet) and the sampling
    /// state set; nothing drawable until `continueUpload` completes the smallest level.
    /// Binds the texture (the caller's state cache is told via `bound`).
    func startUpload(_ chain: MipChain, ref: ImageRef, bound: inout GLuint) -> Entry {
        let shape = SpareTextures.shape(of: chain)
        let large = chain.byteCount >= SpareTextures.minimumBytes
        let last = chain.levels.count - 1
        var name: GLuint = 0
        if let spare = spares.take(shape) {
            // Its levels keep the last image's texels until overwritten; the base level
            // below keeps them from being sampled.
            name = spare
            glBindTexture(GLConstant.texture2D, name)
        } else {
            glGenTextures(1, &name)
            glBindTexture(GLConstant.texture2D, name)
            for (i, level) in chain.levels.enumerated() {
                glTexImage2D(GLConstant.texture2D, GLint(i), GLConstant.rgba8, GLsizei(level.width), GLsizei(level.height), 0,
                             GLConstant.rgba, GLConstant.unsignedByte, nil)
            }
            // The driver cleared that memory: a cost like uploading it (see `texture(for:)`).
            if large { uploadBudget.spendAll() }
        }
        // Chains of this shape keep arriving: `prepareSpare` makes the next one's texture.
        if large { spares.lastMade = (shape, frame) }
        bound = name
        // Sampled only from the levels uploaded whole: base and max level bound the chain
        // GL reads, so a partly uploaded texture is complete and never shows garbage.
        glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_BASE_LEVEL), GLint(last))
        glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_MAX_LEVEL), GLint(last))
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter,
                        last > 0 ? GLConstant.linearMipmapLinear : GLConstant.linear)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, GLConstant.linear)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        if maxAnisotropy > 1 {
            glTexParameterf(GLConstant.texture2D, GLConstant.textureMaxAnisotropy, maxAnisotropy)
        }
        var visible = ref.isOpaque ? TextureCache.wholeBox(chain.base) : TextureCache.visibleBox(chain.base)
        visible.mipmapped = true     // the chain brings its own levels: never glGenerateMipmap
        var entry = Entry(texture: name, bytes: chain.byteCount, lastUsedFrame: frame, visible: visible,
                          generation: ref.generation)
        entry.pending = PendingLevels(chain: chain, level: last)
        entry.baseLevel = -1
        entry.chainShape = shape
        return entry
    }

    /// Uploads as many rows of `entry`'s pending levels as the frame's budget allows,
    /// smallest level first; each level completed becomes the texture's base level.
    /// Binds the texture when it uploads (the caller's state cache is told via `bound`).
    func continueUpload(_ entry: inout Entry, stats: inout FrameStats, bound: inout GLuint) {
        guard var p = entry.pending else { return }
        var boundHere = false
        glPixelStorei(GLConstant.unpackAlignment, 1)
        while p.level >= 0 {
            let image = p.chain.levels[p.level]
            let rowBytes = image.width * 4
            let rows = uploadBudget.grantRows(image.height - p.row, rowBytes: rowBytes)
            if rows == 0 { break }
            if !boundHere {
                glBindTexture(GLConstant.texture2D, entry.texture)
                bound = entry.texture
                boundHere = true
            }
            image.pixels.withUnsafeBytes { raw in
                let band = raw.baseAddress! + p.row * rowBytes
                if uploadBudget.usesPixelBuffers {
                    unpackBuffers.stage(band, bytes: rows * rowBytes)
                    glTexSubImage2D(GLConstant.texture2D, GLint(p.level), 0, GLint(p.row), GLsizei(image.width),
                                    GLsizei(rows), GLConstant.rgba, GLConstant.unsignedByte, nil)
                    unpackBuffers.unbind()
                } else {
                    glTexSubImage2D(GLConstant.texture2D, GLint(p.level), 0, GLint(p.row), GLsizei(image.width),
                                    GLsizei(rows), GLConstant.rgba, GLConstant.unsignedByte, band)
                }
            }
            stats.uploadedBytes += rows * rowBytes
            p.row += rows
            if p.row < image.height { break }
            glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_BASE_LEVEL), GLint(p.level))
            entry.baseLevel = p.level
            p.level -= 1
            p.row = 0
        }
        entry.pending = p.level >= 0 ? p : nil
        // Levels left for a later frame: that frame must be drawn (an idle host would
        // otherwise keep showing a low-resolution level).
        if entry.pending != nil { stats.deferredUploads += 1 }
    }
}
