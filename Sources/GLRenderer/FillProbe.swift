// FillProbe: the machine's best plain blended textured fill, for parallax-bench's speed of light.
//
// Does NOT: use the layer shaders or the renderer's state (it draws with its own minimal
// program, VAO and texture, and restores nothing but the framebuffer binding), or decide
// what a scene costs (the bench multiplies its rate by the scene's visible pixels).

import CGL
import Foundation

/// Measures, on one framebuffer, what a clear costs and how many blended, bilinearly
/// filtered texels per second a minimal shader fills (full-screen quads, one texture sample,
/// premultiplied blending): the floor any compositor pays per visible pixel.
package final class FillProbe {
    /// The measured figures.
    package struct Result: Sendable {
        /// Median time of a frame that only clears colour (and waits for it), milliseconds.
        package var clearMilliseconds: Double
        /// Blended bilinear texels per second of the minimal shader.
        package var pixelsPerSecond: Double
        /// The same with nearest sampling (the fastest textured fill).
        package var nearestPixelsPerSecond: Double

        package init(clearMilliseconds: Double, pixelsPerSecond: Double, nearestPixelsPerSecond: Double) {
            self.clearMilliseconds = clearMilliseconds
            self.pixelsPerSecond = pixelsPerSecond
            self.nearestPixelsPerSecond = nearestPixelsPerSecond
        }

        /// The speed of light of a frame that blends `pixels` visible pixels: one clear plus
        /// each pixel filled once at the bilinear rate.
        package func milliseconds(forPixels pixels: Double) -> Double {
            clearMilliseconds + (pixelsPerSecond > 0 ? pixels / pixelsPerSecond * 1000 : 0)
        }
    }

    private let program: GLuint
    private let quad: UnitQuad
    private var texture: GLuint = 0

    /// Compiles the probe's shaders (`fill.vert`, `fill.frag`). Requires a current context.
    package init(shaderDirectory: String? = nil) throws {
        var library = ShaderLibrary(overrideDirectory: shaderDirectory)
        library.glslES = GLCapabilities.currentIsES()
        program = try library.program(vertex: "fill.vert", fragment: "fill.frag")
        quad = UnitQuad()
        // A 256x256 premultiplied gradient with alpha 0.5...0.9: every texel blends.
        var texels = [UInt8](repeating: 0, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let a = 128 + (x + y) * 100 / 510
                let i = (y * 256 + x) * 4
                texels[i] = UInt8(x * a / 255); texels[i + 1] = UInt8(y * a / 255); texels[i + 2] = UInt8(a / 2); texels[i + 3] = UInt8(a)
            }
        }
        glGenTextures(1, &texture)
        glBindTexture(GLConstant.texture2D, texture)
        glPixelStorei(GLConstant.unpackAlignment, 1)
        texels.withUnsafeBytes {
            glTexImage2D(GLConstant.texture2D, 0, GLConstant.rgba8, 256, 256, 0, GLConstant.rgba, GLConstant.unsignedByte, $0.baseAddress)
        }
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapS, GLConstant.clampToEdge)
        glTexParameteri(GLConstant.texture2D, GLConstant.textureWrapT, GLConstant.clampToEdge)
        glBindTexture(GLConstant.texture2D, 0)
        glUseProgram(program)
        glUniform1i(glGetUniformLocation(program, "u_texture"), 0)
        glUseProgram(0)
    }

    deinit {
        glDeleteProgram(program)
        glDeleteTextures(1, &texture)
    }

    /// Measures on `framebuffer`: `frames` frames of a clear alone, then of a clear plus
    /// `layers` blended full-screen quads, bilinear and nearest (medians; the fill rate is
    /// the difference divided by the pixels). Waits for the GPU after each frame.
    package func measure(framebuffer: Framebuffer, frames: Int = 30, layers: Int = 4) -> Result {
        glBindFramebuffer(GLConstant.framebuffer, framebuffer.drawFramebuffer)
        glViewport(0, 0, GLsizei(framebuffer.width), GLsizei(framebuffer.height))
        glDisable(GLConstant.depthTest)
        glDisable(GLConstant.stencilTest)
        glDisable(GLConstant.scissorTest)
        glDisable(GLConstant.cullFace)
        glColorMask(GLConstant.true, GLConstant.true, GLConstant.true, GLConstant.true)
        glEnable(GLConstant.blend)
        glBlendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)
        glClearColor(0, 0, 0, 1)
        glUseProgram(program)
        quad.bind()
        glActiveTexture(GLConstant.texture0)
        glBindTexture(GLConstant.texture2D, texture)
        func median(_ quads: Int) -> Double {
            var samples: [Double] = []
            for _ in 0..<max(1, frames) {
                let t0 = FillProbe.now()
                glClear(GLConstant.colorBufferBit)
                for _ in 0..<quads { glDrawArrays(GLConstant.triangleStrip, 0, 4) }
                glFinish()
                samples.append((FillProbe.now() - t0) * 1000)
            }
            samples.sort()
            return samples[samples.count / 2]
        }
        let pixels = Double(framebuffer.width * framebuffer.height * layers)
        func rate(filter: GLint) -> Double {
            glTexParameteri(GLConstant.texture2D, GLConstant.textureMinFilter, filter)
            glTexParameteri(GLConstant.texture2D, GLConstant.textureMagFilter, filter)
            _ = median(layers)   // warm-up
            let clear = median(0), filled = median(layers)
            return filled > clear ? pixels / ((filled - clear) / 1000) : 0
        }
        _ = median(0)
        let clear = median(0)
        let bilinear = rate(filter: GLConstant.linear)
        let nearest = rate(filter: GLConstant.nearest)
        glBindTexture(GLConstant.texture2D, 0)
        glBindVertexArray(0)
        glUseProgram(0)
        glBindFramebuffer(GLConstant.framebuffer, 0)
        return Result(clearMilliseconds: clear, pixelsPerSecond: bilinear, nearestPixelsPerSecond: nearest)
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
