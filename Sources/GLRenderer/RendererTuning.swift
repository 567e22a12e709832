// The renderer's measurement switches as one package-level value with defaults, set by
// parallax-bench's `--set NAME=0|1` and the tests; an app's environment cannot change them.
// Does NOT: change pixels (each technique gives the same, within 1/255), or apply later.

/// The renderer's measurement switches (see `GLRenderer`'s property of each name).
package struct RendererTuning: Equatable {
    /// Opaque interiors first, front to back, with a depth test (`GLRenderer.reorderOpaque`).
    package var reorderOpaque = false
    /// Leave out the parts of quads that later opaque quads hide (`OcclusionHoles`).
    package var cutsOccludedParts = true
    /// Fold a colour layer lying exactly over the quad before it into that quad's draws.
    package var foldsOverlays = true
    /// Count a translucent image's largest opaque rectangle of texels as an occluder.
    package var cutsUnderOpaqueTexels = true
    /// Damage covering at least this fraction of the target redraws it whole.
    package var wholeRedrawFraction = 0.4
    /// Draw small examples of later draws before the first frame on a CPU rasteriser.
    package var warmsUpShaderVariants = true
    /// Axis-aligned rectangular clips as scissor boxes (false: stencil shapes).
    package var scissorClips = true
    /// Clips tested in the quad shader where the quads lie in the clip's plane (false: stencil).
    package var analyticClips = true
    /// Antialias the edges of analytic clips (false: hard edges).
    package var softClips = true
    /// Leave open the edges a later opaque quad shares (`SharedEdges`).
    package var joinsSharedEdges = true

    package init() {}

    /// The switches by name, for `parallax-bench --set NAME=0|1`.
    package static let switches: [(name: String, keyPath: WritableKeyPath<RendererTuning, Bool>)] = [
        ("reorderOpaque", \.reorderOpaque), ("cutsOccludedParts", \.cutsOccludedParts),
        ("foldsOverlays", \.foldsOverlays), ("cutsUnderOpaqueTexels", \.cutsUnderOpaqueTexels),
        ("warmsUpShaderVariants", \.warmsUpShaderVariants), ("scissorClips", \.scissorClips),
        ("analyticClips", \.analyticClips), ("softClips", \.softClips), ("joinsSharedEdges", \.joinsSharedEdges),
    ]

    /// Sets the switch of `NAME=0|1`; nil when the name or the value is not one of them.
    package mutating func set(_ assignment: String) -> Bool? {
        let parts = assignment.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2, let entry = RendererTuning.switches.first(where: { $0.name == parts[0] }),
              parts[1] == "0" || parts[1] == "1" else { return nil }
        self[keyPath: entry.keyPath] = parts[1] == "1"
        return self[keyPath: entry.keyPath]
    }
}
