import CWebP

/// WebP decoding through libwebp: lossy and lossless, with or without alpha, straight
/// into premultiplied RGBA (`MODE_rgbA`), scaled by libwebp's own area-averaging
/// rescaler when a smaller size is asked for.
///
/// Refuses, with one line naming the file: a declared size over `ImageLimits` (before any
/// pixel allocation), truncated or corrupt data, and animated WebP.
///
/// Does NOT decode animations (not even their first frame) or read ICC/EXIF chunks.
enum WebPDecoder {
    static func decode(_ data: [UInt8], name: String, size: DecodeSize, limits: ImageLimits) throws -> Image {
        func failure(_ message: String) -> ImageError {
            ImageError(file: name, .corruptImage(format: "WebP", message: message))
        }
        var config = WebPDecoderConfig()
        guard cwebp_init_config(&config) != 0 else { throw failure("libwebp version mismatch") }
        let status = data.withUnsafeBufferPointer { cwebp_get_features($0.baseAddress, $0.count, &config.input) }
        guard status == VP8_STATUS_OK else { throw failure(describe(status)) }
        let width = Int(config.input.width), height = Int(config.input.height)
        guard width > 0, height > 0 else { throw failure("declared size \(width)x\(height)") }
        try limits.check(width: width, height: height, file: name)
        if config.input.has_animation != 0 { throw failure("animated WebP is not supported") }
        // The RIFF header declares the file's length: fewer bytes means a cut file, even
        // when libwebp could fill the missing rows in.
        let declared = Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16 | Int(data[7]) << 24
        if data.count < declared + 8 { throw failure("file ends at byte \(data.count) of \(declared + 8)") }

        var target = (width, height)
        if case .cover(let tw, let th, _) = size {
            let f = DecodeSize.cover(width: tw, height: th, crop: false).finalSize(width: width, height: height)
            target = (f.width, f.height)
        }
        let (ow, oh) = target
        if ow != width || oh != height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(ow)
            config.options.scaled_height = Int32(oh)
        }
        var pixels = [UInt8](repeating: 0, count: ow * oh * 4)
        let result = pixels.withUnsafeMutableBufferPointer { out -> VP8StatusCode in
            config.output.colorspace = MODE_rgbA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = out.baseAddress
            config.output.u.RGBA.stride = Int32(ow * 4)
            config.output.u.RGBA.size = out.count
            return data.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        }
        WebPFreeDecBuffer(&config.output)
        guard result == VP8_STATUS_OK else { throw failure(describe(result)) }
        var image = Image(width: ow, height: oh, pixels: pixels)
        if case .cover(_, _, true) = size {
            let shown = size.finalSize(width: width, height: height)
            image = image.centreCropped(width: shown.width, height: shown.height)
        }
        return image
    }

    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (file cut short)"
        default: return "libwebp status \(status.rawValue)"
        }
    }
}
