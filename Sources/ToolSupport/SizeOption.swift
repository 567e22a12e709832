import LayerMath

/// The tools' `WxH` size options (`--size 1280x720`): two whole numbers in 1...16384
/// joined by `x`. `1280.0x720` is accepted (a whole number), `0x0`, `x720`, `12.5x7`
/// and `1e9x1` are not.
///
/// Does not: word the error (each tool names its option and unit), or know a default.
public enum SizeOption {
    /// The largest side accepted (a GL texture and framebuffer limit that llvmpipe and
    /// every desktop GPU support).
    public static let maxSide = 16384

    /// The most pixels a headless frame may have: about 22 bytes a pixel are held while it
    /// is rendered, read back and encoded, and a run stays under 1 GiB (8K UHD, 7680x4320,
    /// is 33.2 million).
    public static let maxPixels = 36_000_000

    /// Why a `width` x `height` frame cannot be rendered (`what` names the option or key
    /// that set it), or nil: over `maxPixels`, or over the GPU's `maxSide` per side.
    public static func problem(width: Int, height: Int, maxSide: Int? = nil, what: String) -> String? {
        if width * height > maxPixels {
            return "\(what) \(width)x\(height): \(width * height) pixels is more than the \(maxPixels) a frame may have (its memory budget is 1 GiB)"
        }
        if let maxSide, width > maxSide || height > maxSide {
            return "\(what) \(width)x\(height): larger than this GPU's limit of \(maxSide) pixels a side"
        }
        return nil
    }

    /// The width and height of `text`, nil when it is not a valid `WxH`.
    public static func parse(_ text: String) -> PixelSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
        let range = 1...Double(maxSide)
        guard range.contains(w), range.contains(h), w == w.rounded(), h == h.rounded() else { return nil }
        return PixelSize(width: Int(w), height: Int(h))
    }
}
