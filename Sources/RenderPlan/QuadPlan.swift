// What one quad draws, decided before any GL call (see `QuadPlanner`).
//
// Does NOT: hold GL state or issue draws (GLRenderer+Commands does, from this plan).

import LayerMath
import Layers

/// The draws of one quad in the in-order (back-to-front) pass.
package enum QuadDraws: Equatable {
    /// A fully covered interior with the coverage-free shader, then the antialiased ring
    /// around it (the vertex buffer's strips 4..<8 and 8..<18): two draws.
    case interiorAndRing
    /// The whole rectangle with the coverage-free shader (pixel-aligned, square corners): one draw.
    case plainWhole
    /// The whole rectangle through the coverage shader (too thin for an interior, rounded
    /// beyond it, behind the eye, or a multisampled target): one draw.
    case coverageWhole
}

/// What one quad draws, worked out from the quad, the canvas mapping and the target.
package struct QuadPlan: Equatable {
    /// Premultiplied colour (for images: the opacity in every channel).
    package var r: Float, g: Float, b: Float, a: Float
    /// Bound texture, none for a colour fill (the planner leaves it none; the texture
    /// cache's lookup fills it in).
    package var texture = TextureHandle.none
    /// Whether the quad is textured (an image).
    package var textured: Bool
    /// Edges are antialiased in the shader (not pixel-aligned, not multisampled).
    package var smooth: Bool
    /// The drawn rectangle (content rectangle grown by the antialiasing margin).
    package var outer: Rect
    /// The fully covered interior (drawn without coverage), with a ring around it drawn
    /// with coverage; nil: the whole rectangle goes through one shader.
    package var inner: Rect?
    /// The whole rectangle is fully covered (pixel-aligned, square): no coverage at all.
    package var plainWhole: Bool
    /// The fully covered part (`inner`, or the whole rectangle when `plainWhole`) is opaque:
    /// it may be drawn in the front-to-back depth pre-pass.
    package var opaque: Bool
    /// Content and texture rectangles, trimmed to the image's visible (alpha > 0) texels.
    package var content: Rect, texRect: Rect
    /// One texel lands exactly on one target pixel, centre on centre: nearest sampling
    /// gives the same pixels as bilinear, for less work.
    package var nearest = false
    /// The layer's own minification and magnification filters when they are not the
    /// standard trilinear and linear: drawn through a sampler with them; nil otherwise.
    package var filters: Filters?

    /// A layer's sampling filters (CALayer.minificationFilter, magnificationFilter).
    package struct Filters: Equatable {
        package var minification: ContentsFilter, magnification: ContentsFilter

        /// Index into the renderer's filter samplers: minification x 2 + magnification
        /// (nearest 1, else linear 0).
        package var samplerIndex: Int {
            let m = minification == .nearest ? 0 : minification == .linear ? 1 : 2
            return m * 2 + (magnification == .nearest ? 1 : 0)
        }
    }
    /// The image is magnified at every pixel of an affine quad: a plain bilinear sampler (no
    /// mip levels) gives the same pixels as the texture's trilinear filtering, for less work.
    package var magnified = false
    /// The image is minified (or may be) and has no mip chain yet: build it before drawing.
    package var needsMipmaps = false
    /// The quad's clip, tested by the coverage shader (`AnalyticClip`); nil: none, or a
    /// scissor box or stencil shape.
    package var clip: AnalyticClip?
    /// The clip's edge is antialiased (`QuadPlanner.softClips`): the drawn rectangle reaches
    /// past it by its margin and the shader multiplies in its coverage.
    package var softClip = false
    /// The fully covered part before the clip cut it (an interior, or a plain whole
    /// rectangle), and whether the fill is opaque: what `ClipBandCovers` records.
    package var coveredBeforeClip: Rect?
    package var opaqueFill = false
    /// The rectangle of the clip's bounds space where a later opaque quad of the same soft
    /// clip covers its edge band (`ClipBandCovers`): this quad draws nothing in the band there.
    package var clipCover: Rect?
    /// Sides left open for a later opaque quad sharing their edge (`SharedEdges`): the
    /// interior reaches the drawn rectangle there and the coverage shader ignores that edge.
    package var openSides: QuadSides = []
    /// The shader tests the content rectangle alone, not the layer's bounds (square corners:
    /// they add nothing), for a quad cut to its piece on the target
    /// (`QuadPlanner.pieceOnTarget`), whose bounds float32 cannot hold.
    package var shapeIsContent = false
    /// An image's texels as the texture cache reported them (for its opaque region,
    /// `OpaqueRegion`); nil for a colour.
    package var texels: TexelBox?
    /// Coordinates for the GPU other than bounds space, for a quad magnified past float32's
    /// reach (see `QuadPlanner.coveredPartOnTarget`); nil: bounds space as it is.
    package var rebase: Rebase?

    /// Drawn as the target's rectangle (`Rebase.target`): no bounds space to cut holes in.
    package var drawnAsTarget: Bool {
        if case .target? = rebase { return true }
        return false
    }

    /// How a magnified quad's covered part on the target reaches the GPU.
    package enum Rebase: Equatable {
        /// Bounds space taken from this point and counted in units of `scale` (bounds units
        /// per GPU unit along x and y; 1 x 1: bounds units themselves): the model matrix
        /// moved there and scaled (in double precision), the rectangles relative to it.
        case origin(Point, scale: Size)
        /// So magnified that its texture varies by under 1/512 texel across the target:
        /// this canvas rectangle (the target, grown by 2 pixels) filled through a model
        /// matrix of its own, every pixel sampling the image at `uv`.
        case target(Rect, uv: Point)
    }

    /// The draws of the in-order pass.
    package var draws: QuadDraws {
        if inner != nil { return .interiorAndRing }
        return plainWhole ? .plainWhole : .coverageWhole
    }

    /// Draw calls of the in-order pass when the front-to-back pre-pass (`depthPrePass`)
    /// already drew the opaque fully covered part.
    package func inOrderDrawCalls(depthPrePass: Bool) -> Int {
        let skipCovered = depthPrePass && opaque
        switch draws {
        case .interiorAndRing: return skipCovered ? 1 : 2
        case .plainWhole: return skipCovered ? 0 : 1
        case .coverageWhole: return 1
        }
    }
}
