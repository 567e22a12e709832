// Queued draws in GL: every quad part, group image and clip shape is queued with its key,
// its pixel box and its instance record; `flushBatches` uploads the records in drawing
// order and issues one glDrawArraysInstanced per batch (DrawBatcher decides the batches),
// setting per batch only what its key changes (program, texture, sampler, stencil,
// scissor, the coverage program's two flags); the batch's first record is its base instance.
//
// The queue is drawn (flushed) before anything else touches GL state that queued draws
// depend on: a clip shape, the pre-pass's depth and blend switches, a texture
// upload or mip build, the end of a command range (a framebuffer switch follows).
//
// Does NOT: decide what a quad draws (QuadPlanner) or which draws share a call (DrawBatcher).

import CGL
import LayerMath
import Layers

/// What one queued draw's instance record holds (quad.vert lists the layout).
struct InstanceValues {
    /// Bounds space to canvas points (homogeneous); the projection is multiplied in.
    var model: Transform3D
    /// The drawn rectangle (the ring's outer edge), and the rectangle drawn alone (the
    /// ring's inner edge).
    var outer: Rect, fill: Rect
    var content: Rect, texRect: Rect
    /// Premultiplied colour (the opacity in every channel for an image).
    var r: Float, g: Float, b: Float, a: Float
    /// The shape: bounds size and corner radius.
    var size: Size, radius: Double
    /// NDC depth (painter's order).
    var depth: Float
    /// The quad's clip tested in the coverage shader (`AnalyticClip`); nil: none.
    var clip: AnalyticClip? = nil
    /// The clip's edge is antialiased (`QuadPlan.softClip`), and where in its band a later
    /// opaque quad covers this one (`QuadPlan.clipCover`).
    var softClip = false
    var clipCover: Rect? = nil
    /// The quad's open sides (`QuadPlan.openSides`), and whether its content rectangle is
    /// its whole shape (`QuadPlan.shapeIsContent`).
    var openSides: QuadSides = []
    var shapeIsContent = false
    /// The colour layer folded over the quad (`OverlayFolding`); in a covered part the
    /// colour above is then already scaled by 1 - its alpha.
    var tint = OverlayTint.none
    /// A border's or a shadow's shape (`LayerPart`); `.own` otherwise.
    var part = LayerPart.own
    /// The shape's corners left square (`CornerMask.squareBits`).
    var squareCorners = 0
    /// The shape's corners are continuous (`CornerCurve`).
    var continuousCorners = false
    /// A sliced image's bands (`RenderQuad.nineSlice`), in the record's decor and tint.
    var nineSlice: NineSlice? = nil
}

extension GLRenderer {
    /// The stencil test of a quad drawn at the current clip depth.
    var currentStencilTest: GLStateCache.StencilMode { stencilDepth == 0 ? .off : .test(depth: stencilDepth) }

    /// Queues one draw; it reaches GL at the next `flushBatches`.
    func queueDraw(_ key: DrawKey, box: DrawBox, _ v: InstanceValues) {
        if instances.isFull { flushBatches() }
        batcher.add(key, box: box)
        writeRecord(instances.nextRecord(), v)
    }

