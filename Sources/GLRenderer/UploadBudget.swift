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

    /// True when `bytes` more may be uploaded in this frame; records them if so.
    mutating func admit(_ bytes: Int) -> Bool {
        guard usedBytes == 0 || usedBytes <= bytesPerFrame - bytes else { return false }
        usedBytes += bytes
        return true
    }
}
