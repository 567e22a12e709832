import Foundation

// The decoder seam: one entry point for every raster format, chosen by the file's first
// bytes (never by its extension).
//
// What it does NOT do: no caching, no threads (callers decode on whatever thread they
// like: every decoder here is reentrant), no colour management beyond 8-bit sRGB.

/// A raster format the seam decodes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, webp

    /// The format whose signature `head` (a file's first bytes, 12 are enough) starts
    /// with; nil when none matches.
    public static func detect<C: Collection>(_ head: C) -> ImageFormat? where C.Element == UInt8 {
        let b = Array(head.prefix(12))
        if b.count >= 8, b[0..<8].elementsEqual(pngSignature) { return .png }
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .jpeg }
        if b.count >= 12, b[0..<4].elementsEqual(Array("RIFF".utf8)), b[8..<12].elementsEqual(Array("WEBP".utf8)) {
            return .webp
        }
        return nil
    }
}

/// The size to decode an image at.
/// Called by a long decode between bands of rows, on the decoding thread (see
/// `Image.decode(path:name:size:limits:checkpoint:)`).
public typealias DecodeCheckpoint = () -> Void

public enum DecodeSize: Equatable, Sendable {
    /// Every pixel the file has.
    case full
    /// Scaled down (never up), aspect ratio kept, to the smallest size that still covers
    /// `width` x `height` pixels (after EXIF orientation). With `crop`, only the centred
    /// `width` x `height` part is kept: what `resizeAspectFill` would show.
    case cover(width: Int, height: Int, crop: Bool)

    /// The final size for a `width` x `height` image (oriented): the covering size when
    /// that is smaller than the image, else the image's own size, then the crop.
    public func finalSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard case .cover(let tw, let th, let crop) = self, tw > 0, th > 0, width > 0, height > 0 else {
            return (width, height)
        }
        let scale = min(1, max(Double(tw) / Double(width), Double(th) / Double(height)))
        let w = max(1, min(width, Int((Double(width) * scale).rounded())))
        let h = max(1, min(height, Int((Double(height) * scale).rounded())))
        guard crop else { return (w, h) }
        // The part resizeAspectFill shows: the target's aspect ratio, at the scaled image's
        // resolution (an image smaller than the target is magnified when drawn, not here).
        let shown = max(Double(tw) / Double(w), Double(th) / Double(h))
        return (max(1, min(w, Int((Double(tw) / shown).rounded()))), max(1, min(h, Int((Double(th) / shown).rounded()))))
    }
}

extension Image {
    /// Reads a PNG, JPEG or WebP file (chosen by its signature) into premultiplied RGBA8.
    ///
    /// Checks, in order: the file exists and is a non-empty regular file no larger than
    /// `limits.maxEncodedBytes`, its signature names a known format, its declared size is
    /// within `limits`; only then are pixels allocated. JPEGs are turned upright by their
    /// EXIF orientation. With `.cover`, JPEGs decode at a reduced scale (1/2, 1/4, 1/8) and
    /// every format is downsampled once with an area filter to the size asked for.
    ///
    /// `checkpoint` is called between bands of rows of a long decode (JPEG rows, the
    /// downsample): a worker that must yield the CPU while its host renders blocks there.
    /// - Throws: `ImageError` naming `name` (default: `path`).
    public static func decode(path: String, name: String? = nil, size: DecodeSize = .full,
                              limits: ImageLimits = .default, checkpoint: DecodeCheckpoint? = nil) throws -> Image {
        let name = name ?? path
        let head = try readHead(path: path, name: name)
        guard let format = ImageFormat.detect(head) else { throw ImageError(file: name, .unknownFormat) }
        let image: Image
        switch format {
        case .png:
            image = try read(path: path, name: name, limits: limits)
        case .jpeg, .webp:
            let data = try readWhole(path: path, name: name, limit: limits.maxEncodedBytes)
            return try decode(data: data, name: name, size: size, limits: limits, checkpoint: checkpoint)
        }
        return image.fitted(size, checkpoint: checkpoint)
    }

