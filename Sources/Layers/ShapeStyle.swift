import LayerMath

/// How a shape layer paints its path: CAShapeLayer's fill and stroke properties, with its
/// names and defaults. Kept on the `Layer` (`Layer.shapeStyle`) so that animations reach
/// the animatable ones: `fillColor`, `strokeColor`, `lineWidth`, `miterLimit`, `lineDashPhase`.
public struct ShapeStyle: Equatable, Hashable, Sendable {
    /// CAShapeLayer.fillRule.
    public enum FillRule: String, Sendable, CaseIterable { case nonZero = "non-zero", evenOdd = "even-odd" }
    /// CAShapeLayer.lineCap.
    public enum LineCap: String, Sendable, CaseIterable { case butt, round, square }
    /// CAShapeLayer.lineJoin.
    public enum LineJoin: String, Sendable, CaseIterable { case miter, round, bevel }

    /// The fill's colour (nil: no fill).
    public var fillColor: Color? = .black
    /// Which points are inside the path.
    public var fillRule = FillRule.nonZero
    /// The stroke's colour (nil: no stroke).
    public var strokeColor: Color? = nil
    /// The stroke's width in points, centred on the path.
    public var lineWidth = 1.0
    /// The ends of open subpaths, of a trimmed stroke and of each dash.
    public var lineCap = LineCap.butt
    /// The corners between segments.
    public var lineJoin = LineJoin.miter
    /// A miter longer than this times the width is bevelled.
    public var miterLimit = 10.0
    /// CAShapeLayer.lineDashPattern: lengths in points, alternately painted and not, along
    /// the stroke (empty: a solid stroke). See `ShapePath.dash`.
    public var lineDashPattern: [Double] = []
    /// CAShapeLayer.lineDashPhase: how far into the pattern the stroke starts.
    public var lineDashPhase = 0.0

    /// CAShapeLayer's defaults: a black fill, no stroke.
    public init() {}
}
