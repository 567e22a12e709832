import Assets
import Foundation
import Components
import Images
import LayerMath
import Layers
import Scene
import XCTest

/// A shape layer's dashed stroke in pixels (lineDashPattern, lineDashPhase), worked out from
/// the definition: a pixel wholly inside a dash has coverage 1, wholly in a gap 0.
final class ShapeDashTests: XCTestCase {
    /// The alpha of pixel (x, 5) of the line y = 5, x 0...100, 2 wide, dashed.
    private func alphas(pattern: [Double], phase: Double = 0, start: Double = 0, cap: ShapeStyle.LineCap = .butt) throws -> [Int] {
        var style = ShapeStyle()
        style.fillColor = nil
        style.strokeColor = .black
        style.lineWidth = 2
        style.lineCap = cap
        style.lineDashPattern = pattern
        style.lineDashPhase = phase
        let image = ShapeRasterizer.render(try ShapePath(svg: "M0 5 H100"), style: style, strokeStart: start,
                                           size: Size(100, 10), width: 100, height: 10)
        return (0..<100).map { Int(image.pixels[(5 * 100 + $0) * 4 + 3]) }
    }

    /// The pixels x whose whole extent x...x+1 lies inside one of `spans`, and those wholly outside all.
    private func expected(_ spans: [(Double, Double)]) -> (inside: [Int], outside: [Int]) {
        var inside: [Int] = [], outside: [Int] = []
        for x in 0..<100 {
            let a = Double(x), b = a + 1
            if spans.contains(where: { a >= $0.0 && b <= $0.1 }) { inside.append(x) }
            if !spans.contains(where: { b > $0.0 && a < $0.1 }) { outside.append(x) }
        }
        return (inside, outside)
    }

    private func assertPainted(_ got: [Int], _ spans: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line) {
        let (inside, outside) = expected(spans)
        XCTAssertFalse(inside.isEmpty, file: file, line: line)
        for x in inside { XCTAssertEqual(got[x], 255, "x \(x) in a dash", file: file, line: line) }
        for x in outside { XCTAssertEqual(got[x], 0, "x \(x) in a gap", file: file, line: line) }
    }

    /// [10, 5]: painted x in [0, 10), [15, 25), [30, 40), ...
    func testPatternTenFivePaintsEveryFifteenPoints() throws {
        let spans = stride(from: 0.0, to: 100, by: 15).map { ($0, min($0 + 10, 100)) }
        assertPainted(try alphas(pattern: [10, 5]), spans)
    }

    /// Phase 5 shifts the pattern 5 back: painted [0, 5), [10, 20), [25, 35), ...
    func testPhaseFiveShiftsTheDashes() throws {
        let spans = [(0.0, 5.0)] + stride(from: 10.0, to: 100, by: 15).map { ($0, min($0 + 10, 100)) }
        assertPainted(try alphas(pattern: [10, 5], phase: 5), spans)
    }

    /// Square caps reach half the width (1) past each dash: [10, 5] paints [-1, 11), [14, 26), ...
    func testSquareCapsExtendEachDash() throws {
        let spans = stride(from: 0.0, to: 100, by: 15).map { (max($0 - 1, 0), min($0 + 11, 100)) }
        assertPainted(try alphas(pattern: [10, 5], cap: .square), spans)
    }

    /// strokeStart 0.2 trims 0...20 away and the pattern starts at 20: [20, 30), [35, 45), ...
    func testDashesFollowTheTrimmedStart() throws {
        let spans = stride(from: 20.0, to: 100, by: 15).map { ($0, min($0 + 10, 100)) }
        assertPainted(try alphas(pattern: [10, 5], start: 0.2), spans)
    }

    /// The scene keys: a pattern and phase are read; a negative length, a non-array and
    /// more than 256 lengths are refused naming the key.
    func testDashSceneKeys() throws {
        func load(_ keys: String) throws -> LayerComponent {
            let json = """
            {"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "ring", "bounds": [40, 20],
             "position": [50, 50], "type": "shape", "path": "M0 10 H40", "strokeColor": [1, 1, 1, 1]\(keys)}]}
            """
            let scene = try SceneLoader.parse(json, file: "test.json", directory: "/tmp", images: ImageStore())
            return try XCTUnwrap(scene.components[0] as? LayerComponent)
        }
        func error(_ keys: String) -> String {
            do { _ = try load(keys); return "no error" } catch { return "\(error)" }
        }
        let s = try XCTUnwrap(load(#", "lineDashPattern": [4, 2], "lineDashPhase": 3"#).shapeLayers.first)
        XCTAssertEqual(s.style.lineDashPattern, [4, 2])
        XCTAssertEqual(s.style.lineDashPhase, 3)
        XCTAssertTrue(error(#", "lineDashPattern": [4, -2]"#).contains("lineDashPattern"), error(#", "lineDashPattern": [4, -2]"#))
        XCTAssertTrue(error(#", "lineDashPattern": 4"#).contains("lineDashPattern"))
        let many = Array(repeating: "1", count: 257).joined(separator: ", ")
        XCTAssertTrue(error(", \"lineDashPattern\": [\(many)]").contains("at most 256"))
        XCTAssertTrue(error(#", "lineDashPhase": 1e300"#).contains("lineDashPhase"))
    }
}

extension ShapeDashTests {
    /// Hostile patterns end in bounded time: 99,000 dashes (just under the limit) along a
    /// 99,000-point zigzag, and a pattern that would cut it into 10^7 dashes (drawn solid:
    /// every pixel on the line covered).
    func testFinePatternsOnALongPathStayBounded() throws {
        var d = "M0 5"
        for k in 0..<990 { d += k % 2 == 0 ? " H100" : " H0" }
        var style = ShapeStyle()
        style.fillColor = nil
        style.strokeColor = .black
        style.lineWidth = 2
        style.lineDashPattern = [0.5, 0.5]
        let path = try ShapePath(svg: d)
        let start = Date()
        _ = ShapeRasterizer.render(path, style: style, size: Size(100, 10), width: 100, height: 10)
        print("99,000 dashes rasterised in \(Date().timeIntervalSince(start)) s")
        style.lineDashPattern = [0.005, 0.005]
        let solid = ShapeRasterizer.render(path, style: style, size: Size(100, 10), width: 100, height: 10)
        for x in [0, 33, 99] { XCTAssertEqual(solid.pixels[(5 * 100 + x) * 4 + 3], 255, "x \(x)") }
    }
}
