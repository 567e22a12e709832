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
        let width: Int, height: Int
        switch format {
        case .png:
            try checkPNGSignature(data.prefix(8), count: data.count, file: name)
            let decoded = try data.withUnsafeBytes { raw in
                try PNGDecoder.decode(file: name, limits: limits, headerOnly: true) { image in
                    png_image_begin_read_from_memory(image, raw.baseAddress, raw.count)
                }
            }
            (width, height) = (decoded.width, decoded.height)
        case .jpeg:
            var message = [CChar](repeating: 0, count: Int(JPEG_REGION_MESSAGE_LENGTH))
            var header = jpeg_region_header()
            let ok = data.withUnsafeBufferPointer { jpeg_region_read_header($0.baseAddress, $0.count, &header, &message) }
            guard ok == 0 else {
                throw ImageError(file: name, .corruptImage(format: "JPEG", message: String(cString: message)))
            }
            let swap = EXIFOrientation.swapsAxes(EXIFOrientation.read(jpeg: data))
            (width, height) = swap ? (Int(header.height), Int(header.width)) : (Int(header.width), Int(header.height))
        case .webp:
            var config = WebPDecoderConfig()
            guard cwebp_init_config(&config) != 0 else {
                throw ImageError(file: name, .corruptImage(format: "WebP", message: "libwebp version mismatch"))
            }
            let status = data.withUnsafeBufferPointer { cwebp_get_features($0.baseAddress, $0.count, &config.input) }
            guard status == VP8_STATUS_OK else {
                throw ImageError(file: name, .corruptImage(format: "WebP", message: WebPDecoder.describe(status)))
            }
            (width, height) = (Int(config.input.width), Int(config.input.height))
        }
        guard width > 0, height > 0 else {
            throw ImageError(file: name, .corruptImage(format: format.rawValue.uppercased(), message: "declared size \(width)x\(height)"))
        }
        try limits.check(width: width, height: height, file: name)
        return (width, height)
    }
}
