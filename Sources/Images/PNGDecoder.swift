import CPNG
import Foundation

/// The 8-byte signature every PNG file starts with.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

extension Image {
    /// Reads a PNG file into premultiplied RGBA8 (any colour type, bit depth,
    /// interlacing and tRNS that libpng reads; 16-bit samples become 8-bit sRGB).
    ///
    /// Checks, in order: the path names a non-empty regular file (a FIFO or a device is
    /// refused without blocking, `InputFile`) of at most `limits.maxFileBytes`, it starts
    /// with the PNG signature, its chunks are whole and not too many, its header is within
    /// `limits`; only then are pixels allocated.
    /// - Throws: `ImageError` naming `path`.
    public static func read(path: String, limits: ImageLimits = .default) throws -> Image {
        try read(path: path, name: path, limits: limits)
    }

    /// `read(path:limits:)` with errors naming `name` instead of `path`.
    static func read(path: String, name: String, limits: ImageLimits) throws -> Image {
        try decodePNG(data: readFile(path, name: name, limits: limits), name: name, limits: limits)
    }

    /// Decodes PNG bytes held in memory (for example a member of an `.lsr` archive).
    /// - Parameter name: the file name shown in errors.
    /// - Throws: `ImageError` naming `name`.
    public static func decodePNG(data: [UInt8], name: String, limits: ImageLimits = .default) throws -> Image {
        try checkPNGSignature(data.prefix(8), count: data.count, file: name)
        try PNGDecoder.checkChunks(data, file: name)
        let decoded = try data.withUnsafeBytes { raw in
            try PNGDecoder.decode(file: name, limits: limits, headerOnly: false) { image in
                png_image_begin_read_from_memory(image, raw.baseAddress, raw.count)
            }
        }
        return decoded.image!
    }

    /// Reads only a PNG file's header: its size in pixels, without decoding pixels.
    /// - Throws: `ImageError` naming `path`.
    public static func readHeader(path: String) throws -> (width: Int, height: Int) {
        let data = try readFile(path, name: path, limits: .default)
        try checkPNGSignature(data.prefix(8), count: data.count, file: path)
        let decoded = try data.withUnsafeBytes { raw in
            try PNGDecoder.decode(file: path, limits: .default, headerOnly: true) { image in
                png_image_begin_read_from_memory(image, raw.baseAddress, raw.count)
            }
        }
        return (decoded.width, decoded.height)
    }

    /// The bytes of the regular file `path` (at most `limits.maxFileBytes`); errors name `name`.
    static func readFile(_ path: String, name: String, limits: ImageLimits) throws -> [UInt8] {
        do {
            return try InputFile.read(path, maxBytes: limits.maxFileBytes)
        } catch let error as FileError {
            throw ImageError(file: name, error)
        }
    }

    static func checkPNGSignature(_ head: ArraySlice<UInt8>, count: Int, file: String) throws {
        if count == 0 || head.isEmpty { throw ImageError(file: file, .emptyFile) }
        if head.count < 8 {
            if Array(head) == Array(pngSignature.prefix(head.count)) {
                throw ImageError(file: file, .corruptPNG("file ends inside the signature (\(head.count) bytes)"))
            }
            throw ImageError(file: file, .notPNG)
        }
        if Array(head) != pngSignature { throw ImageError(file: file, .notPNG) }
    }
}

/// The libpng simplified-API read path shared by files and memory.
enum PNGDecoder {
    struct Decoded {
        var width: Int
        var height: Int
        var image: Image?
    }

    /// Runs `begin` (a `png_image_begin_read_*` call), checks the header against
    /// `limits`, then (unless `headerOnly`) allocates and decodes. `png_image_free` runs
    /// on every path.
    static func decode(file: String, limits: ImageLimits, headerOnly: Bool,
                       begin: (UnsafeMutablePointer<png_image>) -> Int32) throws -> Decoded {
        var control = png_image()
        control.version = UInt32(CPNG_IMAGE_VERSION)
        return try withUnsafeMutablePointer(to: &control) { image in
            defer { png_image_free(image) }
            guard begin(image) != 0 else {
                throw ImageError(file: file, .corruptPNG(message(image)))
            }
            let width = Int(image.pointee.width), height = Int(image.pointee.height)
            if headerOnly { return Decoded(width: width, height: height, image: nil) }
            try limits.check(width: width, height: height, file: file)
            let pixels: [UInt8]
            if image.pointee.format & UInt32(CPNG_FORMAT_FLAG_LINEAR) != 0 {
                pixels = try finishSixteenBit(image, count: width * height * 4, file: file)
            } else {
                // Without an alpha channel or tRNS every alpha is 255: nothing to premultiply.
                let hasAlpha = image.pointee.format & UInt32(CPNG_FORMAT_FLAG_ALPHA) != 0
                image.pointee.format = UInt32(CPNG_FORMAT_RGBA)
                var straight = [UInt8](repeating: 0, count: width * height * 4)
                let ok = straight.withUnsafeMutableBytes { buffer in
                    png_image_finish_read(image, nil, buffer.baseAddress, 0, nil)
                }
                guard ok != 0 else {
                    throw ImageError(file: file, .corruptPNG(message(image)))
                }
                if hasAlpha { premultiply(&straight) }
                pixels = straight
            }
            return Decoded(width: width, height: height, image: Image(width: width, height: height, pixels: pixels))
        }
    }

