import LayerMath

/// The result of a hit test: which drawn quad is front-most under a canvas point, and
/// where in its bounds the point fell.
public struct Hit: Equatable, Sendable {
    /// Index into `RenderList.quads`.
    public var quadIndex: Int
    public var name: String
    public var tag: Int
    /// The point in the layer's bounds space.
    public var local: Point
}

extension RenderList {
    /// The front-most drawn quad under `point` (canvas points), through the 3D
    /// transforms and the clips, or nil. Later quads in drawing order are in front.
    public func hitTest(_ point: Point) -> Hit? {
        for command in commands.reversed() {
            guard case .quad(let index) = command else { continue }
            let q = quads[index]
            guard !q.isInMask, let local = RenderList.localPoint(point, matrix: q.matrix, size: q.size, cornerRadius: q.cornerRadius)
            else { continue }
            var clip = q.clipIndex
            var inside = true
            while clip >= 0 {
                let c = clips[clip]
                if RenderList.localPoint(point, matrix: c.matrix, size: c.size, cornerRadius: c.cornerRadius) == nil {
                    inside = false
                    break
                }
                clip = c.parent
            }
            if inside { return Hit(quadIndex: index, name: q.name, tag: q.tag, local: local) }
        }
        return nil
    }

    /// Maps a canvas point into a plane's bounds space; nil when it falls outside the
    /// (rounded) bounds or the plane is behind the eye there.
    static func localPoint(_ point: Point, matrix: Transform3D, size: Size, cornerRadius: Double) -> Point? {
        guard let inverse = matrix.planeHomography.inverted() else { return nil }
        let (local, w) = inverse.map(point)
        // The point on the plane must be in front of the eye: its forward w must be > 0.
        guard w != 0, local.isFinite else { return nil }
        let forward = matrix.planeHomography.map(local)
        guard forward.w > 0 else { return nil }
        guard local.x >= 0, local.y >= 0, local.x <= size.width, local.y <= size.height else { return nil }
        return RoundedRect.contains(local, size: size, radius: cornerRadius) ? local : nil
    }
}

/// Rounded-rectangle geometry shared by hit testing and the renderer's clip shapes.
public enum RoundedRect {
    /// The radius actually used: at most half of the shorter side.
    public static func effectiveRadius(_ radius: Double, size: Size) -> Double {
        max(0, min(radius, size.width / 2, size.height / 2))
    }

    /// True when `p` (bounds space) is inside the rounded rectangle of `size`.
    public static func contains(_ p: Point, size: Size, radius: Double) -> Bool {
        let r = effectiveRadius(radius, size: size)
        if r <= 0 { return true }
        let cx = min(max(p.x, r), size.width - r), cy = min(max(p.y, r), size.height - r)
        let dx = p.x - cx, dy = p.y - cy
        return dx * dx + dy * dy <= r * r
    }
}
