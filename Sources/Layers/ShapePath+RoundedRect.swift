import LayerMath

extension ShapePath {
    /// A rectangle rounded by circular arcs of radius `cornerRadius` (clamped to half the
    /// shorter side), clockwise from the top edge; a plain rectangle when the radius is 0
    /// (UIBezierPath(roundedRect:cornerRadius:), CGPath(roundedRect:...)).
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> ShapePath {
        let r = clampedRadius(cornerRadius, rect)
        let count = r > 0 ? roundedCount : plainCount
        return ShapePath((0..<count).map { roundedRectElement($0, rect, r) })
    }

    /// The rectangle and corner radius when this path is one `roundedRect` makes (a plain
    /// rectangle of four lines, either way round, included), else nil. Allocation-free: the
    /// flattener asks it every frame to draw such a `shadowPath` analytically.
    package var roundedRectangle: (rect: Rect, cornerRadius: Double)? {
        switch elements.count {
        case ShapePath.plainCount: return plainRectangle
        case ShapePath.roundedCount:
            guard case .move(let start) = elements[0], case .line(let top) = elements[1],
                  case .line(let right) = elements[3], case .line(let bottom) = elements[5],
                  case .line(let left) = elements[7] else { return nil }
            let rect = Rect(x: left.x, y: start.y, width: right.x - left.x, height: bottom.y - start.y)
            let r = start.x - left.x
            let tolerance = 1e-9 * max(abs(rect.maxX), abs(rect.maxY), abs(rect.minX), abs(rect.minY), 1)
            guard rect.width > 0, rect.height > 0, r > 0, r <= min(rect.width, rect.height) / 2 + tolerance,
                  top.y == start.y else { return nil }
            for i in 0..<ShapePath.roundedCount where !elements[i].isClose(to: ShapePath.roundedRectElement(i, rect, r), tolerance) {
                return nil
            }
            return (rect, r)
        default: return nil
        }
    }

    /// move, four lines and four quarter circles, close.
    private static let roundedCount = 10
    /// move, three lines, close.
    private static let plainCount = 5

    private static func clampedRadius(_ r: Double, _ rect: Rect) -> Double {
        max(0, min(r.isFinite ? r : 0, min(abs(rect.width), abs(rect.height)) / 2))
    }

    /// Four lines round an axis-aligned rectangle, either way, from any corner.
    private var plainRectangle: (rect: Rect, cornerRadius: Double)? {
        guard case .move(let a) = elements[0], case .line(let b) = elements[1], case .line(let c) = elements[2],
              case .line(let d) = elements[3], case .close = elements[4] else { return nil }
        let alongX = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let alongY = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        let rect = Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
        guard alongX || alongY, rect.width > 0, rect.height > 0 else { return nil }
        return (rect, 0)
    }

    /// Element `i` of the rounded rectangle (radius > 0) or of the plain one (radius 0).
    private static func roundedRectElement(_ i: Int, _ rect: Rect, _ r: Double) -> Element {
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        if r <= 0 {
            switch i {
            case 0: return .move(Point(x0, y0))
            case 1: return .line(Point(x1, y0))
            case 2: return .line(Point(x1, y1))
            case 3: return .line(Point(x0, y1))
            default: return .close
            }
        }
        // A quarter circle as one cubic: control points 0.5523 r along the tangents.
        let k = r * 0.552_284_749_830_793_6
        switch i {
        case 0: return .move(Point(x0 + r, y0))
        case 1: return .line(Point(x1 - r, y0))
        case 2: return .cubic(Point(x1 - r + k, y0), Point(x1, y0 + r - k), Point(x1, y0 + r))
        case 3: return .line(Point(x1, y1 - r))
        case 4: return .cubic(Point(x1, y1 - r + k), Point(x1 - r + k, y1), Point(x1 - r, y1))
        case 5: return .line(Point(x0 + r, y1))
        case 6: return .cubic(Point(x0 + r - k, y1), Point(x0, y1 - r + k), Point(x0, y1 - r))
        case 7: return .line(Point(x0, y0 + r))
        case 8: return .cubic(Point(x0, y0 + r - k), Point(x0 + r - k, y0), Point(x0 + r, y0))
        default: return .close
        }
    }
}

extension ShapePath.Element {
    /// The same step with every point within `tolerance` on each axis.
    fileprivate func isClose(to other: ShapePath.Element, _ tolerance: Double) -> Bool {
        func near(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance }
        switch (self, other) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return near(p, q)
        case (.cubic(let a, let b, let c), .cubic(let d, let e, let f)): return near(a, d) && near(b, e) && near(c, f)
        case (.close, .close): return true
        default: return false
        }
    }
}
