import Foundation
import XCTest

/// The public surface of `import ParallaxKit` is the list in docs/api.md: a declaration
/// made public (or no longer public) without updating that list fails here.
/// `UPDATE_API_LIST=1` (scripts/update-api-list.sh) rewrites the list.
final class PublicAPITests: XCTestCase {
    /// The modules `import ParallaxKit` re-exports, and ParallaxKit itself.
    static let modules = ["JSON", "LayerMath", "Layers", "Images", "Typography", "Assets", "Input", "Scene",
                          "Components", "GLRenderer", "Platform", "SceneRuntime", "ParallaxKit"]
    static let marker = "<!-- The list below is generated: scripts/update-api-list.sh -->"

    func testThePublicDeclarationsAreTheListedOnes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let listing = try Self.listing(root: root)
        let docURL = root.appendingPathComponent("docs/api.md")
        let doc = try String(contentsOf: docURL, encoding: .utf8)
        guard let range = doc.range(of: Self.marker) else { return XCTFail("docs/api.md has no line \(Self.marker)") }
        if ProcessInfo.processInfo.environment["UPDATE_API_LIST"] == "1" {
            try (String(doc[..<range.upperBound]) + "\n" + listing).write(to: docURL, atomically: true, encoding: .utf8)
            return
        }
        let listed = doc[range.upperBound...].split(separator: "\n").map(String.init)
        let now = listing.split(separator: "\n").map(String.init)
        let added = now.filter { !Set(listed).contains($0) }, removed = listed.filter { !Set(now).contains($0) }
        XCTAssertTrue(added.isEmpty && removed.isEmpty && listed == now, """
            the public surface differs from docs/api.md (scripts/update-api-list.sh after checking it is meant):
            now public: \(added.prefix(20).joined(separator: "\n"))
            no longer: \(removed.prefix(20).joined(separator: "\n"))
            """)
    }

    /// A declaration line is public when its modifiers (after attributes) include `public`
    /// or `open`; it is listed up to its body or default value, spaces collapsed.
    func testTheListingReadsModifiersNotCommentsOrStrings() {
        XCTAssertEqual(Self.declaration("    public static func load(_ name: String) throws -> Scene {"),
                       "public static func load(_ name: String) throws -> Scene")
        XCTAssertEqual(Self.declaration("@inlinable public var  count = 3"), "@inlinable public var count")
        XCTAssertEqual(Self.declaration("public private(set) var list = RenderList()"), "public private(set) var list")
        XCTAssertEqual(Self.declaration("open class Base {}"), "open class Base")
        XCTAssertNil(Self.declaration("    /// public var documented"))
        XCTAssertNil(Self.declaration("    package var tuning = RendererTuning()"))
        XCTAssertNil(Self.declaration("    var publicName = 1"))
        XCTAssertNil(Self.declaration("        \"public\": 1,"))
    }

    /// The listing: one section per module, its files in path order, one line per declaration.
    static func listing(root: URL) throws -> String {
        var out = ""
        for module in modules {
            let dir = root.appendingPathComponent("Sources/\(module)")
            guard let walker = FileManager.default.enumerator(atPath: dir.path) else { continue }
            let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            var lines: [String] = []
            for file in files {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if let d = declaration(String(line)) { lines.append("- `\(d)` (\(file))") }
                }
            }
            out += "\n## \(module) (\(lines.count))\n\n" + lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
        }
        return out
    }

    /// The public declaration on `line`, or nil.
    static func declaration(_ line: String) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first, !first.hasPrefix("//") else { return nil }
        var i = 0
        while i < words.count, words[i].hasPrefix("@") { i += 1 }
        guard i < words.count, words[i] == "public" || words[i] == "open" else { return nil }
        var text = words.joined(separator: " ")
        if let brace = text.firstIndex(of: "{") { text = String(text[..<brace]) }
        if let eq = text.range(of: " = ") { text = String(text[..<eq.lowerBound]) }
        words = text.split(separator: " ").map(String.init)
        return words.joined(separator: " ")
    }
}
