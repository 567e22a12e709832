import Components
import Foundation
import Layers
import Scene
import XCTest

/// docs/animations.md names every scene key, key path and enumerated value the loader
/// accepts, and its tables name nothing the loader does not accept.
final class AnimationDocsTests: XCTestCase {
    func document() throws -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return try String(contentsOf: url.appendingPathComponent("docs/animations.md"), encoding: .utf8)
    }

    /// The backticked names in the first column of the body rows (after the header and
    /// separator) of the table under `heading`.
    func firstColumnNames(_ text: String, under heading: String) -> Set<String> {
        guard let start = text.range(of: heading) else { return [] }
        var names = Set<String>()
        for line in text[start.upperBound...].split(separator: "\n").drop(while: { !$0.hasPrefix("|") }).dropFirst(2) {
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|").first ?? ""
            for part in cell.split(separator: "`").enumerated() where part.offset % 2 == 1 { names.insert(String(part.element)) }
        }
        return names
    }

    func testEverySceneKeyIsDocumentedAndNoOther() throws {
        let doc = try document()
        XCTAssertEqual(firstColumnNames(doc, under: "## In a scene file"), SceneAnimations.keys)
    }

    func testEveryKeyPathIsDocumentedAndNoOther() throws {
        let doc = try document()
        XCTAssertEqual(firstColumnNames(doc, under: "### Key paths and their values"),
                       Set(AnimationKeyPath.allCases.map(\.rawValue)))
    }

    func testEveryEnumeratedValueIsDocumented() throws {
        let doc = try document()
        let names = FillMode.allCases.map(\.rawValue) + CalculationMode.allCases.map(\.rawValue)
            + TimingFunction.names + ["basic", "keyframe", "spring"]
        for name in names { XCTAssertTrue(doc.contains("`\(name)`"), name) }
    }
}
