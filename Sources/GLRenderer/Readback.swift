import CGL
import Foundation
import Images

extension GLRenderer {
    /// Reads `framebuffer`'s colour as a top-down premultiplied RGBA8 image, resolving
    /// MSAA by a blit first. Waits for the GPU (not for the steady-state frame loop).
    public func readPixels(_ framebuffer: Framebuffer) -> Image {
        framebuffer.resolve()
        return readPixels(framebuffer: framebuffer.resolveFramebuffer, width: framebuffer.width, height: framebuffer.height)
    }

    /// Reads the window's default framebuffer (back buffer) as a top-down image.
    public func readWindowPixels(width: Int, height: Int) -> Image {
        readPixels(framebuffer: 0, width: width, height: height)
    }

    /// Reads into a reused scratch buffer, then copies the rows once, flipped top-down, into
    /// an image array that is never zero-filled first. (A pixel-pack buffer was measured
    /// slower on llvmpipe: Mesa 22.3 reads into it through a blit.)
    private func readPixels(framebuffer: GLuint, width: Int, height: Int) -> Image {
        let row = max(0, width) * 4, count = row * max(0, height)
        guard count > 0 else { return Image(width: max(0, width), height: max(0, height), pixels: []) }
        glBindFramebuffer(GLConstant.readFramebuffer, framebuffer)
        glPixelStorei(GLConstant.packAlignment, 1)
        let src = readbackScratch.reserve(bytes: count)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLConstant.rgba, GLConstant.unsignedByte, src)
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            guard let dst = out.baseAddress else { initialized = 0; return }
            // GL rows are bottom-up: row y of the image is GL row height - 1 - y.
            for y in 0..<height {
                memcpy(dst + y * row, src + (height - 1 - y) * row, row)
            }
            initialized = count
        }
        glBindFramebuffer(GLConstant.readFramebuffer, 0)
        checkError("readPixels")
        return Image(width: width, height: height, pixels: pixels)
    }

    /// The previous readback (glReadPixels into a zero-filled array, then an in-place flip):
    /// kept to check and time `readPixels` against it.
    func readPixelsDirect(_ framebuffer: Framebuffer) -> Image {
        framebuffer.resolve()
        let width = framebuffer.width, height = framebuffer.height
        glBindFramebuffer(GLConstant.readFramebuffer, framebuffer.resolveFramebuffer)
        glPixelStorei(GLConstant.packAlignment, 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLConstant.rgba, GLConstant.unsignedByte, raw.baseAddress)
        }
        glBindFramebuffer(GLConstant.readFramebuffer, 0)
        let row = width * 4
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, row > 0 else { return }
            let tmp = UnsafeMutableRawPointer.allocate(byteCount: row, alignment: 1)
            defer { tmp.deallocate() }
            var top = 0, bottom = height - 1
            while top < bottom {
                tmp.copyMemory(from: base + top * row, byteCount: row)
                (base + top * row).copyMemory(from: base + bottom * row, byteCount: row)
                (base + bottom * row).copyMemory(from: tmp, byteCount: row)
                top += 1; bottom -= 1
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Milliseconds of the current (`buffered`: through the scratch buffer) and the previous
    /// (`direct`) readback of `framebuffer` (median of
    /// `repeats` each, interleaved), after a glFinish so only the read itself is timed.
    public func readbackMilliseconds(_ framebuffer: Framebuffer, repeats: Int = 5) -> (buffered: Double, direct: Double) {
        var a: [Double] = [], b: [Double] = []
        for _ in 0..<max(1, repeats) {
            glFinish()
            var t = DispatchTime.now().uptimeNanoseconds
            _ = readPixels(framebuffer)
            a.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
            glFinish()
            t = DispatchTime.now().uptimeNanoseconds
            _ = readPixelsDirect(framebuffer)
            b.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
        }
        return (a.sorted()[a.count / 2], b.sorted()[b.count / 2])
    }
}
