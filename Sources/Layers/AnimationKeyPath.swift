import LayerMath

// The animatable layer properties, named by Core Animation's key paths, and how a value
// is read from and written to a layer's presentation values.
//
// Does not: animate contents images, masksToBounds, hidden or sublayerTransform (not
// animatable here). A `backgroundColor` animation on a layer without a background reads
// clear and gives it one, under its contents, as in Core Animation.

/// An animatable property, by Core Animation key path.
public enum AnimationKeyPath: String, Sendable, CaseIterable {
    case opacity
    case zPosition
    case cornerRadius
    case position
    case positionX = "position.x"
    case positionY = "position.y"
    case anchorPoint
    case anchorPointX = "anchorPoint.x"
    case anchorPointY = "anchorPoint.y"
    case bounds
    case boundsSize = "bounds.size"
    case boundsWidth = "bounds.size.width"
    case boundsHeight = "bounds.size.height"
    case backgroundColor
    case borderWidth
    /// CAShapeLayer's stroke ends, fractions of the path's length.
    case strokeStart
    case strokeEnd
    /// CAShapeLayer.path, as SVG path data (`ShapePath.interpolate` says how two paths blend).
    case path
    /// CAShapeLayer's colours (a missing one reads clear).
    case fillColor
    case strokeColor
    /// CAShapeLayer's line width, miter limit and dash phase.
    case lineWidth
    case miterLimit
    case lineDashPhase
    /// CALayer.contentsCenter, a unit rectangle [x, y, w, h].
    case contentsCenter
    /// CAReplicatorLayer.instanceDelay.
    case instanceDelay
    case borderColor
    case shadowOpacity
    case shadowRadius
    /// The shadow's offset as a point [width, height].
    case shadowOffset
    case shadowColor
    /// CALayer.shadowPath, as SVG path data, blended as `path` is (no path reads empty).
    case shadowPath
    case transform
    /// Same as `transform.rotation.z`, as in Core Animation.
    case rotation = "transform.rotation"
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    case rotationZ = "transform.rotation.z"
    /// The three scale factors at once (reads their mean).
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case scaleZ = "transform.scale.z"
    /// Translation x and y as a point [x, y].
    case translation = "transform.translation"
    case translationX = "transform.translation.x"
    case translationY = "transform.translation.y"
    case translationZ = "transform.translation.z"

    /// An example value of the kind this key path takes (for checking animations).
    public var valueKind: AnimationValue {
        switch self {
        case .position, .anchorPoint, .translation, .shadowOffset: return .point(.zero)
        case .bounds, .boundsSize: return .size(.zero)
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor: return .color(.clear)
        case .contentsCenter: return .rect(.zero)
        case .path, .shadowPath: return .path(ShapePath())
        case .transform: return .transform(.identity)
        default: return .scalar(0)
        }
    }

