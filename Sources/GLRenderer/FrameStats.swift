/// Counters for one `GLRenderer.render` call.
public struct FrameStats: Equatable, Sendable {
    /// glDraw* calls (quads plus clip-shape passes).
    public var drawCalls = 0
    /// Quads drawn.
    public var quads = 0
    /// Rectangles and rings drawn (interiors, rings, whole quads, group images, clip
    /// shapes): the instances of the instanced draw calls, one draw call each before batching.
    public var instances = 0
    /// Clip pushes and pops drawn into the stencil buffer.
    public var clipPasses = 0
    /// Program binds that changed the bound program.
    public var programChanges = 0
    /// Texture binds that changed the bound texture.
    public var textureChanges = 0
    /// Stencil state changes (enable/disable, func, op, colour mask).
    public var stencilChanges = 0
    /// Blending switched on or off (opaque covered parts are drawn without it).
    public var blendChanges = 0
    /// Scissor box changes (the damage, an app's viewport, clips applied as scissor boxes).
    public var scissorChanges = 0
    /// Clips applied as scissor boxes (axis-aligned rectangles: no stencil pass).
    public var scissorClips = 0
    /// Clips tested in the quad shader (quads in the clip's plane along its axes: no stencil pass).
    public var analyticClips = 0
    /// Sampler-object binds that changed the bound sampler (nearest or magnified quads).
    public var samplerChanges = 0
    /// Textures uploaded this frame.
    public var textureUploads = 0
    /// Bytes of texel data uploaded this frame (level 0; the mip chain is built on the GPU).
    public var uploadedBytes = 0
    /// Quads skipped because their `ImageSource` had no image.
    public var missingImages = 0
    /// Images left undrawn this frame because the upload budget was spent (drawn on a later frame).
    public var deferredUploads = 0
    /// Group-opacity groups drawn offscreen and composited.
    public var groups = 0
    /// Pixels of the offscreen group images (their boxes, in target pixels).
    public var groupPixels = 0
    /// Group images multiplied by a mask's alpha (CALayer.mask).
    public var masks = 0
    /// Rasterized groups (`Layer.shouldRasterize`) composited from the image kept from an
    /// earlier frame, not drawn again (not counted in `groups`).
    public var rasterizedReused = 0
    /// Quads drawn at one texel per pixel, sampled nearest (same pixels as bilinear there).
    public var nearestQuads = 0
    /// Image quads magnified (or minified by under 2 %) at every pixel, sampled bilinear
    /// without mip levels (`QuadPlanner.magnifiedUpTo`: the same pixels, or within 1/32 of
    /// the difference between levels 0 and 1).
    public var magnifiedQuads = 0
    /// The frame drew its opaque parts first, front to back, behind a depth test
    /// (`GLRenderer.reorderOpaque`, and always when counting visible pixels).
    public var depthPrePass = false
    /// Pixels redrawn for a damaged frame: the damage region's, or the whole target's when
    /// the damage covered enough of it to redraw whole (`GLRenderer.wholeRedrawFraction`);
    /// 0: a frame drawn without damage (whole).
    public var damagePixels = 0
    /// The damage region (what changed), in the target's pixels with rows from the bottom
    /// (GL's window coordinates): x, y, width, height; all 0 for a frame drawn without damage.
    public var damageX = 0, damageY = 0, damageWidth = 0, damageHeight = 0
    /// Approximate pixels covered: each quad's projected area clipped to the canvas, in target pixels.
    public var pixelsDrawn = 0.0
    /// Quads drawn as pieces around a hole that later opaque quads hide (OcclusionHoles).
    public var occludedQuads = 0
    /// Colour quads whose interior was folded into the quad below them (OverlayFolding).
    public var foldedQuads = 0
    /// Quads with an edge left open for the later opaque quad that shares it (`SharedEdges`).
    public var sharedEdges = 0

    /// Program, texture, stencil and scissor changes together.
    public var stateChanges: Int { programChanges + textureChanges + stencilChanges + scissorChanges + blendChanges }

    public init() {}
}
