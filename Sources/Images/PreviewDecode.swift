extension Image {
    /// The scale of a preview: 1/8 of the size asked for, per axis.
    public static let previewDivisor = 8

    /// A quick low-resolution version of a JPEG file, shown while its full image decodes:
    /// `size` divided by `previewDivisor` per axis, which TurboJPEG reaches by decoding at
    /// 1/8 scale (in the DCT domain: no full-size pixels are ever made). nil for a PNG or
    /// WebP file (neither decodes faster at a smaller size) and for `.full`.
    /// - Throws: `ImageError` naming `path`, as `decode(path:size:limits:)`.
    public static func decodePreview(path: String, size: DecodeSize, limits: ImageLimits = .default,
                                     checkpoint: DecodeCheckpoint? = nil) throws -> Image? {
        guard case .cover(let w, let h, let crop) = size else { return nil }
        let head = try readHead(path: path, name: path)
        guard ImageFormat.detect(head) == .jpeg else { return nil }
        let d = previewDivisor
        return try decode(path: path, size: .cover(width: max(1, (w + d - 1) / d), height: max(1, (h + d - 1) / d), crop: crop),
                          limits: limits, checkpoint: checkpoint)
    }
}
