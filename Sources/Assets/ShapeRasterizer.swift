import CFreeType
import Images
import LayerMath
import Layers

/// Rasterises a shape layer's path with FreeType: the fill through FT_Outline_Render, the
/// stroke through FT_Stroker then the same, both antialiased (256 levels of coverage), the
/// stroke composited over the fill, premultiplied.
///
/// Curves are flattened to lines a fifth of a pixel from the curve (coarser when the path
/// would exceed FreeType's 32767 points per outline); strokes are cut into runs of at most
/// 1000 points, their coverages merged by maximum. The stroke is trimmed to its ends, then
/// dashed (`ShapePath.dash`). Does NOT draw outside the image.
public enum ShapeRasterizer {
    /// CAShapeLayer.fillRule.
    public typealias FillRule = ShapeStyle.FillRule
    /// CAShapeLayer.lineCap.
    public typealias LineCap = ShapeStyle.LineCap
    /// CAShapeLayer.lineJoin.
    public typealias LineJoin = ShapeStyle.LineJoin
    /// How a path is painted (CAShapeLayer's names and defaults).
    public typealias Style = ShapeStyle

    /// FreeType's most points in one outline.
    static let maximumPoints = 32_000
    /// The most points of a stroked run (its outline has a few times as many).
    static let strokeRun = 1000