    /// Queues one draw of plan `p` for quad `q` (see `QuadDraws`): `covered`, its fully
    /// covered part alone through the coverage-free program (the pre-pass, an interior, a
    /// plain whole rectangle); else through the coverage program, the ring around the
    /// interior or, without one, the whole rectangle.
    /// `hole` (not for the antialiased ring): draw the rectangle part as a ring around this
    /// hole, which later opaque quads hide (OcclusionHoles).
    /// `piece`: draw only this rectangle of that part (a seam of a stacked hole).
    /// `tint`: the colour layer folded over it (`OverlayFolding`): the covered part adds it,
    /// the coverage part blends it over its coverage in the shader.
    func queueQuadPart(_ q: RenderQuad, _ p: QuadPlan, covered: Bool, depth: Float, stencil: GLStateCache.StencilMode,
                       around hole: Rect? = nil, piece: Rect? = nil, tint: OverlayTint = .none) {
        let u = covered ? plainProgram(p) : coverageProgram(q, clip: p.clip)
        // The covered part is the interior when there is one, else the whole rectangle.
        var fill = p.inner ?? p.outer
        var outer = p.outer
        var geometry: DrawGeometry = covered || p.inner == nil ? .rect : .ring
        if let piece {
            fill = piece
            geometry = .rect
        } else if let hole {
            // The ring strip between the rectangle (its outer edge, computed as the quad's
            // own ring computes its inner edge) and the hole.
            outer = fill
            fill = hole
            geometry = .ring
        }
        var key = DrawKey(program: u.program, geometry: geometry, stencil: stencil, scissor: clipScissorBox(q.clipIndex))
        if p.texture != 0 {
            key.texture = p.texture
            key.sampler = p.nearest && u.program == plainTexturedProgram.program ? nearestSampler
                        : p.filters.map { filterSamplers[$0.samplerIndex] } ?? (p.magnified ? linearSampler : 0)
        }
        if !covered { key.smooth = p.smooth }
        if covered && p.opaque && opaqueWithoutBlending { key.blend = false }
        let boxRect = piece ?? (hole != nil ? outer : covered ? fill : p.outer)
        let box = DrawBox.of(boxRect, through: q.matrix, map: planner.map)
        var model = q.matrix, content = p.content, texRect = p.texRect
        switch p.rebase {
        case nil:
            break
        case .origin(let o, let k)?:
            // Coordinates relative to `o` in units of `k`, the model matrix moved and scaled
            // there (in double precision).
            model = Transform3D.scale(k.width, k.height) * .translation(o.x, o.y) * q.matrix
            func relative(_ r: Rect) -> Rect {
                Rect(x: (r.minX - o.x) / k.width, y: (r.minY - o.y) / k.height,
                     width: r.width / k.width, height: r.height / k.height)
            }
            (outer, fill, content) = (relative(outer), relative(fill), relative(content))
        case .target(let r, let uv)?:
            // The unit square onto the target's rectangle, one texture coordinate throughout.
            model = Transform3D.scale(r.width, r.height) * .translation(r.minX, r.minY)
            let unit = Rect(x: 0, y: 0, width: 1, height: 1)
            (outer, fill, content) = (unit, unit, unit)
            texRect = Rect(x: uv.x, y: uv.y, width: 0, height: 0)
        }
        // Under a folded colour layer the quad's own colour is scaled by 1 - its alpha.
        let k = covered ? 1 - tint.a : 1
        queueDraw(key, box: box, InstanceValues(model: model, outer: outer, fill: fill, content: content,
                                                texRect: texRect, r: p.r * k, g: p.g * k, b: p.b * k, a: p.a * k,
                                                size: q.size, radius: q.cornerRadius, depth: depth, clip: p.clip,
                                                softClip: p.softClip, clipCover: p.clipCover, openSides: p.openSides,
                                                shapeIsContent: p.shapeIsContent, tint: tint, part: q.part,
                                                squareCorners: q.maskedCorners.squareBits, continuousCorners: q.cornerCurve == .continuous,
                                                nineSlice: q.nineSlice))
    }

    /// The coverage program of quad `q` with analytic clip `clip`: a sliced image's, a
    /// border's, a blurred shadow's, or the general one (an unblurred shadow is the plain
    /// rounded shape); their CONTINUOUS variants where its or its clip's corners are continuous.
    @inline(__always)
    func coverageProgram(_ q: RenderQuad, clip: AnalyticClip?) -> ShaderProgram {
        let continuous = q.needsContinuousCorners(clip: clip)
        if q.nineSlice != nil { return continuous ? continuousPrograms.nineSlice : nineSliceProgram }
        switch q.part {
        case .border: return continuous ? continuousPrograms.border : borderProgram
        case .shadow(let sigma, _) where sigma > 0: return shadowProgram
        default: return continuous ? continuousPrograms.quad : quadProgram
        }
    }

