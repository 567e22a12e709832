import LayerMath

/// Projected area of a quad clipped to a rectangle (Sutherland-Hodgman), with reused
/// scratch storage so per-frame use does not allocate.
package struct CoverageEstimator {
    private var a: [Point] = []
    private var b: [Point] = []

    package init() {
        a.reserveCapacity(16)
        b.reserveCapacity(16)
    }

    /// Area of the convex-or-not quadrilateral `corners` intersected with (0,0,w,h).
    package mutating func clippedArea(_ corners: (Point, Point, Point, Point), width: Double, height: Double) -> Double {
        a.removeAll(keepingCapacity: true)
        a.append(corners.0); a.append(corners.1); a.append(corners.2); a.append(corners.3)
        clip(axis: 0, bound: 0, keepGreater: true)
        clip(axis: 0, bound: width, keepGreater: false)
        clip(axis: 1, bound: 0, keepGreater: true)
        clip(axis: 1, bound: height, keepGreater: false)
        if a.count < 3 { return 0 }
        var s = 0.0
        for i in 0..<a.count {
            let p = a[i], q = a[(i + 1) % a.count]
            s += p.x * q.y - q.x * p.y
        }
        return abs(s) / 2
    }

    private mutating func clip(axis: Int, bound: Double, keepGreater: Bool) {
        b.removeAll(keepingCapacity: true)
        let n = a.count
        if n == 0 { return }
        @inline(__always) func value(_ p: Point) -> Double { axis == 0 ? p.x : p.y }
        @inline(__always) func inside(_ p: Point) -> Bool { keepGreater ? value(p) >= bound : value(p) <= bound }
        for i in 0..<n {
            let cur = a[i], next = a[(i + 1) % n]
            let cin = inside(cur), nin = inside(next)
            if cin { b.append(cur) }
            if cin != nin {
                let t = (bound - value(cur)) / (value(next) - value(cur))
                b.append(Point(cur.x + (next.x - cur.x) * t, cur.y + (next.y - cur.y) * t))
            }
        }
        swap(&a, &b)
    }
}
