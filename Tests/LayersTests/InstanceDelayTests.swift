import CAllocCounter
import LayerMath
import Layers
import XCTest
import _TestSupport

/// CAReplicatorLayer.instanceDelay: instance k shows its sublayers' animations at the
/// replicator's time less k x the delay. A 10 x 10 sublayer at model x 10 is animated
/// linearly along position.x from 0 to 100 over 1 s from time 0.
final class InstanceDelayTests: XCTestCase {
    private func replicator(delay: Double) -> (Layer, Layer) {
        let r = Layer(name: "shelf", bounds: Size(200, 100), position: Point(100, 50))
        var settings = Replicator()
        settings.instanceCount = 3
        settings.instanceDelay = delay
        r.replicator = settings
        let s = Layer(name: "dot", bounds: Size(10, 10), position: Point(10, 50))
        s.backgroundColor = .white
        r.addSublayer(s)
        s.add(.basic(.positionX, from: .scalar(0), to: .scalar(100), duration: 1), forKey: "slide")
        return (r, s)
    }

    /// The left edge of each instance's quad (centre x - 5).
    private func leftEdges(_ list: RenderList) -> [Double] {
        list.quads.map { $0.corners.0.x }
    }

    /// At 0.75 s with delay 0.5: instance 0 at 0.75 (x 75), instance 1 at 0.25 (x 25),
    /// instance 2 at -0.25, before the animation begins (the model's x 10).
    func testEachInstanceRunsItsDelayBehind() {
        let (r, s) = replicator(delay: 0.5)
        r.advanceAnimations(to: 0.75)
        let list = r.flatten(canvas: Size(200, 100))
        XCTAssertEqual(list.quads.count, 3)
        let edges = leftEdges(list)
        for (got, want) in zip(edges, [70.0, 20, 5]) { XCTAssertEqual(got, want, accuracy: 1e-9, "\(edges)") }
        XCTAssertEqual(s.presentation().position.x, 75, accuracy: 1e-9, "the sublayer's own time is back after the frame")
    }

    /// A negative delay runs later instances ahead: at 0.25 with delay -0.5, instance 1 is
    /// at 0.75 (x 75) and instance 2 at 1.25, past the end (the model's x 10).
    func testNegativeDelayRunsInstancesAhead() {
        let (r, _) = replicator(delay: -0.5)
        r.advanceAnimations(to: 0.25)
        let edges = leftEdges(r.flatten(canvas: Size(200, 100)))
        for (got, want) in zip(edges, [20.0, 70, 5]) { XCTAssertEqual(got, want, accuracy: 1e-9, "\(edges)") }
    }

    /// No delay: every instance at the same time (x 75 for all three at 0.75).
    func testZeroDelayShowsOneTime() {
        let (r, _) = replicator(delay: 0)
        r.advanceAnimations(to: 0.75)
        let edges = leftEdges(r.flatten(canvas: Size(200, 100)))
        for got in edges { XCTAssertEqual(got, 70, accuracy: 1e-9, "\(edges)") }
    }

    /// Advancing and flattening a delayed replicator every frame touches no heap (release
    /// builds: `swift test -c release -Xswiftc -enable-testing --filter InstanceDelayTests`).
    func testDelayedInstancesDoNotAllocatePerFrame() throws {
        try requireOptimisedBuild()
        let (r, _) = replicator(delay: 0.25)
        var flattener = Flattener()
        var list = RenderList()
        let roots = [r]   // an array literal in the loop would be the allocation counted
        r.advanceAnimations(to: 0.1)
        flattener.flatten(roots, canvas: Size(200, 100), into: &list)
        alloc_counter_reset()
        alloc_counter_enable(1)
        for k in 0..<10 {
            r.advanceAnimations(to: 0.1 + 0.05 * Double(k))
            flattener.flatten(roots, canvas: Size(200, 100), into: &list)
        }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 10 frames")
        XCTAssertEqual(list.quads.count, 3)
    }
}
