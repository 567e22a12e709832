// The coverage programs compiled with CONTINUOUS: they measure continuous corners (the
// superellipse of CornerCurve) where a quad's or its clip's flag asks; the programs without
// it measure circles only. A CPU rasteriser runs every instruction of a fragment shader for
// every fragment, so circular corners (nearly all of them) do not pay for the other curve.
//
// Does NOT: vary the plain (coverage-free) programs or the blurred shadow, which take no
// corner distance.

import CGL
import Layers
import RenderPlan

/// The CONTINUOUS variants of the quad, border, nine-slice and clip programs.
struct ContinuousCornerPrograms {
    let quad: ShaderProgram, border: ShaderProgram, nineSlice: ShaderProgram, clip: ShaderProgram

    init(library: ShaderLibrary) throws {
        quad = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag", defines: ["CONTINUOUS"])
        border = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag", defines: ["BORDER", "CONTINUOUS"])
        nineSlice = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                      defines: ["TEXTURED", "NINE_SLICE", "CONTINUOUS"])
        clip = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "clip.frag", defines: ["CONTINUOUS"])
    }

    var all: [ShaderProgram] { [quad, border, nineSlice, clip] }

    /// The variant among `all` linked as `name`, or nil.
    func program(named name: GLuint) -> ShaderProgram? {
        if name == quad.program { return quad }
        if name == border.program { return border }
        if name == nineSlice.program { return nineSlice }
        if name == clip.program { return clip }
        return nil
    }
}

extension RenderQuad {
    /// The quad's own corners or its clip's are continuous: its coverage program must be a
    /// CONTINUOUS variant.
    func needsContinuousCorners(clip: AnalyticClip?) -> Bool {
        cornerCurve == .continuous || clip?.continuousCorners == true
    }
}