    /// Decodes PNG, JPEG or WebP bytes held in memory (chosen by signature).
    /// - Parameter name: the file name shown in errors.
    /// - Throws: `ImageError` naming `name`.
    public static func decode(data: [UInt8], name: String, size: DecodeSize = .full,
                              limits: ImageLimits = .default, checkpoint: DecodeCheckpoint? = nil) throws -> Image {
        if data.isEmpty { throw ImageError(file: name, .emptyFile) }
        guard let format = ImageFormat.detect(data) else {
            if data.count < 8, Array(pngSignature.prefix(data.count)) == data {
                throw ImageError(file: name, .corruptPNG("file ends inside the signature (\(data.count) bytes)"))
            }
            throw ImageError(file: name, .unknownFormat)
        }
        switch format {
        case .png: return try decodePNG(data: data, name: name, limits: limits).fitted(size, checkpoint: checkpoint)
        case .jpeg: return try JPEGDecoder.decode(data, name: name, size: size, limits: limits, checkpoint: checkpoint)
        case .webp: return try WebPDecoder.decode(data, name: name, size: size, limits: limits)   // one libwebp call
        }
    }

    /// This image downsampled to `size` (`.full`, or already small enough: unchanged).
    func fitted(_ size: DecodeSize, checkpoint: DecodeCheckpoint? = nil) -> Image {
        guard case .cover(_, _, let crop) = size else { return self }
        let scaled = DecodeSize.cover(width: coverWidth(size), height: coverHeight(size), crop: false)
            .finalSize(width: width, height: height)
        if crop {
            let f = size.finalSize(width: width, height: height)
            return AreaResampler.resampleCentre(self, scaledWidth: scaled.width, scaledHeight: scaled.height,
                                                cropWidth: f.width, cropHeight: f.height, checkpoint: checkpoint)
        }
        return (scaled.width == width && scaled.height == height) ? self
            : AreaResampler.resample(self, width: scaled.width, height: scaled.height, checkpoint: checkpoint)
    }

    private func coverWidth(_ s: DecodeSize) -> Int { if case .cover(let w, _, _) = s { return w }; return width }
    private func coverHeight(_ s: DecodeSize) -> Int { if case .cover(_, let h, _) = s { return h }; return height }

    /// The centred `width` x `height` part (clamped to this image).
    func centreCropped(width w: Int, height h: Int) -> Image {
        let cw = min(w, width), ch = min(h, height)
        if cw == width && ch == height { return self }
        let x0 = (width - cw) / 2, y0 = (height - ch) / 2
        var out = [UInt8](repeating: 0, count: cw * ch * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<ch {
                    let s = ((y0 + y) * width + x0) * 4
                    let d = y * cw * 4
                    dst.baseAddress!.advanced(by: d).update(from: src.baseAddress!.advanced(by: s), count: cw * 4)
                }
            }
        }
        return Image(width: cw, height: ch, pixels: out)
    }

    /// The first 12 bytes of `path` after the file checks (exists, regular, non-empty): a
    /// FIFO or device is refused without blocking (`InputFile`).
    static func readHead(path: String, name: String) throws -> [UInt8] {
        let fd: Int32
        do { fd = try InputFile.open(path) } catch let error as FileError { throw ImageError(file: name, error) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 12)
        let n = head.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, 12) }
        head = Array(head.prefix(max(0, n)))
        if head.isEmpty { throw ImageError(file: name, .emptyFile) }
        return head
    }

    /// The whole file, refused before reading when it is larger than `limit` bytes.
    static func readWhole(path: String, name: String, limit: Int) throws -> [UInt8] {
        let data: [UInt8]
        do {
            data = try InputFile.read(path, maxBytes: limit)
        } catch let error as FileError {
            if case .tooLarge(let size, _) = error.kind {
                throw ImageError(file: name, .unreadable("file of \(size) bytes exceeds the \(limit)-byte limit"))
            }
            throw ImageError(file: name, error)
        }
        if data.isEmpty { throw ImageError(file: name, .emptyFile) }
        return data
    }
}

extension ImageLimits {
    /// Largest encoded (JPEG, WebP) file read into memory: the RGBA8 size of the largest
    /// allowed image, which no sane compressed file exceeds.
    public var maxEncodedBytes: Int { maxPixels.multipliedReportingOverflow(by: 4).overflow ? Int.max : maxPixels * 4 }
}
