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
}
