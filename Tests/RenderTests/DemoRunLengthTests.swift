import Foundation
import XCTest
import _GLTestSupport

/// `parallax-demo --frames N` counts loops of its frame loop; on a scene with nothing
/// scheduled the loop would otherwise sleep until input, so a scripted run must still end.
final class DemoRunLengthTests: XCTestCase {
    /// 20 loops on the static `layers` scene look again every 0.1 s at the most: about 2 s,
    /// far under the 60 s allowed (an endless wait is cut off there and fails).
    func testAFramesRunOnASceneAtRestEnds() throws {
        let start = Date()
        let r = try BuiltTool.run("parallax-demo", ["layers", "--headless", "--frames", "20"], timeout: 60)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)
    }
}
