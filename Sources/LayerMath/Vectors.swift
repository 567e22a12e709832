#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2D point or vector in points (+y down).
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    /// Euclidean distance to `other`.
    /// The Euclidean distance, without overflow or underflow in between (points 1e300 apart
    /// are 1e300 apart, not infinitely).
    public func distance(to other: Point) -> Double {
        let dx = abs(x - other.x), dy = abs(y - other.y)
        let big = max(dx, dy), small = min(dx, dy)
        guard big > 0, big.isFinite else { return big + small }   // 0, infinity or NaN
        let r = small / big
        return big * (1 + r * r).squareRoot()
    }
    public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double, height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle: origin (top-left) and size.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var origin: Point, size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(midX, midY) }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }
    /// True when `p` lies inside (edges included on the min side, excluded on the max side).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ o: Rect) -> Rect? {
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY), x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }
    /// True when the rectangles share some area.
    public func intersects(_ o: Rect) -> Bool { intersection(o) != nil }
    /// The smallest rectangle holding four points (no allocation: used per quad per frame).
    @inline(__always)
    public static func bounding(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Rect {
        let x0 = min(a.x, b.x, c.x, d.x), x1 = max(a.x, b.x, c.x, d.x)
        let y0 = min(a.y, b.y, c.y, d.y), y1 = max(a.y, b.y, c.y, d.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding every point.
    public static func bounding<S: Sequence>(_ points: S) -> Rect where S.Element == Point {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// A 3D vector.
public struct Vector3: Equatable, Hashable, Sendable {
    public var x: Double, y: Double, z: Double
    public init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    public static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    public func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    public func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    public var length: Double { dot(self).squareRoot() }
    /// The unit vector in the same direction (the zero vector stays zero).
    public var normalized: Vector3 { let l = length; return l > 0 ? self * (1 / l) : self }
}

/// A homogeneous 4D row vector.
public struct Vector4: Equatable, Hashable, Sendable {
    public var x: Double, y: Double, z: Double, w: Double
    public init(_ x: Double, _ y: Double, _ z: Double, _ w: Double) { self.x = x; self.y = y; self.z = z; self.w = w }
}

/// A 3x3 projective map of the plane with row vectors: (x, y, 1) * H = (X, Y, W).
/// Used to map canvas points back into a layer's bounds space (hit testing).
public struct Homography2D: Equatable, Sendable {
    public var a: Double, b: Double, c: Double   // row for x
    public var d: Double, e: Double, f: Double   // row for y
    public var g: Double, h: Double, i: Double   // row for 1
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double,
                _ g: Double, _ h: Double, _ i: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f; self.g = g; self.h = h; self.i = i
    }
    public var determinant: Double { a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g) }
    /// The inverse map, or nil when the plane is seen edge-on. A homography is the same map
    /// at any scale: when the determinant overflows or underflows (a layer scaled by 1e300),
    /// the inverse of the entries divided by the largest of them is returned.
    public func inverted() -> Homography2D? {
        let det = determinant
        if det != 0, det.isFinite { return inverted(determinant: det) }
        let k = max(abs(a), abs(b), abs(c), abs(d), abs(e), abs(f), abs(g), abs(h), abs(i))
        guard k > 0, k.isFinite, k != 1 else { return nil }
        let n = Homography2D(a / k, b / k, c / k, d / k, e / k, f / k, g / k, h / k, i / k)
        let nd = n.determinant
        guard nd != 0, nd.isFinite else { return nil }
        return n.inverted(determinant: nd)
    }

    private func inverted(determinant det: Double) -> Homography2D {
        let k = 1 / det
        return Homography2D((e * i - f * h) * k, (c * h - b * i) * k, (b * f - c * e) * k,
                            (f * g - d * i) * k, (a * i - c * g) * k, (c * d - a * f) * k,
                            (d * h - e * g) * k, (b * g - a * h) * k, (a * e - b * d) * k)
    }
    /// Maps a point and returns it with its homogeneous w (w <= 0: behind the eye).
    public func map(_ p: Point) -> (point: Point, w: Double) {
        let X = p.x * a + p.y * d + g, Y = p.x * b + p.y * e + h, W = p.x * c + p.y * f + i
        return (Point(X / W, Y / W), W)
    }
}
