import CPNG
import Foundation

extension Image {
    /// Writes the image as an 8-bit straight-alpha RGBA PNG (un-premultiplied with
    /// rounding, so reading it back gives the same premultiplied pixels).
    ///
    /// Encodes in memory, then writes through `OutputFile`: a regular file is replaced
    /// atomically (a full disk or a killed process leaves the old file whole), a device or
    /// FIFO is written through and never replaced.
    /// - Throws: `ImageError` naming `path` when the file cannot be written.
    public func writePNG(path: String) throws {
        let bytes = try encodePNG()
        do {
            try OutputFile.write(bytes, to: path)
        } catch let error as FileError {
            throw ImageError.writeFailed(error, path: path)
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

extension ImageError {
    /// A failed write of the PNG at `path`, worded as "cannot write PNG: reason".
    public static func writeFailed(_ error: FileError, path: String) -> ImageError {
        var reason = error.reason
        if reason.hasPrefix("cannot write: ") { reason.removeFirst("cannot write: ".count) }
        return ImageError(file: path, .writeFailed(reason))
    }
}
