import Images

/// CRC-32 (ISO 3309 / zlib / PNG), bitwise; for hand-built PNG chunks.
public func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}

/// Big-endian bytes of `value`.
public func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// One PNG chunk: length, type, data, CRC over type and data.
public func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
}

/// A PNG signature plus a valid IHDR claiming `width` x `height`, one tiny IDAT (an
/// empty zlib stream) and IEND: enough for a reader to see the size, useless to decode.
public func pngHeaderOnly(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
    let ihdr = bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + pngChunk("IHDR", ihdr)
        + pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + pngChunk("IEND", [])
}

extension Image {
    /// An opaque image of one premultiplied colour.
    public static func solid(width: Int, height: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> Image {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b; pixels[i + 3] = a
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// A width != height image whose every pixel differs, so flips, transposes and
    /// channel swaps show: pixel (x, y) is (x*16, y*16, 255-x*8, 255) premultiplied.
    public static func asymmetric(width: Int = 7, height: Int = 4) -> Image {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 16) & 0xFF), UInt8((y * 16) & 0xFF), UInt8(255 - (x * 8) & 0xFF), 255]
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
