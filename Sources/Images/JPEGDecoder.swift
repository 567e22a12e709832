import CJPEG

/// JPEG decoding through libjpeg-turbo's TurboJPEG API: baseline and progressive,
/// YCbCr, greyscale, CMYK and YCCK (Adobe's inverted CMYK convention), EXIF orientation,
/// and decoding directly at a reduced scale (1/2, 1/4, 1/8) when a smaller size is asked for.
///
/// Refuses, with one line naming the file: a declared size over `ImageLimits` (before any
/// pixel allocation: a "JPEG bomb" costs nothing), corrupt data, data that ends before
/// the image does, and progressive files with more than 500 scans (TurboJPEG's limit on
/// a known CPU-exhaustion trick). Other libjpeg warnings (stray bytes between markers,
/// common in camera files) are tolerated.
///
/// Does NOT read ICC profiles (pixels are taken as sRGB), 12-bit or lossless JPEGs,
/// or arithmetic-coded files the library was built without.
enum JPEGDecoder {
    static func decode(_ data: [UInt8], name: String, size: DecodeSize, limits: ImageLimits) throws -> Image {
        guard let handle = tjInitDecompress() else {
            throw ImageError(file: name, .corruptImage(format: "JPEG", message: "cannot start the decoder"))
        }
        defer { tjDestroy(handle) }
        func failure() -> ImageError {
            ImageError(file: name, .corruptImage(format: "JPEG", message: String(cString: tjGetErrorStr2(handle))))
        }
        var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = 0, colorspace: Int32 = 0
        let headerOK = data.withUnsafeBufferPointer { buf in
            tjDecompressHeader3(handle, buf.baseAddress, UInt(buf.count), &width, &height, &subsamp, &colorspace)
        }
        guard headerOK == 0 else { throw failure() }
        guard width > 0, height > 0 else {
            throw ImageError(file: name, .corruptImage(format: "JPEG", message: "declared size \(width)x\(height)"))
        }
        try limits.check(width: Int(width), height: Int(height), file: name)

        let orientation = EXIFOrientation.read(jpeg: data)
        let swap = EXIFOrientation.swapsAxes(orientation)
        // The covering size in the stored orientation, and the smallest n/8 scale reaching it.
        var storedSize = DecodeSize.full
        if case .cover(let tw, let th, _) = size {
            storedSize = .cover(width: swap ? th : tw, height: swap ? tw : th, crop: false)
        }
        let target = storedSize.finalSize(width: Int(width), height: Int(height))
        var scale = tjscalingfactor(num: 1, denom: 1)
        var count: Int32 = 0
        if let factors = tjGetScalingFactors(&count) {
            var best = 1.0
            for i in 0..<Int(count) {
                let f = factors[i]
                let ratio = Double(f.num) / Double(f.denom)
                // Only 1/2, 1/4 and 1/8: libjpeg-turbo has SIMD paths for those; the other n/8
                // scales run slower than a full decode (djpeg -scale 3/4: 35 ms vs 23 ms here).
                guard f.num == 1, [2, 4, 8].contains(f.denom), ratio < best else { continue }
                if Int(cjpeg_scaled(width, f)) >= target.width && Int(cjpeg_scaled(height, f)) >= target.height {
                    best = ratio; scale = f
                }
            }
        }
        let sw = Int(cjpeg_scaled(width, scale)), sh = Int(cjpeg_scaled(height, scale))
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = cmyk ? TJPF_CMYK : TJPF_RGBA
        var pixels = [UInt8](repeating: 0, count: sw * sh * 4)
        let flags = CJPEG_FLAG_LIMITSCANS
        let ok = data.withUnsafeBufferPointer { buf in
            pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, buf.baseAddress, UInt(buf.count), out.baseAddress, Int32(sw), 0, Int32(sh),
                              Int32(format.rawValue), flags)
            }
        }
        if ok != 0 {
            // Warnings leave a complete image, except a premature end (the rest is grey fill).
            let message = String(cString: tjGetErrorStr2(handle))
            if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) || message.hasPrefix("Premature end") {
                throw ImageError(file: name, .corruptImage(format: "JPEG", message: message))
            }
        }
        if cmyk { convertInvertedCMYK(&pixels) }
        var image = Image(width: sw, height: sh, pixels: pixels)
        if case .cover(_, _, true) = size {
            // Crop first (in the stored orientation), so only the part shown is filtered.
            let shown = size.finalSize(width: Int(swap ? height : width), height: Int(swap ? width : height))
            let cw = swap ? shown.height : shown.width, ch = swap ? shown.width : shown.height
            image = AreaResampler.resampleCentre(image, scaledWidth: target.width, scaledHeight: target.height,
                                                 cropWidth: cw, cropHeight: ch)
        } else if sw != target.width || sh != target.height {
            image = AreaResampler.resample(image, width: target.width, height: target.height)
        }
        return EXIFOrientation.apply(orientation, to: image)
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
