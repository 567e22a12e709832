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

    /// A focused parallax card lifting: the silhouette's rounded-shadowPath shadow grows
    /// (opacity, offset) and tilts with the card over its clipped image layers, every frame.
    func testSteadyStateFlattenOfALiftingCardShadowDoesNotAllocate() throws {
        try requireOptimisedBuild()
        let root = Layer(name: "card", bounds: Size(240, 360), position: Point(300, 300))
        let silhouette = Layer(name: "card", bounds: Size(240, 360), position: Point(120, 180))
        silhouette.shadowPath = .roundedRect(Rect(x: 0, y: 0, width: 240, height: 360), cornerRadius: 12)
        silhouette.shadow.radius = 4
        let clip = Layer(name: "card/clip", bounds: Size(240, 360), position: Point(120, 180))
        clip.masksToBounds = true
        clip.cornerRadius = 12
        for i in 0..<3 {
            let image = Layer(name: "card/\(i)", bounds: Size(240, 360), position: Point(120, 180))
            image.contents = .color(Color(0.2 * Double(i), 0.3, 0.4, i == 0 ? 1 : 0.5))
            clip.addSublayer(image)
        }
        root.addSublayer(silhouette)
        root.addSublayer(clip)
        var flattener = Flattener()
        var list = RenderList()
        let layers = [root]
        func lift(_ f: Double) {
            let pose = Transform3D.scale(1 + 0.1 * f, 1 + 0.1 * f, 1) * .rotation(0.05 * f, 0, 1, 0) * .perspective(700)
            silhouette.transform = pose
            clip.transform = pose
            silhouette.shadow.opacity = 0.5 + 0.1 * f
            silhouette.shadow.offset = Point(0, 10.0 / 3 + (36 - 10.0 / 3) * f)
        }
        lift(0)
        flattener.flatten(layers, canvas: Size(800, 600), into: &list)
        alloc_counter_reset()
        alloc_counter_enable(1)
        for k in 1...10 {
            lift(Double(k) / 10)
            flattener.flatten(layers, canvas: Size(800, 600), into: &list)
        }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 10 steady-state flattens")
        XCTAssertEqual(list.quads.first?.part, .shadow(sigma: 4, inset: 12))
    }
}
