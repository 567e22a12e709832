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
            // Every output gets exactly `stride` taps where the source is that long: short
            // ones padded with zero weights, their window moved left where it would pass the
            // source's end. The inner loop then has one fixed length (the same sums).
            if n < stride && source >= stride {
                let shift = max(0, j0 + stride - source)
                for k in (0..<stride).reversed() {
                    weights[i * stride + k] = k >= shift ? weights[i * stride + k - shift] : 0
                }
                first[i] = Int32(j0 - shift)
                count[i] = Int32(stride)
            }
        }
        return Taps(first: first, count: count, weights: weights, stride: stride)
    }

    /// What `resample(image, scaledWidth, scaledHeight)` then a centred `cropWidth` x
    /// `cropHeight` crop would give, computed from the source pixels under the crop only
    /// (an aspect-fill poster shows a third of its height: two thirds less filtering).
    static func resampleCentre(_ image: Image, scaledWidth: Int, scaledHeight: Int,
                               cropWidth: Int, cropHeight: Int, checkpoint: DecodeCheckpoint? = nil) -> Image {
        let r = centreRegion(width: image.width, height: image.height, scaledWidth: scaledWidth,
                             scaledHeight: scaledHeight, cropWidth: cropWidth, cropHeight: cropHeight)
        return resample(image, x0: r.x, y0: r.y, width: r.width, height: r.height,
                        toWidth: cropWidth, toHeight: cropHeight, checkpoint: checkpoint)
    }

    /// The part of a `width` x `height` source under the centred `cropWidth` x `cropHeight`
    /// crop of its `scaledWidth` x `scaledHeight` resample: what `resampleCentre` filters,
    /// and what a decoder that can skip rows and columns needs to decode.
    static func centreRegion(width: Int, height: Int, scaledWidth: Int, scaledHeight: Int,
                             cropWidth: Int, cropHeight: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let sx = Double(width) / Double(max(1, scaledWidth))
        let sy = Double(height) / Double(max(1, scaledHeight))
        let rw = max(1, min(width, Int((Double(cropWidth) * sx).rounded())))
        let rh = max(1, min(height, Int((Double(cropHeight) * sy).rounded())))
        return ((width - rw) / 2, (height - rh) / 2, rw, rh)
    }

    /// `image` resampled to `width` x `height` (each at most the source's), calling
    /// `checkpoint` every 16 output rows. Fixed point:
    /// rows keep 8 fractional bits, the result is rounded to nearest.
    static func resample(_ image: Image, width: Int, height: Int, checkpoint: DecodeCheckpoint? = nil) -> Image {
        if width >= image.width && height >= image.height { return image }
        return resample(image, x0: 0, y0: 0, width: image.width, height: image.height, toWidth: width, toHeight: height,
                        checkpoint: checkpoint)
    }

    /// The `width` x `height` region at (`x0`, `y0`) of `image` resampled to `toWidth` x
    /// `toHeight` (each at most the region's), without copying the region first.
    ///
    /// Rows first, each source row once into a small ring of filtered rows (values times
    /// 256: 16 bits), then each output row from the ring's rows it covers, rounded to bytes.
    /// Scalar per channel: SIMD4 from bytes is slow on baseline x86-64 (SSE2 has no byte
    /// widening or 32-bit lane multiply), while the column sums over whole rows vectorise.
    static func resample(_ image: Image, x0: Int, y0: Int, width sw: Int, height sh: Int,
                         toWidth: Int, toHeight: Int, checkpoint: DecodeCheckpoint? = nil) -> Image {
        let dw = max(1, min(toWidth, sw)), dh = max(1, min(toHeight, sh))
        let tx = taps(source: sw, target: dw), ty = taps(source: sh, target: dh)
        let stride = image.width * 4
        let rowLength = dw * 4
        let ringRows = ty.stride
        var ring = [UInt16](repeating: 0, count: ringRows * rowLength)
        var ringHolds = [Int](repeating: -1, count: ringRows)   // the source row in each slot
        var acc = [UInt32](repeating: 0, count: rowLength)
        let out = [UInt8](unsafeUninitializedCapacity: dw * dh * 4) { outBuf, initialised in
            image.pixels.withUnsafeBufferPointer { srcBuf in
            ring.withUnsafeMutableBufferPointer { ringBuf in
            acc.withUnsafeMutableBufferPointer { accBuf in
            tx.weights.withUnsafeBufferPointer { wxBuf in
            tx.first.withUnsafeBufferPointer { firstBuf in
            tx.count.withUnsafeBufferPointer { countBuf in
            ty.weights.withUnsafeBufferPointer { wyBuf in
                let src = srcBuf.baseAddress!, wx = wxBuf.baseAddress!, wy = wyBuf.baseAddress!
                let a = accBuf.baseAddress!, dst = outBuf.baseAddress!
                // Source row `j` of the region, filtered across, into its ring slot.
                func filterRow(_ j: Int, into d0: UnsafeMutablePointer<UInt16>) {
                    let srow = src + (y0 + j) * stride + x0 * 4
                    var d = d0
                    for x in 0..<dw {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, al: UInt32 = 0
                        var s = srow + Int(firstBuf[x]) * 4
                        var wk = wx + x * tx.stride
                        for _ in 0..<Int(countBuf[x]) {
                            let f = wk.pointee
                            r &+= UInt32(s[0]) &* f; g &+= UInt32(s[1]) &* f
                            b &+= UInt32(s[2]) &* f; al &+= UInt32(s[3]) &* f
                            s += 4; wk += 1
                        }
                        d[0] = UInt16(truncatingIfNeeded: (r &+ 8) &>> 4); d[1] = UInt16(truncatingIfNeeded: (g &+ 8) &>> 4)
                        d[2] = UInt16(truncatingIfNeeded: (b &+ 8) &>> 4); d[3] = UInt16(truncatingIfNeeded: (al &+ 8) &>> 4)
                        d += 4
                    }
                }
                for y in 0..<dh {
                    if y % 16 == 15 { checkpoint?() }
                    let j0 = Int(ty.first[y]), n = Int(ty.count[y])
                    let wk = wy + y * ty.stride
                    let d = dst + y * rowLength
                    for i in 0..<rowLength { a[i] = 0 }
                    for k in 0..<n {
                        // Consecutive rows, at most `ringRows` of them: distinct slots.
                        let f = wk[k]
                        if f == 0 { continue }   // padding
                        let j = j0 + k, slot = j % ringRows
                        let row = ringBuf.baseAddress! + slot * rowLength
                        if ringHolds[slot] != j { filterRow(j, into: row); ringHolds[slot] = j }
                        for i in 0..<rowLength { a[i] &+= UInt32(row[i]) &* f }
                    }
                    for i in 0..<rowLength { d[i] = UInt8(truncatingIfNeeded: min(255, (a[i] &+ (1 << 19)) >> 20)) }
                }
            } } } } } } }
            initialised = dw * dh * 4
        }
        return Image(width: dw, height: dh, pixels: out)
    }
}
