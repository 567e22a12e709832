import CGL
import Dispatch
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

    private func readPixels(framebuffer: GLuint, width: Int, height: Int) -> Image {
        glBindFramebuffer(GLConstant.readFramebuffer, framebuffer)
        glPixelStorei(GLConstant.packAlignment, 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { raw in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLConstant.rgba, GLConstant.unsignedByte, raw.baseAddress)
        }
        glBindFramebuffer(GLConstant.readFramebuffer, 0)
        checkError("readPixels")
        // GL rows are bottom-up: flip once.
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
}

extension GLRenderer {
    /// Milliseconds to read `framebuffer` back as an image (what a PNG or a screenshot
    /// costs before encoding): median of `repeats`, each after a glFinish so only the read
    /// itself is timed.
    package func readbackMilliseconds(_ framebuffer: Framebuffer, repeats: Int = 5) -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, repeats) {
            glFinish()
            let t = DispatchTime.now().uptimeNanoseconds
            _ = readPixels(framebuffer)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }
}
