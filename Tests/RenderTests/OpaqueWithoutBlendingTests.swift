@testable import GLRenderer
import XCTest

/// Opaque fully covered parts are drawn with blending off: with source alpha exactly 1,
/// blending gives src + dst (1 - 1) = src, so the pixels are the same, without reading the
/// target. Compared with everything blended, on scenes with opaque cards and rows, with and
/// without the depth pre-pass (which draws only opaque parts).
final class OpaqueWithoutBlendingTests: XCTestCase {
    func testOpaquePartsDrawnWithoutBlendingGiveTheBlendedPixels() throws {
        let h = try RenderHarness.shared()
        defer { h.renderer.opaqueWithoutBlending = true; h.renderer.reorderOpaque = false }
        for name in ["carousel", "grid", "button", "header", "showcase"] {
            for prePass in [false, true] {
                let frame = try BuiltInSceneFrame(name, at: 0.3, pressRight: true)
                h.renderer.reorderOpaque = prePass
                h.renderer.opaqueWithoutBlending = true
                let replaced = try frame.draw()
                let switches = h.renderer.stats.blendChanges
                h.renderer.opaqueWithoutBlending = false
                XCTAssertTrue(replaced == (try frame.draw()), "\(name), pre-pass \(prePass)")   // not XCTAssertEqual: it would print both frames
                XCTAssertGreaterThan(switches, 0, "\(name): some opaque part was drawn without blending")
                XCTAssertLessThanOrEqual(h.renderer.stats.blendChanges, 1, "\(name): blended throughout")
            }
        }
    }
}
