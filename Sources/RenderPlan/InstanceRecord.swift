// The one instance record of a draw: what the planner writes for each draw and what the
// vertex shader reads per instance (quad.vert: 15 vec4 at attribute locations 1...15,
// divisor 1). Its layout is written here and nowhere else: `write` fills a record, and a
// backend points its attributes at records of `InstanceRecord.bytes` from these constants.
//
// Does NOT: upload or bind anything (a backend does), or decide batches (DrawBatcher).

import LayerMath
import Layers

/// What one draw's instance record holds, before it is written as floats.
package struct InstanceValues {
    /// Bounds space to canvas points (homogeneous); the projection is multiplied in.
    package var model: Transform3D
    /// The drawn rectangle (the ring's outer edge), and the rectangle drawn alone (the
    /// ring's inner edge).
    package var outer: Rect, fill: Rect
    package var content: Rect, texRect: Rect
    /// Premultiplied colour (the opacity in every channel for an image).
    package var r: Float, g: Float, b: Float, a: Float
    /// The shape: bounds size and corner radius.
    package var size: Size, radius: Double
    /// NDC depth (painter's order).
    package var depth: Float
    /// The quad's clip tested in the coverage shader (`AnalyticClip`); nil: none.
    package var clip: AnalyticClip? = nil
    /// The clip's edge is antialiased (`QuadPlan.softClip`), and where in its band a later
    /// opaque quad covers this one (`QuadPlan.clipCover`).
    package var softClip = false
    package var clipCover: Rect? = nil
    /// The quad's open sides (`QuadPlan.openSides`), and whether its content rectangle is
    /// its whole shape (`QuadPlan.shapeIsContent`).
    package var openSides: QuadSides = []
    package var shapeIsContent = false
    /// The colour layer folded over the quad (`OverlayFolding`); in a covered part the
    /// colour above is then already scaled by 1 - its alpha.
    package var tint = OverlayTint.none
    /// A border's or a shadow's shape (`LayerPart`); `.own` otherwise.
    package var part = LayerPart.own
    /// The shape's corners left square (`CornerMask.squareBits`).
    package var squareCorners = 0
    /// The shape's corners are continuous (`CornerCurve`).
    package var continuousCorners = false
    /// A sliced image's bands (`RenderQuad.nineSlice`), in the record's decor and tint.
    package var nineSlice: NineSlice? = nil

    @inlinable
    package init(model: Transform3D, outer: Rect, fill: Rect, content: Rect, texRect: Rect,
                 r: Float, g: Float, b: Float, a: Float, size: Size, radius: Double, depth: Float,
                 clip: AnalyticClip? = nil, softClip: Bool = false, clipCover: Rect? = nil, openSides: QuadSides = [],
                 shapeIsContent: Bool = false, tint: OverlayTint = .none, part: LayerPart = .own, squareCorners: Int = 0,
                 continuousCorners: Bool = false, nineSlice: NineSlice? = nil) {
        self.model = model; self.outer = outer; self.fill = fill; self.content = content; self.texRect = texRect
        self.r = r; self.g = g; self.b = b; self.a = a
        self.size = size; self.radius = radius; self.depth = depth
        self.clip = clip; self.softClip = softClip; self.clipCover = clipCover; self.openSides = openSides
        self.shapeIsContent = shapeIsContent; self.tint = tint; self.part = part; self.squareCorners = squareCorners
        self.continuousCorners = continuousCorners; self.nineSlice = nineSlice
    }

    /// The record of a part of quad `q` planned as `p`: the quad's shape (size, radius,
    /// part, square and continuous corners, nine-slice bands) and the plan's colour (times `colorScale`), clip and sides,
    /// with the geometry the caller worked out for this part. The one place a drawn
    /// property of a quad reaches its record.
    @inlinable
    package init(quad q: RenderQuad, plan p: QuadPlan, model: Transform3D, outer: Rect, fill: Rect, content: Rect,
                 texRect: Rect, colorScale k: Float, depth: Float, tint: OverlayTint) {
        self.init(model: model, outer: outer, fill: fill, content: content, texRect: texRect,
                  r: p.r * k, g: p.g * k, b: p.b * k, a: p.a * k, size: q.size, radius: q.cornerRadius, depth: depth,
                  clip: p.clip, softClip: p.softClip, clipCover: p.clipCover, openSides: p.openSides,
                  shapeIsContent: p.shapeIsContent, tint: tint, part: q.part, squareCorners: q.maskedCorners.squareBits,
                  continuousCorners: q.cornerCurve == .continuous, nineSlice: q.nineSlice)
    }
}

