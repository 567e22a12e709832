// The names a draw list uses for what a backend holds: the texture a draw samples, the
// program it goes through, the sampler it binds. The planner compares them (equal keys
// share a draw call) and never looks inside; a backend maps each to its own object.
//
// Does NOT: create, bind or delete anything (the backend does).

/// A texture a draw samples, by the backend's name for it; `none` for a colour fill.
package struct TextureHandle: Hashable {
    /// The backend's name (a GL texture name for the GL backend); 0: none.
    package var rawValue: UInt32

    @inlinable package init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// No texture (a colour fill, a clip shape).
    @inlinable package static var none: TextureHandle { TextureHandle(0) }
    @inlinable package var isNone: Bool { rawValue == 0 }
}

/// Which of the backend's programs draws a batch (quad.vert with the fragment stage named).
package enum DrawProgram: Equatable {
    /// The general quad program: coverage (antialiased or hard), textured or not.
    case quad
    /// The quad program with a border's ring, and with a blurred shadow's shape (corners of
    /// a radius past 2.5 blur radii: `sharpShadow`).
    case border, shadow, sharpShadow
    /// The coverage-free programs for fully covered parts: textured, and colour only.
    case plainTextured, plainColor
    /// The stencil-only clip shape.
    case clip
    /// The textured quad program mapping a sliced image's bands (`RenderQuad.nineSlice`).
    case nineSlice
    /// The CONTINUOUS variants of quad, border, nineSlice and clip: they also measure
    /// continuous corners (`CornerCurve`).
    case continuousQuad, continuousBorder, continuousNineSlice, continuousClip
}

/// The sampler a textured draw binds on its unit.
package enum SamplerChoice: Equatable {
    /// None: the texture's own filtering (trilinear minification, linear magnification).
    case own
    /// Nearest, no mip levels: one texel per pixel, centre on centre.
    case nearest
    /// Bilinear, no mip levels: magnified at every pixel.
    case linear
    /// A layer's own filters (`QuadPlan.Filters.samplerIndex`).
    case filters(Int)
}
