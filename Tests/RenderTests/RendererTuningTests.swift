import GLRenderer
@testable import RenderPlan
import XCTest

/// The renderer's measurement switches, set by name as `parallax-bench --set NAME=0|1` does.
final class RendererTuningTests: XCTestCase {
    func testDefaultsAreTheShippedTechniques() {
        let t = RendererTuning()
        XCTAssertFalse(t.reorderOpaque)
        XCTAssertTrue(t.cutsOccludedParts && t.foldsOverlays && t.cutsUnderOpaqueTexels && t.warmsUpShaderVariants)
        XCTAssertTrue(t.scissorClips && t.analyticClips && t.softClips && t.joinsSharedEdges)
        XCTAssertEqual(t.wholeRedrawFraction, 0.4)
    }

    func testEveryNamedSwitchTurnsOffAndOnAgain() {
        for entry in RendererTuning.switches {
            var t = RendererTuning()
            XCTAssertEqual(t.set("\(entry.name)=0"), false, entry.name)
            XCTAssertFalse(t[keyPath: entry.keyPath], entry.name)
            XCTAssertEqual(t.set("\(entry.name)=1"), true, entry.name)
            XCTAssertTrue(t[keyPath: entry.keyPath], entry.name)
        }
    }

    func testUnknownNamesMissingValuesAndOtherValuesAreRefusedAndChangeNothing() {
        for bad in ["", "=", "softClips", "softClips=", "softClips=2", "softClips=true", "SoftClips=0", "fuseLayers=1",
                    "softClips=0=1", "=0"] {
            var t = RendererTuning()
            XCTAssertNil(t.set(bad), bad)
            XCTAssertEqual(t, RendererTuning(), bad)
        }
    }

    /// The renderer takes the switches from its options (the one place they are set).
    func testTheRendererStartsWithItsOptionsSwitches() throws {
        do { _ = try RenderHarness.shared() } catch { return XCTFail("needs a GL context: \(error)") }
        var options = GLRenderer.Options()
        options.tuning.softClips = false
        options.tuning.reorderOpaque = true
        options.tuning.wholeRedrawFraction = 0.25
        let renderer = try GLRenderer(options: options)
        XCTAssertFalse(renderer.softClips)
        XCTAssertTrue(renderer.reorderOpaque)
        XCTAssertEqual(renderer.wholeRedrawFraction, 0.25)
        XCTAssertTrue(renderer.analyticClips)
    }
}
