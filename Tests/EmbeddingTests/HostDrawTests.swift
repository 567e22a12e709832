import CGL
import ParallaxKit
import XCTest
import _GLTestSupport

/// ParallaxHost.draw into an app's framebuffer: load actions, viewports, letterboxing,
/// the GL state kept, the stencil check.
final class HostDrawTests: XCTestCase {
    let green: [UInt8] = [0, 255, 0, 255], red: [UInt8] = [255, 0, 0, 255]
    let blue: [UInt8] = [0, 0, 255, 255], yellow: [UInt8] = [255, 255, 0, 255]

    /// `.keep`: the app's green stays where the scene draws nothing (its blue background is
    /// not drawn); the square is drawn on top (canvas 30...70 at scale 1).
    func testKeepDrawsOnTopOfTheAppsPixels() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square()
        let fb = AppFramebuffer(width: 100, height: 100, stencil: true)
        fb.clear(0, 1, 0)
        try host.draw(into: AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 100, height: 100),
                                      loadAction: .keep))
        assertRGBA(fb.pixel(5, 5), green, "corner: the app's background")
        assertRGBA(fb.pixel(50, 50), red, "centre: the square")
        assertRGBA(fb.pixel(28, 50), green, "2 points left of the square")
        assertRGBA(fb.pixel(32, 50), red, "2 points inside its left edge")
    }

    /// `.clear(yellow)`: the viewport is yellow first, then the square.
    func testClearFillsTheViewportWithItsColour() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square()
        let fb = AppFramebuffer(width: 100, height: 100, stencil: true)
        fb.clear(0, 1, 0)
        try host.draw(into: AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 100, height: 100),
                                      loadAction: .clear(Color(1, 1, 0))))
        assertRGBA(fb.pixel(5, 5), yellow)
        assertRGBA(fb.pixel(50, 50), red)
    }

    /// A viewport in the right half of a 200x100 framebuffer (GL x = 100): the left half
    /// keeps the app's green even with `.clear`; the square's centre is at pixel (150, 50).
    func testViewportConfinesTheClearAndTheDrawing() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR), "start")
        let host = try TestScenes.square()
        let fb = AppFramebuffer(width: 200, height: 100, stencil: true)
        fb.clear(0, 1, 0)
        try host.draw(into: AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 100, y: 0, width: 100, height: 100),
                                      loadAction: .clear(Color(1, 1, 0))))
        assertRGBA(fb.pixel(50, 50), green, "outside the viewport")
        assertRGBA(fb.pixel(98, 50), green, "just left of the viewport")
        assertRGBA(fb.pixel(105, 5), yellow, "inside the viewport, off the square")
        assertRGBA(fb.pixel(150, 50), red, "the square's centre")
    }

    /// A 300x100 viewport over the 100x100 canvas: scale 1, centred with 100-pixel bars
    /// on each side. The square is at pixels 130...170; the bars are cleared (inside the
    /// viewport) but hold no scene pixel.
    func testLetterboxedViewportCentresTheCanvas() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square()
        let fb = AppFramebuffer(width: 300, height: 100, stencil: true)
        fb.clear(0, 1, 0)
        try host.draw(into: AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 300, height: 100),
                                      loadAction: .keep))
        assertRGBA(fb.pixel(50, 50), green, "left bar")
        assertRGBA(fb.pixel(150, 50), red, "the canvas centre")
        assertRGBA(fb.pixel(128, 50), green, "left of the square")
        assertRGBA(fb.pixel(132, 50), red, "inside its left edge")
    }

    /// Sentinel state set by the app before the draw is intact after it, and the draw
    /// still happened despite it (cull face on, depth test GREATER, colour writes partly
    /// off, scissor on a 1-pixel box, an odd viewport and blend function, rasterizer
    /// discard, an XOR logic op, wireframe polygons).
    func testTheAppsGLStateIsIntactAfterDraw() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square(clipped: true)
        let fb = AppFramebuffer(width: 100, height: 100, stencil: true)
        let other = AppFramebuffer(width: 8, height: 8, stencil: false)
        fb.clear(0, 1, 0)
        // The app's objects.
        var vao: GLuint = 0, buffer: GLuint = 0, texture: GLuint = 0, texture3: GLuint = 0, rb: GLuint = 0
        glGenVertexArrays(1, &vao); glGenBuffers(1, &buffer); glGenTextures(1, &texture); glGenTextures(1, &texture3)
        glGenRenderbuffers(1, &rb)
        let program = try Self.trivialProgram()
        defer {
            glDeleteVertexArrays(1, &vao); glDeleteBuffers(1, &buffer); glDeleteTextures(1, &texture)
            glDeleteTextures(1, &texture3); glDeleteRenderbuffers(1, &rb); glDeleteProgram(program)
        }
        // The sentinel state.
        glUseProgram(program)
        glBindVertexArray(vao)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glActiveTexture(GLenum(GL_TEXTURE3))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture3)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rb)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), fb.name)
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), other.name)
        glEnable(GLenum(GL_CULL_FACE)); glEnable(GLenum(GL_DEPTH_TEST)); glEnable(GLenum(GL_STENCIL_TEST))
        glEnable(GLenum(GL_SCISSOR_TEST)); glDisable(GLenum(GL_BLEND))
        glBlendFuncSeparate(GLenum(GL_SRC_ALPHA), GLenum(GL_ONE), GLenum(GL_ZERO), GLenum(GL_DST_ALPHA))
        glBlendEquationSeparate(GLenum(GL_FUNC_SUBTRACT), GLenum(GL_MAX))
        glDepthFunc(GLenum(GL_GREATER)); glDepthMask(GLboolean(GL_FALSE)); glClearDepth(0.25)
        glStencilFuncSeparate(GLenum(GL_FRONT), GLenum(GL_NOTEQUAL), 3, 0x7)
        glStencilOpSeparate(GLenum(GL_FRONT), GLenum(GL_INVERT), GLenum(GL_REPLACE), GLenum(GL_INCR_WRAP))
        glStencilMaskSeparate(GLenum(GL_FRONT), 0x3C)
        glStencilFuncSeparate(GLenum(GL_BACK), GLenum(GL_GEQUAL), 5, 0xF0)
        glClearStencil(9)
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_FALSE), GLboolean(GL_TRUE), GLboolean(GL_FALSE))
        glViewport(3, 4, 5, 6)
        glScissor(1, 2, 1, 1)
        glClearColor(0.25, 0.5, 0.75, 1)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 2)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 8)
        // Settings that would draw nothing, or the wrong colours, if the renderer kept them.
        glEnable(GLenum(GL_RASTERIZER_DISCARD)); glEnable(GLenum(GL_COLOR_LOGIC_OP)); glLogicOp(GLenum(GL_XOR))
        glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_LINE))

        try host.draw(into: AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 100, height: 100),
                                      loadAction: .keep))
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR), "no GL error from the draw or the restore")

        func int(_ name: Int32) -> Int { var v: GLint = 0; glGetIntegerv(GLenum(name), &v); return Int(v) }
        func on(_ cap: Int32) -> Bool { glIsEnabled(GLenum(cap)) != 0 }
        XCTAssertEqual(int(GL_CURRENT_PROGRAM), Int(program))
        XCTAssertEqual(int(GL_VERTEX_ARRAY_BINDING), Int(vao))
        XCTAssertEqual(int(GL_ARRAY_BUFFER_BINDING), Int(buffer))
        XCTAssertEqual(int(GL_ACTIVE_TEXTURE), Int(GL_TEXTURE3))
        XCTAssertEqual(int(GL_TEXTURE_BINDING_2D), Int(texture3), "unit 3")
        glActiveTexture(GLenum(GL_TEXTURE0))
        XCTAssertEqual(int(GL_TEXTURE_BINDING_2D), Int(texture), "unit 0")
        glActiveTexture(GLenum(GL_TEXTURE3))
        XCTAssertEqual(int(GL_RENDERBUFFER_BINDING), Int(rb))
        XCTAssertEqual(int(GL_DRAW_FRAMEBUFFER_BINDING), Int(fb.name))
        XCTAssertEqual(int(GL_READ_FRAMEBUFFER_BINDING), Int(other.name))
        XCTAssertEqual([on(GL_CULL_FACE), on(GL_DEPTH_TEST), on(GL_STENCIL_TEST), on(GL_SCISSOR_TEST), on(GL_BLEND)],
                       [true, true, true, true, false])
        XCTAssertEqual([int(GL_BLEND_SRC_RGB), int(GL_BLEND_DST_RGB), int(GL_BLEND_SRC_ALPHA), int(GL_BLEND_DST_ALPHA)],
                       [Int(GL_SRC_ALPHA), Int(GL_ONE), Int(GL_ZERO), Int(GL_DST_ALPHA)])
        XCTAssertEqual([int(GL_BLEND_EQUATION_RGB), int(GL_BLEND_EQUATION_ALPHA)], [Int(GL_FUNC_SUBTRACT), Int(GL_MAX)])
        XCTAssertEqual(int(GL_DEPTH_FUNC), Int(GL_GREATER))
        var depthMask: GLboolean = 1
        glGetBooleanv(GLenum(GL_DEPTH_WRITEMASK), &depthMask)
        XCTAssertEqual(depthMask, 0)
        var clearDepth: GLfloat = 0
        glGetFloatv(GLenum(GL_DEPTH_CLEAR_VALUE), &clearDepth)
        XCTAssertEqual(clearDepth, 0.25)
        XCTAssertEqual([int(GL_STENCIL_FUNC), int(GL_STENCIL_REF), int(GL_STENCIL_VALUE_MASK), int(GL_STENCIL_FAIL),
                        int(GL_STENCIL_PASS_DEPTH_FAIL), int(GL_STENCIL_PASS_DEPTH_PASS), int(GL_STENCIL_WRITEMASK)],
                       [Int(GL_NOTEQUAL), 3, 7, Int(GL_INVERT), Int(GL_REPLACE), Int(GL_INCR_WRAP), 0x3C])
        XCTAssertEqual([int(GL_STENCIL_BACK_FUNC), int(GL_STENCIL_BACK_REF), int(GL_STENCIL_BACK_VALUE_MASK)],
                       [Int(GL_GEQUAL), 5, 0xF0])
        XCTAssertEqual(int(GL_STENCIL_CLEAR_VALUE), 9)
        var mask: [GLboolean] = [9, 9, 9, 9]
        glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &mask)
        XCTAssertEqual(mask, [1, 0, 1, 0])
        var v4: [GLint] = [0, 0, 0, 0]
        glGetIntegerv(GLenum(GL_VIEWPORT), &v4)
        XCTAssertEqual(v4, [3, 4, 5, 6])
        glGetIntegerv(GLenum(GL_SCISSOR_BOX), &v4)
        XCTAssertEqual(v4, [1, 2, 1, 1])
        var c4: [GLfloat] = [0, 0, 0, 0]
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &c4)
        XCTAssertEqual(c4, [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(int(GL_UNPACK_ALIGNMENT), 2)
        XCTAssertEqual(int(GL_PACK_ALIGNMENT), 8)
        XCTAssertEqual([on(GL_RASTERIZER_DISCARD), on(GL_COLOR_LOGIC_OP)], [true, true])
        var polygonMode: [GLint] = [0, 0]
        glGetIntegerv(GLenum(GL_POLYGON_MODE), &polygonMode)
        XCTAssertEqual(polygonMode[0], GLint(GL_LINE))
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR), "queries")

        // Back to a plain state to read the pixels: the scene was drawn, clipped.
        glColorMask(1, 1, 1, 1); glDisable(GLenum(GL_SCISSOR_TEST)); glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glDisable(GLenum(GL_RASTERIZER_DISCARD)); glDisable(GLenum(GL_COLOR_LOGIC_OP))
        glPolygonMode(GLenum(GL_FRONT_AND_BACK), GLenum(GL_FILL))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        assertRGBA(fb.pixel(50, 50), red, "the square was drawn")
        assertRGBA(fb.pixel(5, 5), green, "the app's pixels kept")
        XCTAssertEqual(host.compositor.map { $0.renderer.stats.clipPasses } ?? -1, 2, "the clip was pushed and popped")
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR), "end")
    }

    /// Uploads and sampling do not read the app's state: with a pixel-unpack buffer bound,
    /// rows of 7 pixels with skips, and a nearest-filtering sampler on unit 0, the carousel
    /// (its posters uploaded during this first draw) comes out pixel for pixel as from a
    /// clean context, and those settings are the app's again after.
    func testUploadsIgnoreTheAppsUnpackStateAndSampler() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        func frame(hostile: Bool) throws -> [UInt8] {
            let host = try ParallaxHost(scene: "carousel")
            host.advance(to: 1)
            let fb = AppFramebuffer(width: 320, height: 180, stencil: true)
            var pbo: GLuint = 0, sampler: GLuint = 0
            if hostile {
                glGenBuffers(1, &pbo)
                glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), pbo)
                glBufferData(GLenum(GL_PIXEL_UNPACK_BUFFER), 1 << 20, nil, GLenum(GL_STREAM_DRAW))
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 7)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 2)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 3)
                glGenSamplers(1, &sampler)
                glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
                glSamplerParameteri(sampler, GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
                glBindSampler(0, sampler)
            }
            try host.draw(into: AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 320, height: 180),
                                          loadAction: .clear(Color(0, 0, 0))))
            if hostile {
                func int(_ name: Int32) -> Int { var v: GLint = 0; glGetIntegerv(GLenum(name), &v); return Int(v) }
                XCTAssertEqual(int(GL_PIXEL_UNPACK_BUFFER_BINDING), Int(pbo))
                XCTAssertEqual([int(GL_UNPACK_ROW_LENGTH), int(GL_UNPACK_SKIP_ROWS), int(GL_UNPACK_SKIP_PIXELS)], [7, 2, 3])
                glActiveTexture(GLenum(GL_TEXTURE0))
                XCTAssertEqual(int(GL_SAMPLER_BINDING), Int(sampler))
                glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
                glBindSampler(0, 0)
                glDeleteBuffers(1, &pbo)
                glDeleteSamplers(1, &sampler)
            }
            var pixels: [UInt8] = []
            for y in stride(from: 0, to: 180, by: 3) { for x in stride(from: 0, to: 320, by: 3) { pixels += fb.pixel(x, y) } }
            return pixels
        }
        let clean = try frame(hostile: false)
        let hostile = try frame(hostile: true)
        XCTAssertGreaterThan(Set(clean).count, 20, "a frame with posters, not a flat colour")
        XCTAssertEqual(clean, hostile)
    }

    /// A scene with a clip and a framebuffer without a stencil buffer: a one-line error
    /// naming the framebuffer and what to attach, nothing drawn, the state unchanged.
    func testClipsWithoutStencilThrowNamingTheFramebuffer() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square(clipped: true)
        let fb = AppFramebuffer(width: 100, height: 100, stencil: false)
        fb.clear(0, 1, 0)
        glViewport(1, 2, 3, 4)
        let target = AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertThrowsError(try host.draw(into: target)) { error in
            XCTAssertEqual(error as? AppTargetError, .noStencil(framebuffer: fb.name, clips: 1))
            let text = "\(error)"
            XCTAssertTrue(text.contains("framebuffer \(fb.name) has no stencil buffer"), text)
            XCTAssertTrue(text.contains("GL_DEPTH24_STENCIL8"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        var v4: [GLint] = [0, 0, 0, 0]
        glGetIntegerv(GLenum(GL_VIEWPORT), &v4)
        XCTAssertEqual(v4, [1, 2, 3, 4], "viewport restored after the throw")
        assertRGBA(fb.pixel(50, 50), green, "nothing drawn")
        // The same scene without its clip draws into the stencil-less framebuffer.
        let unclipped = try TestScenes.square(clipped: false)
        try unclipped.draw(into: target)
        assertRGBA(fb.pixel(50, 50), red)
    }

    /// Framebuffer 0, the window's (the offscreen driver's 64x64 pbuffer, 8 stencil bits):
    /// the stencil check asks GL_STENCIL of the default framebuffer, and the clipped scene
    /// draws. The 100x100 canvas fits 64x64 at scale 0.64: the square's centre is pixel (32, 32).
    func testDefaultFramebufferWithStencilDrawsClips() throws {
        let context = try HeadlessGL.context(suite: "EmbeddingTests")
        XCTAssertEqual(context.stencilBits, 8, "GLContextHost asks for 8 stencil bits")
        guard context.stencilBits > 0 else { return }
        let host = try TestScenes.square(clipped: true)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
        XCTAssertEqual(GLRenderer.boundStencilBits(framebuffer: 0), context.stencilBits)
        try host.draw(into: AppTarget(framebuffer: 0, viewport: ViewportRect(x: 0, y: 0, width: 64, height: 64),
                                      loadAction: .clear(Color(0, 1, 0))))
        var p: [UInt8] = [0, 0, 0, 0]
        glReadPixels(32, 32, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &p)
        assertRGBA(p, red, "centre")
        glReadPixels(2, 2, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &p)
        assertRGBA(p, green, "corner: the load action's colour")
    }

    /// An empty viewport is an error, not a division by zero.
    func testEmptyViewportThrows() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try TestScenes.square()
        let target = AppTarget(framebuffer: 0, viewport: ViewportRect(x: 0, y: 0, width: 0, height: 10))
        XCTAssertThrowsError(try host.draw(into: target)) { XCTAssertTrue("\($0)".contains("is empty")) }
    }

    /// needsDisplay: true before the first draw, false right after while nothing moves,
    /// true once input changes the scene.
    func testNeedsDisplayOnlyWhenTheSceneChanged() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        let host = try ParallaxHost(scene: "carousel")
        let fb = AppFramebuffer(width: 128, height: 72, stencil: true)
        let target = AppTarget(framebuffer: fb.name, viewport: ViewportRect(x: 0, y: 0, width: 128, height: 72))
        XCTAssertTrue(host.needsDisplay)
        host.advance(to: 5)
        try host.draw(into: target)
        if host.needsDisplay { try host.draw(into: target) }   // a deferred upload, at most once
        host.advance(to: 6)
        XCTAssertFalse(host.needsDisplay, "a carousel at rest")
        host.handle(.key("Right", down: true))
        host.advance(to: 6.1)
        XCTAssertTrue(host.needsDisplay, "scrolling")
    }

    /// A minimal program the app could be using.
    static func trivialProgram() throws -> GLuint {
        func shader(_ type: Int32, _ source: String) -> GLuint {
            let s = glCreateShader(GLenum(type))
            source.withCString { p in
                var ptr: UnsafePointer<GLchar>? = p
                glShaderSource(s, 1, &ptr, nil)
            }
            glCompileShader(s)
            return s
        }
        let vs = shader(GL_VERTEX_SHADER, "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n")
        let fs = shader(GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n")
        let p = glCreateProgram()
        glAttachShader(p, vs); glAttachShader(p, fs); glLinkProgram(p)
        glDeleteShader(vs); glDeleteShader(fs)
        var ok: GLint = 0
        glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        guard ok != 0 else { throw ProgramLinkFailed() }
        return p
    }
}

/// GL could not link a trivial 3.3 core program: the context is broken, the test fails.
struct ProgramLinkFailed: Error {}
