/// An image and its mipmap levels, made on the CPU (a decode thread) so the frame loop
/// only copies texels into a texture and never builds mipmaps itself.
///
/// Level `i` is `max(1, width >> i)` x `max(1, height >> i)` (OpenGL's sizes), down to
/// 1x1. Each level is the area (box) filtered average of the one above: an exact 2x2
/// average when the level above has even sides, else each texel averages the `2 + f`
/// texels it covers, partial ones weighted by the part covered (`AreaResampler`).
/// Premultiplied RGBA, so averaging is correct at transparent edges.
///
/// Does NOT gamma-correct (averages the stored sRGB values, as `glGenerateMipmap` does on
/// the drivers we run on), and does NOT allocate textures.
public struct MipChain: Sendable {
    /// Level 0 (the image) first, 1x1 last.
    public var levels: [Image]

    /// A chain of just `image` (no smaller levels): what a texture gets when it is never
    /// drawn minified, e.g. a tiny preview that is only ever magnified.
    public init(single image: Image) { levels = [image] }

    /// `image` and every smaller level down to 1x1, calling `checkpoint` every 16 rows
    /// made (a large level takes milliseconds: a frame gate must be able to stop it).
    public init(_ image: Image, checkpoint: DecodeCheckpoint? = nil) {
        levels = [image]
        var last = image
        while last.width > 1 || last.height > 1 {
            last = MipChain.halve(last, checkpoint: checkpoint)
            levels.append(last)
        }
    }

    /// Level 0.
    public var base: Image { levels[0] }

    /// Bytes of every level together (RGBA8).
    public var byteCount: Int { levels.reduce(0) { $0 + $1.pixels.count } }

    /// The next level of `image`: `max(1, w / 2)` x `max(1, h / 2)`, area filtered.
    static func halve(_ image: Image, checkpoint: DecodeCheckpoint? = nil) -> Image {
        let w = max(1, image.width / 2), h = max(1, image.height / 2)
        guard image.width % 2 == 0 || image.width == 1, image.height % 2 == 0 || image.height == 1 else {
            return AreaResampler.resample(image, width: w, height: h, checkpoint: checkpoint)
        }
        // Even sides (or a side of 1): each output texel is the rounded mean of the 2x2
        // block it covers (2x1 or 1x2 when the other side is 1).
        let dx = image.width == 1 ? 0 : 4, dy = image.height == 1 ? 0 : image.width * 4
        let taps: UInt32 = (dx == 0 || dy == 0) ? 2 : 4
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let srcStride = image.width * 4
        image.pixels.withUnsafeBufferPointer { srcBuf in
            out.withUnsafeMutableBufferPointer { dstBuf in
                let src = srcBuf.baseAddress!, dst = dstBuf.baseAddress!
                var d = dst
                for y in 0..<h {
                    let row = src + (dy == 0 ? 0 : 2 * y * srcStride)
                    for x in 0..<w {
                        let a = row + (dx == 0 ? 0 : 8 * x)
                        for c in 0..<4 {
                            var sum = UInt32(a[c]) &+ UInt32(a[dx + dy + c])
                            if taps == 4 { sum &+= UInt32(a[dx + c]) &+ UInt32(a[dy + c]) }
                            d[c] = UInt8((sum &+ taps / 2) / taps)
                        }
                        d += 4
                    }
                    if y % 16 == 15 { checkpoint?() }
                }
            }
        }
        return Image(width: w, height: h, pixels: out)
    }
}
