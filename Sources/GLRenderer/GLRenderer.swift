// The renderer object: its options, GL objects and the frame (`render`): baseline state,
// damage, groups, clear, then the commands (GLRenderer+Commands). Module.swift says what
// the module does and does not do.

import CGL
import Foundation
import Images
import LayerMath
import Layers
import RenderPlan

/// Draws render lists into the window or offscreen framebuffers. Requires a current OpenGL
/// 3.3 core or OpenGL ES 3.0+ context for its whole life (create, render, destroy on one thread).
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
        /// The measurement switches (the bench and the tests compare techniques on and off).
        package var tuning = RendererTuning()
        public init() {}
    }

    /// Statistics of the last `render` call.
    public internal(set) var stats = FrameStats()
    /// The textures held for images.
    public let textures: TextureCache
    /// GL_VERSION and GL_RENDERER of the context.
    public let glVersion: String, glRenderer: String
    /// The context's API (desktop or ES), limits and optional features.
    public let capabilities: GLCapabilities
    /// Whether the context rasterises on the CPU (Mesa's llvmpipe or softpipe, SwiftShader,
    /// Microsoft's WARP): a frame then competes for cores with everything else the host
    /// runs, e.g. image decoding (see Assets' `FrameGate`).
    public var rendersOnCPU: Bool { GLRenderer.rendersOnCPU(glRenderer) }

    /// Whether a GL_RENDERER string names a CPU rasteriser.
    public static func rendersOnCPU(_ renderer: String) -> Bool {
        let name = renderer.lowercased()
        return ["llvmpipe", "softpipe", "swiftshader", "software rasterizer", "microsoft basic render"]
            .contains { name.contains($0) }
    }
    /// The most recent GPU frame time in milliseconds (`Options.gpuTiming`; a few frames late).
    public var lastGPUMilliseconds: Double? { gpuTimer?.lastMilliseconds }
    /// Debug builds: glGetError results seen so far, with the place they were seen.
    public private(set) var glErrors: [String] = []
    /// Edge antialiasing in the shader (see `Options.antialias`).
    public var antialias: Bool
    /// The program scaling frames onto a larger output (`copy(_:to:width:height:)`), made on first use.
    var scaledCopy: ScaledCopy?

    /// The general quad program: coverage (antialiased or hard) and a `u_textured` branch.
    var quadProgram: ShaderProgram
    /// Coverage-free variants for fully covered interiors: textured and colour-only.
    var plainTexturedProgram: ShaderProgram
    var plainColorProgram: ShaderProgram
    /// The quad program with a border's ring, and with a shadow's blurred shape instead of
    /// the quad's edge (`LayerPart.border`, `.shadow` quads only).
    var borderProgram: ShaderProgram
    var shadowProgram: ShaderProgram
    /// The shadow program for corners past 2.5 blur radii (`SHARP_CORNERS`).
    var sharpShadowProgram: ShaderProgram
    /// The textured quad program mapping a sliced image's bands (`RenderQuad.nineSlice`).
    var nineSliceProgram: ShaderProgram
    /// The coverage programs that also measure continuous corners (`ContinuousCornerPrograms`).
    let continuousPrograms: ContinuousCornerPrograms
    /// Where the shaders were found (kept for variants compiled on first use).
    let shaderLibrary: ShaderLibrary
    /// The COUNT_VISIBLE variants of the three quad programs, compiled on first use.
    var countingPrograms: (quad: ShaderProgram, plainTextured: ShaderProgram, plainColor: ShaderProgram)?
    /// A GL_SAMPLES_PASSED query around every quad draw of a counting render (0: not counting).
    var countQuery: GLuint = 0
    var countingVisible = false
    /// The count running is of every fragment shaded (`countShadedPixels`): no forced pre-pass.
    var countingShaded = false
    var countedSamples: UInt64 = 0
    let clipProgram: ShaderProgram
    private var vao: GLuint = 0
    private var vbo: GLuint = 0
    var state = GLStateCache()
    var coverage = CoverageEstimator()
    private let gpuTimer: GPUTimer?
    var antialiasUniform = false
    /// The coverage program's `u_textured` as last set (see `flushBatches`).
    var texturedUniform = false
    /// Draws queued for batching and their instance records (GLRenderer+Batches), and the
    /// buffer the records are uploaded into.
    let batches = BatchQueue()
    let instances: InstanceStream
    /// This frame draws opaque parts front to back with a depth test (see `drawWindow`).
    var useDepth = false
    /// Nesting depth of the clips pushed and not popped (the stencil value inside them all).
    var stencilDepth = 0
    /// Clip depth around the group being drawn offscreen (0 in the target): stencil values
    /// in an offscreen group image count from it.
    var stencilBase = 0
    /// This frame's damage in canvas points (nil: the whole frame); see `render`.
    var damageBox: Rect?
    /// This frame's passes (`DrawList`, its arrays reused from frame to frame).
    var drawList = DrawList()
    /// What the passes draw with, during `render`: the frame's target and its size, images,
    /// mapping and clear colour (nil: no clear), and the group whose image a pass draws.
    var frameTarget: RenderTarget?
    var framePixelWidth = 1, framePixelHeight = 1, frameIsMultisampled = false
    var frameImages: ImageSource?
    var frameMap = CanvasMapping.identity
    var frameClearColor: Color?
    var groupPass: GroupPass?
    /// Offscreen images of this frame's groups and where they land (see `beginGroupPass`).
    var groupImages: [GroupImage] = []
    let groupPool = GroupFramebufferPool()
    /// The bytes the groups' images may take together; past them groups are flattened.
    var groupBudget = GroupBudget()
    /// The frame's list with the groups over the budget flattened (its storage reused).
    private var budgetedList = RenderList()
    private var warnedGroupBudget = false
    /// The framebuffers rasterized layers' images are kept in, a slot per layer (RasterizedGroups).
    let rasterPool = GroupFramebufferPool()
    /// What the pool's slots hold of rasterized groups, kept between frames.
    var rasterized = RasterizedGroups()
    var depthScale = 0.0
    /// Whether each framebuffer name seen (0: the window) has depth bits, queried once
    /// (every `Framebuffer` has a depth/stencil attachment, so a reused name stays right).
    private var depthBits: [GLuint: Bool] = [:]
    /// Draw opaque interiors front to back first, with a depth test that keeps the pixels
    /// they hide from being shaded (when the target has depth bits and opaque parts can hide
    /// a fifth of the canvas). Off by default: since clips became scissor boxes and analytic
    /// tests and draws are batched, the full-frame depth clear, the depth test on every
    /// fragment and the second pass cost more than the hidden pixels they save, on llvmpipe
    /// and on an H100 alike (docs/performance.md). The visible-pixel count behind the
    /// bench's speed of light always uses it, so hidden pixels are never counted.
    package var reorderOpaque: Bool
    /// Leave out the parts of quads that later opaque quads hide, drawing the rest in pieces
    /// (`OcclusionHoles`: the same pixels, fewer fragments; a card's shadow under the card).
    /// Only without the pre-pass, which rejects those fragments by depth instead.
    package var cutsOccludedParts: Bool
    /// Fold a colour layer that lies exactly over the quad drawn before it (same matrix,
    /// bounds, clip: a cube face's shading) into that quad's draws, its interior and its
    /// antialiased ring, so it is not drawn at all (`OverlayFolding`). Not with the
    /// pre-pass.
    package var foldsOverlays: Bool
    /// Count the largest opaque rectangle of a translucent image's texels as an occluder
    /// too (`OpaqueRegion`: the hills band of a parallax icon's middle layer hides the
    /// layers under it).
    package var cutsUnderOpaqueTexels: Bool
    /// A damaged frame whose damage covers at least this fraction of the target is redrawn
    /// whole (`render(damage:)`): on a CPU rasteriser a full clear is a memory fill, while
    /// a partial one is a shaded quad, and past about 40 % of the frame the scissored
    /// redraw measured slower than the whole one (the carousel's browse: 45 % of the frame,
    /// 4.2-4.4 ms against 3.9-4.1). The stats still give the damage as what changed.
    package var wholeRedrawFraction: Double
    /// This window's occluders (reused frame after frame).
    var occlusion = OcclusionHoles()
    /// The opaque parts that own soft clips' edge bands (ClipBandCovers), per window.
    var clipBands = ClipBandCovers()
    /// The opaque quads along the canvas axes whose edges earlier quads share (SharedEdges).
    var sharedEdges = SharedEdges()
    /// Before the first full frame into one of its own targets (not an app's), on a CPU
    /// rasteriser, draw a few small examples of the draws that animations meet later
    /// (`ShaderWarmUp`), so the shader variants llvmpipe compiles per state exist before
    /// they are needed (30-60 ms, once).
    package var warmsUpShaderVariants: Bool
    /// The warm-up has run (or was not wanted when the first frame came).
    var warmedUp = false
    /// Sample image quads magnified (or minified by under 2 %) at every pixel, in perspective
    /// too, bilinear without mip levels (`QuadPlanner.isMagnifiedEverywhere`: the same pixels,
    /// or within `QuadPlanner.magnifiedUpTo`'s level-1 weight); false (for tests that
    /// check exactly that): through each texture's own filtering.
    var samplesMagnifiedWithoutMips = true
    /// The antialiasing margin of quads along the canvas axes, in pixels
    /// (`QuadPlanner.axisAlignedMarginPixels`; tests compare it with the general 1.5).
    var axisAlignedMarginPixels = 0.75
    /// Apply clips that are axis-aligned rectangles of the canvas as scissor boxes (the same
    /// pixels as their stencil shapes, without drawing them); false: every clip is a stencil
    /// shape (tests compare the two).
    package var scissorClips: Bool
    /// This frame's clips: scissor boxes, stencil values and the clip around each group.
    var clipLowering = ClipLowering()
    /// The scissor of the bound target before any clip (the damage, an app's viewport), in
    /// its pixels, rows from the top; nil: the whole target.
    var baseScissor: PixelBox?
    /// The scissor last set in GL (`Optional.none`: not known; `.some(nil)`: disabled).
    var appliedScissor: PixelBox?? = .none
    /// The bound target's mapping, pixel size and viewport origin (see `setProjection`).
    var targetMap = CanvasMapping.identity
    var targetPixelSize = (width: 1, height: 1)
    var targetOrigin = (x: 0, y: 0)
    /// Apply clips whose quads all lie in their plane along their axes in the quad shader
    /// (`AnalyticClip`: the same pixels as the stencil shape); false: stencil (tests compare).
    package var analyticClips: Bool
    /// Antialias the edges of analytic clips (`QuadPlanner.softClips`: a rounded card's
    /// corners and a tilted card's sides come out smooth); false: hard edges, the pixels of
    /// the stencil shape (tests compare the two).
    package var softClips: Bool
    /// Leave open (coverage 1, no antialiased strip) a quad's edge that a later opaque quad
    /// shares along its whole length (`SharedEdges`: the pixel is then the area split of
    /// the two, where two antialiased edges left a light line of what lies behind them);
    /// false: every edge antialiased on its own.
    package var joinsSharedEdges: Bool
    /// Draw opaque fully covered parts with blending off (the same pixels, no read of the
    /// target); false: blended like the rest (tests compare the two).
    var opaqueWithoutBlending = true
    var targetIsMultisampled = false
    /// Canvas points to clip space for the bound target (see `setProjection`).
    var projection = Transform3D.identity
    /// Plans quads for the bound target (see `setProjection`).
    var planner = QuadPlanner(map: .identity, antialias: true, multisampled: false, visible: nil)
    /// A sampler object with nearest filtering, bound for quads drawn at one texel per pixel.
    var nearestSampler: GLuint = 0
    /// A sampler object with bilinear filtering and no mip levels, bound for image quads
    /// magnified at every pixel.
    var linearSampler: GLuint = 0
    /// Sampler objects for layers' own filters (`QuadPlan.Filters.samplerIndex`):
    /// minification nearest, linear, trilinear, each with magnification linear then nearest.
    var filterSamplers: [GLuint] = []

    /// Compiles the shaders and creates the quad geometry. Requires a current context.
    /// - Parameter shaderDirectory: searched before `$PARALLAX_SHADERS` and the shaders built into the binary.
    public convenience init(shaderDirectory: String? = nil) throws {
        try self.init(shaderDirectory: shaderDirectory, options: Options())
    }

    /// Compiles the shaders and creates the quad geometry with `options`.
    public init(shaderDirectory: String? = nil, options: Options) throws {
        let capabilities = try GLCapabilities.current()
        self.capabilities = capabilities
        glVersion = glGetString(GLConstant.version).map {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        } ?? "unknown"
        glRenderer = glGetString(GLConstant.renderer).map {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        } ?? "unknown"
        var library = ShaderLibrary(overrideDirectory: shaderDirectory)
        library.glslES = capabilities.isES
        shaderLibrary = library
        quadProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag")
        plainTexturedProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                                 defines: ["PLAIN", "TEXTURED"])
        plainColorProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                              defines: ["PLAIN", "COLORED"])
        clipProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "clip.frag")
        borderProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag", defines: ["BORDER"])
        shadowProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag", defines: ["SHADOW"])
        sharpShadowProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                               defines: ["SHADOW", "SHARP_CORNERS"])
        nineSliceProgram = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "quad.frag",
                                             defines: ["TEXTURED", "NINE_SLICE"])
        continuousPrograms = try ContinuousCornerPrograms(library: library)
        antialias = options.antialias
        let t = options.tuning
        reorderOpaque = t.reorderOpaque; cutsOccludedParts = t.cutsOccludedParts; foldsOverlays = t.foldsOverlays
        cutsUnderOpaqueTexels = t.cutsUnderOpaqueTexels; wholeRedrawFraction = t.wholeRedrawFraction
        warmsUpShaderVariants = t.warmsUpShaderVariants; scissorClips = t.scissorClips; analyticClips = t.analyticClips
        softClips = t.softClips; joinsSharedEdges = t.joinsSharedEdges

        let softwareRasterizer = glRenderer.contains("llvmpipe") || glRenderer.contains("softpipe")
        let anisotropy = min(capabilities.maxAnisotropy, options.maxAnisotropy ?? (softwareRasterizer ? 1 : 8))
        textures = TextureCache(budgetBytes: options.textureBudgetBytes, maxAnisotropy: anisotropy)
        textures.maxTextureSize = capabilities.maxTextureSize
        textures.blur = try TextureBlur(library: library)
        gpuTimer = options.gpuTiming && capabilities.timerQueries ? GPUTimer() : nil

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
        // The per-draw records (`InstanceRecord`): their attributes in the same VAO, one record per instance.
        instances = InstanceStream(hasBaseInstance: capabilities.baseInstance)
        glBindVertexArray(0)
        glBindBuffer(GLConstant.arrayBuffer, 0)
        nearestSampler = GLRenderer.makeSampler(filter: GLint(GL_NEAREST))
        linearSampler = GLRenderer.makeSampler(filter: GLint(GL_LINEAR))
        for minification in [GL_NEAREST, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR] {
            for magnification in [GL_LINEAR, GL_NEAREST] {
                let s = GLRenderer.makeSampler(filter: GLint(magnification))
                glSamplerParameteri(s, GLConstant.textureMinFilter, GLint(minification))
                filterSamplers.append(s)
            }
        }

        for p in [quadProgram, plainTexturedProgram, plainColorProgram, clipProgram, borderProgram, shadowProgram, sharpShadowProgram,
                  nineSliceProgram]
                 + continuousPrograms.all { p.bindSamplerUnits() }
        glUseProgram(0)
        #if DEBUG
        if options.debugOutput && capabilities.debugOutput { DebugOutput.install() }
        #endif
        checkError("init")
    }

    deinit {
        textures.removeAll()
        groupPool.removeAll()
        rasterPool.removeAll()
        rasterized.removeAll()
        glDeleteBuffers(1, &vbo)
        glDeleteVertexArrays(1, &vao)
        glDeleteSamplers(1, &nearestSampler)
        glDeleteSamplers(1, &linearSampler)
        glDeleteSamplers(GLsizei(filterSamplers.count), filterSamplers)
        glDeleteProgram(quadProgram.program)
        glDeleteProgram(plainTexturedProgram.program)
        glDeleteProgram(plainColorProgram.program)
        glDeleteProgram(clipProgram.program)
        glDeleteProgram(borderProgram.program)
        glDeleteProgram(shadowProgram.program)
        glDeleteProgram(sharpShadowProgram.program)
        glDeleteProgram(nineSliceProgram.program)
        for p in continuousPrograms.all { glDeleteProgram(p.program) }
        if let c = countingPrograms {
            glDeleteProgram(c.quad.program); glDeleteProgram(c.plainTextured.program); glDeleteProgram(c.plainColor.program)
        }
        if countQuery != 0 { glDeleteQueries(1, &countQuery) }
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

    /// How canvas points land on target pixels: uniform scale, centred (LayerMath's
    /// `WindowToCanvas` with the target's pixels as the window).
    public static func canvasMapping(canvas: Size, pixelWidth: Int, pixelHeight: Int) -> CanvasMapping {
        let fit = WindowToCanvas(canvas: canvas, windowWidth: Double(pixelWidth), windowHeight: Double(pixelHeight))
        return CanvasMapping(scale: fit.scale, offsetX: fit.offsetX, offsetY: fit.offsetY)
    }

    /// Draws `list` into `target`: clears it to `background` (straight alpha), then draws
    /// the commands in order. Canvas points map uniformly (centred) onto the target pixels.
    ///
    /// `damage` (canvas points): redraw only that region of a target that still holds the
    /// previous frame (see `RenderList.damage(since:)`): the clear and every draw are
    /// scissored to it (grown by 2 pixels for antialiased edges) and quads, groups and
    /// clips wholly outside it are skipped; a damage covering `wholeRedrawFraction` of the
    /// target or more redraws it whole (the same pixels, faster). nil: the whole frame.
    ///
    /// The groups' offscreen images share `groupBudget`'s bytes: past them a group is drawn
    /// flattened (its pieces with its opacity multiplied in), with one warning.
    public func render(_ list: RenderList, into target: RenderTarget, images: ImageSource, background: Color,
                       damage: Rect? = nil) {
        let (pw, ph) = (target.pixelSize.width, target.pixelSize.height)
        let map = GLRenderer.canvasMapping(canvas: list.canvas, pixelWidth: pw, pixelHeight: ph)
        guard !list.groups.isEmpty, groupBudget.plan(list, map: map, pixelWidth: pw, pixelHeight: ph) else {
            return renderFrame(list, into: target, images: images, background: background, damage: damage)
        }
        if !warnedGroupBudget {
            warnedGroupBudget = true
            let line = "warning: group opacity images over \(groupBudget.bytes >> 20) MiB: later groups drawn flattened\n"
            _ = line.withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
        }
        budgetedList.setFlattening(list, groups: groupBudget.flattened)
        renderFrame(budgetedList, into: target, images: images, background: background, damage: damage)
    }

    private func renderFrame(_ list: RenderList, into target: RenderTarget, images: ImageSource, background: Color,
                             damage: Rect?) {
        if !warmedUp && damage == nil && !target.isAppTarget && !countingVisible {
            warmedUp = true
            if warmsUpShaderVariants && rendersOnCPU { warmUpShaderVariants(into: target) }
        }
        stats = FrameStats()
        textures.beginFrame()
        if !countingVisible { gpuTimer?.begin() }
        let (pw, ph) = (target.pixelSize.width, target.pixelSize.height)
        if case .framebuffer(let f) = target { targetIsMultisampled = f.isMultisampled } else { targetIsMultisampled = false }
        clipLowering.update(list, scissors: scissorClips, analyticClips: analyticClips)
        baseScissor = nil
        appliedScissor = .none
        glBindFramebuffer(GLConstant.framebuffer, target.framebufferName)

        let map = GLRenderer.canvasMapping(canvas: list.canvas, pixelWidth: pw, pixelHeight: ph)
        let clearColor = target.clearColor(background: background)
        var frame = FrameSetup(map: map, pixelWidth: pw, pixelHeight: ph)
        frame.damage = damage
        frame.wholeRedrawFraction = wholeRedrawFraction
        // Opaque parts go first, front to back, writing depth = painter's order, so pixels
        // they hide are rejected by the early depth test before shading (see `drawWindow`).
        // (Multisampled targets draw no coverage-free interiors, so nothing would be hidden.)
        // The visible-pixel count always leaves hidden pixels out (see `reorderOpaque`).
        let forced = countingVisible && !countingShaded
        if (forced || reorderOpaque) && !targetIsMultisampled && !target.isAppTarget && hasDepthBuffer(target) {
            frame.prePass = forced ? .always : .whenOpaqueCanHide
        }
        frame.clearsColor = clearColor != nil
        frame.fillsDamage = !targetIsMultisampled && !target.isAppTarget && !countingVisible
        frame.isAppTarget = target.isAppTarget
        drawList.plan(list, frame: frame, clips: clipLowering)
        useDepth = drawList.depthPrePass
        stats.depthPrePass = useDepth
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
        GLCapabilities.clearDepth(1, es: capabilities.isES)
        glDepthMask(GLConstant.false)
        if useDepth {
            glEnable(GLConstant.depthTest)
            glDepthFunc(GLConstant.less)
        } else {
            glDisable(GLConstant.depthTest)
        }
        glActiveTexture(GLConstant.texture0)
        glBindTexture(GLConstant.texture2D, 0)
        glBindSampler(0, 0)
        instances.beginFrame()
        glUseProgram(quadProgram.program)
        glUniform1i(quadProgram.antialias, 0)
        antialiasUniform = false
        glUniform1i(quadProgram.textured, 0)
        texturedUniform = false
        state.reset(program: quadProgram.program)
        glBindVertexArray(vao)

        if countingVisible { glBeginQuery(GLConstant.samplesPassed, countQuery) }
        if let box = drawList.damagePixels {
            stats.damageX = box.x0
            stats.damageY = ph - box.y1
            stats.damageWidth = box.x1 - box.x0
            stats.damageHeight = box.y1 - box.y0
            stats.damagePixels = drawList.redrawsDamageOnly ? (box.x1 - box.x0) * (box.y1 - box.y0) : pw * ph
        }
        damageBox = drawList.damageRegion
        uploadAhead(list, images: images)
        // Groups first, innermost first, each into its own offscreen image (or kept from an
        // earlier frame: rasterized layers), then the frame (the draw list's passes).
        if !countingVisible { rasterized.beginFrame() }
        groupImages.removeAll(keepingCapacity: true)
        for _ in list.groups { groupImages.append(GroupImage()) }
        (frameTarget, frameImages, frameMap, frameClearColor) = (target, images, map, clearColor)
        (framePixelWidth, framePixelHeight, frameIsMultisampled) = (pw, ph, targetIsMultisampled)
        drawList.execute(list, on: self)
        (frameTarget, frameImages) = (nil, nil)
        if !countingVisible {
            rasterized.endFrame()
            for slot in rasterized.released { rasterPool.release(slot: slot) }
        }
        // A flattened group's framebuffer (or one of a group gone) goes back to the pool.
        if !list.groups.isEmpty { groupPool.release(where: { $0 >= list.groups.count || list.groups[$0].end < 0 }) }
        if useDepth {
            glDisable(GLConstant.depthTest)
            glDepthMask(GLConstant.true)
        }
        if countingVisible { endCountSegment() }
        applyScissor(nil)
        state.bindSampler(0, stats: &stats)
        glBindVertexArray(0)
        if !countingVisible { gpuTimer?.end() }
        state.setBlend(true, stats: &stats)   // the baseline for whoever draws next
        textures.enforceBudget()
        checkError("render")
    }

    /// Clears the bound target's colour, its depth (the frame's depth pass), and its
    /// stencil (some clip will write it).
    func clearTarget(stencil: Bool, color: Bool, depth: Bool) {
        var bits: GLbitfield = color ? GLConstant.colorBufferBit : 0
        if stencil { bits |= GLConstant.stencilBufferBit }
        if depth {
            glDepthMask(GLConstant.true)
            bits |= GLConstant.depthBufferBit
        }
        if bits != 0 { glClear(bits) }
        if depth { glDepthMask(GLConstant.false) }
    }

    /// Queues an opaque quad of `color` (straight alpha, drawn premultiplied, replacing the
    /// pixels) over `rect` (canvas points) of the bound target, as its clear: within the
    /// frame's scissor (`baseScissor`), the same pixels as `glClear`.
    func fillBackground(_ color: Color, over rect: Rect) {
        let a = Float(max(0, min(1, color.a)))
        var key = DrawKey(program: .plainColor, geometry: .rect, scissor: baseScissor)
        key.blend = false
        queueDraw(key, box: .everything, InstanceValues(model: .identity, outer: rect, fill: rect, content: rect,
                                                        texRect: rect, r: Float(color.r) * a, g: Float(color.g) * a,
                                                        b: Float(color.b) * a, a: a, size: rect.size, radius: 0, depth: 0))
    }

    /// Sets the canvas-to-pixels projection for a `pixelWidth` x `pixelHeight` viewport (it is
    /// multiplied into every matrix uploaded: no program switch, no extra uniform).
    /// Also sets the quad planner for that target: its mapping, antialiasing mode, and the
    /// canvas region it shows, cut to the frame's damage (`damageBox`).
    func setProjection(_ map: CanvasMapping, pixelWidth: Int, pixelHeight: Int, origin: (x: Int, y: Int) = (0, 0)) {
        projection = GLRenderer.projection(map, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        // A scissor box is in the target's pixels: the GL box it was set as moves with these.
        if targetOrigin != origin || targetPixelSize != (pixelWidth, pixelHeight) { appliedScissor = .none }
        targetMap = map
        targetPixelSize = (pixelWidth, pixelHeight)
        targetOrigin = origin
        var region: Rect? = QuadPlanner.targetRegion(map, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        if let d = damageBox { region = region!.intersection(d) ?? Rect(x: d.minX, y: d.minY, width: 0, height: 0) }
        planner = QuadPlanner(map: map, antialias: antialias, multisampled: targetIsMultisampled, visible: region)
        planner.samplesMagnifiedWithoutMips = samplesMagnifiedWithoutMips
        planner.axisAlignedMarginPixels = axisAlignedMarginPixels
        planner.softClips = softClips
    }

    /// A sampler object with `filter` for both minification and magnification (no mip
    /// levels) and clamped edges (the textures' own wrap mode).
    static func makeSampler(filter: GLint) -> GLuint {
        var sampler: GLuint = 0
        glGenSamplers(1, &sampler)
        glSamplerParameteri(sampler, GLConstant.textureMinFilter, filter)
        glSamplerParameteri(sampler, GLConstant.textureMagFilter, filter)
        glSamplerParameteri(sampler, GLConstant.textureWrapS, GLint(GL_CLAMP_TO_EDGE))
        glSamplerParameteri(sampler, GLConstant.textureWrapT, GLint(GL_CLAMP_TO_EDGE))
        return sampler
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