    /// The path painted over `size` points as a `width` x `height` premultiplied image
    /// (pixel (i, j) covers points i * size.width / width ...), its stroke trimmed to
    /// `strokeStart`...`strokeEnd` of its length, then dashed by the style's pattern.
    public static func render(_ path: ShapePath, style: Style, strokeStart: Double = 0, strokeEnd: Double = 1,
                              size: Size, width: Int, height: Int) -> Image {
        var image = Image(width: width, height: height)
        guard width > 0, height > 0, size.width > 0, size.height > 0 else { return image }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return image }
        defer { FT_Done_FreeType(library) }
        let sx = Double(width) / size.width, sy = Double(height) / size.height
        let lines = flattened(path, sx: sx, sy: sy, height: height).lines
        let count = width * height
        var fill = [UInt8](repeating: 0, count: 0), stroke = [UInt8](repeating: 0, count: 0)
        if let c = style.fillColor, c.a > 0 {
            fill = [UInt8](repeating: 0, count: count)
            var outline = OutlineBuilder(sx: sx, sy: sy, height: height)
            for l in lines where l.points.count >= 2 { outline.add(l.points) }
            outline.render(library, into: &fill, width: width, height: height, evenOdd: style.fillRule == .evenOdd)
        }
        if let c = style.strokeColor, c.a > 0, style.lineWidth > 0, style.lineWidth.isFinite {
            stroke = [UInt8](repeating: 0, count: count)
            let trimmed = ShapePath.trim(lines, start: strokeStart, end: strokeEnd)
            let dashed = ShapePath.dash(trimmed, pattern: style.lineDashPattern, phase: style.lineDashPhase)
            strokeLines(dashed, style: style, library: library, sx: sx, sy: sy, into: &stroke, width: width, height: height)
        }
        let f = premultiplied(style.fillColor), s = premultiplied(style.strokeColor)
        for k in 0..<count {
            let fc = fill.isEmpty ? 0 : Double(fill[k]) / 255, sc = stroke.isEmpty ? 0 : Double(stroke[k]) / 255
            guard fc > 0 || sc > 0 else { continue }
            let keep = 1 - s[3] * sc
            for ch in 0..<4 {
                let v = s[ch] * sc + f[ch] * fc * keep
                image.pixels[k * 4 + ch] = UInt8(max(0, min(255, (v * 255).rounded())))
            }
        }
        return image
    }

    /// The most `work` a path may take (about a quarter of a second of FreeType's).
    static let workBudget = 3e7

    /// The path as lines a fifth of a pixel from its curves (coarser until the outline fits
    /// FreeType), and whether it fits `workBudget` on an image `height` pixels high.
    static func flattened(_ path: ShapePath, sx: Double, sy: Double, height: Int) -> (lines: [ShapePath.Polyline], fits: Bool) {
        var tolerance = 0.2 / max(sx, sy, 1e-300)
        while true {
            let lines = path.polylines(tolerance: tolerance)
            let points = lines.reduce(0) { $0 + $1.points.count }
            if points <= maximumPoints || tolerance > 1e12 {
                return (lines, points <= maximumPoints && work(lines, sy: sy, height: height) <= workBudget)
            }
            tolerance *= 8
        }
    }

    /// The pixel size, at most `width` x `height`, at which `path` over `size` points takes
    /// at most `workBudget` (a huge scribble is rasterised smaller and drawn magnified).
    public static func fittingSize(_ path: ShapePath, size: Size, width: Int, height: Int) -> (width: Int, height: Int) {
        var w = width, h = height
        while w > 1 || h > 1 {
            if flattened(path, sx: Double(w) / size.width, sy: Double(h) / size.height, height: h).fits { break }
            w = max(1, w / 2); h = max(1, h / 2)
        }
        return (w, h)
    }

    /// FreeType's work for `lines` on an image `height` pixels high, about: each row keeps
    /// its cells in a sorted list, so a row crossed k times costs k^2; with R crossings of
    /// the image's rows in all, R^2 / height.
    static func work(_ lines: [ShapePath.Polyline], sy: Double, height: Int) -> Double {
        var rows = 0.0
        let h = Double(height)
        for l in lines {
            for k in 0..<l.points.count {
                let a = l.points[k].y * sy, b = l.points[k + 1 < l.points.count ? k + 1 : 0].y * sy
                rows += max(0, min(max(a, b), h) - max(min(a, b), 0)) + 1
            }
        }
        return rows * rows / max(h, 1)
    }

    private static func premultiplied(_ c: Color?) -> [Double] {
        guard let c else { return [0, 0, 0, 0] }
        let a = max(0, min(1, c.a))
        return [c.r * a, c.g * a, c.b * a, a]
    }

    /// Strokes `lines` in runs of at most `strokeRun` points, merging the runs' coverage.
    private static func strokeLines(_ lines: [ShapePath.Polyline], style: Style, library: FT_Library, sx: Double, sy: Double,
                                    into coverage: inout [UInt8], width: Int, height: Int) {
        var stroker: FT_Stroker?
        guard FT_Stroker_New(library, &stroker) == 0, let stroker else { return }
        defer { FT_Stroker_Done(stroker) }
        // The radius in 26.6 pixels (a uniform scale: the mean of the two), the miter limit in 16.16.
        let radius = FT_Fixed(min(style.lineWidth / 2 * (sx + sy) / 2, 1e5) * 64)
        let cap: FT_Stroker_LineCap = style.lineCap == .butt ? FT_STROKER_LINECAP_BUTT
            : style.lineCap == .round ? FT_STROKER_LINECAP_ROUND : FT_STROKER_LINECAP_SQUARE
        let join: FT_Stroker_LineJoin = style.lineJoin == .miter ? FT_STROKER_LINEJOIN_MITER_FIXED
            : style.lineJoin == .round ? FT_STROKER_LINEJOIN_ROUND : FT_STROKER_LINEJOIN_BEVEL
        FT_Stroker_Set(stroker, radius, cap, join, FT_Fixed(max(1, min(style.miterLimit, 1e4)) * 65536))
        let builder = OutlineBuilder(sx: sx, sy: sy, height: height)
        for l in lines {
            var from = 0
            while from < l.points.count {
                let to = min(l.points.count, from + strokeRun)
                let whole = from == 0 && to == l.points.count
                // A run overlaps the next by one point so the stroke has no gap.
                let run = l.points[from..<to]
                var first = builder.vector(run[run.startIndex])
                FT_Stroker_BeginSubPath(stroker, &first, whole && l.isClosed ? 0 : 1)
                for p in run.dropFirst() {
                    var v = builder.vector(p)
                    FT_Stroker_LineTo(stroker, &v)
                }
                FT_Stroker_EndSubPath(stroker)
                var points: FT_UInt = 0, contours: FT_UInt = 0
                if FT_Stroker_GetCounts(stroker, &points, &contours) == 0, points > 0, points < 32_767, contours < 32_767 {
                    var outline = FT_Outline()
                    if FT_Outline_New(library, points, FT_Int(contours), &outline) == 0 {
                        outline.n_points = 0
                        outline.n_contours = 0
                        FT_Stroker_Export(stroker, &outline)
                        SpanTarget.render(library, &outline, into: &coverage, width: width, height: height)
                        FT_Outline_Done(library, &outline)
                    }
                }
                FT_Stroker_Rewind(stroker)
                from = to >= l.points.count ? to : to - 1
            }
        }
    }
}

