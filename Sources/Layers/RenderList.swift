import LayerMath

/// One textured (or coloured) quad ready for the GPU: a layer's bounds rectangle under
/// a homogeneous matrix to canvas points.
public struct RenderQuad: Sendable {
    /// The layer's name.
    public var name: String
    /// Maps the quad's bounds-space points (z = 0, w = 1) to canvas points (divide by w).
    public var matrix: Transform3D
    /// Size of the bounds rectangle in points.
    public var size: Size
    /// The layer's `tag`.
    public var tag: Int
    /// Sub-rectangle of the bounds covered by the contents (contents gravity, cropped to
    /// the bounds when the layer masks to bounds).
    public var contentRect: Rect
    /// The part of the image drawn over `contentRect`, in 0...1 texture units, v down
    /// (v = 0 is the image's top row).
    public var textureRect: Rect
    /// Colour fill or image.
    public var contents: LayerContents
    /// Accumulated opacity (every ancestor's opacity multiplied in, groups included).
    public var opacity: Double
    /// Opacity relative to the innermost enclosing group (equals `opacity` outside any
    /// group): what the quad is drawn with into its group's offscreen image.
    public var opacityInGroup: Double
    /// Index into `RenderList.groups` of the innermost enclosing group, or -1.
    public var group: Int
    /// How far the rounded corners of the quad's own shape reach along its edges (0:
    /// square): the radius of circular corners (`cornerCurve`).
    public var cornerRadius: Double
    /// Index into `RenderList.clips` of the innermost clip, or -1.
    public var clipIndex: Int
    /// The bounds corners in canvas points after the divide: TL, TR, BR, BL.
    public var corners: (Point, Point, Point, Point)
    /// True when every corner has w > 0 (the whole quad is in front of the eye).
    public var isInFrontOfEye: Bool
    /// Opaque texels cover the whole contentRect and opacity is 1 (front-to-back candidates).
    public var isOpaque: Bool
    /// Which piece of its layer the quad draws (and how a colour's coverage is shaped).
    public var part: LayerPart = .own
    /// The corners `cornerRadius` rounds (the others are square).
    public var maskedCorners: CornerMask = .all
    /// The curve of those corners.
    public var cornerCurve: CornerCurve = .circular
    /// A colour multiplier of an image's red, green and blue (a replicator instance's
    /// colour; a colour fill has it multiplied in already, and its alpha is in `opacity`).
    public var tint: Color = .white
    /// The replicator instance the quad belongs to (0 outside any replicator, or the first).
    public var instance = 0
    /// How an image is sampled where it is minified and where it is magnified.
    public var minificationFilter: ContentsFilter = .trilinear
    public var magnificationFilter: ContentsFilter = .linear
    /// The image's sliced map from bounds space to the texture (`Layer.contentsCenter`);
    /// nil: linear over `contentRect`.
    public var nineSlice: NineSlice? = nil
    /// The quad belongs to a mask (`RenderGroup.isMask`): it draws only into the mask's
    /// image, is never seen, and is never hit.
    public var isInMask = false

    /// The corners as an array (for dumps and tests; allocates).
    public var cornerArray: [Point] { [corners.0, corners.1, corners.2, corners.3] }
}

/// Which piece of its layer a quad draws. The border and the shadow are colour quads whose
/// coverage is not their whole rounded rectangle: the renderer must not take them for
/// opaque fills (nor fold, fuse or join them with other quads).
public enum LayerPart: Equatable, Sendable {
    /// The layer's contents, or its background when it has no contents.
    case own
    /// The background under the layer's contents.
    case background
    /// The border: the rounded bounds less the same inset by `width` (corner radius less
    /// `width`, at least 0).
    case border(width: Double)
    /// The shadow: the quad's rounded rectangle inset by `inset` on every side, blurred by a
    /// Gaussian of standard deviation `sigma` (bounds units).
    case shadow(sigma: Double, inset: Double)

