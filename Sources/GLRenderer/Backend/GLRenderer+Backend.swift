// The GL side of the seam (`RenderBackend`): a flush's records go into the instance
// buffer (InstanceStream), and each batch sets only what its key changes (stencil,
// blending, scissor, program, texture, sampler, the coverage programs' two flags) through
// the state cache, then draws its instances with one glDrawArraysInstanced (the batch's
// first record is its base instance). One backend for OpenGL 3.3 and OpenGL ES 3.0: what
// differs is in `GLCapabilities` and Backend/GLES.
//
// Does NOT: decide batches or write records (RenderPlan's BatchQueue does).

import CGL
import RenderPlan

extension GLRenderer: RenderBackend {
    package func uploadInstances(_ records: UnsafePointer<Float>, count: Int) -> Int {
        instances.upload(records, count: count)
    }

    package func drawBatch(_ key: DrawKey, first: Int, count: Int) {
        let u = shaderProgram(key.program)
        let textured = !key.texture.isNone
        state.setStencil(key.stencil, stats: &stats)
        state.setBlend(key.blend, stats: &stats)
        applyScissor(key.scissor)
        state.useProgram(u.program, stats: &stats)
        if textured {
            state.bindTexture(key.texture.rawValue, stats: &stats)
            state.bindSampler(sampler(key.sampler), stats: &stats)
        }
        if key.program == .quad {
            if key.smooth != antialiasUniform {
                glUniform1i(u.antialias, key.smooth ? 1 : 0)
                antialiasUniform = key.smooth
            }
            if textured != texturedUniform {
                glUniform1i(u.textured, textured ? 1 : 0)
                texturedUniform = textured
            }
        } else if key.program != .plainTextured && key.program != .plainColor && key.program != .clip
                    && key.program != .continuousClip {
            // Borders, shadows, sliced images and continuous corners are few: their
            // uniforms are set with each batch.
            glUniform1i(u.antialias, key.smooth ? 1 : 0)
            glUniform1i(u.textured, key.program == .continuousQuad && textured ? 1 : 0)
        }
        switch key.geometry {
        case .rect: instances.draw(first: 4, count: 4, instances: count, base: first)
        case .ring: instances.draw(first: 8, count: 10, instances: count, base: first)
        }
        stats.drawCalls += 1
    }

    /// The linked program for `program` (the counting variants while counting).
    private func shaderProgram(_ program: DrawProgram) -> ShaderProgram {
        switch program {
        case .quad: return quadProgram
        case .border: return borderProgram
        case .shadow: return shadowProgram
        case .sharpShadow: return sharpShadowProgram
        case .plainTextured: return plainTexturedProgram
        case .plainColor: return plainColorProgram
        case .clip: return clipProgram
        case .nineSlice: return nineSliceProgram
        case .continuousQuad: return continuousPrograms.quad
        case .continuousBorder: return continuousPrograms.border
        case .continuousNineSlice: return continuousPrograms.nineSlice
        case .continuousClip: return continuousPrograms.clip
        }
    }

    /// The sampler object for `choice` (0: the texture's own filtering).
    private func sampler(_ choice: SamplerChoice) -> GLuint {
        switch choice {
        case .own: return 0
        case .nearest: return nearestSampler
        case .linear: return linearSampler
        case .filters(let index): return filterSamplers[index]
        }
    }
}
