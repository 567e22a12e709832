import CAllocCounter
import LayerMath
import Layers
import XCTest
import _TestSupport

/// The steady-state frame must not allocate: flattening the same tree into the same
/// list again touches no heap.
final class AllocationTests: XCTestCase {
    func testSteadyStateFlattenDoesNotAllocate() throws {
        // Unoptimised builds instantiate generic witness tables on the fly (the runtime
        // allocates there): scripts/test.sh runs this test in release.
        try requireOptimisedBuild()
        let root = Layer(name: "root", bounds: Size(400, 300), position: Point(400, 300))
        root.masksToBounds = true
        root.cornerRadius = 10
        root.sublayerTransform = .perspective(500)
        for i in 0..<20 {
            let l = Layer(name: "l\(i)", bounds: Size(50, 50), position: Point(Double(i * 17 % 400), Double(i * 13 % 300)))
            l.contents = .color(Color(0.5, 0.5, 0.5, 0.5))
            l.zPosition = Double(20 - i)
            l.transform = .rotation(Double(i) * 0.1, 0, 1, 0)
            l.isDoubleSided = i % 2 == 0
            root.addSublayer(l)
        }
        var flattener = Flattener()
        var list = RenderList()
        let layers = [root]
        flattener.flatten(layers, canvas: Size(800, 600), into: &list)   // warm up: grows storage
        alloc_counter_reset()
        alloc_counter_enable(1)
        for _ in 0..<10 {
            root.transform = .rotation(0.1, 1, 0, 0)
            flattener.flatten(layers, canvas: Size(800, 600), into: &list)
        }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 10 steady-state flattens")
        XCTAssertGreaterThan(list.quads.count, 5)
    }
}

/// The same for the layer pieces and classes: shadow, background, border, masked corners,
/// a replicator's instances, a transform layer's depth order.
final class DecoratedAllocationTests: XCTestCase {
    func testSteadyStateFlattenOfDecoratedLayersDoesNotAllocate() throws {
        try requireOptimisedBuild()
        let root = Layer(name: "root", bounds: Size(400, 300), position: Point(400, 300))
        var settings = Replicator()
        settings.instanceCount = 2
        settings.instanceTransform = .scale(1, -1, 1)
        settings.instanceAlphaOffset = -0.5
        root.replicator = settings
        let cube = Layer(name: "cube", bounds: Size(100, 100), position: Point(100, 100))
        cube.isTransformLayer = true
        root.addSublayer(cube)
        for i in 0..<8 {
            let l = Layer(name: "l\(i)", bounds: Size(50, 50), position: Point(Double(i * 17 % 400), Double(i * 13 % 300)))
            l.backgroundColor = Color(0.5, 0.5, 0.5, 1)
            l.cornerRadius = 6
            l.maskedCorners = [.minXMinY]
            l.borderWidth = 2
            l.shadow.opacity = 0.5
            l.masksToBounds = i % 2 == 0
            l.zPosition = Double(i)
            (i < 4 ? cube : root).addSublayer(l)
        }
        var flattener = Flattener()
        var list = RenderList()
        let layers = [root]
        flattener.flatten(layers, canvas: Size(800, 600), into: &list)
        alloc_counter_reset()
        alloc_counter_enable(1)
        for k in 0..<10 {
            cube.transform = .rotation(0.1 * Double(k), 0, 1, 0)
            flattener.flatten(layers, canvas: Size(800, 600), into: &list)
        }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 10 steady-state flattens")
        XCTAssertGreaterThan(list.quads.count, 40)
    }
}
