import CJPEGRegion

/// JPEG decoding through libjpeg-turbo (its libjpeg API, in `CJPEGRegion`): baseline and
/// progressive, YCbCr, greyscale, CMYK and YCCK (Adobe's inverted CMYK convention), EXIF
/// orientation, decoding directly at a reduced scale (1/2, 1/4, 1/8) when a smaller size
/// is asked for, and, for an aspect-fill crop, decoding only the rows and columns shown:
/// the rows above are entropy-decoded only and the rows below not at all (a portrait
/// poster in a landscape item shows a third of its height: about half the decode).
///
/// Refuses, with one line naming the file: a declared size over `ImageLimits` (before any
/// pixel allocation: a "JPEG bomb" costs nothing), corrupt data, data that ends before
/// the rows decoded do, and progressive files with more than 500 scans (a known
/// CPU-exhaustion trick), or, for a large image, more scans than 250 million divided by
/// its pixels (at least 24): scans times area is what the decode costs. Other libjpeg warnings (stray bytes between markers, common in
/// camera files) are tolerated.
///
/// Does NOT read ICC profiles (pixels are taken as sRGB), 12-bit or lossless JPEGs,
/// or arithmetic-coded files the library was built without; does NOT notice damage in
/// rows a crop leaves out.
enum JPEGDecoder {
    /// Scans a progressive file may have (TurboJPEG's `TJFLAG_LIMITSCANS` figure).
    static let maxScans: Int32 = 500

    static func decode(_ data: [UInt8], name: String, size: DecodeSize, limits: ImageLimits,
                       checkpoint: DecodeCheckpoint? = nil) throws -> Image {
        func failure(_ message: UnsafePointer<CChar>) -> ImageError {
            ImageError(file: name, .corruptImage(format: "JPEG", message: String(cString: message)))
        }
        var message = [CChar](repeating: 0, count: Int(JPEG_REGION_MESSAGE_LENGTH))
        var header = jpeg_region_header()
        let headerOK = data.withUnsafeBufferPointer { buf in
            jpeg_region_read_header(buf.baseAddress, buf.count, &header, &message)
        }
        guard headerOK == 0 else { throw failure(message) }
        let width = Int(header.width), height = Int(header.height)
        guard width > 0, height > 0 else {
            throw ImageError(file: name, .corruptImage(format: "JPEG", message: "declared size \(width)x\(height)"))
        }
        try limits.check(width: width, height: height, file: name)

        let orientation = EXIFOrientation.read(jpeg: data)
        let swap = EXIFOrientation.swapsAxes(orientation)
        // The covering size in the stored orientation, and the smallest 1/n scale reaching it.
        var storedSize = DecodeSize.full
        if case .cover(let tw, let th, _) = size {
            storedSize = .cover(width: swap ? th : tw, height: swap ? tw : th, crop: false)
        }
        let target = storedSize.finalSize(width: width, height: height)
        // Only 1/2, 1/4 and 1/8: libjpeg-turbo has SIMD paths for those; the other n/8
        // scales run slower than a full decode (djpeg -scale 3/4: 35 ms vs 23 ms here).
        func scaled(_ side: Int, _ denominator: Int) -> Int { (side + denominator - 1) / denominator }
        let denominator = [8, 4, 2].first { scaled(width, $0) >= target.width && scaled(height, $0) >= target.height } ?? 1
        let sw = scaled(width, denominator), sh = scaled(height, denominator)

        // The part decoded: all of it, or (aspect fill) the source of the centred crop.
        var region = (x: 0, y: 0, width: sw, height: sh)
        var shown = (width: sw, height: sh)
        if case .cover(_, _, true) = size {
            let oriented = size.finalSize(width: swap ? height : width, height: swap ? width : height)
            shown = swap ? (oriented.height, oriented.width) : (oriented.width, oriented.height)
            region = AreaResampler.centreRegion(width: sw, height: sh, scaledWidth: target.width,
                                                scaledHeight: target.height, cropWidth: shown.width,
                                                cropHeight: shown.height)
        } else {
            shown = (target.width, target.height)
        }
        var image = try decodeRegion(data, name: name, denominator: denominator, x: region.x, y: region.y,
                                     width: region.width, height: region.height, checkpoint: checkpoint)
        if header.cmyk != 0 { convertInvertedCMYK(&image.pixels) }
        if shown.width != region.width || shown.height != region.height {
            image = AreaResampler.resample(image, width: shown.width, height: shown.height, checkpoint: checkpoint)
        }
        return EXIFOrientation.apply(orientation, to: image)
    }

    /// Columns `x..<x+width` and rows `y..<y+height` of the image scaled by 1/`denominator`
    /// (RGBA, or CMYK as stored): the same bytes a whole decode has there. The caller has
    /// checked the declared size against the limits.
    static func decodeRegion(_ data: [UInt8], name: String, denominator: Int,
                             x: Int, y: Int, width: Int, height: Int,
                             checkpoint: DecodeCheckpoint? = nil) throws -> Image {
        var message = [CChar](repeating: 0, count: Int(JPEG_REGION_MESSAGE_LENGTH))
        // The checkpoint reaches C as a context pointer and a function that calls it.
        let box = checkpoint.map(CheckpointBox.init)
        let context = box.map { Unmanaged.passUnretained($0).toOpaque() }
        let callback: jpeg_region_checkpoint? = box == nil ? nil : { context in
            Unmanaged<CheckpointBox>.fromOpaque(context!).takeUnretainedValue().body()
        }
        let pixels = try withExtendedLifetime(box) {
            try [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
                let status = data.withUnsafeBufferPointer { buf in
                    jpeg_region_decode(buf.baseAddress, buf.count, Int32(denominator), Int32(x), Int32(y),
                                       Int32(width), Int32(height), maxScans, out.baseAddress, &message,
                                       callback, context)
                }
                guard status == 0 else {
                    throw ImageError(file: name, .corruptImage(format: "JPEG", message: String(cString: message)))
                }
                count = out.count
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private final class CheckpointBox {
        let body: DecodeCheckpoint
        init(_ body: @escaping DecodeCheckpoint) { self.body = body }
    }

    /// CMYK as JPEG files store it (Adobe's convention: 255 = no ink) to opaque RGB:
    /// `r = c * k / 255`, likewise g from m and b from y (TurboJPEG's own conversion).
    static func convertInvertedCMYK(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let k = UInt32(p[i + 3])
                p[i] = UInt8((UInt32(p[i]) * k + 127) / 255)
                p[i + 1] = UInt8((UInt32(p[i + 1]) * k + 127) / 255)
                p[i + 2] = UInt8((UInt32(p[i + 2]) * k + 127) / 255)
                p[i + 3] = 255
                i += 4
            }
        }
    }
}
