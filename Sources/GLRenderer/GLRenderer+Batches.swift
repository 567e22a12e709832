// Queued draws: every quad part, group image and clip shape is queued with its key, its
// pixel box and its instance record (`BatchQueue`); `flushBatches` hands the batches to
// the GL side (Backend/GLRenderer+Backend.swift), one instanced draw call per batch.
//
// The queue is drawn (flushed) before anything else touches GL state that queued draws
// depend on: a clip shape, the pre-pass's depth and blend switches, a texture
// upload or mip build, the end of a command range (a framebuffer switch follows).
//
// Does NOT: decide what a quad draws (QuadPlanner), which draws share a call (DrawBatcher),
// or set GL state (the backend side does).

import CGL
import LayerMath
import Layers
import RenderPlan

extension GLRenderer {
    /// The stencil test of a quad drawn at the current clip depth.
    var currentStencilTest: StencilMode { stencilDepth == 0 ? .off : .test(depth: stencilDepth) }

    /// Queues one draw; it reaches GL at the next `flushBatches`.
    func queueDraw(_ key: DrawKey, box: DrawBox, _ v: InstanceValues) {
        if batches.isFull { flushBatches() }
        batches.queue(key, box: box, v, projection: projection)
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
    func queueQuadPart(_ q: RenderQuad, _ p: QuadPlan, covered: Bool, depth: Float, stencil: StencilMode,
                       around hole: Rect? = nil, piece: Rect? = nil, tint: OverlayTint = .none) {
        let program = covered ? plainProgram(p) : coverageProgram(q, clip: p.clip)
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
        var key = DrawKey(program: program, geometry: geometry, stencil: stencil, scissor: clipScissorBox(q.clipIndex))
        if !p.texture.isNone {
            key.texture = p.texture
            key.sampler = p.nearest && program == .plainTextured ? .nearest
                        : p.filters.map { .filters($0.samplerIndex) } ?? (p.magnified ? .linear : .own)
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
        queueDraw(key, box: box, InstanceValues(quad: q, plan: p, model: model, outer: outer, fill: fill, content: content,
                                                texRect: texRect, colorScale: k, depth: depth, tint: tint))
    }

    /// The coverage program of quad `q` with analytic clip `clip`: a sliced image's, a
    /// border's, a blurred shadow's, or the general one (an unblurred shadow is the plain
    /// rounded shape); their CONTINUOUS variants where its or its clip's corners are continuous.
    @inline(__always)
    func coverageProgram(_ q: RenderQuad, clip: AnalyticClip?) -> DrawProgram {
        let continuous = q.needsContinuousCorners(clip: clip)
        if q.nineSlice != nil { return continuous ? .continuousNineSlice : .nineSlice }
        switch q.part {
        case .border: return continuous ? .continuousBorder : .border
        case .shadow(let sigma, _) where sigma > 0: return q.cornerRadius > 2.5 * sigma ? .sharpShadow : .shadow
        default: return continuous ? .continuousQuad : .quad
        }
    }

    /// Draws every queued draw, batch by batch, and empties the queue (the batches reach GL
    /// through this renderer's `RenderBackend` side).
    func flushBatches() {
        guard batches.drawCount > 0 else { return }
        stats.instances += batches.drawCount
        batches.flush(into: self)
    }
}
