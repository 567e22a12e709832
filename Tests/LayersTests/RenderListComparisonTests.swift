import LayerMath
import Layers
import XCTest

/// The idle check: a frame that draws what is on screen is recognised; any drawn change is not.
final class RenderListComparisonTests: XCTestCase {
    let canvas = Size(400, 300)

    func scene() -> (root: Layer, child: Layer) {
        let root = Layer(name: "root", bounds: Size(200, 200), position: Point(200, 150))
        root.contents = .color(.white)
        root.opacity = 0.5
        let child = Layer(name: "child", bounds: Size(50, 50), position: Point(100, 100))
        child.contents = .color(Color(1, 0, 0))
        root.addSublayer(child)
        return (root, child)
    }

    func testUnchangedTreeDrawsTheSameAndACopyKeepsItsStorage() {
        let (root, _) = scene()
        var flattener = Flattener()
        var list = RenderList(), kept = RenderList()
        flattener.flatten([root], canvas: canvas, into: &list)
        kept.copy(from: list)
        flattener.flatten([root], canvas: canvas, into: &list)
        XCTAssertTrue(list.drawsSame(as: kept))
        XCTAssertEqual(kept.groups.count, 1)
    }

    /// Each property the renderer reads makes a difference; a name does not.
    func testEveryDrawnChangeIsSeenAndARenameIsNot() {
        let changes: [(String, (Layer, Layer) -> Void, Bool)] = [
            ("position", { _, c in c.position.x += 0.001 }, false),
            ("child opacity", { _, c in c.opacity = 0.99 }, false),
            ("group opacity", { r, _ in r.opacity = 0.49 }, false),
            ("colour", { _, c in c.contents = .color(Color(1, 0, 0, 0.9)) }, false),
            ("hidden", { _, c in c.isHidden = true }, false),
            ("corner radius", { r, _ in r.cornerRadius = 3 }, false),
            ("clip", { r, _ in r.masksToBounds = true }, false),
            ("name", { _, c in c.name = "renamed" }, true),
        ]
        for (what, change, same) in changes {
            let (root, child) = scene()
            var flattener = Flattener()
            var before = RenderList(), after = RenderList()
            flattener.flatten([root], canvas: canvas, into: &before)
            change(root, child)
            flattener.flatten([root], canvas: canvas, into: &after)
            XCTAssertEqual(after.drawsSame(as: before), same, what)
        }
    }

    /// A clip that changes while the quads inside it do not: the damage is its old and new
    /// visible boxes, (50, 60)-(150, 140) and (50, 60)-(170, 140), not the whole canvas.
    func testAChangedClipDamagesOnlyItsOldAndNewBoxes() {
        let card = Layer(name: "card", bounds: Size(100, 80), position: Point(50, 60))
        card.anchorPoint = Point(0, 0)
        card.masksToBounds = true
        let inside = Layer(name: "inside", bounds: Size(200, 200), position: Point(100, 100))  // card space (0,0)-(200,200)
        inside.contents = .color(Color(1, 0, 0))
        card.addSublayer(inside)
        var flattener = Flattener()
        var before = RenderList(), after = RenderList()
        flattener.flatten([card], canvas: canvas, into: &before)
        card.bounds = Size(120, 80)
        flattener.flatten([card], canvas: canvas, into: &after)
        XCTAssertEqual(after.clips.count, 1)
        XCTAssertEqual(after.damage(since: before), Rect(x: 50, y: 60, width: 120, height: 80))
        // Moved as a whole (anchor at the top-left, 10 points right): the old and new frames.
        card.position = Point(60, 60)
        flattener.flatten([card], canvas: canvas, into: &before)
        XCTAssertEqual(before.damage(since: after), Rect(x: 50, y: 60, width: 130, height: 80))
    }

    /// A layer that starts being rasterized (a group appears around its quads) while another
    /// layer elsewhere stays: the damage is the group's box, (20, 30)-(80, 70), the quads'
    /// own boxes inside it, not the whole canvas; the same when it stops. A quad added is
    /// still a change of structure: the whole canvas.
    func testAGroupAppearingOrGoingDamagesOnlyItsBox() {
        let card = Layer(name: "card", bounds: Size(60, 40), position: Point(50, 50))
        card.contents = .color(Color(0, 0, 1))
        let badge = Layer(name: "badge", bounds: Size(10, 10), position: Point(5, 5))
        badge.contents = .color(Color(1, 1, 1))
        card.addSublayer(badge)
        let other = Layer(name: "other", bounds: Size(20, 20), position: Point(150, 150))
        other.contents = .color(Color(1, 0, 0))
        var flattener = Flattener()
        var plain = RenderList(), grouped = RenderList()
        flattener.flatten([card, other], canvas: canvas, into: &plain)
        card.shouldRasterize = true
        flattener.flatten([card, other], canvas: canvas, into: &grouped)
        XCTAssertEqual(grouped.groups.count, 1)
        XCTAssertEqual(grouped.damage(since: plain), Rect(x: 20, y: 30, width: 60, height: 40))
        XCTAssertEqual(plain.damage(since: grouped), Rect(x: 20, y: 30, width: 60, height: 40))
        let extra = Layer(name: "extra", bounds: Size(5, 5), position: Point(10, 10))
        extra.contents = .color(Color(0, 1, 0))
        var more = RenderList()
        flattener.flatten([card, other, extra], canvas: canvas, into: &more)
        XCTAssertEqual(more.damage(since: grouped), Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
    }
}
