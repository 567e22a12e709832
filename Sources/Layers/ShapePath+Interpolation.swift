import LayerMath

// CAShapeLayer.path as an animated value. Apple: "If the two paths have a different number
// of control points or segments, the results are undefined." Here two paths of the same
// commands in the same order blend point by point; any other pair is a discrete value.

extension ShapePath {
    /// True when `self` and `other` have the same steps in the same order (only their
    /// points may differ), so that they blend point by point.
    public func hasSameStructure(as other: ShapePath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The path `f` of the way from `a` to `b`: each point blended linearly when the two
    /// have the same structure (fractions outside 0...1 extrapolate); otherwise `a` until
    /// `f` reaches 1, then `b`, as a discrete value.
    public static func interpolate(_ a: ShapePath, _ b: ShapePath, _ f: Double) -> ShapePath {
        guard a.hasSameStructure(as: b) else { return f >= 1 ? b : a }
        return a.combined(with: b) { p, q in Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f) }
    }

    /// `a` with each point of `b` added (an additive or `byValue` path animation); `a` when
    /// their structures differ.
    public static func adding(_ a: ShapePath, _ b: ShapePath) -> ShapePath {
        guard a.hasSameStructure(as: b) else { return a }
        return a.combined(with: b, +)
    }

    /// `a` with each point of `b` subtracted; `a` when their structures differ.
    public static func subtracting(_ a: ShapePath, _ b: ShapePath) -> ShapePath {
        guard a.hasSameStructure(as: b) else { return a }
        return a.combined(with: b, -)
    }

    /// True when every point is finite.
    public var isFinite: Bool {
        elements.allSatisfy { e in
            switch e {
            case .move(let p), .line(let p): return p.isFinite
            case .cubic(let c1, let c2, let p): return c1.isFinite && c2.isFinite && p.isFinite
            case .close: return true
            }
        }
    }

    /// The steps of `self` with each point combined with `other`'s matching point.
    private func combined(with other: ShapePath, _ op: (Point, Point) -> Point) -> ShapePath {
        var out = elements
        for i in out.indices {
            switch (elements[i], other.elements[i]) {
            case let (.move(p), .move(q)): out[i] = .move(op(p, q))
            case let (.line(p), .line(q)): out[i] = .line(op(p, q))
            case let (.cubic(a1, a2, p), .cubic(b1, b2, q)): out[i] = .cubic(op(a1, b1), op(a2, b2), op(p, q))
            default: break
            }
        }
        return ShapePath(out)
    }
}
