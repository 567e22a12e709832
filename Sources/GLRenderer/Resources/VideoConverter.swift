import CGL
import Images
import Layers
import Video

/// Puts video frames on the GPU: the 4:2:0 planes are uploaded as textures (one channel;
/// NV12's Cb, Cr pairs as two) into kept textures, reallocated only when the size or the
/// layout changes, and `video.frag` converts them to RGB (BT.601 or BT.709, as the frame
/// says) into the texture the renderer already
/// holds for a placeholder image (`VideoContents`), so the layer then draws like any
/// image (mipmaps regenerated when that texture has them). No RGB is made on the CPU.
///
/// The pass saves and restores the GL state it touches (program, framebuffer, viewport,
/// blend, scissor, stencil and depth tests, textures on units 0-2, unpack alignment, the
/// vertex array), so it can run between frames or just before one.
///
/// Does not: decode (the `Video` module does), or keep frames.
public final class VideoConverter {
    private let renderer: GLRenderer
    private let program: GLuint
    private let yLoc: GLint, uLoc: GLint, vLoc: GLint, kLoc: GLint, nv12Loc: GLint
    private var planes: [GLuint] = [0, 0, 0]
    private var planeSize = (width: 0, height: 0)
    private var planeLayout = VideoFrame.Layout.planar
    private var framebuffer: GLuint = 0
    private var vertexArray: GLuint = 0
    /// Frames converted so far.
    public private(set) var converted = 0

    /// Compiles `video.vert` + `video.frag` from the renderer's shader library.
    public init(renderer: GLRenderer) throws {
        self.renderer = renderer
        program = try renderer.shaderLibrary.program(vertex: "video.vert", fragment: "video.frag")
        yLoc = glGetUniformLocation(program, "u_y")
        uLoc = glGetUniformLocation(program, "u_u")
        vLoc = glGetUniformLocation(program, "u_v")
        kLoc = glGetUniformLocation(program, "u_k")
        nv12Loc = glGetUniformLocation(program, "u_nv12")
        glGenTextures(3, &planes)
        glGenFramebuffers(1, &framebuffer)
        glGenVertexArrays(1, &vertexArray)
    }

    deinit {
        glDeleteTextures(3, &planes)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteVertexArrays(1, &vertexArray)
        glDeleteProgram(program)
    }

