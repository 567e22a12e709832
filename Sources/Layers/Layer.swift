import LayerMath

/// An RGBA colour with straight (not premultiplied) components in 0...1.
public struct Color: Equatable, Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let clear = Color(0, 0, 0, 0)
    public static let black = Color(0, 0, 0, 1)
    public static let white = Color(1, 1, 1, 1)
}

/// A reference to decoded pixels that live outside this module (an image store or a
/// texture cache). Layers only need its identity and pixel size.
///
/// A handle cannot be confused between stores: `store` names the store that made it (a
/// process-unique number, 0 for images outside any store) and `generation` the use of
/// the slot `id` it points to (a store that reuses the slot of an evicted image gives the
/// new image the next generation). A texture cache keys textures by store and slot and
/// checks the generation, so a handle from a previous scene's store, or of an evicted
/// image, misses instead of showing another image's texture.
public struct ImageRef: Equatable, Hashable, Sendable {
    /// The slot within its store.
    public var id: Int
    /// Pixel size of the image.
    public var width: Int, height: Int
    /// True when every pixel has alpha 1 (lets the renderer draw it front to back).
    public var isOpaque: Bool
    /// The store that made this handle (0: none, e.g. a test's dictionary of images).
    public var store: UInt32
    /// Which use of slot `id` this handle names (bumped each time the slot is reused).
    public var generation: UInt32
    public init(id: Int, width: Int, height: Int, isOpaque: Bool = false, store: UInt32 = 0, generation: UInt32 = 0) {
        self.id = id; self.width = width; self.height = height; self.isOpaque = isOpaque
        self.store = store; self.generation = generation
    }
}

/// What a layer draws in its bounds.
public enum LayerContents: Equatable, Sendable {
    /// Nothing of its own (a container).
    case none
    /// A solid colour filling the bounds: the same pixels as `Layer.backgroundColor` on a
    /// layer with no contents (components build such fills directly).
    case color(Color)
    /// An image placed in the bounds according to `contentsGravity`.
    case image(ImageRef)
}

/// How an image is fitted into a layer's bounds (CALayer.contentsGravity): scaled
/// (`resize`, `resizeAspect`, `resizeAspectFill`) or at its natural size (pixels over
/// `contentsScale`) against an edge or corner, the names meaning the visual side (+y down).
public enum ContentsGravity: String, Sendable, CaseIterable {
    case resize, resizeAspect, resizeAspectFill, center
    case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}

/// How an image's texels are sampled (CALayer.minificationFilter / magnificationFilter).
public enum ContentsFilter: String, Sendable, CaseIterable {
    /// Bilinear, from the full-size image only.
    case linear
    /// The nearest texel (pixel art, QR codes).
    case nearest
    /// Bilinear between the two nearest mip levels (smooth when minified).
    case trilinear
}