    /// 16-bit files: read libpng's 16-bit linear premultiplied RGBA and convert it to
    /// 8-bit sRGB premultiplied here.
    ///
    /// libpng's own 16-to-8-bit path in `png_image_finish_read` garbles Adam7-interlaced
    /// 16-bit files (pnggroup/libpng#853: about half the channels wrong), so every
    /// 16-bit file takes this path, interlaced or not, and both decode identically.
    static func finishSixteenBit(_ image: UnsafeMutablePointer<png_image>, count: Int, file: String) throws -> [UInt8] {
        image.pointee.format = UInt32(CPNG_FORMAT_LINEAR_RGB_ALPHA)
        var linear = [UInt16](repeating: 0, count: count)
        let ok = linear.withUnsafeMutableBytes { buffer in
            png_image_finish_read(image, nil, buffer.baseAddress, 0, nil)
        }
        guard ok != 0 else {
            throw ImageError(file: file, .corruptPNG(message(image)))
        }
        let encode = srgbFromLinear16
        var out = [UInt8](repeating: 0, count: count)
        linear.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < count {
                    let a16 = UInt32(src[i + 3])
                    let a8 = (a16 * 255 + 32767) / 65535
                    dst[i + 3] = UInt8(a8)
                    if a16 != 0 {
                        for c in i..<(i + 3) {
                            // Straight linear value, then sRGB, then premultiply in 8 bits.
                            let straight = min(65535, (UInt32(src[c]) * 65535 + a16 / 2) / a16)
                            let s8 = UInt32(encode[Int(straight)])
                            dst[c] = UInt8((s8 * a8 + 127) / 255)
                        }
                    }
                    i += 4
                }
            }
        }
        return out
    }

    /// 8-bit sRGB encoding of each 16-bit linear value (IEC 61966-2-1 curve), rounded.
    static let srgbFromLinear16: [UInt8] = (0...65535).map { v in
        let l = Double(v) / 65535
        let s = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (s * 255).rounded())))
    }

    /// Most chunks a PNG may have beyond one per KiB of file: libpng's own cap on cached
    /// ancillary chunks (`PNG_USER_CHUNK_CACHE_MAX`). Real encoders write IDAT chunks of
    /// 8 KiB or more; a file of millions of empty chunks would cost minutes.
    static let extraChunkAllowance = 1000

    /// Walks the chunk lengths from the signature to IEND and throws when the data ends
    /// first, or when there are more than `extraChunkAllowance` + one per KiB chunks.
    /// libpng stops reading once it has every pixel, so a file cut inside the last IDAT's
    /// CRC or before IEND would otherwise load as if whole.
    static func checkChunks(_ data: [UInt8], file: String) throws {
        let size = data.count
        let maxChunks = extraChunkAllowance + size / 1024
        var offset = 8
        var chunks = 0
        while true {
            guard offset + 8 <= size else {
                throw ImageError(file: file, .corruptPNG("file ends before the IEND chunk (\(size) bytes)"))
            }
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[offset + 4..<offset + 8].map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            let end = offset + 8 + length + 4
            guard end <= size else {
                throw ImageError(file: file, .corruptPNG("file ends inside the \(type) chunk (\(size) bytes)"))
            }
            chunks += 1
            if chunks > maxChunks {
                throw ImageError(file: file, .corruptPNG("more than \(maxChunks) chunks in \(size) bytes"))
            }
            if type == "IEND" { return }
            offset = end
        }
    }

    /// libpng's error or warning text from a `png_image`.
    static func message(_ image: UnsafeMutablePointer<png_image>) -> String {
        let text = withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no message" : text
    }

    /// Straight RGBA8 to premultiplied, rounding to nearest: `(c * a + 127) / 255`.
    static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                let a = UInt32(p[i + 3])
                if a != 255 {
                    p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
    }

    /// Premultiplied RGBA8 to straight, rounding to nearest; alpha 0 gives (0,0,0,0).
    /// Exact inverse of `premultiply` on valid premultiplied data (each channel <= alpha).
    static func unpremultiply(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                let a = UInt32(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    for c in i..<(i + 3) {
                        p[c] = UInt8(min(255, (UInt32(p[c]) * 255 + a / 2) / a))
                    }
                }
                i += 4
            }
        }
        return out
    }
}
