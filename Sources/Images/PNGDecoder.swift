import CPNG
import Foundation

/// The 8-byte signature every PNG file starts with.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

extension Image {
    /// Reads a PNG file into premultiplied RGBA8 (any colour type, bit depth,
    /// interlacing and tRNS that libpng reads; 16-bit samples become 8-bit sRGB).
    ///
    /// Checks, in order: the file exists and is a non-empty regular file, it starts with
    /// the PNG signature, its header is within `limits`; only then are pixels allocated.
    /// - Throws: `ImageError` naming `path`.
    public static func read(path: String, limits: ImageLimits = .default) throws -> Image {
        try read(path: path, name: path, limits: limits)
    }

    /// `read(path:limits:)` with errors naming `name` instead of `path`.
    static func read(path: String, name: String, limits: ImageLimits) throws -> Image {
        try checkPNGFile(path, name: name)
        let decoded = try PNGDecoder.decode(file: name, limits: limits, headerOnly: false) { image in
            png_image_begin_read_from_file(image, path)
        }
        return decoded.image!
    }

    /// Decodes PNG bytes held in memory (for example a member of an `.lsr` archive).
    /// - Parameter name: the file name shown in errors.
    /// - Throws: `ImageError` naming `name`.
    public static func decodePNG(data: [UInt8], name: String, limits: ImageLimits = .default) throws -> Image {
        try checkPNGSignature(data.prefix(8), count: data.count, file: name)
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
        try checkPNGFile(path, name: path)
        let decoded = try PNGDecoder.decode(file: path, limits: .default, headerOnly: true) { image in
            png_image_begin_read_from_file(image, path)
        }
        return (decoded.width, decoded.height)
    }

    /// Throws unless `path` is an existing, non-empty regular file with a PNG signature.
    static func checkPNGFile(_ path: String, name: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageError(file: name, .noSuchFile)
        }
        if isDirectory.boolValue { throw ImageError(file: name, .wrongFileType("is a directory, not a PNG file")) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageError(file: name, .unreadable("permission denied or I/O error"))
        }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 8))
        let size = head.isEmpty ? 0 : ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? head.count)
        try checkPNGSignature(head[...], count: size, file: name)
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
            image.pointee.format = UInt32(CPNG_FORMAT_RGBA)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let ok = pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(image, nil, buffer.baseAddress, 0, nil)
            }
            guard ok != 0 else {
                throw ImageError(file: file, .corruptPNG(message(image)))
            }
            premultiply(&pixels)
            return Decoded(width: width, height: height, image: Image(width: width, height: height, pixels: pixels))
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