/// Points of a FreeType outline: the path's points in 26.6 pixels, y up from the image's
/// bottom row (FreeType's axes), each polyline one contour.
struct OutlineBuilder {
    let sx: Double, sy: Double, height: Int
    var points: [FT_Vector] = []
    var tags: [CChar] = []
    var ends: [Int16] = []

    init(sx: Double, sy: Double, height: Int) { self.sx = sx; self.sy = sy; self.height = height }

    /// A point of the layer's bounds space in 26.6 pixels (clamped far outside the image).
    func vector(_ p: Point) -> FT_Vector {
        func fixed(_ v: Double) -> FT_Pos { FT_Pos((max(-1e5, min(1e5, v.isNaN ? 0 : v)) * 64).rounded()) }
        return FT_Vector(x: fixed(p.x * sx), y: fixed(Double(height) - p.y * sy))
    }

    mutating func add(_ polyline: [Point]) {
        guard points.count + polyline.count <= ShapeRasterizer.maximumPoints else { return }
        for p in polyline {
            points.append(vector(p))
            tags.append(CChar(FT_CURVE_TAG_ON))
        }
        ends.append(Int16(points.count - 1))
    }

    /// Renders the contours, filled by the rule, into `coverage`.
    mutating func render(_ library: FT_Library, into coverage: inout [UInt8], width: Int, height: Int, evenOdd: Bool) {
        guard !points.isEmpty else { return }
        points.withUnsafeMutableBufferPointer { p in
            tags.withUnsafeMutableBufferPointer { t in
                ends.withUnsafeMutableBufferPointer { e in
                    var outline = FT_Outline(n_contours: Int16(e.count), n_points: Int16(p.count), points: p.baseAddress,
                                             tags: t.baseAddress, contours: e.baseAddress,
                                             flags: evenOdd ? Int32(FT_OUTLINE_EVEN_ODD_FILL) : 0)
                    SpanTarget.render(library, &outline, into: &coverage, width: width, height: height)
                }
            }
        }
    }
}

/// FreeType's antialiased spans written into a coverage buffer (rows top down), each pixel
/// the larger of what it held and the span's coverage.
struct SpanTarget {
    var buffer: UnsafeMutablePointer<UInt8>
    var width: Int, height: Int

    static func render(_ library: FT_Library, _ outline: inout FT_Outline, into coverage: inout [UInt8], width: Int, height: Int) {
        coverage.withUnsafeMutableBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var target = SpanTarget(buffer: base, width: width, height: height)
            withUnsafeMutablePointer(to: &target) { user in
                var params = FT_Raster_Params()
                params.flags = Int32(FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP)
                params.gray_spans = { y, count, spans, user in
                    guard let spans, let user else { return }
                    let t = user.assumingMemoryBound(to: SpanTarget.self).pointee
                    let row = t.height - 1 - Int(y)
                    guard row >= 0, row < t.height else { return }
                    for i in 0..<Int(count) {
                        let s = spans[i]
                        let x0 = max(0, Int(s.x)), x1 = min(t.width, Int(s.x) + Int(s.len))
                        guard x0 < x1 else { continue }
                        let p = t.buffer + row * t.width
                        for x in x0..<x1 where p[x] < s.coverage { p[x] = s.coverage }
                    }
                }
                params.user = UnsafeMutableRawPointer(user)
                params.clip_box = FT_BBox(xMin: 0, yMin: 0, xMax: FT_Pos(width), yMax: FT_Pos(height))
                _ = FT_Outline_Render(library, &outline, &params)
            }
        }
    }
}
