@testable import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// The byte budget of group opacity images: groups are granted their offscreen images in
/// drawing order while the budget lasts; later ones are drawn flattened, their pieces with
/// the group's opacity multiplied in, as with allowsGroupOpacity off. Expected values over
/// black, premultiplied: a group at 0.5 shows its top piece alone, 0.5 of 255 = 127.5 (128
/// within 1); flattened, 0.5 blue over 0.5 red is r = 127.5 * 0.5 = 63.75, b = 127.5.
final class GroupBudgetTests: XCTestCase {
    /// Red and blue 60x60 squares overlapping by 30 inside a half-transparent parent at `x`.
    func overlappingPair(_ name: String, x: Double) -> Layer {
        let parent = Layer(name: name, bounds: Size(100, 100), position: Point(x + 50, 100))
        parent.opacity = 0.5
        parent.addSublayer(fill(name + "/red", Color(1, 0, 0), 0, 0, 60, 60))
        parent.addSublayer(fill(name + "/blue", Color(0, 0, 1), 30, 30, 60, 60))
        return parent
    }

    /// The first pair's box is 50...140 x 50...140, 94 pixels a side with the 2-pixel margins,
    /// a 128x128 framebuffer of 8 bytes a pixel: a budget of exactly that keeps the first group.
    func testGroupPastTheByteBudgetIsDrawnFlattened() throws {
        let h = try RenderHarness.shared()
        let budget = h.renderer.groupBudget
        defer { h.renderer.groupBudget = budget }
        h.renderer.groupBudget.bytes = 128 * 128 * 8
        let image = try h.render([overlappingPair("first", x: 50), overlappingPair("second", x: 250)],
                                 canvas: Size(400, 200), dump: "groupBudget")
        assertPixel(image, 100, 100, (0, 0, 128, 255), tolerance: 1, "first group: blue only, at 0.5")
        assertPixel(image, 300, 100, (64, 0, 128, 255), tolerance: 1, "second, flattened: blue 0.5 over red 0.5")
        assertPixel(image, 260, 60, (128, 0, 0, 255), tolerance: 1, "second: red only")
        assertPixel(image, 330, 130, (0, 0, 128, 255), tolerance: 1, "second: blue only")
        XCTAssertEqual(h.renderer.stats.groups, 1)
    }

    /// A nested group inside a flattened one is composited with both opacities: inner (0.5)
    /// inside outer (0.5, flattened by a budget of 0) draws blue 0.25 over red 0.25: r = 63.75 * 0.75, b = 63.75.
    func testGroupInsideAFlattenedGroupCarriesBothOpacities() throws {
        let h = try RenderHarness.shared()
        let budget = h.renderer.groupBudget
        defer { h.renderer.groupBudget = budget }
        h.renderer.groupBudget.bytes = 0
        let outer = Layer(name: "outer", bounds: Size(200, 200), position: Point(100, 100))
        outer.opacity = 0.5
        outer.addSublayer(fill("dot", Color(0, 1, 0), 0, 0, 10, 10))
        outer.addSublayer(overlappingPair("inner", x: 50))
        let image = try h.render([outer], canvas: Size(200, 200), dump: "groupBudgetNested")
        assertPixel(image, 100, 100, (48, 0, 64, 255), tolerance: 1, "both flattened: blue 0.25 over red 0.25")
        assertPixel(image, 5, 5, (0, 128, 0, 255), tolerance: 1, "the outer group's own piece at 0.5")
        XCTAssertEqual(h.renderer.stats.groups, 0)
    }

    /// Three hundred sibling groups over the whole canvas under a budget of three images:
    /// three framebuffers are drawn into; the pool holds those and at most its spares.
    func testManySiblingGroupsHoldNoMoreFramebuffersThanTheBudget() throws {
        let h = try RenderHarness.shared()
        let budget = h.renderer.groupBudget
        defer { h.renderer.groupBudget = budget }
        // 200x200 canvas: each box is 204 pixels cut to 200, a 256x256 framebuffer.
        h.renderer.groupBudget.bytes = 3 * 256 * 256 * 8
        let layers = (0..<300).map { i -> Layer in
            let l = fill("g\(i)", Color(1, 0, 0), 0, 0, 200, 200)
            l.opacity = 0.5
            l.addSublayer(fill("g\(i)/dot", Color(0, 0, 1), 0, 0, 10, 10))
            return l
        }
        _ = try h.render(layers, canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 3)
        XCTAssertLessThanOrEqual(h.renderer.groupPool.count, 3 + GroupFramebufferPool.maximumSpares)
    }

    /// Sixty nested groups over the whole canvas under a budget of three images: the three
    /// outermost are drawn offscreen, the fifty-seven inside them flattened; the pool holds
    /// no more than three framebuffers and its spares, whatever the depth.
    func testDeeplyNestedGroupsHoldNoMoreFramebuffersThanTheBudget() throws {
        let h = try RenderHarness.shared()
        let budget = h.renderer.groupBudget
        defer { h.renderer.groupBudget = budget }
        h.renderer.groupBudget.bytes = 3 * 256 * 256 * 8
        let outer = fill("n0", Color(1, 0, 0), 0, 0, 200, 200)
        var parent = outer
        for depth in 1..<60 {
            let child = fill("n\(depth)", Color(1, 0, 0), 0, 0, 200, 200)
            child.opacity = 0.9
            parent.addSublayer(fill("n\(depth)/dot", Color(0, 0, 1), 0, 0, 10, 10))
            parent.addSublayer(child)
            parent = child
        }
        outer.opacity = 0.9
        _ = try h.render([outer], canvas: Size(200, 200))
        XCTAssertEqual(h.renderer.stats.groups, 3)
        XCTAssertLessThanOrEqual(h.renderer.groupPool.count, 3 + GroupFramebufferPool.maximumSpares)
    }
}
