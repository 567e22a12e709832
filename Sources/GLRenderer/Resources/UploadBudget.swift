/// Bounds the bytes of texture data the frame loop uploads per frame, so a burst of newly
/// decoded images (a carousel browsed quickly) spreads over several frames instead of
/// stalling one. An image over the budget is left for a later frame (its quad is skipped
/// and counted in `FrameStats.missingImages` meanwhile); the first upload of a frame always
/// goes through, so an image larger than the budget is never starved.
///
/// Does NOT decode, queue or prioritise: the order is the drawing order.
public struct UploadBudget: Sendable {
    /// Bytes allowed per frame; `Int.max` (the default) means no bound, which is what a
    /// single headless frame needs (every image in its first frame).
    public var bytesPerFrame: Int
    /// Bytes uploaded in the current frame.
    public private(set) var usedBytes = 0

    public init(bytesPerFrame: Int = .max) { self.bytesPerFrame = bytesPerFrame }

    /// A new frame: nothing uploaded yet.
    mutating func beginFrame() { usedBytes = 0 }

    /// Streamed mip chains go through pixel-buffer objects (`GL_PIXEL_UNPACK_BUFFER`, a
    /// ring of orphaned buffers) instead of straight from client memory. Off by default:
    /// on llvmpipe (software GL) it only adds a copy. On an NVIDIA H100 the frame times were
    /// the same and the process kept 119 MB resident instead of 231 MB while browsing 2,000
    /// posters (`parallax-bench --posters 2000 --pixel-buffers`), so the demo turns it on
    /// when `GLRenderer.rendersOnCPU` is false.
    public var usesPixelBuffers = false

    /// True when nothing more may be uploaded in this frame.
    var isSpent: Bool { usedBytes > 0 && usedBytes >= bytesPerFrame }

    /// How many of `rows` rows of `rowBytes` bytes may be uploaded now (at least one when
    /// nothing was uploaded yet in this frame, so a row wider than the budget is never
    /// starved); records them.
    mutating func grantRows(_ rows: Int, rowBytes: Int) -> Int {
        guard rows > 0, rowBytes > 0 else { return 0 }
        let room = bytesPerFrame - usedBytes
        var n = room > 0 ? min(rows, room / rowBytes) : 0
        if n == 0 && usedBytes == 0 { n = 1 }
        usedBytes += n * rowBytes
        return n
    }

    /// Whether uploads are bounded per frame (not the unbounded default).
    var isBounded: Bool { bytesPerFrame != .max }

    /// Ends this frame's uploads, when bounded: what a new large texture does, whose
    /// memory the driver clears on the frame loop (a cost like an upload of its size).
    mutating func spendAll() {
        if isBounded { usedBytes = max(usedBytes, bytesPerFrame, 1) }
    }

    /// True when `bytes` more may be uploaded in this frame; records them if so.
    mutating func admit(_ bytes: Int) -> Bool {
        guard usedBytes == 0 || usedBytes <= bytesPerFrame - bytes else { return false }
        usedBytes += bytes
        return true
    }
}
