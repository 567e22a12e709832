import Foundation
import XCTest
@testable import Typography

/// The class "clusters that cost more than their length": a run of combining marks is
/// cut to the 30 non-starters in a row that Unicode's Stream-Safe Text Format (UAX #15)
/// allows, so shaping stays linear in the text.
final class HostileCombiningMarkTests: XCTestCase {
    let acute: Unicode.Scalar = "\u{0301}"

    func marks(_ n: Int) -> String { String(String.UnicodeScalarView(repeatElement(acute, count: n))) }

    func testRunsOfMarksAreCutToThirtyEach() {
        let text = Array(("a" + marks(40) + "b" + marks(31) + "c" + marks(30)).unicodeScalars)
        let kept = TextLayout.cappingMarks(text)
        // a + 30, b + 30, c + 30: each run cut separately, a run of exactly 30 kept whole.
        XCTAssertEqual(kept.count, 93)
        XCTAssertEqual(kept.filter { $0 == acute }.count, 90)
        XCTAssertEqual(kept.filter { $0 != acute }.map(Character.init), ["a", "b", "c"])
    }

    func testOrdinaryTextIsUntouched() {
        let text = Array("e\u{0301}\u{0323} नमस्ते 한국어 👍🏽 x".unicodeScalars)
        XCTAssertEqual(TextLayout.cappingMarks(text), text)
    }

    /// One letter with 19,999 marks, twenty times: laid out as a letter with 30 marks each,
    /// well within the 10 s budget.
    func testTwentyClustersOfTwentyThousandMarksAreLaidOutQuickly() throws {
        let cluster = "a" + marks(19_999)
        let start = Date()
        for _ in 0..<20 {
            let layout = try TextLayout(cluster, style: TextStyle(fontSize: 24, truncation: .end, isWrapped: true),
                                        width: 600, height: 30)
            XCTAssertEqual(layout.lines.count, 1)
            XCTAssertEqual(layout.lines[0].text.unicodeScalars.count, 31)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }
}