    /// Converts `frame` into the texture of `ref` (a placeholder in `images`, of the frame's
    /// size or smaller: the pass scales it down, filtering linearly), uploading the
    /// placeholder first if the renderer has not yet. Returns false when that texture is
    /// not there (its upload deferred by the frame budget).
    @discardableResult
    public func show(_ frame: VideoFrame, in ref: ImageRef, images: ImageSource) -> Bool {
        guard let target = renderer.textures.wholeTexture(for: ref, source: images) else { return false }
        let saved = GLSaved()
        defer { saved.restore() }
        glDisable(GLenum(GL_BLEND)); glDisable(GLenum(GL_SCISSOR_TEST))
        glDisable(GLenum(GL_STENCIL_TEST)); glDisable(GLenum(GL_DEPTH_TEST))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        upload(frame)
        glBindFramebuffer(GLConstant.framebuffer, framebuffer)
        glFramebufferTexture2D(GLConstant.framebuffer, GLenum(GL_COLOR_ATTACHMENT0), GLConstant.texture2D, target.texture, 0)
        guard glCheckFramebufferStatus(GLConstant.framebuffer) == GLConstant.framebufferComplete else { return false }
        glViewport(0, 0, GLsizei(ref.width), GLsizei(ref.height))
        glUseProgram(program)
        glUniform1i(yLoc, 0); glUniform1i(uLoc, 1); glUniform1i(vLoc, 2)
        glUniform1i(nv12Loc, frame.layout == .nv12 ? 1 : 0)
        switch frame.matrix {
        // R = Y' + 2(1 - Kr) Cr, B = Y' + 2(1 - Kb) Cb, G from Y' = Kr R + (1 - Kr - Kb) G + Kb B.
        case .bt601: glUniform4f(kLoc, 1.402, 0.344136, 0.714136, 1.772)
        case .bt709: glUniform4f(kLoc, 1.5748, 0.187324, 0.468124, 1.8556)
        }
        for k in 0..<3 {
            glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(k))
            glBindTexture(GLConstant.texture2D, planes[k])
        }
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glFramebufferTexture2D(GLConstant.framebuffer, GLenum(GL_COLOR_ATTACHMENT0), GLConstant.texture2D, 0, 0)
        if target.mipmapped {
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLConstant.texture2D, target.texture)
            glGenerateMipmap(GLConstant.texture2D)
        }
        converted += 1
        return true
    }

    /// The planes into their textures (reallocated when the size or the layout changes).
    private func upload(_ f: VideoFrame) {
        let fresh = planeSize != (f.width, f.height) || planeLayout != f.layout
        planeSize = (f.width, f.height)
        planeLayout = f.layout
        let nv12 = f.layout == .nv12
        upload(f.y, into: planes[0], unit: 0, width: f.width, height: f.height, pairs: false, fresh: fresh)
        upload(f.u, into: planes[1], unit: 1, width: f.chromaWidth, height: f.chromaHeight, pairs: nv12, fresh: fresh)
        if !nv12 { upload(f.v, into: planes[2], unit: 2, width: f.chromaWidth, height: f.chromaHeight, pairs: false, fresh: fresh) }
    }

    /// One plane into `texture`: one channel a texel, or two (`pairs`: NV12's Cb, Cr).
    private func upload(_ data: [UInt8], into texture: GLuint, unit: Int, width: Int, height: Int, pairs: Bool, fresh: Bool) {
        glActiveTexture(GLenum(GL_TEXTURE0) + GLenum(unit))
        glBindTexture(GLConstant.texture2D, texture)
        let format = GLenum(pairs ? GL_RG : GL_RED)
        data.withUnsafeBytes { bytes in
            if fresh {
                glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
                glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
                glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
                glTexParameteri(GLConstant.texture2D, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
                glTexImage2D(GLConstant.texture2D, 0, pairs ? GL_RG8 : GL_R8, GLsizei(width), GLsizei(height), 0,
                             format, GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            } else {
                glTexSubImage2D(GLConstant.texture2D, 0, 0, 0, GLsizei(width), GLsizei(height), format, GLenum(GL_UNSIGNED_BYTE),
                                bytes.baseAddress)
            }
        }
    }
}

/// The GL state the conversion pass changes, read before and put back after.
private struct GLSaved {
    var program: GLint = 0, framebuffer: GLint = 0, vertexArray: GLint = 0, active: GLint = 0, alignment: GLint = 0
    var viewport: (GLint, GLint, GLint, GLint) = (0, 0, 0, 0)
    var textures: (GLint, GLint, GLint) = (0, 0, 0)
    var blend = false, scissor = false, stencil = false, depth = false

    init() {
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        glGetIntegerv(GLenum(GL_DRAW_FRAMEBUFFER_BINDING), &framebuffer)
        glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &vertexArray)
        glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        glGetIntegerv(GLenum(GL_UNPACK_ALIGNMENT), &alignment)
        withUnsafeMutableBytes(of: &viewport) { glGetIntegerv(GLenum(GL_VIEWPORT), $0.baseAddress!.assumingMemoryBound(to: GLint.self)) }
        glActiveTexture(GLenum(GL_TEXTURE0)); glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &textures.0)
        glActiveTexture(GLenum(GL_TEXTURE1)); glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &textures.1)
        glActiveTexture(GLenum(GL_TEXTURE2)); glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &textures.2)
        blend = glIsEnabled(GLenum(GL_BLEND)) != 0
        scissor = glIsEnabled(GLenum(GL_SCISSOR_TEST)) != 0
        stencil = glIsEnabled(GLenum(GL_STENCIL_TEST)) != 0
        depth = glIsEnabled(GLenum(GL_DEPTH_TEST)) != 0
    }

    func restore() {
        glUseProgram(GLuint(program))
        glBindFramebuffer(GLConstant.framebuffer, GLuint(framebuffer))
        glBindVertexArray(GLuint(vertexArray))
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), alignment)
        glViewport(viewport.0, viewport.1, viewport.2, viewport.3)
        glActiveTexture(GLenum(GL_TEXTURE0)); glBindTexture(GLConstant.texture2D, GLuint(textures.0))
        glActiveTexture(GLenum(GL_TEXTURE1)); glBindTexture(GLConstant.texture2D, GLuint(textures.1))
        glActiveTexture(GLenum(GL_TEXTURE2)); glBindTexture(GLConstant.texture2D, GLuint(textures.2))
        glActiveTexture(GLenum(active))
        func set(_ cap: Int32, _ on: Bool) { if on { glEnable(GLenum(cap)) } else { glDisable(GLenum(cap)) } }
        set(GL_BLEND, blend); set(GL_SCISSOR_TEST, scissor); set(GL_STENCIL_TEST, stencil); set(GL_DEPTH_TEST, depth)
    }
}
