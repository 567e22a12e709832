import Foundation
import LayerMath

/// A path of CAShapeLayer.path or CALayer.shadowPath: subpaths of lines and cubic Béziers
/// in the layer's bounds space (+y down). Quadratic Béziers and elliptical arcs of SVG path
/// data are converted to cubics when parsed (`ShapePath.init(svg:)`).
public struct ShapePath: Equatable, Hashable, Sendable {
    /// One drawing step.
    public enum Element: Equatable, Hashable, Sendable {
        case move(Point)
        case line(Point)
        case cubic(Point, Point, Point)
        /// Closes the current subpath back to its start.
        case close
    }

    /// The steps, in drawing order.
    public var elements: [Element]

    /// A path of these steps (none: the empty path, which draws nothing).
    public init(_ elements: [Element] = []) { self.elements = elements }

    /// The most elements a path may have (arcs count as up to four).
    public static let maximumElements = 20_000

    /// One subpath flattened to a polyline.
    package struct Polyline: Equatable, Sendable {
        /// The vertices, in order.
        package var points: [Point]
        /// True when the last vertex joins the first (a `close`).
        package var isClosed: Bool
        /// A polyline through `points`.
        package init(points: [Point], isClosed: Bool) { self.points = points; self.isClosed = isClosed }
    }

    /// The path as polylines, each curve cut into straight pieces no farther than about
    /// `tolerance` from it (at most `maximumPieces` per curve). A subpath of one point is
    /// kept (a round or square cap draws a dot there).
    package func polylines(tolerance: Double, maximumPieces: Int = 64) -> [Polyline] {
        var out: [Polyline] = []
        var current: [Point] = []
        var start = Point.zero, pen = Point.zero
        func finish(closed: Bool) {
            if !current.isEmpty { out.append(Polyline(points: current, isClosed: closed)) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                start = p; pen = p
                current = [p]
            case .line(let p):
                if current.isEmpty { current = [pen] }
                current.append(p)
                pen = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [pen] }
                // Pieces from the control polygon's deviation from the chord (the curve
                // lies within 3/4 of it); n^2 pieces' error falls as 1 / n^2.
                let d = max(ShapePath.distance(c1, pen, p), ShapePath.distance(c2, pen, p))
                let n = max(1, min(maximumPieces, Int((0.75 * d / max(tolerance, 1e-9)).squareRoot().rounded(.up))))
                for k in 1...n {
                    let t = Double(k) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, dd = t * t * t
                    current.append(Point(a * pen.x + b * c1.x + c * c2.x + dd * p.x, a * pen.y + b * c1.y + c * c2.y + dd * p.y))
                }
                pen = p
            case .close:
                if current.isEmpty { current = [pen] }
                finish(closed: true)
                pen = start
            }
        }
        finish(closed: false)
        return out
    }

    /// The part of `lines` from fraction `start` to `end` of their total length
    /// (CAShapeLayer.strokeStart / strokeEnd): whole when 0 and 1; a closed subpath cut
    /// anywhere becomes open. Nothing when end <= start.
    package static func trim(_ lines: [Polyline], start: Double, end: Double) -> [Polyline] {
        let s = max(0, min(1, start.isNaN ? 0 : start)), e = max(0, min(1, end.isNaN ? 1 : end))
        if s <= 0 && e >= 1 { return lines }
        if !(e > s) { return [] }
        var total = 0.0
        for l in lines { total += length(l) }
        let from = s * total, to = e * total
        var out: [Polyline] = []
        var walked = 0.0
        for l in lines {
            var pts = l.points
            if l.isClosed, let first = pts.first { pts.append(first) }
            var piece: [Point] = []
            for k in 0..<max(0, pts.count - 1) {
                let a = pts[k], b = pts[k + 1]
                let len = (b - a).length
                let a0 = walked, a1 = walked + len
                walked = a1
                guard a1 > from, a0 < to else { continue }
                let t0 = len > 0 ? max(0, (from - a0) / len) : 0, t1 = len > 0 ? min(1, (to - a0) / len) : 1
                let p0 = a + (b - a) * t0, p1 = a + (b - a) * t1
                if piece.isEmpty { piece.append(p0) }
                piece.append(p1)
            }
            if !piece.isEmpty {
                let whole = s <= 0 && e >= 1
                out.append(Polyline(points: piece, isClosed: whole && l.isClosed))
            }
        }
        return out
    }

    static func length(_ l: Polyline) -> Double {
        var d = 0.0
        for k in 1..<max(1, l.points.count) { d += (l.points[k] - l.points[k - 1]).length }
        if l.isClosed, let a = l.points.last, let b = l.points.first { d += (b - a).length }
        return d
    }

    /// Distance from `p` to the line through `a` and `b` (to `a` when they coincide).
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let d = b - a, len = d.length
        guard len > 0 else { return (p - a).length }
        return abs((p.x - a.x) * d.y - (p.y - a.y) * d.x) / len
    }
}

extension Point {
    /// Euclidean length of the point as a vector.
    var length: Double { (x * x + y * y).squareRoot() }
}
