/// Memory that `glReadPixels` writes into before the rows are flipped into an image: kept
/// between readbacks (a frame sequence reads the same size every frame), grown when needed.
///
/// Does NOT: talk to GL, or shrink (one frame's worth at most, freed with the renderer).
final class ReadbackScratch {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0

    /// At least `bytes` of writable memory (contents undefined).
    func reserve(bytes: Int) -> UnsafeMutableRawPointer {
        if let base, capacity >= bytes { return base }
        base?.deallocate()
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: max(bytes, 1), alignment: 64)
        base = fresh
        capacity = bytes
        return fresh
    }

    deinit { base?.deallocate() }
}