    /// Draws every queued draw, batch by batch, and empties the queue.
    func flushBatches() {
        guard batcher.drawCount > 0 else { return }
        batcher.finish()
        let base = instances.upload(order: batcher.order)
        let starts = batcher.batchStarts
        for b in 0..<batcher.batchCount {
            let key = batcher.batchKeys[b]
            let u = shaderProgram(key.program)
            state.setStencil(key.stencil, stats: &stats)
            state.setBlend(key.blend, stats: &stats)
            applyScissor(key.scissor)
            state.useProgram(u.program, stats: &stats)
            if key.texture != 0 {
                state.bindTexture(key.texture, stats: &stats)
                state.bindSampler(key.sampler, stats: &stats)
            }
            if u.program == quadProgram.program {
                if key.smooth != antialiasUniform {
                    glUniform1i(u.antialias, key.smooth ? 1 : 0)
                    antialiasUniform = key.smooth
                }
                let textured = key.texture != 0
                if textured != texturedUniform {
                    glUniform1i(u.textured, textured ? 1 : 0)
                    texturedUniform = textured
                }
            } else if u.program == borderProgram.program || u.program == shadowProgram.program
                        || u.program == nineSliceProgram.program || continuousPrograms.program(named: u.program) != nil {
                // Borders, shadows, sliced images and continuous corners are few: their
                // uniforms are set with each batch.
                glUniform1i(u.antialias, key.smooth ? 1 : 0)
                glUniform1i(u.textured, u.program == continuousPrograms.quad.program && key.texture != 0 ? 1 : 0)
            }
            let count = starts[b + 1] - starts[b]
            switch key.geometry {
            case .rect: instances.draw(first: 4, count: 4, instances: count, base: base + starts[b])
            case .ring: instances.draw(first: 8, count: 10, instances: count, base: base + starts[b])
            }
            stats.drawCalls += 1
        }
        stats.instances += batcher.drawCount
        batcher.reset()
    }

    /// The program linked as `name` among the quad and clip programs (the counting variants
    /// while counting).
    private func shaderProgram(_ name: GLuint) -> ShaderProgram {
        if name == quadProgram.program { return quadProgram }
        if name == borderProgram.program { return borderProgram }
        if name == shadowProgram.program { return shadowProgram }
        if name == nineSliceProgram.program { return nineSliceProgram }
        if let p = continuousPrograms.program(named: name) { return p }
        if name == plainTexturedProgram.program { return plainTexturedProgram }
        if name == plainColorProgram.program { return plainColorProgram }
        return clipProgram
    }

    /// Writes `v` as one record (quad.vert's layout): the matrix m * projection row by row
    /// (read as columns: transpose = GL_FALSE, docs/architecture.md), then the rectangles,
    /// the colour, the shape, the clip, the folded tint and the clip band's cover.
    private func writeRecord(_ p: UnsafeMutablePointer<Float>, _ v: InstanceValues) {
        let m = v.model * projection
        p[0] = Float(m.m11); p[1] = Float(m.m12); p[2] = Float(m.m13); p[3] = Float(m.m14)
        p[4] = Float(m.m21); p[5] = Float(m.m22); p[6] = Float(m.m23); p[7] = Float(m.m24)
        p[8] = Float(m.m31); p[9] = Float(m.m32); p[10] = Float(m.m33); p[11] = Float(m.m34)
        p[12] = Float(m.m41); p[13] = Float(m.m42); p[14] = Float(m.m43); p[15] = Float(m.m44)
        GLRenderer.put(v.outer, p + 16)
        GLRenderer.put(v.fill, p + 20)
        GLRenderer.put(v.content, p + 24)
        GLRenderer.put(v.texRect, p + 28)
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
