import LayerMath
import Layers
import XCTest
import CAllocCounter
import _TestSupport

/// CALayer.mask in the render list: the masked layer becomes a group, its mask a mask group
/// inside it (last), in the layer's bounds space; the mask's quads are never hit.
final class MaskFlattenTests: XCTestCase {
    let canvas = Size(400, 300)

    func layer(_ name: String, frame: Rect, color: Color? = Color(1, 0, 0, 1)) -> Layer {
        let l = Layer(name: name)
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    /// A single quad with a mask is still a group (it is not folded away), and the mask is a
    /// group inside it, after the layer's own quad.
    func testSingleQuadWithMaskIsAGroupHoldingTheMaskGroup() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        l.mask = layer("fade", frame: Rect(x: 0, y: 0, width: 50, height: 50), color: .white)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.commands, [.beginGroup(0), .quad(0), .beginGroup(1), .quad(1), .endGroup(1), .endGroup(0)])
        XCTAssertEqual(list.groups[0].mask, 1)
        XCTAssertFalse(list.groups[0].isMask)
        XCTAssertTrue(list.groups[1].isMask)
        XCTAssertEqual(list.groups[1].parent, 0)
        XCTAssertFalse(list.quads[0].isInMask)
        XCTAssertTrue(list.quads[1].isInMask)
        XCTAssertEqual(list.quads[1].group, 1)
    }

    /// The mask's frame is in the layer's bounds space: bounds point (0, 0) of a layer at
    /// (10, 20) is canvas (10, 20), so a mask at (5, 5) of size 20 x 10 spans 15...35, 25...35.
    /// The group's box is cut to the mask's.
    func testMaskIsPlacedInTheLayersBoundsSpace() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        l.sublayerTransform = .translation(1000, 0, 0)   // not applied to the mask
        l.mask = layer("m", frame: Rect(x: 5, y: 5, width: 20, height: 10), color: .white)
        let list = l.flatten(canvas: canvas)
        let c = list.quads[1].cornerArray
        XCTAssertEqual(c, [Point(15, 25), Point(35, 25), Point(35, 35), Point(15, 35)])
        XCTAssertEqual(list.groups[0].box, Rect(x: 15, y: 25, width: 20, height: 10))
    }

    /// A mask that draws nothing (clear, or hidden) lets nothing of the layer show: nothing is listed.
    func testMaskThatDrawsNothingHidesTheLayer() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let m = layer("m", frame: Rect(x: 0, y: 0, width: 100, height: 50), color: .white)
        m.isHidden = true
        l.mask = m
        l.addSublayer(layer("child", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        l.masksToBounds = true
        let list = l.flatten(canvas: canvas)
        XCTAssertTrue(list.commands.isEmpty)
        XCTAssertTrue(list.quads.isEmpty)
        XCTAssertTrue(list.groups.isEmpty)
        XCTAssertTrue(list.clips.isEmpty)
    }

    /// The mask's own properties animate: its position from (0, 25) to (100, 25) over 2 s,
    /// linear, is at (50, 25) at t = 1, so its 20-point-wide quad spans x 10 + 40 ... 10 + 60.
    func testMaskPositionAnimates() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let m = layer("m", frame: Rect(x: 0, y: 0, width: 20, height: 50), color: .white)
        var a = Animation.basic(.position, from: .point(Point(0, 25)), to: .point(Point(100, 25)), duration: 2)
        a.timingFunction = .linear
        m.add(a, forKey: "slide")
        l.mask = m
        l.advanceAnimations(to: 1)
        let list = l.flatten(canvas: canvas)
        let c = list.quads[1].cornerArray
        XCTAssertEqual(c[0].x, 50, accuracy: 1e-6)
        XCTAssertEqual(c[1].x, 70, accuracy: 1e-6)
    }

    /// A mask's sublayers are flattened into the mask group, in the layer's bounds space:
    /// the mask at (10, 0) holds a part at (0, 30), so the part starts at canvas (10 + 10, 20 + 30).
    func testMaskSublayersAreDrawnIntoTheMask() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let m = layer("m", frame: Rect(x: 10, y: 0, width: 40, height: 30), color: Color(1, 1, 1, 0.5))
        m.addSublayer(layer("part", frame: Rect(x: 0, y: 30, width: 20, height: 20), color: .white))
        l.mask = m
        var flattener = Flattener()
        var list = RenderList()
        flattener.flatten([l], canvas: canvas, into: &list)
        let part = list.quads.first { $0.name == "part" }
        XCTAssertEqual(part?.cornerArray.first, Point(20, 50))
        XCTAssertEqual(part?.isInMask, true)
        XCTAssertEqual(part.map { list.groups[$0.group].isMask }, true)
    }

    /// The mask's quads are not hit: the layer is.
    func testMaskIsNeverHit() {
        let l = layer("card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        l.mask = layer("m", frame: Rect(x: 0, y: 0, width: 100, height: 50), color: .white)
        let list = l.flatten(canvas: canvas)
        XCTAssertEqual(list.hitTest(Point(50, 40))?.name, "card")
    }

    /// Setting a mask makes the layer its superlayer (it shares the layer's time); replacing
    /// it lets the old one go.
    func testReplacedMaskLosesItsSuperlayer() {
        let l = layer("card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let a = layer("a", frame: Rect(x: 0, y: 0, width: 10, height: 10)), b = layer("b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        l.mask = a
        XCTAssertTrue(a.superlayer === l)
        l.mask = b
        XCTAssertNil(a.superlayer)
        XCTAssertTrue(b.superlayer === l)
    }

    /// Flattening masked layers (a mask with sublayers, a mask inside a mask) again into the
    /// same list does not allocate.
    func testSteadyStateFlattenOfMaskedLayersDoesNotAllocate() throws {
        try requireOptimisedBuild()
        let root = layer("root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        for i in 0..<8 {
            let card = layer("card\(i)", frame: Rect(x: Double(i * 45), y: 20, width: 40, height: 60))
            let m = layer("mask\(i)", frame: Rect(x: 0, y: 0, width: 40, height: 30), color: Color(1, 1, 1, 0.5))
            m.addSublayer(layer("maskPart\(i)", frame: Rect(x: 0, y: 30, width: 20, height: 30), color: .white))
            if i % 2 == 0 { m.mask = layer("inner\(i)", frame: Rect(x: 0, y: 0, width: 30, height: 60), color: .white) }
            card.mask = m
            root.addSublayer(card)
        }
        var flattener = Flattener()
        var list = RenderList()
        let layers = [root]   // an array literal in the loop would allocate
        flattener.flatten(layers, canvas: canvas, into: &list)
        alloc_counter_reset()
        alloc_counter_enable(1)
        for k in 0..<10 {
            root.transform = .rotation(0.01 * Double(k), 0, 0, 1)
            flattener.flatten(layers, canvas: canvas, into: &list)
        }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 10 steady-state flattens")
        XCTAssertEqual(list.groups.filter(\.isMask).count, 12)
    }
}
