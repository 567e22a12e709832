import CAllocCounter
import LayerMath
import Layers
import XCTest
import _TestSupport

/// Animating layers must not allocate in the steady-state frame: advancing the
/// animations and flattening their presentation values touches no heap.
final class AnimationAllocationTests: XCTestCase {
    func testAdvancingAndFlatteningAnimatedLayersDoesNotAllocate() throws {
        try requireOptimisedBuild()
        let root = Layer(name: "root", bounds: Size(400, 300), position: Point(400, 300))
        root.sublayerTransform = .perspective(500)
        for i in 0..<10 {
            let l = Layer(name: "l\(i)", bounds: Size(50, 50), position: Point(Double(i * 37 % 400), 150))
            l.contents = .color(Color(0.5, 0.5, 0.5, 1))
            l.add(.spring(.positionY, Spring(damping: 5), by: .scalar(80), duration: 100), forKey: "spring")
            var tilt = Animation.keyframe(.transform, values: [.transform(.identity), .transform(.rotation(1, 0, 1, 0)),
                                                                .transform(.scale(2, 2, 1))],
                                          timingFunctions: [.easeIn, .easeOut], duration: 3)
            tilt.timing.repeatCount = .infinity
            tilt.timing.autoreverses = true
            l.add(tilt, forKey: "tilt")
            l.add(.basic(.rotationZ, from: .scalar(0), to: .scalar(6), duration: 100), forKey: "spin")
            l.add(.basic(.backgroundColor, to: .color(Color(1, 0, 0, 1)), duration: 100), forKey: "colour")
            l.add(.basic(.zPosition, from: .scalar(Double(i)), to: .scalar(Double(-i)), duration: 100), forKey: "z")
            root.addSublayer(l)
        }
        var flattener = Flattener()
        var list = RenderList()
        let layers = [root]
        root.advanceAnimations(to: 0.1)
        flattener.flatten(layers, canvas: Size(800, 600), into: &list)   // warm up: grows storage
        alloc_counter_reset()
        alloc_counter_enable(1)
        for frame in 1...30 {
            root.advanceAnimations(to: 0.1 + Double(frame) / 60)
            flattener.flatten(layers, canvas: Size(800, 600), into: &list)
        }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 30 animated frames")
        XCTAssertEqual(list.quads.count, 10)
    }
}
