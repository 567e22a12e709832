/// Downsamples premultiplied RGBA8 images with an area (box) filter: each output pixel is
/// the average of the source area it covers, partial source pixels weighted by the part
/// covered. Separable (rows, then columns). Used once per decoded image after a reduced-
/// scale JPEG decode, whose result is at most about 1.6x the target per axis, so the box
/// is the right filter (no aliasing, no ringing); the renderer's mipmaps start from there.
///
/// Does NOT upsample (a target larger than the source is clamped to the source).
enum AreaResampler {
    /// For each output index, the first source index, the number of taps and their
    /// weights in 1/4096ths (summing to exactly 4096).
    struct Taps {
        var first: [Int32]
        var count: [Int32]
        var weights: [UInt32]
        var stride: Int
    }

    static let one: UInt32 = 4096

    static func taps(source: Int, target: Int) -> Taps {
        let scale = Double(source) / Double(target)
        let stride = Int(scale.rounded(.up)) + 1
        var first = [Int32](repeating: 0, count: target)
        var count = [Int32](repeating: 0, count: target)
        var weights = [UInt32](repeating: 0, count: target * stride)
        for i in 0..<target {
            let a = Double(i) * scale, b = min(Double(source), Double(i + 1) * scale)
            let j0 = Int(a.rounded(.down)), j1 = min(source, Int(b.rounded(.up)))
            let n = min(stride, j1 - j0)
            first[i] = Int32(j0)
            count[i] = Int32(n)
            var sum: UInt32 = 0
            for k in 0..<n {
                let j = Double(j0 + k)
                let w = UInt32((max(0, min(b, j + 1) - max(a, j)) / (b - a) * Double(one)).rounded())
                weights[i * stride + k] = w
                sum += w
            }
            // Rounding leftovers go to the largest tap, so flat areas stay exact.
            var big = 0
            for k in 0..<n where weights[i * stride + k] > weights[i * stride + big] { big = k }
            weights[i * stride + big] = weights[i * stride + big] &+ (one &- sum)
        }
        return Taps(first: first, count: count, weights: weights, stride: stride)
    }

    /// What `resample(image, scaledWidth, scaledHeight)` then a centred `cropWidth` x
    /// `cropHeight` crop would give, computed from the source pixels under the crop only
    /// (an aspect-fill poster shows a third of its height: two thirds less filtering).
    static func resampleCentre(_ image: Image, scaledWidth: Int, scaledHeight: Int,
                               cropWidth: Int, cropHeight: Int) -> Image {
        let sx = Double(image.width) / Double(max(1, scaledWidth))
        let sy = Double(image.height) / Double(max(1, scaledHeight))
        let rw = max(1, min(image.width, Int((Double(cropWidth) * sx).rounded())))
        let rh = max(1, min(image.height, Int((Double(cropHeight) * sy).rounded())))
        return resample(image, x0: (image.width - rw) / 2, y0: (image.height - rh) / 2, width: rw, height: rh,
                        toWidth: cropWidth, toHeight: cropHeight)
    }

    /// `image` resampled to `width` x `height` (each at most the source's). Fixed point:
    /// rows keep 8 fractional bits, the result is rounded to nearest.
    static func resample(_ image: Image, width: Int, height: Int) -> Image {
        if width >= image.width && height >= image.height { return image }
        return resample(image, x0: 0, y0: 0, width: image.width, height: image.height, toWidth: width, toHeight: height)
    }

    /// The `width` x `height` region at (`x0`, `y0`) of `image` resampled to `toWidth` x
    /// `toHeight` (each at most the region's), without copying the region first.
    static func resample(_ image: Image, x0: Int, y0: Int, width sw: Int, height sh: Int,
                         toWidth: Int, toHeight: Int) -> Image {
        let dw = max(1, min(toWidth, sw)), dh = max(1, min(toHeight, sh))
        let tx = taps(source: sw, target: dw), ty = taps(source: sh, target: dh)
        let stride = image.width * 4
        // Rows first: sw x sh -> dw x sh, values times 256 (at most 65280: 16 bits).
        var rows = [UInt16](repeating: 0, count: dw * sh * 4)
        image.pixels.withUnsafeBufferPointer { srcBuf in
        rows.withUnsafeMutableBufferPointer { dstBuf in
        tx.weights.withUnsafeBufferPointer { wBuf in
        tx.first.withUnsafeBufferPointer { firstBuf in
        tx.count.withUnsafeBufferPointer { countBuf in
            let src = srcBuf.baseAddress!, dst = dstBuf.baseAddress!, w = wBuf.baseAddress!
            for y in 0..<sh {
                let srow = src + (y0 + y) * stride + x0 * 4
                var d = dst + y * dw * 4
                for x in 0..<dw {
                    // The four channels at once (SIMD): the same integer sums as one at a time.
                    var acc = SIMD4<UInt32>(repeating: 0)
                    var s = srow + Int(firstBuf[x]) * 4
                    var wk = w + x * tx.stride
                    for _ in 0..<Int(countBuf[x]) {
                        acc &+= SIMD4<UInt32>(UInt32(s[0]), UInt32(s[1]), UInt32(s[2]), UInt32(s[3]))
                            &* SIMD4<UInt32>(repeating: wk.pointee)
                        s += 4; wk += 1
                    }
                    let o = (acc &+ 8) &>> 4
                    d[0] = UInt16(truncatingIfNeeded: o[0]); d[1] = UInt16(truncatingIfNeeded: o[1])
                    d[2] = UInt16(truncatingIfNeeded: o[2]); d[3] = UInt16(truncatingIfNeeded: o[3])
                    d += 4
                }
            }
        } } } } }
        // Then columns: dw x sh -> dw x dh, rounded to bytes. Whole rows are accumulated tap
        // by tap (contiguous, so the loops vectorise).
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        let rowLength = dw * 4
        var acc = [UInt32](repeating: 0, count: rowLength)
        rows.withUnsafeBufferPointer { srcBuf in
        out.withUnsafeMutableBufferPointer { dstBuf in
        acc.withUnsafeMutableBufferPointer { accBuf in
        ty.weights.withUnsafeBufferPointer { wBuf in
            let src = srcBuf.baseAddress!, dst = dstBuf.baseAddress!, w = wBuf.baseAddress!, a = accBuf.baseAddress!
            for y in 0..<dh {
                let j0 = Int(ty.first[y]), n = Int(ty.count[y])
                let wk = w + y * ty.stride
                let d = dst + y * rowLength
                for i in 0..<rowLength { a[i] = 0 }
                for k in 0..<n {
                    let f = wk[k]
                    let s = src + (j0 + k) * rowLength
                    for i in 0..<rowLength { a[i] &+= UInt32(s[i]) &* f }
                }
                for i in 0..<rowLength { d[i] = UInt8(truncatingIfNeeded: min(255, (a[i] &+ (1 << 19)) >> 20)) }
            }
        } } } }
        return Image(width: dw, height: dh, pixels: out)
    }
}
