// GLRenderer: draws a `RenderList` with OpenGL 3.3 core.
//
// What this module does: compiles the shaders in `Shaders/`, keeps a texture cache fed
// lazily by an `ImageSource`, draws each quad with its homogeneous matrix (the GPU
// divides by w: perspective-correct texturing and near-plane clipping), antialiases
// edges and rounded corners analytically in the fragment shader, implements
// `masksToBounds` with nested stencil clips, renders into the window or an offscreen
// `Framebuffer` (optionally MSAA), reads pixels back top-down, and counts `FrameStats`.
//
// Fill-rate work (llvmpipe shades every fragment on the CPU): a quad's fully covered
// interior is drawn with a coverage-free shader variant and only a thin ring around it
// with the antialiasing shader; image quads are cut down to their texels with alpha > 0;
// opaque interiors are drawn first, front to back, writing a depth that is the quad's
// drawing-order index (painter's order, not 3D depth), so the early depth test rejects
// the pixels they hide; everything else follows back to front with the depth test on.
// The output equals the painter's algorithm (within float rounding: at most 1/255).
//
// What this module does NOT do: it never imports SDL and never creates a context (the
// caller makes one current first, e.g. Platform's `GLContextHost`); it does not flatten
// layers, sort by 3D depth, or cull back faces (the flattener already did); it does not
// decode or encode image files; it is not thread-safe (one thread, the context's).

import CGL
import Foundation
import Images
import LayerMath
import Layers

/// How canvas points map to target pixels: pixel = point * scale + offset.
public typealias CanvasMapping = (scale: Double, offsetX: Double, offsetY: Double)

/// Draws render lists into the window or offscreen framebuffers. Requires a current
/// OpenGL 3.3 core context for its whole life (create, render, destroy on one thread).
public final class GLRenderer {
    /// Settings with defaults.
    public struct Options {
        /// Texture bytes kept before least-recently-used textures are evicted (512 MiB).
        public var textureBudgetBytes = 512 << 20
        /// Measure GPU time per frame with GL_TIME_ELAPSED queries (when supported).
        public var gpuTiming = false
        /// Analytic edge antialiasing in the fragment shader (never used on multisampled
        /// framebuffers, whose samples already smooth the edges).
        public var antialias = true
        /// Cap on anisotropic filtering (used only when the extension is present). nil: 8 on
        /// hardware, 1 (off) on llvmpipe, whose anisotropic path (Mesa 22.3) smears magnified
        /// textures with ring artefacts (measured: a 2x2 image drawn at 100x100).
        public var maxAnisotropy: Float? = nil
        /// Debug builds: install a KHR_debug message callback printing to stderr.
        public var debugOutput = false
        public init() {}
    }

    /// Statistics of the last `render` call.
    public internal(set) var stats = FrameStats()
    /// The textures held for images.
    public let textures: TextureCache
    /// GL_VERSION and GL_RENDERER of the context.
    public let glVersion: String, glRenderer: String
    /// The most recent GPU frame time in milliseconds (`Options.gpuTiming`; a few frames late).
    public var lastGPUMilliseconds: Double? { gpuTimer?.lastMilliseconds }
    /// Debug builds: glGetError results seen so far, with the place they were seen.
    public private(set) var glErrors: [String] = []
    /// Edge antialiasing in the shader (see `Options.antialias`).
    public var antialias: Bool

    /// The general quad program: coverage (antialiased or hard) and a `u_textured` branch.
    var quadProgram: ShaderProgram
    /// Coverage-free variants for fully covered interiors: textured and colour-only.
    var plainTexturedProgram: ShaderProgram
    var plainColorProgram: ShaderProgram
    /// Where the shaders were found (kept for variants compiled on first use).
    let shaderLibrary: ShaderLibrary
    /// The COUNT_VISIBLE variants of the three quad programs, compiled on first use.
    var countingPrograms: (quad: ShaderProgram, plainTextured: ShaderProgram, plainColor: ShaderProgram)?
    /// A GL_SAMPLES_PASSED query around every quad draw of a counting render (0: not counting).
    var countQuery: GLuint = 0
    var countingVisible = false
    var countedSamples: UInt64 = 0
    private let clipProgram: ShaderProgram
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    var state = GLStateCache()
    private var coverage = CoverageEstimator()
    private let gpuTimer: GPUTimer?
    private var antialiasUniform = false
    /// This frame draws opaque parts front to back with a depth test (see `drawWindow`).
    var useDepth = false
    /// Nesting depth of the clips pushed and not popped (the stencil value inside them all).
    var stencilDepth = 0
    /// Clip depth around the group being drawn offscreen (0 in the target): stencil values
    /// in an offscreen group image count from it.
    var stencilBase = 0
    /// This frame's damage in canvas points (nil: the whole frame); see `render`.
    var damageBox: Rect?
    /// Offscreen images of this frame's groups and where they land (see `drawGroups`).
    var groupImages: [GroupImage] = []
    /// Index of each group's `beginGroup` command, this frame.
    var groupBegins: [Int] = []
    let groupPool = GroupFramebufferPool()
    private var depthScale = 0.0
    /// Whether each framebuffer name seen (0: the window) has depth bits, queried once
    /// (every `Framebuffer` has a depth/stencil attachment, so a reused name stays right).
    private var depthBits: [GLuint: Bool] = [:]
    /// Draw opaque interiors front to back with a depth test when the target has depth bits.
    public var reorderOpaque = true
    var targetIsMultisampled = false
    private let matrixScratch = UnsafeMutablePointer<Float>.allocate(capacity: 16)
    /// Canvas points to clip space for the bound target (see `setProjection`).
    private var projection = Transform3D.identity

