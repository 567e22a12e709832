import CJPEG
import CWebP

// JPEG and WebP writers: used to make test fixtures, the generated posters in Assets/ and
// the benchmark's poster folders. Premultiplied input is written as is (these writers are
// for opaque pictures; alpha is dropped by JPEG and kept by WebP).
//
// Does NOT write EXIF or ICC profiles.

extension Image {
    /// The image as a baseline JPEG (progressive with `progressive`): 4:2:0 chroma (4:4:4
    /// when `fullChroma`), quality 1...100. With `greyscale`, one luminance channel.
    /// Returns nil when the encoder fails.
    public func jpegData(quality: Int = 90, fullChroma: Bool = false, greyscale: Bool = false,
                         progressive: Bool = false) -> [UInt8]? {
        guard width > 0, height > 0, let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let subsamp = greyscale ? TJSAMP_GRAY : (fullChroma ? TJSAMP_444 : TJSAMP_420)
        let ok = pixels.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                        &out, &size, Int32(subsamp.rawValue), Int32(max(1, min(100, quality))),
                        progressive ? CJPEG_FLAG_PROGRESSIVE : 0)
        }
        defer { if out != nil { tjFree(out) } }
        guard ok == 0, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// `cmyk` (4 bytes per pixel, Adobe's inverted convention: 255 = no ink) as a YCCK JPEG.
    public static func cmykJPEGData(width: Int, height: Int, cmyk: [UInt8], quality: Int = 95) -> [UInt8]? {
        guard width > 0, height > 0, cmyk.count == width * height * 4, let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let ok = cmyk.withUnsafeBufferPointer { src in
            tjCompress2(handle, src.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue),
                        &out, &size, Int32(TJSAMP_444.rawValue), Int32(quality), 0)
        }
        defer { if out != nil { tjFree(out) } }
        guard ok == 0, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// The image as WebP: lossy at `quality` (0...100), or lossless. Nil when the encoder fails.
    public func webpData(quality: Float = 90, lossless: Bool = false) -> [UInt8]? {
        guard width > 0, height > 0 else { return nil }
        let straight = PNGDecoder.unpremultiply(pixels)
        var out: UnsafeMutablePointer<UInt8>? = nil
        let size = straight.withUnsafeBufferPointer { src in
            lossless ? WebPEncodeLosslessRGBA(src.baseAddress, Int32(width), Int32(height), Int32(width * 4), &out)
                : WebPEncodeRGBA(src.baseAddress, Int32(width), Int32(height), Int32(width * 4), quality, &out)
        }
        defer { if out != nil { WebPFree(out) } }
        guard size > 0, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
