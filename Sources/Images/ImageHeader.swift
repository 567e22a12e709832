import CJPEGRegion
import CPNG
import CWebP

extension Image {
    /// The size of a PNG, JPEG or WebP file as `decode` would give it at `.full` (a JPEG's
    /// after its EXIF orientation), read from its header alone: no pixel is decoded or
    /// allocated. Checks the file as `decode` does before pixels: a non-empty regular
    /// file, a known signature, a declared size within `limits`. Damage past the header is
    /// found only by decoding.
    /// - Throws: `ImageError` naming `name` (default: `path`).
    public static func readSize(path: String, name: String? = nil, limits: ImageLimits = .default) throws
        -> (width: Int, height: Int) {
        let name = name ?? path
        let head = try readHead(path: path, name: name)
        guard let format = ImageFormat.detect(head) else { throw ImageError(file: name, .unknownFormat) }
        let data = try readWhole(path: path, name: name, limit: format == .png ? limits.maxFileBytes : limits.maxEncodedBytes)
        let (width, height) = try format.readSize(data, name, limits)
        guard width > 0, height > 0 else {
            throw ImageError(file: name, .corruptImage(format: format.name, message: "declared size \(width)x\(height)"))
        }
        try limits.check(width: width, height: height, file: name)
        return (width, height)
    }
}

extension Image {
    /// A PNG's size from its IHDR chunk.
    static func pngSize(_ data: [UInt8], name: String, limits: ImageLimits) throws -> (width: Int, height: Int) {
        try checkPNGSignature(data.prefix(8), count: data.count, file: name)
        let decoded = try data.withUnsafeBytes { raw in
            try PNGDecoder.decode(file: name, limits: limits, headerOnly: true) { image in
                png_image_begin_read_from_memory(image, raw.baseAddress, raw.count)
            }
        }
        return (decoded.width, decoded.height)
    }

    /// A JPEG's size from its frame header, after its EXIF orientation.
    static func jpegSize(_ data: [UInt8], name: String) throws -> (width: Int, height: Int) {
        var message = [CChar](repeating: 0, count: Int(JPEG_REGION_MESSAGE_LENGTH))
        var header = jpeg_region_header()
        let ok = data.withUnsafeBufferPointer { jpeg_region_read_header($0.baseAddress, $0.count, &header, &message) }
        guard ok == 0 else {
            throw ImageError(file: name, .corruptImage(format: "JPEG", message: String(cString: message)))
        }
        let swap = EXIFOrientation.swapsAxes(EXIFOrientation.read(jpeg: data))
        return swap ? (Int(header.height), Int(header.width)) : (Int(header.width), Int(header.height))
    }

    /// A WebP's size from its bitstream features.
    static func webpSize(_ data: [UInt8], name: String) throws -> (width: Int, height: Int) {
        var config = WebPDecoderConfig()
        guard cwebp_init_config(&config) != 0 else {
            throw ImageError(file: name, .corruptImage(format: "WebP", message: "libwebp version mismatch"))
        }
        let status = data.withUnsafeBufferPointer { cwebp_get_features($0.baseAddress, $0.count, &config.input) }
        guard status == VP8_STATUS_OK else {
            throw ImageError(file: name, .corruptImage(format: "WebP", message: WebPDecoder.describe(status)))
        }
        return (Int(config.input.width), Int(config.input.height))
    }
}
