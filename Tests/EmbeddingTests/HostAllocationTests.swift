import CAllocCounter
import ParallaxKit
import XCTest
import _GLTestSupport

/// The embedding path's own per-frame work allocates nothing (GL driver calls aside).
/// Flattening (inside `needsDisplay` and `draw`) allocates in debug builds; release is
/// checked by `parallax-bench --check-allocations`.
final class HostAllocationTests: XCTestCase {
    /// Capturing and restoring the GL state: a fixed-size value, no heap allocation.
    func testStateSnapshotCaptureAndRestoreAllocateNothing() throws {
        _ = try HeadlessGL.context(suite: "EmbeddingTests")
        GLStateSnapshot.capture().restore()   // warm up
        alloc_counter_reset()
        alloc_counter_enable(1)
        for _ in 0..<10 { GLStateSnapshot.capture().restore() }
        alloc_counter_enable(0)
        XCTAssertEqual(alloc_counter_count(), 0, "heap allocations in 10 capture/restore pairs")
    }
}
