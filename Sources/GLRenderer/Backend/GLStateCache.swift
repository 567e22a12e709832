import CGL
import RenderPlan

/// The GL state the renderer changes per draw, cached so redundant calls are skipped
/// and every real change is counted in `FrameStats`.
struct GLStateCache {
    private(set) var program: GLuint = 0
    private(set) var texture: GLuint = 0
    private(set) var stencil: StencilMode = .off
    /// The sampler object bound to texture unit 0 (0: the texture's own filtering).
    private(set) var sampler: GLuint = 0
    /// Whether blending is enabled (the frame's baseline enables it).
    private(set) var blend = true

    /// Forgets everything (call after setting the frame's baseline GL state).
    mutating func reset(program: GLuint) {
        self.program = program
        texture = 0
        stencil = .off
        sampler = 0
        blend = true
    }

    /// Enables or disables blending (an opaque part replaces the pixels it covers).
    mutating func setBlend(_ on: Bool, stats: inout FrameStats) {
        guard on != blend else { return }
        if on { glEnable(GLConstant.blend) } else { glDisable(GLConstant.blend) }
        blend = on
        stats.blendChanges += 1
    }

    mutating func bindSampler(_ s: GLuint, stats: inout FrameStats) {
        guard s != sampler else { return }
        glBindSampler(0, s)
        sampler = s
        stats.samplerChanges += 1
    }

    mutating func useProgram(_ p: GLuint, stats: inout FrameStats) {
        guard p != program else { return }
        glUseProgram(p)
        program = p
        stats.programChanges += 1
    }

    mutating func bindTexture(_ t: GLuint, stats: inout FrameStats) {
        guard t != texture else { return }
        glBindTexture(GLConstant.texture2D, t)
        texture = t
        stats.textureChanges += 1
    }

    /// Records a bind done elsewhere (texture upload).
    mutating func noteBoundTexture(_ t: GLuint) { texture = t }

    mutating func setStencil(_ mode: StencilMode, stats: inout FrameStats) {
        guard mode != stencil else { return }
        let old = stencil
        stencil = mode
        stats.stencilChanges += 1
        let writesColor: (StencilMode) -> Bool = { if case .test = $0 { return true }; if case .off = $0 { return true }; return false }
        switch mode {
        case .off:
            glDisable(GLConstant.stencilTest)
        case .test(let depth):
            if old == .off { glEnable(GLConstant.stencilTest) }
            // stencil >= depth: equal to == in painter's order (no value exceeds the current
            // depth); with clip pushes drawn ahead (GLRenderer.drawWindow) it still draws
            // inside clips pushed after the quad.
            glStencilFunc(GLConstant.lequal, GLint(depth), 0xFF)
            glStencilOp(GLConstant.keep, GLConstant.keep, GLConstant.keep)
        case .increment(let depth), .decrement(let depth):
            if old == .off { glEnable(GLConstant.stencilTest) }
            glStencilFunc(GLConstant.equal, GLint(depth), 0xFF)
            let op: GLenum
            if case .increment = mode { op = GLConstant.incr } else { op = GLConstant.decr }
            glStencilOp(GLConstant.keep, GLConstant.keep, op)
        }
        if writesColor(old) != writesColor(mode) {
            let on = writesColor(mode) ? GLConstant.true : GLConstant.false
            glColorMask(on, on, on, on)
        }
    }
}