/// A Core Animation layer: geometry, transforms, appearance and sublayers.
///
/// A layer maps its bounds-space point q to its superlayer by
/// `T(-anchor * size) * transform * T(position, zPosition)`; it renders its sublayers
/// flattened into its own plane. Reference semantics, like CALayer: components build a
/// tree once and mutate it each frame.
public final class Layer {
    /// Name used in quad dumps and hit-test results.
    public var name: String
    /// A free integer for the owner (item index, face number), copied into quads.
    public var tag: Int = 0
    /// Size of the bounds; the bounds origin is always (0, 0).
    public var bounds: Size
    /// Where the anchor point sits in the superlayer's coordinates.
    public var position: Point
    /// The anchor as a fraction of the bounds (0.5, 0.5 = centre).
    public var anchorPoint: Point = Point(0.5, 0.5)
    /// Offset along z in the superlayer; also the first drawing-order key among siblings.
    public var zPosition: Double = 0
    /// The layer's transform, applied about its anchor point.
    public var transform: Transform3D = .identity
    /// A transform applied to every sublayer, about this layer's anchor point.
    public var sublayerTransform: Transform3D = .identity
    /// Opacity in 0...1; multiplies down the tree.
    public var opacity: Double = 1
    /// CALayer.allowsGroupOpacity (true by default, as since iOS 7): a layer with opacity
    /// below 1 and sublayers is composited as one image, so its opaque sublayers hide
    /// what lies under them inside it. false: the opacity multiplies onto each quad.
    public var allowsGroupOpacity = true
    /// CALayer.shouldRasterize: the layer and its sublayers are drawn into one offscreen
    /// image, composited with the layer's opacity, and the image is kept and reused while
    /// nothing in it changes (the same quads, clips and images at the same place on the
    /// target). Worth it for a layer tree that rests while others move (the grid's cards
    /// that do not have the focus); a tree that changes every frame pays an extra pass.
    /// Unlike Core Animation's, the image is in the target's pixels, not the layer's, so
    /// there is no `rasterizationScale` and moving the layer redraws it.
    public var shouldRasterize = false
    /// Clip sublayers (and the contents) to the bounds, rounded by `cornerRadius`.
    public var masksToBounds = false
    /// Radius of the rounded corners of the colour fill and of the clip.
    public var cornerRadius: Double = 0
    /// The corners `cornerRadius` rounds (CALayer.maskedCorners); the others stay square.
    public var maskedCorners: CornerMask = .all
    /// The curve of the rounded corners (CALayer.cornerCurve): of the background, the
    /// border, the shadow and the clip alike.
    public var cornerCurve: CornerCurve = .circular
    /// When false, a layer whose projected quad faces away is not drawn.
    public var isDoubleSided = true
    /// A hidden layer and its sublayers are neither drawn nor hit.
    public var isHidden = false
    /// What the layer draws.
    public var contents: LayerContents = .none
    /// CALayer.backgroundColor: fills the bounds (rounded by `cornerRadius`) under the
    /// contents, the sublayers and the border; nil draws nothing.
    public var backgroundColor: Color? = nil
    /// CALayer.borderWidth: a border this wide inside the bounds, following `cornerRadius`,
    /// drawn above the contents and the sublayers.
    public var borderWidth: Double = 0
    /// CALayer.borderColor.
    public var borderColor: Color = .black
    /// CAShapeLayer.strokeStart / strokeEnd: the part of a shape layer's path stroked, as
    /// fractions of its length (animatable; read by the shape layer that draws the path).
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    /// CAShapeLayer.path (animatable; read by the shape layer that draws it), in the bounds space.
    public var path = ShapePath()
    /// CAShapeLayer's fill and stroke (the colours, line width, miter limit and dash phase animatable).
    public var shapeStyle = ShapeStyle()
    /// CALayer's shadow: opacity, blur radius, offset and colour (see `LayerShadow`).
    public var shadow = LayerShadow()
    /// CALayer.shadowPath: the shadow's shape, in the bounds space (nil: the layer's own); animatable.
    public var shadowPath: ShapePath? = nil
    /// The shadow's shape as a blurred image, when it is not the rounded bounds (see
    /// `ShadowImage`); nil: the rounded bounds, blurred analytically.
    public var shadowImage: ShadowImage? = nil
    /// CAReplicatorLayer: draws the sublayers once per instance (nil: a plain layer).
    public var replicator: Replicator? = nil
    /// CATransformLayer: the sublayers keep their 3D positions (no flattening into this
    /// layer's plane) and are drawn back to front by the depth of their centres; the layer
    /// draws nothing of its own (background, contents, border, shadow), clips nothing, and
    /// its opacity multiplies onto each sublayer.
    public var isTransformLayer = false
    /// CALayer.mask: a layer in this layer's bounds space (not under `sublayerTransform`)
    /// whose composited alpha multiplies everything this layer draws: shadow, background,
    /// contents, sublayers and border. Its `superlayer` is this layer, so that it
    /// shares this layer's animation time; it is drawn nowhere else.
    public var mask: Layer? {
        didSet {
            if let old = oldValue, old !== mask { old.superlayer = nil }
            guard let m = mask else { return }
            m.removeFromSuperlayer()
            m.superlayer = self
            if m.subtreeMayAnimate { markSubtreeMayAnimate() }
        }
    }
    /// The layer's own timing (CALayer's CAMediaTiming): the time its animations and its
    /// sublayers' see, from its superlayer's.
    public var timing = LayerTiming()
    /// How image contents fit the bounds.
    public var contentsGravity: ContentsGravity = .resize
    /// The part of the image drawn, a unit rectangle ((0, 0) top left; CALayer.contentsRect).
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The part of the drawn image that stretches, a unit rectangle of it
    /// (CALayer.contentsCenter); the rest keeps its natural size (`NineSlice`). Animatable.
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point (CALayer.contentsScale): the natural size the gravities that
    /// do not scale place the image at.
    public var contentsScale: Double = 1
    /// Sampling of the image where it is drawn smaller than its pixels (trilinear, as this
    /// renderer has always minified; Core Animation's default is linear) and larger.
    public var minificationFilter: ContentsFilter = .trilinear
    public var magnificationFilter: ContentsFilter = .linear
    /// Sublayers, drawn after this layer, ordered by zPosition then by this order.
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?
    /// Attached animations (Layer+Animations.swift); nil until the first is added.
    var animationState: LayerAnimationState?
    /// Local time (`timing`) of the last `advanceAnimations(to:)` that reached this layer.
    public internal(set) var animationTime: Double = 0
    /// True when this layer or a sublayer may have animations (cleared by
    /// `advanceAnimations(to:)` once none are left): unanimated subtrees are not walked.
    var subtreeMayAnimate = false

    /// Creates a layer with a name, bounds size and position.
    public init(name: String = "", bounds: Size = .zero, position: Point = .zero) {
        self.name = name
        self.bounds = bounds
        self.position = position
    }

    /// Convenience: sets bounds and position from a frame in the superlayer's space,
    /// as UIView's `frame` does for an untransformed layer.
    public var frame: Rect {
        get {
            Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                 width: bounds.width, height: bounds.height)
        }
        set {
            bounds = newValue.size
            position = Point(newValue.minX + anchorPoint.x * newValue.width, newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Appends a sublayer (removing it from its previous superlayer).
    public func addSublayer(_ layer: Layer) {
        layer.removeFromSuperlayer()
        layer.superlayer = self
        sublayers.append(layer)
        if layer.subtreeMayAnimate { markSubtreeMayAnimate() }
    }

    /// Inserts a sublayer at `index`.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        layer.removeFromSuperlayer()
        layer.superlayer = self
        sublayers.insert(layer, at: min(max(0, index), sublayers.count))
        if layer.subtreeMayAnimate { markSubtreeMayAnimate() }
    }

    /// Detaches this layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Removes every sublayer.
    public func removeAllSublayers() {
        for s in sublayers { s.superlayer = nil }
        sublayers.removeAll(keepingCapacity: true)
    }

    /// Maps bounds-space points to the superlayer's space (before its flattening).
    public var matrixToSuperlayer: Transform3D { LayerPresentation(model: self).matrixToSuperlayer }

    /// The sublayerTransform taken about this layer's anchor point.
    public var sublayerMatrix: Transform3D { LayerPresentation(model: self).sublayerMatrix }

    /// Finds the first layer with `name` in this subtree (depth first).
    public func find(_ name: String) -> Layer? {
        if self.name == name { return self }
        for s in sublayers { if let f = s.find(name) { return f } }
        return nil
    }
}
