import CPNG
import Foundation

extension Image {
    /// Writes the image as an 8-bit straight-alpha RGBA PNG (un-premultiplied with
    /// rounding, so reading it back gives the same premultiplied pixels).
    /// - Throws: `ImageError` naming `path` when libpng cannot write.
    public func writePNG(path: String) throws {
        let straight = PNGDecoder.unpremultiply(pixels)
        var control = pngControl()
        try withUnsafeMutablePointer(to: &control) { image in
            defer { png_image_free(image) }
            let ok = straight.withUnsafeBytes { raw in
                png_image_write_to_file(image, path, 0, raw.baseAddress, 0, nil)
            }
            guard ok != 0 else {
                throw ImageError(file: path, .writeFailed(PNGDecoder.message(image)))
            }
        }
    }

    /// Encodes the image as PNG bytes (8-bit straight-alpha RGBA).
    /// - Throws: `ImageError` (file `<memory>`) when libpng cannot encode.
    public func encodePNG() throws -> [UInt8] {
        let straight = PNGDecoder.unpremultiply(pixels)
        var control = pngControl()
        return try withUnsafeMutablePointer(to: &control) { image in
            defer { png_image_free(image) }
            var size = 0
            let sized = straight.withUnsafeBytes { raw in
                png_image_write_to_memory(image, nil, &size, 0, raw.baseAddress, 0, nil)
            }
            guard sized != 0, size > 0 else {
                throw ImageError(file: "<memory>", .writeFailed(PNGDecoder.message(image)))
            }
            var bytes = [UInt8](repeating: 0, count: size)
            let written = bytes.withUnsafeMutableBytes { out in
                straight.withUnsafeBytes { raw in
                    png_image_write_to_memory(image, out.baseAddress, &size, 0, raw.baseAddress, 0, nil)
                }
            }
            guard written != 0 else {
                throw ImageError(file: "<memory>", .writeFailed(PNGDecoder.message(image)))
            }
            return Array(bytes.prefix(size))
        }
    }

    private func pngControl() -> png_image {
        var control = png_image()
        control.version = UInt32(CPNG_IMAGE_VERSION)
        control.width = UInt32(width)
        control.height = UInt32(height)
        control.format = UInt32(CPNG_FORMAT_RGBA)
        return control
    }
}
