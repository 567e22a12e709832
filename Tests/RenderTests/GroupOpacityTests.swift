import GLRenderer
import Images
import LayerMath
import Layers
import XCTest

/// Group opacity in pixels (CALayer.allowsGroupOpacity): a half-transparent layer and its
/// sublayers are composited as one image. Expected values over black, premultiplied,
/// blending GL_ONE, GL_ONE_MINUS_SRC_ALPHA: 0.5 of 255 is 127.5 (128 within 1); per layer,
/// 0.5 blue over 0.5 red is r = 127.5 * 0.5 = 63.75, b = 127.5.
final class GroupOpacityTests: XCTestCase {
    let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    /// Red 0...60 and blue 30...90 inside a 100x100 parent at 50...150.
    func overlappingPair(groupOpacity: Bool) -> Layer {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(100, 100))
        parent.opacity = 0.5
        parent.allowsGroupOpacity = groupOpacity
        parent.addSublayer(fill("red", Color(1, 0, 0), 0, 0, 60, 60))
        parent.addSublayer(fill("blue", Color(0, 0, 1), 30, 30, 60, 60))
        return parent
    }

    /// Where two opaque children overlap inside a half-transparent parent, the lower one
    /// does not show through: blue at 0.5, not blue over red.
    func testOverlappingOpaqueChildrenDoNotShowThroughEachOther() throws {
        let h = try RenderHarness.shared()
        let image = try h.render([overlappingPair(groupOpacity: true)], canvas: Size(200, 200), dump: "groupOverlap")
        assertPixel(image, 100, 100, (0, 0, 128, 255), tolerance: 1, "overlap: blue only, at 0.5")
        assertPixel(image, 60, 60, (128, 0, 0, 255), tolerance: 1, "red only")
        assertPixel(image, 130, 130, (0, 0, 128, 255), tolerance: 1, "blue only")
        assertPixel(image, 45, 45, black, tolerance: 0, "outside the group")
        XCTAssertEqual(h.renderer.stats.groups, 1)
    }

    /// allowsGroupOpacity = false keeps the per-layer behaviour: 0.5 blue over 0.5 red.
    func testPerLayerOpacityShowsTheLowerChildThrough() throws {
        let h = try RenderHarness.shared()
        let image = try h.render([overlappingPair(groupOpacity: false)], canvas: Size(200, 200), dump: "groupOffOverlap")
        assertPixel(image, 100, 100, (64, 0, 128, 255), tolerance: 1, "blue 0.5 over red 0.5")
        assertPixel(image, 60, 60, (128, 0, 0, 255), tolerance: 1, "red only")
        XCTAssertEqual(h.renderer.stats.groups, 0)
    }

    /// A parent's own background does not show through its opaque child: white 0.5 around
    /// a green child at 0.5 (per layer it would be green over grey: 63.75, 191.25, 63.75).
    func testParentBackgroundDoesNotShowThroughOpaqueChild() throws {
        let h = try RenderHarness.shared()
        let parent = fill("parent", .white, 50, 50, 100, 100)
        parent.opacity = 0.5
        parent.addSublayer(fill("green", Color(0, 1, 0), 25, 25, 50, 50))   // 75...125
        parent.addSublayer(fill("dot", Color(0, 1, 0), 0, 0, 10, 10))        // a second quad: not the fast path
        let image = try h.render([parent], canvas: Size(200, 200), dump: "groupBackground")
        assertPixel(image, 100, 100, (0, 128, 0, 255), tolerance: 1, "green only")
        assertPixel(image, 60, 100, (128, 128, 128, 255), tolerance: 1, "the parent's white at 0.5")
        parent.allowsGroupOpacity = false
        let perLayer = try h.render([parent], canvas: Size(200, 200))
        assertPixel(perLayer, 100, 100, (64, 191, 64, 255), tolerance: 1, "per layer: green over grey")
    }

    /// The group under a 3D transform (45 degrees about Y, perspective 500): the column through
    /// the centre keeps x = 100 and its y (w = 1 there); the half-widths are 50 cos 45 /
    /// (1 +- 50 sin 45 / 500) = 33.0 and 38.0, so x = 100 +- 40 is outside on both sides.
    func testGroupUnderA3DTransform() throws {
        let h = try RenderHarness.shared()
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(100, 100))
        parent.opacity = 0.5
        parent.transform = Transform3D.rotation(.pi / 4, 0, 1, 0) * .perspective(500)
        parent.addSublayer(fill("red", Color(1, 0, 0), 0, 0, 100, 100))
        parent.addSublayer(fill("blue", Color(0, 0, 1), 0, 0, 100, 60))
        let image = try h.render([parent], canvas: Size(200, 200), dump: "group3D")
        assertPixel(image, 100, 70, (0, 0, 128, 255), tolerance: 1, "blue band, centre column")
        assertPixel(image, 100, 130, (128, 0, 0, 255), tolerance: 1, "red only, centre column")
        assertPixel(image, 72, 70, (0, 0, 128, 255), tolerance: 1, "blue band, left of centre")
        assertPixel(image, 128, 70, (0, 0, 128, 255), tolerance: 1, "blue band, right of centre")
        assertPixel(image, 60, 100, black, tolerance: 0, "beyond the left edge")
        assertPixel(image, 140, 100, black, tolerance: 0, "beyond the right edge")
        parent.allowsGroupOpacity = false
        let perLayer = try h.render([parent], canvas: Size(200, 200))
        assertPixel(perLayer, 100, 70, (64, 0, 128, 255), tolerance: 1, "per layer: blue over red")
    }

    /// Nested groups multiply: a 0.5 group inside a 0.5 group shows its top child at 0.25
    /// (63.75) and hides the child under it.
    func testNestedGroupsMultiplyTheirOpacities() throws {
        let h = try RenderHarness.shared()
        let outer = Layer(name: "outer", bounds: Size(200, 200), position: Point(100, 100))
        outer.opacity = 0.5
        let inner = overlappingPair(groupOpacity: true)
        outer.addSublayer(inner)
        outer.addSublayer(fill("green", Color(0, 1, 0), 150, 150, 40, 40))
        let image = try h.render([outer], canvas: Size(200, 200), dump: "groupNested")
        assertPixel(image, 100, 100, (0, 0, 64, 255), tolerance: 1, "blue at 0.25, no red")
        assertPixel(image, 60, 60, (64, 0, 0, 255), tolerance: 1, "red at 0.25")
        assertPixel(image, 170, 170, (0, 128, 0, 255), tolerance: 1, "outer group's own child at 0.5")
        XCTAssertEqual(h.renderer.stats.groups, 2)
    }

    /// A group inside a clip is cut by it, and a clip inside the group (stencil counted from
    /// the group's image) still cuts the children.
    func testGroupInsideAClipWithAClipInside() throws {
        let h = try RenderHarness.shared()
        let outerClip = Layer(name: "outerClip", bounds: Size(120, 200), position: Point(60, 100))   // x 0...120
        outerClip.masksToBounds = true
        let group = Layer(name: "group", bounds: Size(200, 200), position: Point(100, 100))
        group.opacity = 0.5
        let innerClip = Layer(name: "innerClip", bounds: Size(200, 100), position: Point(100, 50))   // y 0...100
        innerClip.masksToBounds = true
        innerClip.addSublayer(fill("red", Color(1, 0, 0), 0, 0, 200, 200))
        innerClip.addSublayer(fill("blue", Color(0, 0, 1), 50, 0, 150, 200))
        group.addSublayer(innerClip)
        group.addSublayer(fill("green", Color(0, 1, 0), 0, 150, 200, 50))
        outerClip.addSublayer(group)
        let image = try h.render([outerClip], canvas: Size(200, 200), dump: "groupClips")
        assertPixel(image, 25, 50, (128, 0, 0, 255), tolerance: 1, "red, inside both clips")
        assertPixel(image, 80, 50, (0, 0, 128, 255), tolerance: 1, "blue hides red")
        assertPixel(image, 160, 50, black, tolerance: 0, "outside the outer clip")
        assertPixel(image, 80, 125, black, tolerance: 0, "below the inner clip, above green")
        assertPixel(image, 60, 175, (0, 128, 0, 255), tolerance: 1, "green, outside the inner clip")
        assertPixel(image, 160, 175, black, tolerance: 0, "green cut by the outer clip")
    }

    /// Fast path: a group with one drawn quad draws no offscreen image, with the same pixels.
    func testGroupWithOneQuadDrawsNoOffscreenImage() throws {
        let h = try RenderHarness.shared()
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(100, 100))
        parent.opacity = 0.5
        parent.addSublayer(fill("red", Color(1, 0, 0), 0, 0, 60, 60))
        let image = try h.render([parent], canvas: Size(200, 200))
        assertPixel(image, 60, 60, (128, 0, 0, 255), tolerance: 1)
        XCTAssertEqual(h.renderer.stats.groups, 0)
    }
}