    /// The layer's current value of this property.
    public func read(_ layer: LayerPresentation) -> AnimationValue {
        switch self {
        case .opacity: return .scalar(layer.opacity)
        case .zPosition: return .scalar(layer.zPosition)
        case .cornerRadius: return .scalar(layer.cornerRadius)
        case .position: return .point(layer.position)
        case .positionX: return .scalar(layer.position.x)
        case .positionY: return .scalar(layer.position.y)
        case .anchorPoint: return .point(layer.anchorPoint)
        case .anchorPointX: return .scalar(layer.anchorPoint.x)
        case .anchorPointY: return .scalar(layer.anchorPoint.y)
        case .bounds, .boundsSize: return .size(layer.bounds)
        case .boundsWidth: return .scalar(layer.bounds.width)
        case .boundsHeight: return .scalar(layer.bounds.height)
        case .backgroundColor:
            if let c = layer.backgroundColor { return .color(c) }
            if case .color(let c) = layer.contents { return .color(c) }
            return .color(.clear)
        case .borderWidth: return .scalar(layer.borderWidth)
        case .strokeStart: return .scalar(layer.strokeStart)
        case .strokeEnd: return .scalar(layer.strokeEnd)
        case .path: return .path(layer.path)
        case .shadowPath: return .path(layer.shadowPath ?? ShapePath())
        case .fillColor: return .color(layer.shapeStyle.fillColor ?? .clear)
        case .strokeColor: return .color(layer.shapeStyle.strokeColor ?? .clear)
        case .lineWidth: return .scalar(layer.shapeStyle.lineWidth)
        case .miterLimit: return .scalar(layer.shapeStyle.miterLimit)
        case .lineDashPhase: return .scalar(layer.shapeStyle.lineDashPhase)
        case .contentsCenter: return .rect(layer.contentsCenter)
        case .instanceDelay: return .scalar(layer.instanceDelay)
        case .borderColor: return .color(layer.borderColor)
        case .shadowOpacity: return .scalar(layer.shadow.opacity)
        case .shadowRadius: return .scalar(layer.shadow.radius)
        case .shadowOffset: return .point(layer.shadow.offset)
        case .shadowColor: return .color(layer.shadow.color)
        case .transform: return .transform(layer.transform)
        case .translationX: return .scalar(layer.transform.m41)
        case .translationY: return .scalar(layer.transform.m42)
        case .translationZ: return .scalar(layer.transform.m43)
        case .translation: return .point(Point(layer.transform.m41, layer.transform.m42))
        case .rotation, .rotationX, .rotationY, .rotationZ, .scale, .scaleX, .scaleY, .scaleZ:
            let d = DecomposedTransform.lenient(layer.transform)
            switch self {
            case .rotationX: return .scalar(d.eulerAngles.x)
            case .rotationY: return .scalar(d.eulerAngles.y)
            case .scale: return .scalar((d.scale.x + d.scale.y + d.scale.z) / 3)
            case .scaleX: return .scalar(d.scale.x)
            case .scaleY: return .scalar(d.scale.y)
            case .scaleZ: return .scalar(d.scale.z)
            default: return .scalar(d.eulerAngles.z)
            }
        }
    }

