import LayerMath

// The presentation versus model value, as Core Animation keeps them: a layer's stored
// properties are the model; the values drawn are the model with the layer's animations
// applied (CALayer.presentation()). `LayerPresentation` holds those drawn values of the
// animatable properties; the flattener reads them.
//
// Does not: copy the whole layer (sublayers, names, images stay on the model layer);
// hit testing uses the model, as UIKit's does.

/// The animatable properties of a layer as drawn at the time its animations were last
/// evaluated.
public struct LayerPresentation: Equatable, Sendable {
    /// Drawn `position`.
    public var position: Point
    /// Drawn `bounds` size.
    public var bounds: Size
    /// Drawn `anchorPoint`.
    public var anchorPoint: Point
    /// Drawn `zPosition` (also the drawing-order key among siblings).
    public var zPosition: Double
    /// Drawn `transform`.
    public var transform: Transform3D
    /// Drawn `opacity`, in 0...1.
    public var opacity: Double
    /// Drawn `cornerRadius`.
    public var cornerRadius: Double
    /// The contents (a `backgroundColor` animation changes a colour fill).
    public var contents: LayerContents
    /// Drawn `backgroundColor` (nil: none).
    public var backgroundColor: Color?
    /// Drawn `borderWidth` and `borderColor`.
    public var borderWidth: Double
    public var borderColor: Color
    /// Drawn `strokeStart` and `strokeEnd` (a shape layer's).
    public var strokeStart: Double
    public var strokeEnd: Double
    /// Drawn `path` and `shapeStyle` (a shape layer's).
    public var path: ShapePath
    public var shapeStyle: ShapeStyle
    /// Drawn `contentsCenter`.
    public var contentsCenter: Rect
    /// Drawn `Replicator.instanceDelay` (0 on a layer that is not a replicator).
    public var instanceDelay: Double
    /// Drawn shadow (`shadowOpacity`, `shadowRadius`, `shadowOffset`, `shadowColor`).
    public var shadow: LayerShadow
    /// Drawn `shadowPath` (nil: the shadow of the layer's own alpha).
    public var shadowPath: ShapePath?
    /// Not animatable; kept to place the sublayers about an animated anchor point.
    public var sublayerTransform: Transform3D

    /// The model values of `layer`.
    public init(model layer: Layer) {
        position = layer.position
        bounds = layer.bounds
        anchorPoint = layer.anchorPoint
        zPosition = layer.zPosition
        transform = layer.transform
        opacity = layer.opacity
        cornerRadius = layer.cornerRadius
        contents = layer.contents
        backgroundColor = layer.backgroundColor
        borderWidth = layer.borderWidth
        borderColor = layer.borderColor
        strokeStart = layer.strokeStart
        strokeEnd = layer.strokeEnd
        path = layer.path
        shapeStyle = layer.shapeStyle
        contentsCenter = layer.contentsCenter
        instanceDelay = layer.replicator?.instanceDelay ?? 0
        shadow = layer.shadow
        shadowPath = layer.shadowPath
        sublayerTransform = layer.sublayerTransform
    }

    /// Maps bounds-space points to the superlayer's space, as `Layer.matrixToSuperlayer`.
    public var matrixToSuperlayer: Transform3D {
        let ax = anchorPoint.x * bounds.width, ay = anchorPoint.y * bounds.height
        if transform.isIdentity {
            return .translation(position.x - ax, position.y - ay, zPosition)
        }
        return Transform3D.translation(-ax, -ay, 0) * transform * .translation(position.x, position.y, zPosition)
    }

    /// The sublayerTransform about the anchor point, as `Layer.sublayerMatrix`.
    public var sublayerMatrix: Transform3D {
        if sublayerTransform.isIdentity { return .identity }
        let ax = anchorPoint.x * bounds.width, ay = anchorPoint.y * bounds.height
        return Transform3D.translation(-ax, -ay, 0) * sublayerTransform * .translation(ax, ay, 0)
    }
}

extension Layer {
    /// The zPosition drawn (the presentation value), cheap when nothing is animated.
    @inline(__always)
    var drawnZPosition: Double { animationState == nil ? zPosition : presentation().zPosition }
}
