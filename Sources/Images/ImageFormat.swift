import Foundation

// The decoder seam: one entry point for every raster format, chosen by the file's first
// bytes (never by its extension).
//
// What it does NOT do: no caching, no threads (callers decode on whatever thread they
// like: every decoder here is reentrant), no colour management beyond 8-bit sRGB.

/// A raster format the seam decodes: one row of `ImageFormat.all`, the one table of
/// formats that detection, decoding, folder listings, layered stacks and error messages
/// read. Adding a format is a decoder and a row here.
public struct ImageFormat: Sendable, CustomStringConvertible {
    /// Decodes a whole file held in memory into premultiplied RGBA8 at `size`; errors name `name`.
    typealias Decode = @Sendable (_ data: [UInt8], _ name: String, _ size: DecodeSize, _ limits: ImageLimits,
                                         _ checkpoint: DecodeCheckpoint?) throws -> Image
    /// Decodes the file at `path` (errors name `name`).
    typealias DecodeFile = @Sendable (_ path: String, _ name: String, _ size: DecodeSize, _ limits: ImageLimits,
                                      _ checkpoint: DecodeCheckpoint?) throws -> Image

    /// The name messages use ("PNG").
    public let name: String
    /// The file extensions a folder listing keeps, lower case, without the dot.
    public let extensions: [String]
    /// Whether `head`, a file's first bytes (up to `headLength`), starts with the signature.
    let matches: @Sendable (ArraySlice<UInt8>) -> Bool
    /// Decodes bytes held in memory.
    let decode: Decode
    /// Decodes a file; nil: read it whole (at most `ImageLimits.maxEncodedBytes`), then `decode`.
    let decodeFile: DecodeFile?
    /// The size `decode` would give at `.full`, read from the header alone (errors name `name`).
    let readSize: @Sendable (_ data: [UInt8], _ name: String, _ limits: ImageLimits) throws -> (width: Int, height: Int)

    public var description: String { name }

    /// Bytes `detect` needs to tell every format apart.
    static let headLength = 12

    /// Every format, in the order signatures are tried.
    public static let all: [ImageFormat] = [.png, .jpeg, .webp]

    /// PNG through libpng (read from the file by its own reader, `Image.read(path:)`).
    public static let png = ImageFormat(
        name: "PNG", extensions: ["png"], matches: { $0.starts(with: pngSignature) },
        decode: { data, name, size, limits, checkpoint in
            try Image.decodePNG(data: data, name: name, limits: limits).fitted(size, checkpoint: checkpoint)
        },
        decodeFile: { path, name, size, limits, checkpoint in
            try Image.read(path: path, name: name, limits: limits).fitted(size, checkpoint: checkpoint)
        },
        readSize: { data, name, limits in try Image.pngSize(data, name: name, limits: limits) })
    /// JPEG through libjpeg-turbo, scaled in the DCT domain and turned upright by EXIF.
    public static let jpeg = ImageFormat(
        name: "JPEG", extensions: ["jpg", "jpeg"], matches: { $0.starts(with: [0xFF, 0xD8, 0xFF]) },
        decode: { data, name, size, limits, checkpoint in
            try JPEGDecoder.decode(data, name: name, size: size, limits: limits, checkpoint: checkpoint)
        },
        decodeFile: nil,
        readSize: { data, name, _ in try Image.jpegSize(data, name: name) })
    /// WebP through libwebp (one call: no checkpoints).
    public static let webp = ImageFormat(
        name: "WebP", extensions: ["webp"],
        matches: { $0.count >= 12 && $0.prefix(4).elementsEqual("RIFF".utf8) && $0.dropFirst(8).prefix(4).elementsEqual("WEBP".utf8) },
        decode: { data, name, size, limits, _ in try WebPDecoder.decode(data, name: name, size: size, limits: limits) },
        decodeFile: nil,
        readSize: { data, name, _ in try Image.webpSize(data, name: name) })

    /// The format whose signature `head` (a file's first bytes, 12 are enough)
    /// starts with; nil when none matches.
    public static func detect<C: Collection>(_ head: C) -> ImageFormat? where C.Element == UInt8 {
        let b = ArraySlice(head.prefix(headLength))
        return all.first { $0.matches(b) }
    }

    /// The format whose extensions include `pathExtension` (any case); nil when none does.
    public static func forExtension(_ pathExtension: String) -> ImageFormat? {
        let ext = pathExtension.lowercased()
        return all.first { $0.extensions.contains(ext) }
    }

    /// The names of every format for a message: "PNG, JPEG or WebP".
    static var namesList: String {
        let names = all.map(\.name)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension ImageFormat: Equatable {
    public static func == (a: ImageFormat, b: ImageFormat) -> Bool { a.name == b.name }
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
    /// Reads a file of any format in `ImageFormat.all` (chosen by its signature) into
    /// premultiplied RGBA8.
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
        if let decodeFile = format.decodeFile { return try decodeFile(path, name, size, limits, checkpoint) }
        let data = try readWhole(path: path, name: name, limit: limits.maxEncodedBytes)
        return try format.decode(data, name, size, limits, checkpoint)
    }

    /// Decodes bytes of any format in `ImageFormat.all` held in memory (chosen by signature).
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
        return try format.decode(data, name, size, limits, checkpoint)
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

    /// The first `ImageFormat.headLength` bytes of `path` after the file checks (exists,
    /// regular, non-empty): a FIFO or device is refused without blocking (`InputFile`).
    static func readHead(path: String, name: String) throws -> [UInt8] {
        let fd: Int32
        do { fd = try InputFile.open(path) } catch let error as FileError { throw ImageError(file: name, error) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: ImageFormat.headLength)
        let n = head.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, ImageFormat.headLength) }
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