    /// Writes `value` into the layer. Values of another kind and non-finite values are
    /// ignored; opacity and colours are clamped to 0...1, sizes, radii and line
    /// widths to >= 0, the miter limit to >= 1.
    /// Component key paths replace one part of the decomposed transform and keep the rest.
    public func write(_ value: AnimationValue, to layer: inout LayerPresentation) {
        switch (self, value) {
        case (.opacity, .scalar(let v)) where v.isFinite: layer.opacity = min(max(v, 0), 1)
        case (.zPosition, .scalar(let v)) where v.isFinite: layer.zPosition = v
        case (.cornerRadius, .scalar(let v)) where v.isFinite: layer.cornerRadius = max(v, 0)
        case (.position, .point(let p)) where p.isFinite: layer.position = p
        case (.positionX, .scalar(let v)) where v.isFinite: layer.position.x = v
        case (.positionY, .scalar(let v)) where v.isFinite: layer.position.y = v
        case (.anchorPoint, .point(let p)) where p.isFinite: layer.anchorPoint = p
        case (.anchorPointX, .scalar(let v)) where v.isFinite: layer.anchorPoint.x = v
        case (.anchorPointY, .scalar(let v)) where v.isFinite: layer.anchorPoint.y = v
        case (.bounds, .size(let s)), (.boundsSize, .size(let s)):
            if s.width.isFinite && s.height.isFinite { layer.bounds = Size(max(s.width, 0), max(s.height, 0)) }
        case (.boundsWidth, .scalar(let v)) where v.isFinite: layer.bounds.width = max(v, 0)
        case (.boundsHeight, .scalar(let v)) where v.isFinite: layer.bounds.height = max(v, 0)
        case (.backgroundColor, .color(let c)):
            guard let c = clamped(c) else { return }
            // A fill built as contents stays one; any other layer gets a background.
            if layer.backgroundColor == nil, case .color = layer.contents { layer.contents = .color(c) } else { layer.backgroundColor = c }
        case (.borderColor, .color(let c)): if let c = clamped(c) { layer.borderColor = c }
        case (.shadowColor, .color(let c)): if let c = clamped(c) { layer.shadow.color = c }
        case (.borderWidth, .scalar(let v)) where v.isFinite: layer.borderWidth = max(v, 0)
        case (.strokeStart, .scalar(let v)) where v.isFinite: layer.strokeStart = min(max(v, 0), 1)
        case (.strokeEnd, .scalar(let v)) where v.isFinite: layer.strokeEnd = min(max(v, 0), 1)
        case (.path, .path(let p)) where p.isFinite: layer.path = p
        case (.shadowPath, .path(let p)) where p.isFinite: layer.shadowPath = p
        case (.fillColor, .color(let c)): if let c = clamped(c) { layer.shapeStyle.fillColor = c }
        case (.strokeColor, .color(let c)): if let c = clamped(c) { layer.shapeStyle.strokeColor = c }
        case (.lineWidth, .scalar(let v)) where v.isFinite: layer.shapeStyle.lineWidth = max(v, 0)
        case (.miterLimit, .scalar(let v)) where v.isFinite: layer.shapeStyle.miterLimit = max(v, 1)
        case (.lineDashPhase, .scalar(let v)) where v.isFinite: layer.shapeStyle.lineDashPhase = v
        case (.contentsCenter, .rect(let r)) where r.origin.isFinite && r.size.width.isFinite && r.size.height.isFinite:
            layer.contentsCenter = r
        case (.instanceDelay, .scalar(let v)) where v.isFinite: layer.instanceDelay = v
        case (.shadowOpacity, .scalar(let v)) where v.isFinite: layer.shadow.opacity = clamp01(v)
        case (.shadowRadius, .scalar(let v)) where v.isFinite: layer.shadow.radius = max(v, 0)
        case (.shadowOffset, .point(let p)) where p.isFinite: layer.shadow.offset = p
        case (.transform, .transform(let m)) where m.isFinite: layer.transform = m
        case (.translationX, .scalar(let v)) where v.isFinite: layer.transform.m41 = v
        case (.translationY, .scalar(let v)) where v.isFinite: layer.transform.m42 = v
        case (.translationZ, .scalar(let v)) where v.isFinite: layer.transform.m43 = v
        case (.translation, .point(let p)) where p.isFinite:
            layer.transform.m41 = p.x
            layer.transform.m42 = p.y
        case (.rotation, .scalar(let v)), (.rotationX, .scalar(let v)), (.rotationY, .scalar(let v)),
             (.rotationZ, .scalar(let v)), (.scale, .scalar(let v)), (.scaleX, .scalar(let v)),
             (.scaleY, .scalar(let v)), (.scaleZ, .scalar(let v)):
            guard v.isFinite else { return }
            var d = DecomposedTransform.lenient(layer.transform)
            switch self {
            case .rotationX, .rotationY, .rotationZ, .rotation:
                var (x, y, z) = d.eulerAngles
                if self == .rotationX { x = v } else if self == .rotationY { y = v } else { z = v }
                d.setEulerAngles(x, y, z)
            case .scale: d.scale = (v, v, v)
            case .scaleX: d.scale.x = v
            case .scaleY: d.scale.y = v
            default: d.scale.z = v
            }
            let m = d.matrix
            if m.isFinite { layer.transform = m }
        default:
            return
        }
    }
}

@inline(__always)
private func clamp01(_ v: Double) -> Double { min(max(v, 0), 1) }

/// `c` with each component clamped to 0...1; nil when one is not finite.
private func clamped(_ c: Color) -> Color? {
    guard c.r.isFinite, c.g.isFinite, c.b.isFinite, c.a.isFinite else { return nil }
    return Color(clamp01(c.r), clamp01(c.g), clamp01(c.b), clamp01(c.a))
}