    /// Compiles the shaders and creates the quad geometry. Requires a current context.
    /// - Parameter shaderDirectory: searched before `$PARALLAX_SHADERS`, the bundle and the source tree.
    public convenience init(shaderDirectory: String? = nil) throws {
        try self.init(shaderDirectory: shaderDirectory, options: Options())
    }

    /// Compiles the shaders and creates the quad geometry with `options`.
    public init(shaderDirectory: String? = nil, options: Options) throws {
        guard let versionPtr = glGetString(GLConstant.version) else {
            throw RendererError.noContext("glGetString(GL_VERSION) returned nil (no current context)")
        }
        glVersion = String(cString: UnsafeRawPointer(versionPtr).assumingMemoryBound(to: CChar.self))
        glRenderer = glGetString(GLConstant.renderer).map {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        } ?? "unknown"
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        guard major > 3 || (major == 3 && minor >= 3) else {
            throw RendererError.noContext("OpenGL \(major).\(minor) is older than 3.3 (\(glVersion))")
        }
        let library = ShaderLibrary(overrideDirectory: shaderDirectory)
        shaderLibrary = library
        quadProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag")
        plainTexturedProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                                 defines: ["PLAIN", "TEXTURED"])
        plainColorProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                              defines: ["PLAIN", "COLORED"])
        clipProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "clip.frag")
        antialias = options.antialias

        let extensions = GLRenderer.extensionNames()
        var anisotropy: Float = 1
        if extensions.contains("GL_EXT_texture_filter_anisotropic") || extensions.contains("GL_ARB_texture_filter_anisotropic") {
            var maxA: GLfloat = 1
            glGetFloatv(GLConstant.maxTextureMaxAnisotropy, &maxA)
            let softwareRasterizer = glRenderer.contains("llvmpipe") || glRenderer.contains("softpipe")
            anisotropy = min(maxA, options.maxAnisotropy ?? (softwareRasterizer ? 1 : 8))
        }
        textures = TextureCache(budgetBytes: options.textureBudgetBytes, maxAnisotropy: anisotropy)
        gpuTimer = options.gpuTiming ? GPUTimer() : nil

        // One vertex buffer in a VAO (a core profile draws nothing without one): (u, v, inner)
        // with u, v in 0...1 picking a corner of u_rect (inner = 0) or u_inner (inner = 1).
        // Strips: the whole rectangle, the inner rectangle, the ring between them.
        let unit: [Float] = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0,                  // whole (0..<4)
                             0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1,                  // inner (4..<8)
                             0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, // ring (8..<18)
                             0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1]
        glGenVertexArrays(1, &vao)
        glBindVertexArray(vao)
        glGenBuffers(1, &vbo)
        glBindBuffer(GLConstant.arrayBuffer, vbo)
        unit.withUnsafeBytes { raw in
            glBufferData(GLConstant.arrayBuffer, GLsizeiptr(raw.count), raw.baseAddress, GLConstant.staticDraw)
        }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 3, GLConstant.float, GLConstant.false, 12, nil)
        glBindVertexArray(0)
        glBindBuffer(GLConstant.arrayBuffer, 0)

        for p in [quadProgram, plainTexturedProgram, plainColorProgram] {
            glUseProgram(p.program)
            glUniform1i(p.texture, 0)
        }
        glUseProgram(0)
        #if DEBUG
        if options.debugOutput { DebugOutput.install(extensions: extensions, major: Int(major), minor: Int(minor)) }
        #endif
        checkError("init")
    }

    deinit {
        textures.removeAll()
        groupPool.removeAll()
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
        glDeleteProgram(quadProgram.program)
        glDeleteProgram(plainTexturedProgram.program)
        glDeleteProgram(plainColorProgram.program)
        glDeleteProgram(clipProgram.program)
        if let c = countingPrograms {
            glDeleteProgram(c.quad.program); glDeleteProgram(c.plainTextured.program); glDeleteProgram(c.plainColor.program)
        }
        if countQuery != 0 { glDeleteQueries(1, &countQuery) }
        matrixScratch.deallocate()
    }

    /// The context's extension names.
    static func extensionNames() -> Set<String> {
        var count: GLint = 0
        glGetIntegerv(GLConstant.numExtensions, &count)
        var names = Set<String>()
        for i in 0..<max(0, count) {
            if let p = glGetStringi(GLConstant.extensions, GLuint(i)) {
                names.insert(String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self)))
            }
        }
        return names
    }

    /// How canvas points land on target pixels: uniform scale, centred.
    public static func canvasMapping(canvas: Size, pixelWidth: Int, pixelHeight: Int) -> CanvasMapping {
        guard canvas.width > 0, canvas.height > 0 else { return (1, 0, 0) }
        let s = min(Double(pixelWidth) / canvas.width, Double(pixelHeight) / canvas.height)
        return (s, (Double(pixelWidth) - canvas.width * s) / 2, (Double(pixelHeight) - canvas.height * s) / 2)
    }

    /// Draws `list` into `target`: clears it to `background` (straight alpha), then draws
    /// the commands in order. Canvas points map uniformly (centred) onto the target pixels.
    ///
    /// `damage` (canvas points): redraw only that region of a target that still holds the
    /// previous frame (see `RenderList.damage(since:)`): the clear and every draw are
    /// scissored to it (grown by 2 pixels for antialiased edges) and quads, groups and
    /// clips wholly outside it are skipped. nil: the whole frame.
    public func render(_ list: RenderList, into target: RenderTarget, images: ImageSource, background: Color,
                       damage: Rect? = nil) {
        stats = FrameStats()
        textures.beginFrame()
        if !countingVisible { gpuTimer?.begin() }
        let (pw, ph) = target.pixelSize
        if case .framebuffer(let f) = target { targetIsMultisampled = f.isMultisampled } else { targetIsMultisampled = false }
        glBindFramebuffer(GLConstant.framebuffer, target.framebufferName)

        // Opaque parts go first, front to back, writing depth = painter's order, so pixels
        // they hide are rejected by the early depth test before shading (see `drawWindow`).
        // (Multisampled targets draw no coverage-free interiors, so nothing would be hidden.)
        useDepth = reorderOpaque && !targetIsMultisampled && !target.isAppTarget && GLRenderer.opaqueCanHide(list) && hasDepthBuffer(target)
        depthScale = 2 / Double(list.quads.count + 1)

        // Baseline state, set every frame (someone else may have touched the context).
        glDisable(GLConstant.cullFace)
        glDisable(GLConstant.scissorTest)
        glDisable(GLConstant.stencilTest)
        glEnable(GLConstant.blend)
        glBlendFunc(GLConstant.one, GLConstant.oneMinusSrcAlpha)
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glColorMask(GLConstant.true, GLConstant.true, GLConstant.true, GLConstant.true)
        glStencilMask(0xFF)
        glClearStencil(0)
        glClearDepth(1)
        glDepthMask(GLConstant.false)
        if useDepth {
            glEnable(GLConstant.depthTest)
            glDepthFunc(GLConstant.less)
        } else {
            glDisable(GLConstant.depthTest)
        }
        glActiveTexture(GLConstant.texture0)
        glBindTexture(GLConstant.texture2D, 0)
        glUseProgram(quadProgram.program)
        glUniform1i(quadProgram.antialias, 0)
        antialiasUniform = false
        state.reset(program: quadProgram.program)
        glBindVertexArray(vao)

        if countingVisible { glBeginQuery(GLConstant.samplesPassed, countQuery) }
        let map = GLRenderer.canvasMapping(canvas: list.canvas, pixelWidth: pw, pixelHeight: ph)
        // The damage in canvas points, grown by the 2-pixel margin of the scissor.
        damageBox = damage.map { d in
            let m = 2 / max(map.scale, 1e-9)
            return Rect(x: d.minX - m, y: d.minY - m, width: d.width + 2 * m, height: d.height + 2 * m)
        }
        // Group-opacity groups first, innermost first, each into its own offscreen image.
        if !list.groups.isEmpty { drawGroups(list, map: map, pixelWidth: pw, pixelHeight: ph, images: images) }

        glBindFramebuffer(GLConstant.framebuffer, target.framebufferName)
        let origin = target.viewportOrigin
        glViewport(GLint(origin.x), GLint(origin.y), GLsizei(pw), GLsizei(ph))
        if damageBox != nil {
            let x0 = pixelIndex(damage!.minX * map.scale + map.offsetX, down: true, limit: pw)
            let x1 = pixelIndex(damage!.maxX * map.scale + map.offsetX, down: false, limit: pw)
            let y0 = pixelIndex(damage!.minY * map.scale + map.offsetY, down: true, limit: ph)
            let y1 = pixelIndex(damage!.maxY * map.scale + map.offsetY, down: false, limit: ph)
            glEnable(GLConstant.scissorTest)
            glScissor(GLint(origin.x + x0), GLint(origin.y + ph - y1), GLsizei(max(0, x1 - x0)), GLsizei(max(0, y1 - y0)))
            stats.damagePixels = max(0, x1 - x0) * max(0, y1 - y0)
        } else if target.isAppTarget {
            // The app's pixels outside the viewport are never cleared nor drawn.
            glEnable(GLConstant.scissorTest)
            glScissor(GLint(origin.x), GLint(origin.y), GLsizei(pw), GLsizei(ph))
        }
        let clearColor = target.clearColor(background: background)
        if let c = clearColor {
            let a = max(0, min(1, c.a))
            glClearColor(GLfloat(c.r * a), GLfloat(c.g * a), GLfloat(c.b * a), GLfloat(a))
        }
        clearTarget(stencil: !list.clips.isEmpty, color: clearColor != nil)
        setProjection(map, pixelWidth: pw, pixelHeight: ph)
        stencilBase = 0
        stencilDepth = 0
        drawCommands(list, 0..<list.commands.count, map: map, images: images)
        state.setStencil(.off, stats: &stats)
        if useDepth {
            glDisable(GLConstant.depthTest)
            glDepthMask(GLConstant.true)
        }
        if countingVisible { endCountSegment() }
        if damageBox != nil || target.isAppTarget { glDisable(GLConstant.scissorTest) }
        glBindVertexArray(0)
        if !countingVisible { gpuTimer?.end() }
        textures.enforceBudget()
        checkError("render")
    }

    /// Clears the bound target's colour, its depth when this frame uses the depth pass, and
    /// its stencil only when some clip will write it (`stencil`).
    func clearTarget(stencil: Bool, color: Bool = true) {
        var bits: GLbitfield = color ? GLConstant.colorBufferBit : 0
        if stencil { bits |= GLConstant.stencilBufferBit }
        if useDepth {
            glDepthMask(GLConstant.true)
            bits |= GLConstant.depthBufferBit
        }
        if bits != 0 { glClear(bits) }
        if useDepth { glDepthMask(GLConstant.false) }
    }

    /// Sets the canvas-to-pixels projection for a `pixelWidth` x `pixelHeight` viewport (it is
    /// multiplied into every matrix uploaded: no program switch, no extra uniform).
    func setProjection(_ map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) {
        projection = GLRenderer.projection(map, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// Draws `range` of the list's commands into the bound target: windows of quads and clip
    /// pushes, split at clip pops and at groups (a group's commands are skipped: its offscreen
    /// image, drawn by `drawGroups`, is composited in their place).
    func drawCommands(_ list: RenderList, _ range: Range<Int>, map: CanvasMapping, images: ImageSource) {
        let commands = list.commands
        var k = range.lowerBound
        while k < range.upperBound {
            switch commands[k] {
            case .popClip(let i):
                let clip = list.clips[i]
                drawClipShape(clip, mode: .decrement(depth: clip.depth - stencilBase))
                stencilDepth = clip.depth - 1 - stencilBase
                state.setStencil(stencilDepth == 0 ? .off : .test(depth: stencilDepth), stats: &stats)
                k += 1
            case .beginGroup(let g):
                drawGroupImage(list.groups[g], index: g, map: map)
                k = list.groups[g].end + 1
            case .endGroup:
                k += 1
            case .quad, .pushClip:
                var end = k + 1
                scan: while end < range.upperBound {
                    switch commands[end] {
                    case .popClip, .beginGroup, .endGroup: break scan
                    case .quad, .pushClip: end += 1
                    }
                }
                drawWindow(list, commands: k..<end, map: map, images: images)
                k = end
            }
        }
    }

    /// True when opaque parts can hide enough earlier pixels to pay for the depth pass (a
    /// full-frame depth clear and a depth test on every fragment): the canvas area where an
    /// opaque quad's box overlaps the boxes of earlier quads in its window (the commands
    /// between two clip pops) adds up to at least a fifth of the canvas. A lit cube, whose
    /// faces barely overlap, draws faster without it; a stack of card layers, with it.
    static func opaqueCanHide(_ list: RenderList) -> Bool {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var hideable = 0.0
        let needed = 0.2 * list.canvas.width * list.canvas.height
        for command in list.commands {
            if case .popClip = command {
                x0 = .infinity; y0 = .infinity; x1 = -.infinity; y1 = -.infinity
                continue
            }
            guard case .quad(let i) = command else { continue }
            let q = list.quads[i]
            let c = q.corners
            let box = q.isInFrontOfEye ? Rect.bounding(c.0, c.1, c.2, c.3)
                                       : Rect(x: 0, y: 0, width: list.canvas.width, height: list.canvas.height)
            var opaque = false
            if q.isInFrontOfEye, q.opacityInGroup >= 1 {
                switch q.contents {
                case .color(let c): opaque = c.a >= 1
                case .image(let ref): opaque = ref.isOpaque
                case .none: break
                }
            }
            if opaque {
                let w = min(box.maxX, x1) - max(box.minX, x0), h = min(box.maxY, y1) - max(box.minY, y0)
                if w > 0, h > 0 { hideable += w * h }
                if hideable >= needed { return true }
            }
            x0 = min(x0, box.minX); y0 = min(y0, box.minY); x1 = max(x1, box.maxX); y1 = max(y1, box.maxY)
        }
        return false
    }

    /// Whether `target` has a depth buffer (asked once per framebuffer name).
    private func hasDepthBuffer(_ target: RenderTarget) -> Bool {
        let name = target.framebufferName
        if let known = depthBits[name] { return known }
        var bits: GLint = 0
        glGetFramebufferAttachmentParameteriv(GLConstant.framebuffer, name == 0 ? GLenum(GL_DEPTH) : GLenum(GL_DEPTH_ATTACHMENT),
                                              GLenum(GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), &bits)
        _ = glGetError()
        depthBits[name] = bits > 0
        return bits > 0
    }

    /// Blocks until the GPU has finished (benchmarks), and collects the GPU timer.
    public func finish() {
        glFinish()
        gpuTimer?.collect(wait: true)
    }

    /// Draws `commands` (quads and clip pushes, no pops). With depth: first every clip push
    /// (stencil only), then the opaque parts front to back (depth write on, blending off),
    /// then every other part back to front in the original order (depth test on, write
    /// off). Each quad's depth is its drawing-order index (later = nearer), so the result
    /// equals the painter's algorithm. Quads test stencil >= their clip depth (GL_LEQUAL):
    /// with no pop in the window, a pixel's stencil value is the depth of the deepest clip
    /// around it pushed so far, so a quad still draws inside clips pushed after it.
    private func drawWindow(_ list: RenderList, commands: Range<Int>, map: CanvasMapping, images: ImageSource) {
        let startDepth = stencilDepth
        if useDepth {
            var pushes = 0
            for k in commands {
                guard case .pushClip(let i) = list.commands[k] else { continue }
                let clip = list.clips[i]
                drawClipShape(clip, mode: .increment(depth: clip.depth - 1 - stencilBase))
                pushes += 1
            }
            var d = startDepth + pushes
            var any = false
            for k in commands.reversed() {
                if case .pushClip = list.commands[k] { d -= 1; continue }
                guard case .quad(let i) = list.commands[k], isInDamage(list.quads[i]),
                      let p = prepare(list.quads[i], map: map, images: images, counting: false), p.opaque else { continue }
                if !any {
                    any = true
                    glDepthMask(GLConstant.true)
                    glDisable(GLConstant.blend)
                }
                state.setStencil(d == 0 ? .off : .test(depth: d), stats: &stats)
                let q = list.quads[i]
                setUniforms(q, p, program: p.texture != 0 ? plainTexturedProgram : plainColorProgram, depth: depth(i))
                if p.inner != nil { drawStrip(first: 4, count: 4) } else { drawStrip(first: 0, count: 4) }
            }
            if any {
                glDepthMask(GLConstant.false)
                glEnable(GLConstant.blend)
            }
            state.setStencil(startDepth == 0 ? .off : .test(depth: startDepth), stats: &stats)
        }
        for k in commands {
            if case .pushClip(let i) = list.commands[k] {
                let clip = list.clips[i]
                if !useDepth { drawClipShape(clip, mode: .increment(depth: clip.depth - 1 - stencilBase)) }
                stencilDepth = clip.depth - stencilBase
                state.setStencil(.test(depth: stencilDepth), stats: &stats)
                continue
            }
            guard case .quad(let i) = list.commands[k] else { continue }
            let q = list.quads[i]
            guard isInDamage(q), let p = prepare(q, map: map, images: images) else { continue }
            stats.quads += 1
            if q.isInFrontOfEye {
                stats.pixelsDrawn += coverage.clippedArea(q.corners, width: list.canvas.width, height: list.canvas.height) * map.scale * map.scale
            } else {
                stats.pixelsDrawn += list.canvas.width * list.canvas.height * map.scale * map.scale
            }
            let d = depth(i)
            if p.inner != nil {
                if !(useDepth && p.opaque) {
                    setUniforms(q, p, program: p.texture != 0 ? plainTexturedProgram : plainColorProgram, depth: d)
                    drawStrip(first: 4, count: 4)
                }
                setUniforms(q, p, program: quadProgram, depth: d)
                drawStrip(first: 8, count: 10)
            } else if p.plainWhole {
                if !(useDepth && p.opaque) {
                    setUniforms(q, p, program: p.texture != 0 ? plainTexturedProgram : plainColorProgram, depth: d)
                    drawStrip(first: 0, count: 4)
                }
            } else {
                setUniforms(q, p, program: quadProgram, depth: d)
                drawStrip(first: 0, count: 4)
            }
        }
    }

    /// False when the frame has a damage region and the quad lies wholly outside it.
    @inline(__always)
    func isInDamage(_ q: RenderQuad) -> Bool {
        guard let d = damageBox, q.isInFrontOfEye else { return true }
        let c = q.corners
        return Rect.bounding(c.0, c.1, c.2, c.3).intersects(d)
    }

    /// A pixel coordinate rounded outwards by 2 and clamped to 0...limit (non-finite: an end).
    func pixelIndex(_ v: Double, down: Bool, limit: Int) -> Int {
        guard v.isFinite else { return v > 0 ? limit : 0 }
        let r = down ? v.rounded(.down) - 2 : v.rounded(.up) + 2
        return Int(max(0, min(Double(limit), r)))
    }

    /// NDC depth of quad `i`: 1 - 2(i+1)/(n+1), nearer for later quads; 0 without depth.
    @inline(__always)
    func depth(_ i: Int) -> Float { useDepth ? Float(1 - Double(i + 1) * depthScale) : 0 }

    @inline(__always)
    func drawStrip(first: GLint, count: GLsizei) {
        glDrawArrays(GLConstant.triangleStrip, first, count)
        stats.drawCalls += 1
    }

    /// What one quad draws, worked out from the quad, the canvas mapping and the target.
    private struct Prepared {
        var r: Float, g: Float, b: Float, a: Float
        /// Bound texture, 0 for a colour fill.
        var texture: GLuint
        var smooth: Bool
        /// The drawn rectangle (content rectangle grown by the antialiasing margin).
        var outer: Rect
        /// The fully covered interior (drawn without coverage), with a ring around it drawn
        /// with coverage; nil: the whole rectangle goes through the coverage shader.
        var inner: Rect?
        /// The whole rectangle is fully covered (pixel-aligned, square): no coverage at all.
        var plainWhole: Bool
        /// The fully covered part (`inner`, or the whole rectangle when `plainWhole`) is opaque.
        var opaque: Bool
        /// Content and texture rectangles, trimmed to the image's visible (alpha > 0) texels.
        var content: Rect, texRect: Rect
    }

    /// `counting`: count a missing image in the stats (once per quad: in the in-order pass).
    private func prepare(_ q: RenderQuad, map: CanvasMapping, images: ImageSource, counting: Bool = true) -> Prepared? {
        guard q.opacityInGroup > 0, q.contentRect.width > 0, q.contentRect.height > 0 else { return nil }
        let op = Float(min(1, q.opacityInGroup))
        var texture: GLuint = 0
        var opaqueFill = false
        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
        var contentRect = q.contentRect, textureRect = q.textureRect
        switch q.contents {
        case .none:
            return nil
        case .color(let c):
            let ca = Float(max(0, min(1, c.a))) * op
            if ca <= 0 { return nil }
            r = Float(c.r) * ca; g = Float(c.g) * ca; b = Float(c.b) * ca; a = ca
            opaqueFill = ca >= 1 && c.r <= 1 && c.g <= 1 && c.b <= 1
        case .image(let ref):
            var bound = state.texture
            var visible = TextureCache.TexelBox(x0: 0, y0: 0, x1: 1, y1: 1, width: 1, height: 1)
            let t = textures.texture(for: ref, source: images, stats: &stats, bound: &bound, visible: &visible)
            state.noteBoundTexture(bound)
            if t == 0 {
                if counting { stats.missingImages += 1 }
                return nil
            }
            texture = t
            r = op; g = op; b = op; a = op
            opaqueFill = ref.isOpaque && op >= 1
            let tpp = texelsPerPixel(q, visible, map: map)
            if !visible.mipmapped, tpp == nil || tpp! > 0.7 {
                // Minified (or possibly, with a 30% safety margin): trilinear needs the mip chain.
                var bound = state.texture
                textures.generateMipmaps(ref, bound: &bound)
                state.noteBoundTexture(bound)
            }
            if !visible.isWhole {
                guard let trimmed = trimToVisible(q, visible, map: map) else { return nil }
                (contentRect, textureRect) = trimmed
            }
        }
        let smooth = antialias && !targetIsMultisampled && !isPixelAligned(q, map: map)
        let margin = smooth ? edgeMargin(q, scale: map.scale) : 0
        let cr = contentRect
        let outer = Rect(x: cr.minX - margin, y: cr.minY - margin, width: cr.width + 2 * margin, height: cr.height + 2 * margin)
        let radius = max(0, min(q.cornerRadius, q.size.width / 2, q.size.height / 2))
        let plainWhole = !smooth && !targetIsMultisampled && antialias && radius <= 0
        var inner: Rect? = nil
        if smooth, margin > 0, q.isInFrontOfEye, margin < 0.25 * min(q.size.width, q.size.height) {
            // Inside `inner` the distance to the shape is at least `margin` (about 1.5 pixels):
            // coverage is exactly 1 there. A rounded corner needs the inset
            // r - (r - margin)/sqrt(2) for the inner rectangle's corner to clear the arc.
            let k = max(margin, radius - (radius - margin) / 2.0.squareRoot())
            let x0 = max(cr.minX + margin, k), y0 = max(cr.minY + margin, k)
            let x1 = min(cr.maxX - margin, q.size.width - k), y1 = min(cr.maxY - margin, q.size.height - k)
            if x1 - x0 > 2 * margin, y1 - y0 > 2 * margin {
                inner = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
        }
        let opaque = opaqueFill && q.isInFrontOfEye && (inner != nil || plainWhole)
        return Prepared(r: r, g: g, b: b, a: a, texture: texture, smooth: smooth, outer: outer, inner: inner,
                        plainWhole: plainWhole, opaque: opaque, content: contentRect, texRect: textureRect)
    }

    /// Binds `u`'s program and the quad's texture and sets every uniform the draw reads.
    private func setUniforms(_ q: RenderQuad, _ p: Prepared, program u: ShaderProgram, depth: Float) {
        state.useProgram(u.program, stats: &stats)
        if p.texture != 0 { state.bindTexture(p.texture, stats: &stats) }
        uploadMatrix(q.matrix, location: u.model)
        if u.program == quadProgram.program, p.smooth != antialiasUniform {
            glUniform1i(u.antialias, p.smooth ? 1 : 0)
            antialiasUniform = p.smooth
        }
        let o = p.outer, cr = p.content
        glUniform4f(u.rect, Float(o.minX), Float(o.minY), Float(o.width), Float(o.height))
        if let i = p.inner {
            glUniform4f(u.inner, Float(i.minX), Float(i.minY), Float(i.width), Float(i.height))
        }
        glUniform4f(u.content, Float(cr.minX), Float(cr.minY), Float(cr.width), Float(cr.height))
        glUniform1f(u.depth, depth)
        glUniform4f(u.color, p.r, p.g, p.b, p.a)
        if u.program == quadProgram.program {
            glUniform2f(u.size, Float(q.size.width), Float(q.size.height))
            glUniform1f(u.radius, Float(q.cornerRadius))
            glUniform1i(u.textured, p.texture != 0 ? 1 : 0)
        }
        if p.texture != 0 {
            let tr = p.texRect
            glUniform4f(u.texRect, Float(tr.minX), Float(tr.minY), Float(tr.width), Float(tr.height))
        }
    }

    /// The content and texture rectangles cut down to the image's texels with alpha > 0,
    /// padded by the sampling footprint (bilinear + mip levels), so what is left out adds
    /// exactly nothing (premultiplied zero). nil: nothing visible. The mapping between the
    /// two rectangles is unchanged, so the drawn pixels are the same.
    private func trimToVisible(_ q: RenderQuad, _ v: TextureCache.TexelBox, map: CanvasMapping) -> (Rect, Rect)? {
        if v.x1 <= v.x0 || v.y1 <= v.y0 { return nil }
        let cr = q.contentRect, tr = q.textureRect
        // Texels per target pixel at the most compressed edge bounds the mip level used.
        guard let tpp = texelsPerPixel(q, v, map: map) else { return (cr, tr) }
        let pad = 2 + 4 * max(1, tpp)
        let w = Double(v.width), h = Double(v.height)
        let u0 = max(tr.minX, (Double(v.x0) - pad) / w), u1 = min(tr.maxX, (Double(v.x1) + pad) / w)
        let t0 = max(tr.minY, (Double(v.y0) - pad) / h), t1 = min(tr.maxY, (Double(v.y1) + pad) / h)
        if u1 <= u0 || t1 <= t0 { return nil }
        if u0 <= tr.minX && u1 >= tr.maxX && t0 <= tr.minY && t1 >= tr.maxY { return (cr, tr) }
        let x0 = cr.minX + (u0 - tr.minX) / tr.width * cr.width, x1 = cr.minX + (u1 - tr.minX) / tr.width * cr.width
        let y0 = cr.minY + (t0 - tr.minY) / tr.height * cr.height, y1 = cr.minY + (t1 - tr.minY) / tr.height * cr.height
        return (Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), Rect(x: u0, y: t0, width: u1 - u0, height: t1 - t0))
    }

    /// Texels per target pixel along the quad's most compressed edge (the largest of the two
    /// axes); nil when unknown (behind the eye, degenerate).
    private func texelsPerPixel(_ q: RenderQuad, _ v: TextureCache.TexelBox, map: CanvasMapping) -> Double? {
        let cr = q.contentRect, tr = q.textureRect
        guard q.isInFrontOfEye, tr.width > 0, tr.height > 0, cr.width > 0, cr.height > 0,
              q.size.width > 0, q.size.height > 0 else { return nil }
        let c = q.corners
        let sx = min(c.1.distance(to: c.0), c.2.distance(to: c.3)) / q.size.width
        let sy = min(c.3.distance(to: c.0), c.2.distance(to: c.1)) / q.size.height
        let pixelsPerPoint = min(sx, sy) * map.scale
        guard pixelsPerPoint > 1e-6 else { return nil }
        let texelsPerPoint = max(Double(v.width) * tr.width / cr.width, Double(v.height) * tr.height / cr.height)
        return texelsPerPoint / pixelsPerPoint
    }

    /// True when the quad's content edges fall exactly on target pixel boundaries (an
    /// unrotated, unscaled-by-perspective square-cornered quad): it needs no edge smoothing,
    /// which saves about 40% of the fragment cost of a full-screen quad on llvmpipe.
    private func isPixelAligned(_ q: RenderQuad, map: CanvasMapping) -> Bool {
        let m = q.matrix
        guard q.cornerRadius <= 0, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return false }
        @inline(__always) func aligned(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-3 }
        let c = q.contentRect
        return aligned((c.minX * m.m11 + m.m41) * map.scale + map.offsetX)
            && aligned((c.maxX * m.m11 + m.m41) * map.scale + map.offsetX)
            && aligned((c.minY * m.m22 + m.m42) * map.scale + map.offsetY)
            && aligned((c.maxY * m.m22 + m.m42) * map.scale + map.offsetY)
    }

    /// About 1.5 target pixels expressed in the quad's bounds units, at its most compressed edge.
    private func edgeMargin(_ q: RenderQuad, scale: Double) -> Double {
        guard q.isInFrontOfEye, q.size.width > 0, q.size.height > 0 else { return 0 }
        let c = q.corners
        let sx = min(c.1.distance(to: c.0), c.2.distance(to: c.3)) / q.size.width
        let sy = min(c.3.distance(to: c.0), c.2.distance(to: c.1)) / q.size.height
        let pixelsPerPoint = min(sx, sy) * scale
        let cap = 0.25 * min(q.size.width, q.size.height) + 1
        guard pixelsPerPoint > 0 else { return 0 }
        return min(1.5 / pixelsPerPoint, cap)
    }

    private func drawClipShape(_ clip: RenderClip, mode: GLStateCache.StencilMode) {
        // The clip shape must reach the stencil wherever it lies: no depth test for it.
        if useDepth { glDisable(GLConstant.depthTest) }
        // Clip shapes write only the stencil: the visible-pixel count leaves them out.
        if countingVisible { endCountSegment() }
        defer {
            if useDepth { glEnable(GLConstant.depthTest) }
            if countingVisible { glBeginQuery(GLConstant.samplesPassed, countQuery) }
        }
        state.setStencil(mode, stats: &stats)
        state.useProgram(clipProgram.program, stats: &stats)
        uploadMatrix(clip.matrix, location: clipProgram.model)
        glUniform4f(clipProgram.rect, 0, 0, Float(clip.size.width), Float(clip.size.height))
        glUniform1f(clipProgram.depth, 0)
        glUniform2f(clipProgram.size, Float(clip.size.width), Float(clip.size.height))
        glUniform1f(clipProgram.radius, Float(clip.cornerRadius))
        glDrawArrays(GLConstant.triangleStrip, 0, 4)
        stats.drawCalls += 1
        stats.clipPasses += 1
    }

    /// Uploads m * projection, m11...m44 in row-major order with transpose = GL_FALSE
    /// (DESIGN.md section 2): bounds space straight to clip space.
    func uploadMatrix(_ model: Transform3D, location: GLint) {
        let m = model * projection
        let p = matrixScratch
        p[0] = Float(m.m11); p[1] = Float(m.m12); p[2] = Float(m.m13); p[3] = Float(m.m14)
        p[4] = Float(m.m21); p[5] = Float(m.m22); p[6] = Float(m.m23); p[7] = Float(m.m24)
        p[8] = Float(m.m31); p[9] = Float(m.m32); p[10] = Float(m.m33); p[11] = Float(m.m34)
        p[12] = Float(m.m41); p[13] = Float(m.m42); p[14] = Float(m.m43); p[15] = Float(m.m44)
        glUniformMatrix4fv(location, 1, GLConstant.false, p)
    }

    /// Canvas point (x, y) -> pixel (x*s + ox, y*s + oy) -> NDC with +y down on screen, as a
    /// CA-order (row-vector) matrix: z is dropped (layers are flattened), w kept.
    static func projection(_ map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) -> Transform3D {
        let pw = Double(max(pixelWidth, 1)), ph = Double(max(pixelHeight, 1))
        return Transform3D(2 * map.scale / pw, 0, 0, 0,
                           0, -2 * map.scale / ph, 0, 0,
                           0, 0, 0, 0,
                           2 * map.offsetX / pw - 1, 1 - 2 * map.offsetY / ph, 0, 1)
    }

    /// Records a failure that is not a GL error (kept in `glErrors`, printed to stderr).
    func noteError(_ message: String) {
        guard glErrors.count < 100 else { return }
        glErrors.append(message)
        _ = ("parallax renderer: " + message + "\n").withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
    }

    /// Debug builds: records (and prints once per place) pending glGetError values.
    @inline(__always)
    func checkError(_ place: StaticString) {
        #if DEBUG
        var error = glGetError()
        while error != GLConstant.noError {
            let message = "GL error 0x\(String(error, radix: 16)) at \(place)"
            if glErrors.count < 100 {
                glErrors.append(message)
                _ = (message + "\n").withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
            }
            error = glGetError()
        }
        #endif
    }
}
