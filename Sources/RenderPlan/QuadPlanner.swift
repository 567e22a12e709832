// Per-quad planning, pure Swift: culling, trimming an image quad to its visible texels,
// the antialiasing margin, the fully covered interior and its ring, the opaque part for
// the depth pre-pass, nearest sampling at 1:1 pixels and whether mipmaps are needed.
//
// Does NOT: call GL, look up or upload textures (the caller passes the texel box the
// texture cache reported), or decide the drawing order (GLRenderer+Commands does).

import LayerMath
import Layers

/// What a quad is filled with, as far as planning needs to know.
package enum QuadFill {
    /// A colour (straight alpha, as in `LayerContents.color`).
    case color(Color)
    /// An image whose texture holds `texels`; `isOpaque`: every texel has alpha 1.
    case image(isOpaque: Bool, texels: TexelBox)
}

/// Plans quads for one target: the canvas mapping, the antialiasing mode and the canvas
/// region that reaches the target.
package struct QuadPlanner {
    /// Canvas points to target pixels.
    package var map: CanvasMapping
    /// Analytic edge antialiasing in the shader (`GLRenderer.Options.antialias`).
    package var antialias: Bool
    /// The target is multisampled (no coverage-free interiors, hard shader edges).
    package var multisampled: Bool
    /// The canvas region (points) that reaches the target: its pixels, cut to the frame's
    /// damage. Quads wholly outside draw nothing; nil: no culling.
    package var visible: Rect?
    /// Image quads magnified at every pixel are sampled bilinear without mip levels (the
    /// same pixels, for less work); false: through the texture's own (trilinear) filtering.
    package var samplesMagnifiedWithoutMips = true
    /// The antialiasing margin, in pixels, of a quad along the canvas axes (see `edgeMargin`).
    package var axisAlignedMarginPixels = 0.75
    /// Antialias the edges of analytic clips (a rounded card's corners, a tilted card's
    /// sides) like the quads' own edges; false: hard, the pixel centre in or out, as the
    /// stencil shape draws them. Never without `antialias`, nor on a multisampled target:
    /// there a layer's own edges are smoothed by the samples, and an analytic clip's
    /// coverage on top would count an edge the two share twice (the shader cannot see
    /// which samples its triangle covers in GL 3.3), so the clip stays hard.
    package var softClips = true

    package init(map: CanvasMapping, antialias: Bool, multisampled: Bool, visible: Rect?) {
        (self.map, self.antialias, self.multisampled, self.visible) = (map, antialias, multisampled, visible)
    }

    /// Whether an analytic clip's edge is antialiased on this target (`softClips`).
    package var clipsAreSoft: Bool { softClips && antialias && !multisampled }

    /// The canvas region of a `pixelWidth` x `pixelHeight` target under `map`.
    package static func targetRegion(_ map: CanvasMapping, pixelWidth: Int, pixelHeight: Int) -> Rect {
        let s = max(map.scale, 1e-300)
        return Rect(x: -map.offsetX / s, y: -map.offsetY / s, width: Double(pixelWidth) / s, height: Double(pixelHeight) / s)
    }

    /// False when the quad draws nothing whatever its contents: no opacity, an empty content
    /// rectangle, no contents, or (in front of the eye) a projected box wholly outside `visible`.
    @inlinable
    package func mayDraw(_ q: RenderQuad) -> Bool {
        guard q.opacityInGroup > 0, q.contentRect.width > 0, q.contentRect.height > 0 else { return false }
        if case .none = q.contents { return false }
        guard let v = visible, q.isInFrontOfEye else { return true }
        let c = q.corners
        return Rect.bounding(c.0, c.1, c.2, c.3).intersects(v)
    }

    /// The plan of `q` filled with `fill`; nil when it draws nothing. `clip`: the quad's
    /// clip, tested in the shader: the drawn rectangle is cut to it, the interior to its
    /// inside, and a quad not wholly inside it goes through the coverage shader.
    /// `open`: sides whose edge a later opaque quad shares (`SharedEdges`): the interior
    /// reaches the drawn rectangle's edge there (coverage 1 through the band, no ring strip).
    package func plan(_ q: RenderQuad, fill: QuadFill, clip: AnalyticClip? = nil, open: QuadSides = []) -> QuadPlan? {
        guard mayDraw(q) else { return nil }
        let op = Float(min(1, q.opacityInGroup))
        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
        var opaqueFill = false
        var contentRect = q.contentRect, textureRect = q.textureRect
        var textured = false, needsMipmaps = false
        var texels: TexelBox? = nil
        // A sliced image (`NineSlice`) is not linear over its rectangle: drawn whole through
        // the coverage shader, which maps each band, never cut or sampled as one piece.
        let sliced = q.nineSlice != nil
        switch fill {
        case .color(let c):
            let ca = Float(max(0, min(1, c.a))) * op
            if ca <= 0 { return nil }
            r = Float(c.r) * ca; g = Float(c.g) * ca; b = Float(c.b) * ca; a = ca
            // A border or a shadow covers less than its rectangle.
            opaqueFill = ca >= 1 && c.r <= 1 && c.g <= 1 && c.b <= 1 && !q.part.isShaped
        case .image(let isOpaque, let visible):
            textured = true
            texels = visible
            r = op * Float(q.tint.r); g = op * Float(q.tint.g); b = op * Float(q.tint.b); a = op
            opaqueFill = isOpaque && op >= 1
            let tpp = texelsPerPixel(q, visible)
            // Minified (or possibly, with a 30% safety margin): trilinear needs the mip chain.
            needsMipmaps = !visible.mipmapped && (sliced || tpp == nil || tpp! > 0.7)
            if !visible.isWhole, !sliced {
                guard let trimmed = trimToVisible(q, visible) else { return nil }
                (contentRect, textureRect) = trimmed
            }
        }
        // A border's or a shadow's coverage is the coverage shader's, all over (no interior).
        let shaped = q.part.isShaped
        let smooth = antialias && !multisampled && (shaped || sliced || !isPixelAligned(q))
        let margin = smooth ? edgeMargin(q) : 0
        let cr = contentRect
        var outer = Rect(x: cr.minX - margin, y: cr.minY - margin, width: cr.width + 2 * margin, height: cr.height + 2 * margin)
        let radius = max(0, min(q.cornerRadius, q.size.width / 2, q.size.height / 2))
        var plainWhole = !smooth && !multisampled && antialias && radius <= 0 && !shaped && !sliced
        var inner: Rect? = nil
        if smooth, !shaped, !sliced, margin > 0, q.isInFrontOfEye, margin < 0.25 * min(q.size.width, q.size.height) {
            // Inside `inner` the distance to the shape is at least `margin` (about 1.5 pixels):
            // coverage is exactly 1 there. A rounded corner needs the inset
            // r - (r - margin)/sqrt(2) for the inner rectangle's corner to clear the arc.
            let k = max(margin, radius - (radius - margin) / 2.0.squareRoot())
            let x0 = max(cr.minX + margin, k), y0 = max(cr.minY + margin, k)
            let x1 = min(cr.maxX - margin, q.size.width - k), y1 = min(cr.maxY - margin, q.size.height - k)
            if x1 - x0 > 2 * margin, y1 - y0 > 2 * margin {
                inner = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
        }
        var opened: QuadSides = []
        if !open.isEmpty, clip == nil, radius <= 0, let i = inner, contentRect == q.contentRect {
            // A texture is sampled past its rectangle's open side: only where that side is
            // the texture's edge (clamped, the edge texels) is that the quad's own colour.
            let tr = textureRect
            let sampledPast = textured && (tr.width <= 0 || tr.height <= 0)
            func opens(_ side: QuadSides, textureEdge: Bool) -> Bool {
                open.contains(side) && !sampledPast && (!textured || textureEdge)
            }
            if opens(.minX, textureEdge: tr.minX <= 0) { opened.insert(.minX) }
            if opens(.maxX, textureEdge: tr.maxX >= 1) { opened.insert(.maxX) }
            if opens(.minY, textureEdge: tr.minY <= 0) { opened.insert(.minY) }
            if opens(.maxY, textureEdge: tr.maxY >= 1) { opened.insert(.maxY) }
            // An open side reaches 0.75 pixel past the edge (what the later quad does not
            // cover whole lies within 0.5: `edgeMargin`'s exact margin along the axes), with
            // no ring strip: the drawn rectangle and the interior end there.
            let reach = margin * 0.75 / max(axisAlignedMarginPixels, 1e-9)
            let x0 = opened.contains(.minX) ? cr.minX - reach : i.minX, x1 = opened.contains(.maxX) ? cr.maxX + reach : i.maxX
            let y0 = opened.contains(.minY) ? cr.minY - reach : i.minY, y1 = opened.contains(.maxY) ? cr.maxY + reach : i.maxY
            inner = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let ox0 = opened.contains(.minX) ? x0 : outer.minX, ox1 = opened.contains(.maxX) ? x1 : outer.maxX
            let oy0 = opened.contains(.minY) ? y0 : outer.minY, oy1 = opened.contains(.maxY) ? y1 : outer.maxY
            outer = Rect(x: ox0, y: oy0, width: ox1 - ox0, height: oy1 - oy0)
        }
        var softClip = false
        let coveredBeforeClip = inner ?? (plainWhole ? outer : nil)
        if let c = clip {
            // Pixels outside the clip's rectangle (grown by its antialiasing margin when soft)
            // are never drawn; the coverage-free parts must lie where the clip's coverage is
            // exactly 1 (the shader tests only the coverage draws).
            softClip = clipsAreSoft
            let m = softClip ? clipMargin(q, c) : 0
            guard let cut = outer.intersection(c.rectInQuad(inset: -m)), cut.width > 0, cut.height > 0 else { return nil }
            outer = cut
            let inside = c.interiorInQuad(margin: m)
            if let i = inner {
                inner = inside.flatMap { i.intersection($0) }.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
            }
            if plainWhole, !(inside.map { $0.minX <= outer.minX && $0.minY <= outer.minY
                                       && $0.maxX >= outer.maxX && $0.maxY >= outer.maxY } ?? false) {
                plainWhole = false
            }
        }
        let opaque = opaqueFill && q.isInFrontOfEye && (inner != nil || plainWhole)
        var plan = QuadPlan(r: r, g: g, b: b, a: a, textured: textured, smooth: smooth, outer: outer, inner: inner,
                            plainWhole: plainWhole, opaque: opaque, content: contentRect, texRect: textureRect)
        plan.needsMipmaps = needsMipmaps
        plan.texels = texels
        plan.clip = clip
        plan.softClip = softClip
        plan.openSides = opened
        plan.coveredBeforeClip = coveredBeforeClip
        plan.opaqueFill = opaqueFill
        if plainWhole, let t = texels, isOneTexelPerPixel(q, content: contentRect, texRect: textureRect, texels: t) {
            // Nearest sampling reads level 0 only: no mip chain needed for this draw.
            plan.nearest = true
            plan.needsMipmaps = false
        }
        if !plan.nearest, !sliced, samplesMagnifiedWithoutMips, let t = texels,
           isMagnifiedEverywhere(q, content: contentRect, texRect: textureRect, texels: t, drawn: outer) {
            // Magnified at every pixel: GL would use the magnification filter (bilinear) anyway.
            plan.magnified = true
            plan.needsMipmaps = false
        }
        if clip == nil, let covered = plan.inner ?? (plan.plainWhole ? plan.outer : nil),
           let part = coveredPartOnTarget(q, covered: covered) {
            // Only its fully covered part reaches the target: one plain draw of that part.
            plan.outer = part.rect
            plan.inner = nil
            plan.plainWhole = true
            plan.smooth = false
            plan.opaque = opaqueFill
            plan.nearest = false
            plan.magnified = true
            plan.needsMipmaps = false
            // Texels across the target along either axis: under 1/512 (or a colour), one
            // sample stands for them all, within the 8 bits of a pixel.
            var span = 0.0
            if let t = texels, contentRect.width > 0, contentRect.height > 0 {
                span = max(part.rect.width / contentRect.width * textureRect.width * Double(t.width),
                           part.rect.height / contentRect.height * textureRect.height * Double(t.height))
            }
            if span < 1.0 / 512 || !(part.rect.width > 0 && part.rect.height > 0) {
                let c = part.rect.center
                let uv = Point(textureRect.minX + (c.x - contentRect.minX) / contentRect.width * textureRect.width,
                               textureRect.minY + (c.y - contentRect.minY) / contentRect.height * textureRect.height)
                plan.rebase = .target(part.target, uv: uv)
            } else {
                plan.rebase = .origin(Point(part.rect.minX, part.rect.minY), scale: Size(1, 1))
            }
        } else if clip == nil, opened.isEmpty, radius <= 0, plan.rebase == nil, !shaped, !sliced, isHuge(q) {
            // Huge along one axis only (a band 1e300 points long across the target): not
            // its covered part but its piece on the target, edges and all.
            guard let cut = pieceOnTarget(q, plan) else { return nil }
            plan = cut
        }
        if textured, q.minificationFilter != .trilinear || q.magnificationFilter != .linear {
            // The layer's own filters, through a sampler of their own; a mipmapped
            // minification filter needs the chain whatever the scale (else the texture is incomplete).
            plan.filters = QuadPlan.Filters(minification: q.minificationFilter, magnification: q.magnificationFilter)
            plan.magnified = false
            plan.needsMipmaps = q.minificationFilter == .trilinear && !(texels?.mipmapped ?? true)
        }
        return plan
    }

    /// For a square-cornered quad too large for float32 (`isHuge`) planned as `plan`: the
    /// plan cut to the part of its bounds space on the target, rebased at that part's corner
    /// (`Rebase.origin`) so the GPU sees coordinates of the target's size. The drawn
    /// rectangle, interior and content rectangle are cut to the preimage of the target
    /// grown by 4 pixels (the content's by 8), so every edge the cut makes lies off the
    /// target, past any antialiasing; the texture rectangle follows the content's, and the
    /// shader tests the content rectangle alone (`shapeIsContent`: with square corners the
    /// bounds add nothing to it), in units of a canvas point along both axes however the
    /// quad's axes scale (a point scaled by 1e9 along x keeps its antialiased top and
    /// bottom). nil when nothing of the quad is on the target; the plan unchanged when the
    /// preimage cannot be taken (behind the eye).
    package func pieceOnTarget(_ q: RenderQuad, _ plan: QuadPlan) -> QuadPlan? {
        guard let v = visible, let inverse = q.matrix.planeHomography.inverted(),
              let (sx, sy) = QuadPlanner.boundsScales(q), sx > 0, sy > 0 else { return plan }
        func preimage(grownBy pixels: Double) -> Rect? {
            let m = pixels / max(map.scale, 1e-300)
            var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
            for k in 0..<4 {
                let b = inverse.map(Point(k & 1 == 0 ? v.minX - m : v.maxX + m, k < 2 ? v.minY - m : v.maxY + m))
                guard b.w > 0, b.point.x.isFinite, b.point.y.isFinite else { return nil }
                x0 = min(x0, b.point.x); y0 = min(y0, b.point.y); x1 = max(x1, b.point.x); y1 = max(y1, b.point.y)
            }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard let near = preimage(grownBy: 4), let far = preimage(grownBy: 8) else { return plan }
        guard let outer = plan.outer.intersection(near), outer.width > 0, outer.height > 0,
              let content = plan.content.intersection(far), content.width > 0, content.height > 0 else { return nil }
        var cut = plan
        let cr = plan.content, tr = plan.texRect
        cut.texRect = Rect(x: tr.minX + (content.minX - cr.minX) / cr.width * tr.width,
                           y: tr.minY + (content.minY - cr.minY) / cr.height * tr.height,
                           width: content.width / cr.width * tr.width, height: content.height / cr.height * tr.height)
        cut.content = content
        cut.outer = outer
        cut.inner = plan.inner.flatMap { $0.intersection(outer) }.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        if cut.inner == nil, plan.inner != nil { cut.opaque = false }
        cut.shapeIsContent = true
        // Counted in canvas points along both axes: the shader's edge distance is the larger
        // of the two axes' in the units it is given, so in bounds units a far edge of an axis
        // squeezed 1e9 times would win over a near one of the other (the band's sides).
        let k = Size(1 / sx, 1 / sy)
        cut.rebase = .origin(Point(outer.minX, outer.minY), scale: k.width.isFinite && k.height.isFinite ? k : Size(1, 1))
        return cut
    }

    /// Projected extents (target pixels) past which float32 on the GPU cannot place a quad's
    /// corners precisely enough (a layer scaled by 1e12 drew half the frame black).
    package static let hugeExtentPixels = 65536.0

    /// Whether `q`'s projected box spans more than `hugeExtentPixels` (or cannot be
    /// measured: behind the eye, not finite). Such a quad is drawn exactly only when its
    /// plan is rebased (`coveredPartOnTarget`); otherwise the GPU may place it anywhere,
    /// or nowhere, so it must not hide (or own the edges of) what is drawn before it.
    package func isHuge(_ q: RenderQuad) -> Bool {
        guard q.isInFrontOfEye else { return true }
        let c = q.corners
        let box = Rect.bounding(c.0, c.1, c.2, c.3)
        return !(max(box.width, box.height) * map.scale <= QuadPlanner.hugeExtentPixels)
    }

    /// For a quad magnified so far that its projected box spans more than
    /// `hugeExtentPixels` while its fully covered part `covered` (bounds space) holds the
    /// whole target region grown by 2 pixels (`target`, canvas points): the part of
    /// `covered` that reaches it (`rect`, bounds space; empty when double precision cannot
    /// tell its corners apart); nil otherwise. Drawn as that rectangle, taken relative to
    /// its corner, or as the target itself (`QuadPlan.Rebase`), every coordinate the GPU
    /// sees is of the target's size: the same pixels as drawing the whole quad, where
    /// float32 would lose them.
    package func coveredPartOnTarget(_ q: RenderQuad, covered: Rect) -> (rect: Rect, target: Rect)? {
        guard q.isInFrontOfEye, let v = visible else { return nil }
        let c = q.corners
        let box = Rect.bounding(c.0, c.1, c.2, c.3)
        let extent = max(box.width, box.height) * map.scale
        guard !(extent <= QuadPlanner.hugeExtentPixels), let inverse = q.matrix.planeHomography.inverted() else { return nil }
        let m = 2 / max(map.scale, 1e-300)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for k in 0..<4 {
            let b = inverse.map(Point(k & 1 == 0 ? v.minX - m : v.maxX + m, k < 2 ? v.minY - m : v.maxY + m))
            guard b.w > 0, b.point.x.isFinite, b.point.y.isFinite else { return nil }
            x0 = min(x0, b.point.x); y0 = min(y0, b.point.y); x1 = max(x1, b.point.x); y1 = max(y1, b.point.y)
        }
        // The target's corners map inside `covered` (a convex region's corners inside a
        // rectangle put all of it inside, in a perspective in front of the eye too).
        guard x1 >= x0, y1 >= y0, x0 >= covered.minX, y0 >= covered.minY, x1 <= covered.maxX, y1 <= covered.maxY else {
            return nil
        }
        return (Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                Rect(x: v.minX - m, y: v.minY - m, width: v.width + 2 * m, height: v.height + 2 * m))
    }

    /// The content and texture rectangles cut down to the image's texels with alpha > 0,
    /// padded by the sampling footprint (bilinear + mip levels), so what is left out adds
    /// exactly nothing (premultiplied zero). nil: nothing visible. The mapping between the
    /// two rectangles is unchanged, so the drawn pixels are the same.
    package func trimToVisible(_ q: RenderQuad, _ v: TexelBox) -> (Rect, Rect)? {
        if v.x1 <= v.x0 || v.y1 <= v.y0 { return nil }
        let cr = q.contentRect, tr = q.textureRect
        // Texels per target pixel at the most compressed edge bounds the mip level used.
        guard let tpp = texelsPerPixel(q, v) else { return (cr, tr) }
        let pad = 2 + 4 * max(1, tpp)
        let w = Double(v.width), h = Double(v.height)
        let u0 = max(tr.minX, (Double(v.x0) - pad) / w), u1 = min(tr.maxX, (Double(v.x1) + pad) / w)
        let t0 = max(tr.minY, (Double(v.y0) - pad) / h), t1 = min(tr.maxY, (Double(v.y1) + pad) / h)
        if u1 <= u0 || t1 <= t0 { return nil }
        if u0 <= tr.minX && u1 >= tr.maxX && t0 <= tr.minY && t1 >= tr.maxY { return (cr, tr) }
        let x0 = cr.minX + (u0 - tr.minX) / tr.width * cr.width, x1 = cr.minX + (u1 - tr.minX) / tr.width * cr.width
        let y0 = cr.minY + (t0 - tr.minY) / tr.height * cr.height, y1 = cr.minY + (t1 - tr.minY) / tr.height * cr.height
        return (Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), Rect(x: u0, y: t0, width: u1 - u0, height: t1 - t0))
    }

    /// Texels per target pixel along the quad's most compressed edge (the largest of the two
    /// axes); nil when unknown (behind the eye, degenerate).
    package func texelsPerPixel(_ q: RenderQuad, _ v: TexelBox) -> Double? {
        let cr = q.contentRect, tr = q.textureRect
        guard tr.width > 0, tr.height > 0, cr.width > 0, cr.height > 0,
              let (sx, sy) = QuadPlanner.boundsScales(q) else { return nil }
        let pixelsPerPoint = min(sx, sy) * map.scale
        guard pixelsPerPoint > 1e-6 else { return nil }
        let texelsPerPoint = max(Double(v.width) * tr.width / cr.width, Double(v.height) * tr.height / cr.height)
        return texelsPerPoint / pixelsPerPoint
    }

    /// True when the quad's content edges fall exactly on target pixel boundaries (an
    /// unrotated, unscaled-by-perspective square-cornered quad): it needs no edge smoothing,
    /// which saves about 40% of the fragment cost of a full-screen quad on llvmpipe.
    package func isPixelAligned(_ q: RenderQuad) -> Bool {
        let m = q.matrix
        guard q.cornerRadius <= 0, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return false }
        let c = q.contentRect
        return QuadPlanner.isWhole((c.minX * m.m11 + m.m41) * map.scale + map.offsetX)
            && QuadPlanner.isWhole((c.maxX * m.m11 + m.m41) * map.scale + map.offsetX)
            && QuadPlanner.isWhole((c.minY * m.m22 + m.m42) * map.scale + map.offsetY)
            && QuadPlanner.isWhole((c.maxY * m.m22 + m.m42) * map.scale + map.offsetY)
    }

    /// True for a pixel-aligned quad (see `isPixelAligned`) whose texels map one to one,
    /// unflipped, onto target pixels with texel centres on pixel centres: bilinear
    /// filtering there reads exactly one texel, so nearest sampling draws the same pixels.
    package func isOneTexelPerPixel(_ q: RenderQuad, content cr: Rect, texRect tr: Rect, texels v: TexelBox) -> Bool {
        let m = q.matrix
        guard m.m11 > 0, m.m22 > 0, tr.width > 0, tr.height > 0 else { return false }
        let pixelsX = cr.width * m.m11 * map.scale, pixelsY = cr.height * m.m22 * map.scale
        let texelsX = tr.width * Double(v.width), texelsY = tr.height * Double(v.height)
        // Pixel edges of the (possibly trimmed) content and the texel they start at.
        let x0 = (cr.minX * m.m11 + m.m41) * map.scale + map.offsetX
        let y0 = (cr.minY * m.m22 + m.m42) * map.scale + map.offsetY
        return abs(pixelsX - texelsX) < 1e-3 && abs(pixelsY - texelsY) < 1e-3
            && QuadPlanner.isWhole(x0) && QuadPlanner.isWhole(y0)
            && QuadPlanner.isWhole(tr.minX * Double(v.width)) && QuadPlanner.isWhole(tr.minY * Double(v.height))
    }

    /// About 1.5 target pixels expressed in the quad's bounds units, at its most compressed
    /// edge; 0.75 for a quad along the canvas axes (`OcclusionHoles.isAxisAligned`).
    ///
    /// Why 0.75 is exact there: quad.frag's coverage is clamp(0.5 - d, 0, 1), d the signed
    /// distance to the shape in pixels. A square side's distance is its bounds-unit distance
    /// times its axis's pixels per unit, at least s (the smaller of the two axis scales); a
    /// rounded shape's is its bounds-unit distance over that distance's gradient, which
    /// changes by at most 1/s per pixel step along either screen axis, so at most sqrt(2)/s.
    /// A pixel centre 0.75/s or more inside (outside) the edge therefore has coverage exactly
    /// 1 (0), which is what the plain interior draws there (what not drawing it adds): the
    /// narrower ring draws the same pixels as the wider one, with about half its fragments
    /// through the coverage shader.
    /// Under rotation, shear or perspective the scale varies along an edge: 1.5 keeps room.
    package func edgeMargin(_ q: RenderQuad) -> Double {
        let m = marginInBoundsUnits(q)
        return m > 0 ? min(m, 0.25 * min(q.size.width, q.size.height) + 1) : 0
    }

    /// About 1.5 target pixels (0.75 along the canvas axes) in `q`'s bounds units at its
    /// most compressed edge, uncapped; 0 when unknown (behind the eye, degenerate).
    private func marginInBoundsUnits(_ q: RenderQuad) -> Double {
        guard let (sx, sy) = QuadPlanner.boundsScales(q) else { return 0 }
        let pixelsPerPoint = min(sx, sy) * map.scale
        guard pixelsPerPoint > 0 else { return 0 }
        let pixels = OcclusionHoles.isAxisAligned(q) ? axisAlignedMarginPixels : 1.5
        return pixels / pixelsPerPoint
    }

    /// Canvas points per bounds unit along each of `q`'s axes, at the shorter of the two
    /// edges along it (the most compressed); nil behind the eye or for an empty size.
    package static func boundsScales(_ q: RenderQuad) -> (x: Double, y: Double)? {
        guard q.isInFrontOfEye, q.size.width > 0, q.size.height > 0 else { return nil }
        let c = q.corners
        return (min(c.1.distance(to: c.0), c.2.distance(to: c.3)) / q.size.width,
                min(c.3.distance(to: c.0), c.2.distance(to: c.1)) / q.size.height)
    }

    /// The antialiasing margin of analytic clip `c` on quad `q`, in the clip's bounds units:
    /// a pixel centre that far inside (outside) the clip's edge has clip coverage exactly 1
    /// (0) in quad.frag, by `edgeMargin`'s argument (the clip's distance, in its own units,
    /// changes by at most |scale| / s per pixel step, s the quad's pixels per bounds unit).
    /// Not capped by the quad's size, unlike `edgeMargin`: the clip is not the quad.
    package func clipMargin(_ q: RenderQuad, _ c: AnalyticClip) -> Double {
        marginInBoundsUnits(q) * max(abs(c.scaleX), abs(c.scaleY))
    }

    /// Within 1/1000 of a whole number (finite).
    @inline(__always)
    package static func isWhole(_ v: Double) -> Bool { v.isFinite && abs(v - v.rounded()) < 1e-3 }
}
