// The exact visible-pixel count behind parallax-bench's speed of light.
//
// Does NOT: time anything, or change how a normal frame is drawn (the counting variants of
// the shaders are separate programs, compiled on the first count).

import CGL
import Layers

extension GLRenderer {
    /// Renders `list` into `target` exactly as `render` does and returns the fragments that
    /// reached the target and changed it: inside their clips, not hidden behind later opaque
    /// parts (the depth pre-pass rejects those), and not fully transparent (discarded), group
    /// images and their composites included, clip-shape (stencil) passes left out. This is
    /// the work an ideal compositor cannot avoid: each visible layer pixel blended once (for
    /// a frame's layers rather than the images rasterized layers are kept in, count a list
    /// flattened with `Flattener.groupsRasterizedLayers` false). Waits for the GPU.
    package func countVisiblePixels(_ list: RenderList, into target: RenderTarget, images: ImageSource,
                                   background: Color) throws -> Int {
        try requireExactSampleCounts("counting visible pixels")
        if countingPrograms == nil {
            let l = shaderLibrary
            let quad = try ShaderProgram(library: l, vertex: "quad.vert", fragment: "quad.frag", defines: ["COUNT_VISIBLE"])
            let textured = try ShaderProgram(library: l, vertex: "quad.vert", fragment: "quad.frag",
                                             defines: ["PLAIN", "TEXTURED", "COUNT_VISIBLE"])
            let color = try ShaderProgram(library: l, vertex: "quad.vert", fragment: "quad.frag",
                                          defines: ["PLAIN", "COLORED", "COUNT_VISIBLE"])
            for p in [quad, textured, color] { p.bindSamplerUnits() }
            countingPrograms = (quad, textured, color)
            glGenQueries(1, &countQuery)
        }
        guard let counting = countingPrograms else { return 0 }
        let normal = (quadProgram, plainTexturedProgram, plainColorProgram)
        (quadProgram, plainTexturedProgram, plainColorProgram) = (counting.quad, counting.plainTextured, counting.plainColor)
        defer { (quadProgram, plainTexturedProgram, plainColorProgram) = normal }
        return countSamples(list, into: target, images: images, background: background)
    }

    /// Renders `list` into `target` exactly as `render` does, with the frame's own shaders
    /// and pre-pass choice, and returns every fragment shaded and written (hidden and fully
    /// transparent ones included, clip-shape passes left out): against
    /// `countVisiblePixels`, the overdraw a frame pays for. Waits for the GPU.
    package func countShadedPixels(_ list: RenderList, into target: RenderTarget, images: ImageSource,
                                  background: Color) throws -> Int {
        try requireExactSampleCounts("counting shaded pixels")
        if countQuery == 0 { glGenQueries(1, &countQuery) }
        countingShaded = true
        defer { countingShaded = false }
        return countSamples(list, into: target, images: images, background: background)
    }

    /// Throws `RendererError.unsupported` where GL_SAMPLES_PASSED is missing (OpenGL ES).
    private func requireExactSampleCounts(_ feature: String) throws {
        guard capabilities.exactSampleCounts else {
            throw RendererError.unsupported(feature: feature + " (GL_SAMPLES_PASSED)", context: capabilities.apiName)
        }
    }

    /// One render with a GL_SAMPLES_PASSED query around every draw but the clip shapes.
    private func countSamples(_ list: RenderList, into target: RenderTarget, images: ImageSource,
                              background: Color) -> Int {
        countingVisible = true
        countedSamples = 0
        defer { countingVisible = false }
        render(list, into: target, images: images, background: background)
        return Int(countedSamples)
    }

    /// Ends the running GL_SAMPLES_PASSED query and adds its result (waits for it).
    func endCountSegment() {
        glEndQuery(GLConstant.samplesPassed)
        var samples: GLuint64 = 0
        glGetQueryObjectui64v(countQuery, GLConstant.queryResult, &samples)
        countedSamples += samples
    }
}
