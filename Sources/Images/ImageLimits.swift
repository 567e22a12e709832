/// Size limits checked right after a PNG header is read and before any pixel memory is
/// allocated, so a tiny file that claims a huge image (a decompression bomb) is refused.
public struct ImageLimits: Equatable, Sendable {
    /// Largest allowed width or height, in pixels. The renderer passes
    /// `GL_MAX_TEXTURE_SIZE`. Default 16384.
    public var maxDimension: Int
    /// Largest allowed `width * height`. Default 64 Mpixel (256 MiB of RGBA8).
    public var maxPixels: Int

    /// Largest allowed total uncompressed size of the members of an `.lsr` ZIP archive,
    /// in bytes (checked against the directory before extraction and while
    /// inflating). Default 256 MiB.
    public var maxArchiveBytes: Int

    /// Largest file read whole into memory (a PNG file is read before it is decoded).
    /// Default 512 MiB.
    public var maxFileBytes: Int = 512 * 1024 * 1024

    /// Creates limits; the defaults suit a desktop GPU.
    public init(maxDimension: Int = 16384, maxPixels: Int = 64 * 1024 * 1024,
                maxArchiveBytes: Int = 256 * 1024 * 1024) {
        self.maxDimension = maxDimension
        self.maxPixels = maxPixels
        self.maxArchiveBytes = maxArchiveBytes
    }

    /// The defaults: 16384 per side, 64 Mpixel.
    public static let `default` = ImageLimits()

    /// Throws when a `width` x `height` image would break these limits.
    public func check(width: Int, height: Int, file: String) throws {
        if width > maxDimension || height > maxDimension {
            throw ImageError(file: file, .exceedsDimension(width: width, height: height, limit: maxDimension))
        }
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            throw ImageError(file: file, .exceedsPixels(width: width, height: height, limit: maxPixels))
        }
    }
}
