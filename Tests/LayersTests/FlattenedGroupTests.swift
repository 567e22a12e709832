import LayerMath
import Layers
import XCTest

/// Groups drawn flattened (the renderer's degraded group opacity): the group's markers
/// leave the commands, its opacity moves onto its quads and onto the groups nested in it,
/// which are then composited into the group around it. Values from the definition: a
/// piece's opacity relative to the group it is drawn into is the product of the opacities
/// of the flattened groups between them.
final class FlattenedGroupTests: XCTestCase {
    func coloured(_ name: String, _ x: Double, _ y: Double) -> Layer {
        let l = Layer(name: name, bounds: Size(60, 60), position: Point(x + 30, y + 30))
        l.contents = .color(.white)
        return l
    }

    /// outer (0.5) holds a, b and inner (0.8), which holds c, d.
    func nestedPair() -> RenderList {
        let outer = Layer(name: "outer", bounds: Size(200, 200), position: Point(100, 100))
        outer.opacity = 0.5
        outer.addSublayer(coloured("a", 0, 0))
        outer.addSublayer(coloured("b", 30, 30))
        let inner = Layer(name: "inner", bounds: Size(100, 100), position: Point(150, 150))
        inner.opacity = 0.8
        inner.addSublayer(coloured("c", 0, 0))
        inner.addSublayer(coloured("d", 30, 30))
        outer.addSublayer(inner)
        return outer.flatten(canvas: Size(200, 200))
    }

    func testOuterGroupFlattenedMovesItsOpacityOntoQuadsAndTheNestedGroup() {
        let source = nestedPair()
        XCTAssertEqual(source.commands, [.beginGroup(0), .quad(0), .quad(1), .beginGroup(1), .quad(2), .quad(3),
                                         .endGroup(1), .endGroup(0)])
        var list = RenderList()
        list.setFlattening(source, groups: [true, false])
        XCTAssertEqual(list.commands, [.quad(0), .quad(1), .beginGroup(1), .quad(2), .quad(3), .endGroup(1)])
        XCTAssertEqual(list.quads.map(\.opacityInGroup), [0.5, 0.5, 1, 1])
        XCTAssertEqual(list.quads.map(\.group), [-1, -1, 1, 1])
        XCTAssertEqual(list.quads.map(\.isOpaque), [false, false, true, true])
        XCTAssertEqual(list.groups[1].opacity, 0.4, accuracy: 1e-15)   // 0.8 x 0.5, into the canvas
        XCTAssertEqual(list.groups[1].parent, -1)
        XCTAssertEqual(list.groups[1].end, 5)
        XCTAssertEqual(list.groups[0].end, -1)
        XCTAssertEqual(list.quads.map(\.opacity), source.quads.map(\.opacity), "accumulated opacities unchanged")
    }

    func testInnerGroupFlattenedDrawsItsQuadsIntoTheOuterGroup() {
        var list = RenderList()
        list.setFlattening(nestedPair(), groups: [false, true])
        XCTAssertEqual(list.commands, [.beginGroup(0), .quad(0), .quad(1), .quad(2), .quad(3), .endGroup(0)])
        XCTAssertEqual(list.quads.map(\.opacityInGroup), [1, 1, 0.8, 0.8])
        XCTAssertEqual(list.quads.map(\.group), [0, 0, 0, 0])
        XCTAssertEqual(list.groups[0].end, 5)
        XCTAssertEqual(list.groups[0].opacity, 0.5)
    }

    func testEveryGroupFlattenedMultipliesTheOpacitiesThroughTheNesting() {
        var list = RenderList()
        list.setFlattening(nestedPair(), groups: [true, true])
        XCTAssertEqual(list.commands, [.quad(0), .quad(1), .quad(2), .quad(3)])
        XCTAssertEqual(list.quads[2].opacityInGroup, 0.4, accuracy: 1e-15)
        XCTAssertEqual(list.quads.map(\.group), [-1, -1, -1, -1])
    }

    func testNothingFlattenedIsTheSourceList() {
        let source = nestedPair()
        var list = RenderList()
        list.setFlattening(source, groups: [false, false])
        XCTAssertEqual(list.commands, source.commands)
        XCTAssertEqual(list.groups.map(\.end), source.groups.map(\.end))
        XCTAssertEqual(list.quads.map(\.opacityInGroup), source.quads.map(\.opacityInGroup))
    }
}
