@testable import GLRenderer
import LayerMath
import Layers
import XCTest

/// Clips applied as scissor boxes and tested in the quad shader draw the pixels their
/// stencil shapes draw (ClipLoweringTests, in RenderPlanTests, checks the boxes and maps).
final class ScissorClipRenderTests: XCTestCase {
    /// Renders with scissor clips and with stencil clips; returns both and the stats of each.
    func renderBoth(_ layers: [Layer], canvas: Size, width: Int? = nil, height: Int? = nil) throws
        -> (scissor: [UInt8], stencil: [UInt8], scissorStats: FrameStats, stencilStats: FrameStats) {
        let h = try RenderHarness.shared()
        defer { h.renderer.scissorClips = true; h.renderer.analyticClips = true; h.renderer.softClips = true }
        // Hard analytic clips: the stencil shape's pixels (soft ones are SoftClipTests').
        h.renderer.softClips = false
        h.renderer.scissorClips = true
        h.renderer.analyticClips = true
        let a = try h.render(layers, canvas: canvas, width: width, height: height)
        let sa = h.renderer.stats
        h.renderer.scissorClips = false
        h.renderer.analyticClips = false
        let b = try h.render(layers, canvas: canvas, width: width, height: height)
        return (a.pixels, b.pixels, sa, h.renderer.stats)
    }

    /// Nested square clips at fractional positions (a third of a point at 1.5x lands edges
    /// on half pixels and between), a rounded clip inside them, a group inside a square
    /// clip, a rotated child: the same pixels, no clip pass for the square ones.
    func testMixedClipsDrawTheSamePixelsAsStencilShapes() throws {
        let outer = Layer(name: "outer", bounds: Size(120.33, 90.67), position: Point(80.5, 60.25))
        outer.masksToBounds = true
        outer.contents = .color(Color(0.1, 0.2, 0.9, 1))
        let inner = Layer(name: "inner", bounds: Size(70.2, 50.9), position: Point(70.1, 40.3))
        inner.masksToBounds = true
        let wide = Layer(name: "wide", bounds: Size(300, 40), position: Point(20, 25))
        wide.contents = .color(Color(1, 0.5, 0, 0.8))
        wide.transform = .rotation(0.2, 0, 0, 1)
        inner.addSublayer(wide)
        let rounded = Layer(name: "rounded", bounds: Size(40, 30), position: Point(30, 70))
        rounded.masksToBounds = true
        rounded.cornerRadius = 9
        let fill = Layer(name: "fill", bounds: Size(80, 80), position: Point(20, 15))
        fill.contents = .color(Color(0, 1, 0, 1))
        rounded.addSublayer(fill)
        outer.addSublayer(inner)
        outer.addSublayer(rounded)
        let group = Layer(name: "group", bounds: Size(60, 60), position: Point(170, 120))
        group.masksToBounds = true
        group.opacity = 0.6
        let a = Layer(name: "a", bounds: Size(80, 40), position: Point(30, 30))
        a.contents = .color(Color(1, 0, 0, 1))
        let b = Layer(name: "b", bounds: Size(40, 80), position: Point(40, 30))
        b.contents = .color(Color(0, 0, 1, 1))
        group.addSublayer(a)
        group.addSublayer(b)
        let r = try renderBoth([outer, group], canvas: Size(220, 160), width: 330, height: 240)
        XCTAssertEqual(r.scissor, r.stencil)
        XCTAssertEqual(r.scissorStats.clipPasses, 0, "square clips are scissor boxes, the rounded one analytic")
        XCTAssertEqual(r.scissorStats.analyticClips, 1)
        XCTAssertEqual(r.stencilStats.clipPasses, 8)
        XCTAssertEqual(r.scissorStats.scissorClips, 3)
        XCTAssertEqual(r.scissorStats.groups, 1)
    }

    /// The built-in carousel (its frame clips the items), scroll header, grid, button and
    /// home screen (rounded cards clipping their layers, tilted when focused): the same
    /// pixels with scissor and hard analytic clips as with stencil shapes (within 1/255
    /// where a clip is analytic). Soft clip edges differ from the stencil's by design
    /// (SoftClipTests).
    func testBuiltInScenesDrawTheSamePixelsWithScissorClips() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.scissorClips = true; h.renderer.analyticClips = true; h.renderer.softClips = true }
        h.renderer.softClips = false
        for name in ["carousel", "header", "grid", "button", "showcase"] {
            let frame = try BuiltInSceneFrame(name, at: 0.4)
            let w = frame.framebuffer.width, ht = frame.framebuffer.height
            h.renderer.scissorClips = true
            h.renderer.analyticClips = true
            let scissor = try frame.draw()
            let passes = h.renderer.stats.clipPasses
            let skipped = h.renderer.stats.scissorClips + h.renderer.stats.analyticClips
            let analyticCount = h.renderer.stats.analyticClips
            XCTAssertGreaterThan(skipped, 0, "\(name): some clip leaves the stencil")
            print("ClipLoweringTests: \(name): \(h.renderer.stats.scissorClips) scissor, \(h.renderer.stats.analyticClips) analytic, \(passes) clip passes")
            h.renderer.scissorClips = false
            h.renderer.analyticClips = false
            let stencil = try frame.draw()
            var differing = 0, largest = 0, at = -1
            for k in 0..<scissor.count where scissor[k] != stencil[k] {
                differing += 1
                let d = abs(Int(scissor[k]) - Int(stencil[k]))
                if d > largest { largest = d; at = k / 4 }
            }
            print("ClipLoweringTests: \(name): \(differing) channels differ, largest \(largest) at pixel (\(at % w), \(at / w)) of \(w)x\(ht)")
            // Scissor boxes keep exactly the stencil's pixels; an analytic clip cuts the drawn
            // rectangle to the clip, which moves triangle edges and so the interpolation's
            // rounding: texture coordinates differ in the last bits, colours by at most 1/255.
            XCTAssertLessThanOrEqual(largest, analyticCount > 0 ? 1 : 0, name)
            XCTAssertLessThanOrEqual(passes, h.renderer.stats.clipPasses, name)
        }
    }
}
