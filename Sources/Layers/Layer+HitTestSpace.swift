import LayerMath

// Hit testing a component's layer subtree through the transforms it is really drawn
// with. A component receives pointer positions in its root layer's superlayer plane (the
// canvas for a top-level component; for a nested one, the bounds plane of the layer it
// sits in, after that layer's sublayerTransform and flattening), so whatever transforms
// its ancestors have (translation, scale, rotation, perspective), a click lands on the
// item drawn under it.
//
// Does NOT: route events (the focus engine and shelves do), or cache matrices (they are
// computed per call from the presentation values, a few 4x4 products per ancestor).

extension Layer {
    /// Maps this layer's bounds plane to `ancestor`'s bounds plane as drawn (presentation
    /// values; z dropped at each superlayer, as the flattener does); nil `ancestor`, or one
    /// that is not an ancestor: the canvas.
    public func planeMatrix(toAncestor ancestor: Layer?) -> Transform3D {
        var m = Transform3D.identity
        var layer = self
        while true {
            m = m * layer.presentation().matrixToSuperlayer
            guard let parent = layer.superlayer else { return m * .flatten }
            m = m * parent.presentation().sublayerMatrix * .flatten
            if parent === ancestor { return m }
            layer = parent
        }
    }

    /// The point of this layer's bounds plane drawn at `p` of `ancestor`'s plane (nil: the
    /// canvas), through perspective; nil where the plane is edge-on or behind the eye, and
    /// nil, with `nilWhenTranslated`, when the planes differ by a translation only (callers
    /// that know the offset exactly keep their own subtraction, bit for bit).
    public func planePoint(_ p: Point, fromAncestor ancestor: Layer?, nilWhenTranslated: Bool = false) -> Point? {
        guard p.isFinite else { return nil }
        let m = planeMatrix(toAncestor: ancestor)
        if nilWhenTranslated, m.m11 == 1, m.m22 == 1, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 {
            return nil
        }
        let h = m.planeHomography
        guard let inverse = h.inverted() else { return nil }
        let (local, w) = inverse.map(p)
        guard w != 0, local.isFinite, h.map(local).w > 0 else { return nil }
        return local
    }

    /// What the flattener puts under this layer to draw it into its superlayer's plane:
    /// the superlayer's sublayerTransform then flattening, or just flattening at the top.
    public var hitTestBase: Transform3D {
        guard let parent = superlayer else { return .flatten }
        return parent.presentation().sublayerMatrix * .flatten
    }
}

extension Flattener {
    /// The front-most quad of `root`'s subtree drawn under `p`, a point in `root`'s
    /// superlayer plane (the plane a component's pointer events are in), through the
    /// subtree's own transforms and clips. `list` is scratch (reused: no allocation once
    /// warm). Nothing is culled by an invented canvas: the list's canvas is placed so
    /// that it holds `p`, and a quad under `p` is never wholly outside it.
    public mutating func hitTest(_ root: Layer, at p: Point, into list: inout RenderList) -> Hit? {
        guard p.isFinite else { return nil }
        // Shift so the point has non-negative coordinates; the canvas then reaches just past it.
        let dx = p.x < 0 ? -p.x : 0, dy = p.y < 0 ? -p.y : 0
        let q = Point(p.x + dx, p.y + dy)
        flatten([root], canvas: Size(q.x + 1, q.y + 1), base: root.hitTestBase * .translation(dx, dy, 0), into: &list)
        return list.hitTest(q)
    }
}
