@testable import Assets
import Foundation
import XCTest

/// Decode workers yield the CPU to the frame loop: the priority is applied to each worker
/// thread, read back from the system, and to no other thread.
final class DecodeThreadPriorityTests: XCTestCase {
    /// The priorities read back by the first `count` workers (bounded wait for them to start).
    func started(_ q: DecodeQueue, _ count: Int) -> [DecodeThreadPriority?] {
        let deadline = Date().addingTimeInterval(5)
        while q.workerPriorities.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return q.workerPriorities
    }

    func testIdleWorkersRunInTheIdleSchedulingClass() throws {
        #if os(Linux)
        let q = DecodeQueue(workers: 2, priority: .idle)
        XCTAssertEqual(started(q, 2), [.idle, .idle])
        #else
        throw XCTSkip("SCHED_IDLE is Linux's")
        #endif
    }

    func testWorkersRunAtNiceTenByDefaultAndReadBackTheirNiceValue() {
        let q = DecodeQueue(workers: 1)
        XCTAssertEqual(q.priority, .nice(10))
        XCTAssertEqual(started(q, 1), [.nice(10)])
        let seven = DecodeQueue(workers: 1, priority: .nice(7))
        XCTAssertEqual(started(seven, 1), [.nice(7)])
    }

    /// Scheduling class and nice value are per thread: a thread that makes itself idle
    /// leaves the calling (frame loop's) thread as it was.
    func testIdleAppliesToTheCallingThreadOnly() {
        let before = DecodeThreadPriority.ofCurrentThread()
        XCTAssertNotNil(before)
        let q = DecodeQueue(workers: 1, priority: .idle)
        #if os(Linux)
        XCTAssertEqual(started(q, 1), [.idle])
        #else
        XCTAssertEqual(started(q, 1).count, 1)
        #endif
        XCTAssertEqual(DecodeThreadPriority.ofCurrentThread(), before)
        XCTAssertNotEqual(before, .idle)
    }
}
