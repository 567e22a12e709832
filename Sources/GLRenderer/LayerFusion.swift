// Which consecutive quads are composited in one pass (Shaders/fused.frag), pure Swift:
// the screen homography of a quad and its inverse, the quad's box in target pixels, and
// the rule that grows a run of stacked layers.
//
// Does NOT: call GL, look up textures, or decide a quad's own draws (QuadPlanner does);
// it never sees clip pushes or pops, groups or the depth pre-pass: the caller ends a run
// at every clip push (and windows end at pops and groups), so every layer of a run tests
// the same stencil and lies in the same group.

import LayerMath
import Layers

/// The fusion decision for runs of stacked layers (docs/performance.md).
///
/// A run is a sequence of consecutive quads of one window (no clip push between them;
/// quads that draw nothing are skipped and do not end it) drawn as one screen-aligned
/// rectangle, the run's box, in which the fused shader composites every layer "over" the
/// one below and blends once into the target. The result equals blending each layer in
/// turn (premultiplied "over" is associative) except for the 8-bit rounding between passes.
enum LayerFusion {
    /// Layers one fused draw holds at most (texture units and uniform arrays of fused.frag).
    static let maxLayers = 8
    /// A run's box may grow to at most this multiple of its bottom layer's box: the fused
    /// shader evaluates every layer at every pixel of the box, so layers that stick out
    /// far would shade more pixels than they save.
    static let maxGrowth = 1.2

    /// Whether a quad planned as `plan` may be part of a run.
    ///
    /// Only pixel-aligned square quads (`plainWhole`) fuse: where antialiased edges of
    /// several translucent layers overlap (tilted or rounded layers), the 8-bit rounding
    /// of one blend per layer and of one fused blend differ by up to 2/255 (measured on
    /// a tilted card of four layers), beyond the 1/255 the renderer allows. With the depth
    /// pre-pass (`depthPrePass`) an opaque quad is drawn on its own: its covered part is
    /// already drawn and hides the pixels behind it from the early depth test, which a
    /// fused draw shading every layer of its box would give away (measured 3-4x slower).
    static func mayFuse(_ plan: QuadPlan, inFrontOfEye: Bool, depthPrePass: Bool) -> Bool {
        inFrontOfEye && plan.plainWhole && plan.rebase == nil && plan.filters == nil && !(depthPrePass && plan.opaque)
    }

    /// Bounds space of `matrix` (row vectors, CA order) to target pixels in gl_FragCoord
    /// space (origin at the bottom left) for a viewport of `width` x `height` pixels at
    /// (`originX`, `originY`), through `projection` (canvas points to clip space).
    static func screenHomography(_ matrix: Transform3D, projection: Transform3D,
                                 originX: Double, originY: Double, width: Double, height: Double) -> Homography2D {
        let a = (matrix * projection).planeHomography
        // (X, Y, W) -> (X w/2 + W (w/2 + ox), Y h/2 + W (h/2 + oy), W): the viewport transform.
        let sx = width / 2, sy = height / 2, tx = width / 2 + originX, ty = height / 2 + originY
        return Homography2D(a.a * sx + a.c * tx, a.b * sy + a.c * ty, a.c,
                            a.d * sx + a.f * tx, a.e * sy + a.f * ty, a.f,
                            a.g * sx + a.i * tx, a.h * sy + a.i * ty, a.i)
    }

    /// The box in target pixels of `rect` (bounds space) under `screen`, cut to `viewport`;
    /// nil when a corner lies behind the eye or off the finite range, or the box is empty.
    static func pixelBox(_ rect: Rect, screen: Homography2D, viewport: Rect) -> Rect? {
        let p0 = screen.map(Point(rect.minX, rect.minY)), p1 = screen.map(Point(rect.maxX, rect.minY))
        let p2 = screen.map(Point(rect.maxX, rect.maxY)), p3 = screen.map(Point(rect.minX, rect.maxY))
        guard p0.w > 0, p1.w > 0, p2.w > 0, p3.w > 0,
              p0.point.isFinite, p1.point.isFinite, p2.point.isFinite, p3.point.isFinite else { return nil }
        let box = Rect.bounding(p0.point, p1.point, p2.point, p3.point)
        // Whole pixels, outwards: the rasterised rectangle then covers every touched pixel.
        // An edge within 1/1000 of a pixel boundary is on it (float error must not add a
        // row: a fully covered layer fills its box without a coverage test).
        func snap(_ v: Double) -> Double { QuadPlanner.isWhole(v) ? v.rounded() : v }
        let x0 = snap(box.minX).rounded(.down), y0 = snap(box.minY).rounded(.down)
        let x1 = snap(box.maxX).rounded(.up), y1 = snap(box.maxY).rounded(.up)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(viewport)
    }

    /// A run being grown: its bottom layer's box, the union of its layers' boxes, its length.
    struct Run: Equatable {
        /// The box of the run's first (bottom) layer, in target pixels.
        private(set) var bottom: Rect
        /// The union of every layer's box: the rectangle the fused draw covers.
        private(set) var box: Rect
        /// Layers in the run.
        private(set) var count = 1
        /// The most layers the run may hold (2...`maxLayers`).
        let limit: Int

        /// A run of one layer whose box is `box`, of at most `limit` layers.
        init(_ box: Rect, limit: Int = LayerFusion.maxLayers) {
            bottom = box
            self.box = box
            self.limit = max(1, min(limit, LayerFusion.maxLayers))
        }

        /// Whether a layer with box `box`, drawn next, may join: the run holds fewer than
        /// `limit` layers, the layer overlaps the run's box, and the union of the boxes stays
        /// within `maxGrowth` times the bottom layer's box area.
        func accepts(_ box: Rect) -> Bool {
            guard count < limit, box.intersects(self.box) else { return false }
            let u = self.box.union(box)
            return u.width * u.height <= LayerFusion.maxGrowth * bottom.width * bottom.height
        }

        /// Adds a layer that `accepts` allowed.
        mutating func add(_ box: Rect) {
            self.box = self.box.union(box)
            count += 1
        }
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ o: Rect) -> Rect {
        let x0 = Swift.min(minX, o.minX), y0 = Swift.min(minY, o.minY)
        let x1 = Swift.max(maxX, o.maxX), y1 = Swift.max(maxY, o.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
