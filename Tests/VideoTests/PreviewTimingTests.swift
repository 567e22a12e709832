import Video
import XCTest

/// The preview's timing with the default delay 1.5 s and fade 0.5 s, values by hand.
final class PreviewTimingTests: XCTestCase {
    func testPosterUntilTheDelayThenFadesInOverHalfASecond() throws {
        var p = PreviewTiming()
        p.focus(3, at: 10)
        XCTAssertNil(p.state(at: 11.49))
        let start = try XCTUnwrap(p.state(at: 11.5))
        XCTAssertEqual(start.item, 3)
        XCTAssertEqual(start.videoTime, 0)
        XCTAssertEqual(start.opacity, 0)
        XCTAssertEqual(try XCTUnwrap(p.state(at: 11.75)).opacity, 0.5, accuracy: 1e-12)
        let later = try XCTUnwrap(p.state(at: 14))
        XCTAssertEqual(later.opacity, 1)
        XCTAssertEqual(later.videoTime, 2.5, accuracy: 1e-12)
    }

    func testMovingOnRestartsTheDelayAndLeavingStopsAtOnce() {
        var p = PreviewTiming()
        p.focus(0, at: 0)
        p.focus(1, at: 1)            // moved on before item 0 started
        XCTAssertNil(p.state(at: 2))
        XCTAssertEqual(p.state(at: 2.5)?.item, 1)
        p.focus(1, at: 3)            // the same item again: keeps playing
        XCTAssertEqual(p.state(at: 3)?.videoTime ?? -1, 0.5, accuracy: 1e-12)
        p.focus(nil, at: 3.1)
        XCTAssertNil(p.state(at: 3.1))
        XCTAssertNil(p.state(at: 100))
    }

    func testZeroFadeCutsStraightToTheVideo() {
        var p = PreviewTiming(delay: 0, fade: 0)
        p.focus(2, at: 5)
        XCTAssertEqual(p.state(at: 5)?.opacity, 1)
        XCTAssertNil(p.state(at: .nan))
    }
}