/// The record's layout (see the file comment).
package enum InstanceRecord {
    /// Four-float attributes in one record, and the location of the first (0 is the unit vertex).
    package static let vec4Count = 15
    package static let firstAttribute = 1
    /// Floats and bytes in one record.
    package static let floats = vec4Count * 4
    package static let bytes = floats * MemoryLayout<Float>.stride

    /// Writes `v` as one record at `p`: the matrix model * projection row by row (read as
    /// columns: transpose = GL_FALSE, docs/architecture.md), then the rectangles, the
    /// colour, the shape, the clip, the flags, the folded tint, the clip band's cover and
    /// the border's or shadow's parameters.
    package static func write(_ v: InstanceValues, projection: Transform3D, to p: UnsafeMutablePointer<Float>) {
        let m = v.model * projection
        p[0] = Float(m.m11); p[1] = Float(m.m12); p[2] = Float(m.m13); p[3] = Float(m.m14)
        p[4] = Float(m.m21); p[5] = Float(m.m22); p[6] = Float(m.m23); p[7] = Float(m.m24)
        p[8] = Float(m.m31); p[9] = Float(m.m32); p[10] = Float(m.m33); p[11] = Float(m.m34)
        p[12] = Float(m.m41); p[13] = Float(m.m42); p[14] = Float(m.m43); p[15] = Float(m.m44)
        put(v.outer, p + 16)
        put(v.fill, p + 20)
        put(v.content, p + 24)
        put(v.texRect, p + 28)
        p[32] = v.r; p[33] = v.g; p[34] = v.b; p[35] = v.a
        if v.shapeIsContent {
            p[36] = 0; p[37] = 0; p[38] = 0   // bounds float32 cannot hold: unused
        } else {
            p[36] = Float(v.size.width); p[37] = Float(v.size.height); p[38] = Float(v.radius)
        }
        p[39] = v.depth
        if let c = v.clip {
            p[40] = Float(c.scaleX); p[41] = Float(c.scaleY); p[42] = Float(c.offsetX); p[43] = Float(c.offsetY)
            p[44] = Float(c.width); p[45] = Float(c.height); p[46] = Float(c.radius)
        } else {
            for k in 40..<47 { p[k] = 0 }
        }
        // Flags, a small whole number (exact in a float): 1 the clip's edge is soft, 2, 4,
        // 8, 16 the open sides min x, max x, min y, max y, 32 the shape is the content's,
        // 64 x 4 bits the shape's square corners, 1024 x 4 bits the clip's (CornerMask),
        // 16384 the shape's corners continuous, 32768 the clip's (CornerCurve).
        p[47] = Float((v.softClip ? 1 : 0) + 2 * Int(v.openSides.rawValue) + (v.shapeIsContent ? 32 : 0)
                      + 64 * v.squareCorners + 1024 * (v.clip?.squareCorners ?? 0)
                      + (v.continuousCorners ? 16384 : 0) + (v.clip?.continuousCorners == true ? 32768 : 0))
        p[48] = v.tint.r; p[49] = v.tint.g; p[50] = v.tint.b; p[51] = v.tint.a
        if let c = v.clipCover {
            p[52] = Float(c.minX); p[53] = Float(c.minY); p[54] = Float(c.maxX); p[55] = Float(c.maxY)
        } else {
            // Empty (x1 < x0): no point is inside.
            p[52] = 1; p[53] = 1; p[54] = -1; p[55] = -1
        }
        // The border's width, or the shadow's standard deviation and inset (quad.frag).
        switch v.part {
        case .border(let width): p[56] = Float(width); p[57] = 0; p[58] = 0
        case .shadow(let sigma, let inset): p[56] = 0; p[57] = Float(sigma); p[58] = Float(inset)
        case .own, .background: p[56] = 0; p[57] = 0; p[58] = 0
        }
        p[59] = 0
        if let n = v.nineSlice {
            // A sliced image: its centre in bounds space (x0, y0, x1, y1) and in the texture.
            let c = n.centre, t = n.textureCentre
            p[56] = Float(c.minX); p[57] = Float(c.minY); p[58] = Float(c.maxX); p[59] = Float(c.maxY)
            p[48] = Float(t.minX); p[49] = Float(t.minY); p[50] = Float(t.maxX); p[51] = Float(t.maxY)
        }
    }

    @inline(__always)
    private static func put(_ r: Rect, _ p: UnsafeMutablePointer<Float>) {
        p[0] = Float(r.minX); p[1] = Float(r.minY); p[2] = Float(r.width); p[3] = Float(r.height)
    }
}
