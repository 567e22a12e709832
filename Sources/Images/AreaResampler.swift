/// Downsamples premultiplied RGBA8 images with an area (box) filter: each output pixel is
/// the average of the source area it covers, partial source pixels weighted by the part
/// covered. Separable (rows, then columns). Used once per decoded image after a reduced-
/// scale JPEG decode, whose result is at most about 1.6x the target per axis, so the box
/// is the right filter (no aliasing, no ringing); the renderer's mipmaps start from there.
///
/// Does NOT upsample (a target larger than the source is clamped to the source).
enum AreaResampler {
    /// For each output index, the first source index and its weights (summing to 1).
    struct Taps {
        var first: [Int]
        var count: [Int]
        var weights: [Float]
        var stride: Int
    }

    static func taps(source: Int, target: Int) -> Taps {
        let scale = Double(source) / Double(target)
        let stride = Int(scale.rounded(.up)) + 1
        var first = [Int](repeating: 0, count: target)
        var count = [Int](repeating: 0, count: target)
        var weights = [Float](repeating: 0, count: target * stride)
        for i in 0..<target {
            let a = Double(i) * scale, b = min(Double(source), Double(i + 1) * scale)
            let j0 = Int(a.rounded(.down)), j1 = min(source, Int(b.rounded(.up)))
            first[i] = j0
            count[i] = min(stride, j1 - j0)
            for k in 0..<count[i] {
                let j = Double(j0 + k)
                let w = min(b, j + 1) - max(a, j)
                weights[i * stride + k] = Float(max(0, w) / (b - a))
            }
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
        let region = image.centreCropped(width: rw, height: rh)
        return resample(region, width: cropWidth, height: cropHeight)
    }

    /// `image` resampled to `width` x `height` (each at most the source's).
    static func resample(_ image: Image, width: Int, height: Int) -> Image {
        let sw = image.width, sh = image.height
        let dw = max(1, min(width, sw)), dh = max(1, min(height, sh))
        if dw == sw && dh == sh { return image }
        let tx = taps(source: sw, target: dw), ty = taps(source: sh, target: dh)
        // Rows first: sw x sh -> dw x sh, in floats.
        var rows = [Float](repeating: 0, count: dw * sh * 4)
        image.pixels.withUnsafeBufferPointer { src in
            rows.withUnsafeMutableBufferPointer { dst in
                tx.weights.withUnsafeBufferPointer { w in
                    for y in 0..<sh {
                        let srow = y * sw * 4, drow = y * dw * 4
                        for x in 0..<dw {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            let j0 = tx.first[x], wo = x * tx.stride
                            for k in 0..<tx.count[x] {
                                let s = srow + (j0 + k) * 4, f = w[wo + k]
                                r += Float(src[s]) * f; g += Float(src[s + 1]) * f
                                b += Float(src[s + 2]) * f; a += Float(src[s + 3]) * f
                            }
                            let d = drow + x * 4
                            dst[d] = r; dst[d + 1] = g; dst[d + 2] = b; dst[d + 3] = a
                        }
                    }
                }
            }
        }
        // Then columns: dw x sh -> dw x dh, rounded to bytes.
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        rows.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                ty.weights.withUnsafeBufferPointer { w in
                    for y in 0..<dh {
                        let j0 = ty.first[y], wo = y * ty.stride, n = ty.count[y]
                        let drow = y * dw * 4
                        for i in 0..<(dw * 4) {
                            var v: Float = 0
                            for k in 0..<n { v += src[(j0 + k) * dw * 4 + i] * w[wo + k] }
                            dst[drow + i] = UInt8(max(0, min(255, v + 0.5)))
                        }
                    }
                }
            }
        }
        return Image(width: dw, height: dh, pixels: out)
    }
}
