import Components
import LayerMath
import Layers
import Scene
import XCTest

/// A focus grid gives layers only to the cards near the canvas.
///
/// Every grid below: frame [40, 60, 1200, 600] on a 1280x720 canvas, 4 columns, 40 apart,
/// 1,000 cards. Cards are (1200 - 3 * 40) / 4 = 270 wide and 270 * 0.6 = 162 high, 250
/// rows of pitch 202, 250 * 162 + 249 * 40 = 50,460 high, so row 0 starts at
/// (600 - 50,460) / 2 = -24,930 in the grid (canvas y = 60 - 24,930 + 202 * row).
final class FocusGridPoolTests: XCTestCase {
    static let gridJSON = #""kind": "focusGrid", "frame": [40, 60, 1200, 600], "columns": 4, "count": 1000"#

    func layerCount(_ layer: Layer) -> Int { 1 + layer.sublayers.reduce(0) { $0 + layerCount($1) } }

    func cardIndices(_ g: FocusGrid) -> [Int] {
        g.rootLayer.sublayers.map { Int($0.name.split(separator: "/")[1].dropFirst("button".count))! }
    }

    /// Rows 123...126 meet the canvas (canvas y -24,870 + 202 * row in [-162, 720)); one
    /// card and gap more on each side adds rows 122 and 127: 6 rows of 4, cards 488...511.
    func testTwoHundredGridsOfAThousandCardsBuildLayersForTwentyFourCardsEach() throws {
        let components = (0..<200).map { "{\(Self.gridJSON), \"name\": \"g\($0)\"}" }.joined(separator: ", ")
        let s = try scene(components)
        let oneCard = try scene(#"{"kind": "focusGrid", "name": "one", "frame": [40, 60, 1200, 600], "count": 1}"#)
        let perCard = layerCount(oneCard.component(named: "one")!.rootLayer) - 1
        XCTAssertLessThanOrEqual(perCard, 8)
        for k in [0, 199] {
            let g = s.component(named: "g\(k)") as! FocusGrid
            XCTAssertEqual(cardIndices(g), Array(488...511))
            XCTAssertEqual(layerCount(g.rootLayer), 1 + 24 * perCard)
        }
        let total = s.rootLayers.reduce(0) { $0 + layerCount($1) }
        XCTAssertEqual(total, 200 * (1 + 24 * perCard))
    }

    /// Moving the grid up by 10 rows (2,020 points) brings rows 132...137 near the canvas:
    /// cards 528...551 get layers, in index order, and the others lose theirs.
    func testMovingTheGridTenRowsUpGivesTheNewRowsLayersAndTakesTheOldOnes() throws {
        let s = try scene("{\(Self.gridJSON), \"name\": \"g\"}")
        let g = s.component(named: "g") as! FocusGrid
        g.rootLayer.position = g.rootLayer.position - Point(0, 2020)
        g.update(to: 1)
        XCTAssertEqual(cardIndices(g), Array(528...551))
    }

    /// Under a scale the canvas no longer maps by a translation: every card has layers.
    func testAGridUnderATransformKeepsLayersForEveryCard() throws {
        let s = try scene("{\(Self.gridJSON), \"name\": \"g\"}")
        let g = s.component(named: "g") as! FocusGrid
        g.rootLayer.transform = Transform3D.scale(0.5, 0.5, 1)
        g.update(to: 1)
        XCTAssertEqual(cardIndices(g), Array(0..<1000))
    }

    /// Reading a card far off the canvas builds its layers, drawn in index order.
    func testReadingAnOffCanvasCardBuildsItsLayersInIndexOrder() throws {
        let s = try scene("{\(Self.gridJSON), \"name\": \"g\"}")
        let g = s.component(named: "g") as! FocusGrid
        XCTAssertEqual(g.cards[0].root.name, "g/button0")
        XCTAssertEqual(cardIndices(g), [0] + Array(488...511))
        XCTAssertEqual(g.cards.count, 1000)
    }
}
