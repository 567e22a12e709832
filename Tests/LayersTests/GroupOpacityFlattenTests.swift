import LayerMath
import Layers
import XCTest

/// Group opacity in the render list: which layers become groups, their boxes and the
/// single-quad fast path (CALayer.allowsGroupOpacity, YES by default since iOS 7).
final class GroupOpacityFlattenTests: XCTestCase {
    let canvas = Size(400, 300)

    func coloured(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layer {
        let l = Layer(name: name, bounds: Size(w, h), position: Point(x + w / 2, y + h / 2))
        l.contents = .color(.white)
        return l
    }

    /// A half-transparent parent with two children: one group around both, children drawn at
    /// full opacity into it, the group composited at 0.5; dumps keep the accumulated opacity.
    func testHalfTransparentParentWithTwoChildrenIsOneGroup() {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(150, 150))   // 100...200
        parent.opacity = 0.5
        parent.addSublayer(coloured("a", 0, 0, 60, 60))
        parent.addSublayer(coloured("b", 30, 30, 60, 60))
        let list = parent.flatten(canvas: canvas)
        XCTAssertEqual(list.canvas, canvas)
        XCTAssertEqual(list.commands, [.beginGroup(0), .quad(0), .quad(1), .endGroup(0)])
        XCTAssertEqual(list.groups.count, 1)
        XCTAssertEqual(list.groups[0].opacity, 0.5)
        XCTAssertEqual(list.groups[0].end, 3)
        XCTAssertEqual(list.groups[0].firstQuad, 0)
        XCTAssertEqual(list.groups[0].box, Rect(x: 100, y: 100, width: 90, height: 90))   // a's 100...160 to b's 130...190
        XCTAssertEqual(list.quads.map(\.opacity), [0.5, 0.5])
        XCTAssertEqual(list.quads.map(\.opacityInGroup), [1, 1])
        XCTAssertEqual(list.quads.map(\.group), [0, 0])
    }

    /// allowsGroupOpacity = false: no group, the opacity multiplies onto each quad.
    func testAllowsGroupOpacityFalseMultipliesOntoEachQuad() {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(150, 150))
        parent.opacity = 0.5
        parent.allowsGroupOpacity = false
        parent.addSublayer(coloured("a", 0, 0, 60, 60))
        parent.addSublayer(coloured("b", 30, 30, 60, 60))
        let list = parent.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.quad(0), .quad(1)])
        XCTAssertTrue(list.groups.isEmpty)
        XCTAssertEqual(list.quads.map(\.opacityInGroup), [0.5, 0.5])
        XCTAssertEqual(list.quads.map(\.group), [-1, -1])
    }

    /// A group that draws one quad (the other child is hidden) is folded into that quad.
    func testGroupWithOneDrawnQuadIsFoldedIntoIt() {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(150, 150))
        parent.opacity = 0.5
        parent.addSublayer(coloured("a", 0, 0, 60, 60))
        let hidden = coloured("b", 30, 30, 60, 60)
        hidden.isHidden = true
        parent.addSublayer(hidden)
        let list = parent.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.quad(0)])
        XCTAssertTrue(list.groups.isEmpty)
        XCTAssertEqual(list.quads[0].opacityInGroup, 0.5)
        XCTAssertEqual(list.quads[0].group, -1)
        XCTAssertFalse(list.quads[0].isOpaque)
    }

    /// Opacity 1 makes no group; a group's opacity includes the non-group ancestors' since
    /// the enclosing group; nested groups keep their own relative opacity.
    func testNestedGroupsCarryRelativeOpacity() {
        let outer = Layer(name: "outer", bounds: Size(200, 200), position: Point(200, 150))
        outer.opacity = 0.5
        outer.contents = .color(.white)
        let plain = Layer(name: "plain", bounds: Size(200, 200), position: Point(100, 100))   // opacity 1: no group
        let perLayer = Layer(name: "perLayer", bounds: Size(200, 200), position: Point(100, 100))
        perLayer.opacity = 0.8
        perLayer.allowsGroupOpacity = false
        let inner = Layer(name: "inner", bounds: Size(100, 100), position: Point(100, 100))
        inner.opacity = 0.5
        inner.addSublayer(coloured("x", 0, 0, 50, 50))
        inner.addSublayer(coloured("y", 25, 25, 50, 50))
        perLayer.addSublayer(inner)
        plain.addSublayer(perLayer)
        outer.addSublayer(plain)
        let list = outer.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.beginGroup(0), .quad(0), .beginGroup(1), .quad(1), .quad(2), .endGroup(1), .endGroup(0)])
        XCTAssertEqual(list.groups.map(\.name), ["outer", "inner"])
        XCTAssertEqual(list.groups[0].opacity, 0.5)
        XCTAssertEqual(list.groups[1].opacity, 0.8 * 0.5, accuracy: 1e-12)
        XCTAssertEqual(list.groups[1].parent, 0)
        XCTAssertEqual(list.groups.map(\.end), [6, 5])
        XCTAssertEqual(list.quads.map(\.opacity), [0.5, 0.2, 0.2].map { $0 }, "accumulated opacity for dumps")
        XCTAssertEqual(list.quads.map(\.group), [0, 1, 1])
    }

    /// A group inside a clip records the clip depth (its stencil base) and a box cut to the clip.
    func testGroupInsideAClipIsCutToIt() {
        let clip = Layer(name: "clip", bounds: Size(100, 100), position: Point(50, 50))   // 0...100
        clip.masksToBounds = true
        let group = Layer(name: "group", bounds: Size(200, 200), position: Point(100, 100))   // 0...200
        group.opacity = 0.5
        group.addSublayer(coloured("a", 50, 50, 150, 150))
        group.addSublayer(coloured("b", 60, 60, 150, 150))
        clip.addSublayer(group)
        let list = clip.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.pushClip(0), .beginGroup(0), .quad(0), .quad(1), .endGroup(0), .popClip(0)])
        XCTAssertEqual(list.groups[0].clipDepth, 1)
        XCTAssertEqual(list.groups[0].box, Rect(x: 50, y: 50, width: 50, height: 50))
    }

    /// shouldRasterize at opacity 1 makes a group (composited at 1, marked rasterized); a
    /// flattener told not to group rasterized layers gives the layers one by one.
    func testRasterizedLayerIsAGroupUnlessTheFlattenerLeavesRasterizationOut() {
        let parent = Layer(name: "parent", bounds: Size(100, 100), position: Point(150, 150))
        parent.shouldRasterize = true
        parent.addSublayer(coloured("a", 0, 0, 60, 60))
        parent.addSublayer(coloured("b", 30, 30, 60, 60))
        var flattener = Flattener(), list = RenderList()
        flattener.flatten([parent], canvas: canvas, into: &list)
        XCTAssertEqual(list.commands, [.beginGroup(0), .quad(0), .quad(1), .endGroup(0)])
        XCTAssertEqual(list.groups.map(\.opacity), [1])
        XCTAssertEqual(list.groups.map(\.isRasterized), [true])
        flattener.groupsRasterizedLayers = false
        flattener.flatten([parent], canvas: canvas, into: &list)
        XCTAssertEqual(list.commands, [.quad(0), .quad(1)])
        XCTAssertTrue(list.groups.isEmpty)
    }
}
