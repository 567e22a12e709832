import GLRenderer
@testable import RenderPlan
import XCTest

/// The front-to-back opaque pre-pass (`GLRenderer.reorderOpaque`, off by default since it
/// measured slower) still draws the painter's result: the same pixels with it and without
/// it, on scenes where it runs (stacked opaque card layers over shadows, rows over a page).
/// The painter's result here is every quad drawn whole (no occlusion holes, which may move
/// a textured quad in perspective by 1/255: OcclusionHolesTests) and every edge antialiased
/// on its own: the pre-pass draws interiors before it knows which edges are shared, so
/// it leaves shared edges closed (SharedEdges).
final class OpaquePrePassRenderTests: XCTestCase {
    func testPrePassDrawsThePaintersPixelsOnTheBuiltInScenes() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.reorderOpaque = false; h.renderer.cutsOccludedParts = true; h.renderer.joinsSharedEdges = true }
        h.renderer.cutsOccludedParts = false
        h.renderer.joinsSharedEdges = false
        for name in ["grid", "button", "header", "showcase"] {
            let frame = try BuiltInSceneFrame(name, at: 0.35, pressRight: true)
            h.renderer.reorderOpaque = true
            let withPrePass = try frame.draw()
            let calls = h.renderer.stats.drawCalls
            XCTAssertTrue(h.renderer.stats.depthPrePass, "\(name): opaque parts hide a fifth of the canvas")
            h.renderer.reorderOpaque = false
            XCTAssertTrue(withPrePass == (try frame.draw()), name)   // not XCTAssertEqual: it would print both frames
            XCTAssertFalse(h.renderer.stats.depthPrePass, name)
            XCTAssertGreaterThan(calls, 0, name)
        }
    }
}