    /// True for the border and the shadow (their coverage is not the quad's shape).
    public var isShaped: Bool {
        switch self {
        case .own, .background: return false
        case .border, .shadow: return true
        }
    }

    /// What the quads dump appends to the layer's name ("" for the layer's own quad).
    public var nameSuffix: String {
        switch self {
        case .own: return ""
        case .background: return "/background"
        case .border: return "/border"
        case .shadow: return "/shadow"
        }
    }
}

/// A clip region: a (rounded) rectangle in some layer's plane, nested in a parent clip.
public struct RenderClip: Sendable {
    /// Name of the clipping layer.
    public var name: String
    /// Maps the clip's bounds-space points to canvas points.
    public var matrix: Transform3D
    public var size: Size
    /// How far the rounded corners reach along the edges (as `RenderQuad.cornerRadius`).
    public var cornerRadius: Double
    /// The corners `cornerRadius` rounds.
    public var maskedCorners: CornerMask = .all
    /// The curve of those corners.
    public var cornerCurve: CornerCurve = .circular
    /// Enclosing clip, or -1.
    public var parent: Int
    /// Nesting depth, 1 for a top-level clip (the stencil value inside it).
    public var depth: Int
    /// Canvas-space bounding box of the visible clip region (intersected with its parent's).
    public var visibleBox: Rect
}

/// A group-opacity layer (CALayer.allowsGroupOpacity) or a rasterized one
/// (CALayer.shouldRasterize): the commands between its `beginGroup` and `endGroup` are
/// drawn into an offscreen image, which is then composited once with `opacity`.
public struct RenderGroup: Sendable {
    /// Name of the grouping layer.
    public var name: String
    /// The group's opacity relative to its own enclosing group (or the canvas).
    public var opacity: Double
    /// Canvas-space box holding everything the group draws (its quads' projected
    /// bounds, cut to the clip around the group).
    public var box: Rect
    /// Index into `commands` of the group's `endGroup`.
    public var end: Int
    /// Index of the group's first quad (its painter's-order position).
    public var firstQuad: Int
    /// Nesting depth of the clips around the group (0: none): its stencil base.
    public var clipDepth: Int
    /// Index of the enclosing group, or -1.
    public var parent: Int
    /// The grouping layer has `shouldRasterize`: its image may be kept between frames.
    public var isRasterized = false
    /// The grouping layer itself (the same from frame to frame while the layer lives): what
    /// a rasterized group's kept image belongs to. nil: a group made without a layer.
    public var layer: ObjectIdentifier? = nil
    /// Index of the group holding this group's mask (CALayer.mask), or -1: the group's image
    /// is multiplied by the alpha of the mask's image, pixel for pixel, before it is composited.
    public var mask = -1
    /// This group is a mask: its image is never composited; the group it is the last
    /// thing inside (its `parent`) is multiplied by its alpha.
    public var isMask = false
}

/// The drawing program produced by `flatten`: quads in Core Animation's drawing order,
/// interleaved with clip pushes and pops.
public enum RenderCommand: Sendable, Equatable {
    /// Draw `quads[index]`.
    case quad(Int)
    /// Start clipping to `clips[index]`.
    case pushClip(Int)
    /// Stop clipping to `clips[index]` (restores its parent).
    case popClip(Int)
    /// Start drawing into the offscreen image of `groups[index]`.
    case beginGroup(Int)
    /// Composite `groups[index]` into what encloses it.
    case endGroup(Int)
}

/// The output of flattening a layer tree: plain values, no GL. Reuse one list across
/// frames; `removeAll()` keeps the capacity so the steady state does not allocate.
public struct RenderList: Sendable {
    public var quads: [RenderQuad] = []
    public var clips: [RenderClip] = []
    public var commands: [RenderCommand] = []
    /// Group-opacity groups, in the order their `beginGroup` appears.
    public var groups: [RenderGroup] = []
    /// Canvas size in points.
    public var canvas: Size = .zero

    public init() {}

    /// Empties the list, keeping its storage.
    public mutating func removeAll() {
        quads.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
    }
}
