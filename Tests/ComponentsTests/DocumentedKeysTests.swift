import Assets
import Foundation
import Input
import Scene
import XCTest
import _TestSupport
@testable import Components

/// The scene-file reference (`docs/scene-format.md`) keeps step with the code.
///
/// The accepted keys are collected from the loaders themselves, not from a hand list:
/// every object is checked with `allowKeys`, whose error for an unknown key lists every
/// key it accepts. The test feeds each kind in `SceneKinds.standard` (and the top level,
/// the canvas, nested objects and a replay line) an unknown probe key and reads that list
/// back, so a key or kind added anywhere shows up here. Each kind's keys must be the keys
/// of its own section of `docs/scene-format.md` (`DocumentedKeys` says how a section is
/// read), in both directions: no key undocumented, no documented key the loader refuses.
final class DocumentedKeysTests: XCTestCase {
    static let probe = "zzUndocumentedProbe"

    /// The keys listed by an "unknown key ... (expected one of: a, b, c)" error.
    private func acceptedKeys(fromError error: Error, _ context: String,
                              file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let text = "\(error)"
        guard text.contains(Self.probe), let start = text.range(of: "expected one of: ") else {
            XCTFail("\(context): the probe key was not reported as unknown: \(text)", file: file, line: line)
            return []
        }
        let rest = text[start.upperBound...]
        let list = rest.prefix { $0 != ")" }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// One probed object: where it is documented and the keys its loader accepts.
    private struct Probed {
        var section: String   // a kind, or "Top level"
        var keys: [String]
    }

    /// Keys accepted by the scene loader, keyed by the object probed.
    private func collectSceneKeys() -> [String: Probed] {
        var found: [String: Probed] = [:]
        let canvas = #"{"width": 100, "height": 100}"#
        func scene(_ text: String, _ context: String, section: String) {
            do {
                _ = try SceneLoader.parse(text, file: "probe.json", directory: ".", images: ImageStore())
                XCTFail("\(context): a probe key was accepted")
            } catch {
                found[context] = Probed(section: section, keys: acceptedKeys(fromError: error, context))
            }
        }
        func component(_ object: String) -> String { #"{"canvas": \#(canvas), "components": [\#(object)]}"# }
        let p = #""\#(Self.probe)": 0"#
        scene(#"{"canvas": \#(canvas), "components": [], \#(p)}"#, "top level", section: "Top level")
        scene(#"{"canvas": {"width": 100, "height": 100, \#(p)}, "components": []}"#, "canvas", section: "Top level")
        for kind in SceneKinds.standard.names {
            scene(component(#"{"kind": "\#(kind)", "name": "p", \#(p)}"#), "kind \(kind)", section: kind)
        }
        // Objects nested in a component, documented in the component's section.
        scene(component(#"{"kind": "layer", "name": "p", "bounds": [1, 1], "animations": [{"keyPath": "opacity", \#(p)}]}"#),
              "layer animation", section: "layer")
        scene(component(#"{"kind": "shelf", "name": "p", "frame": [0, 0, 10, 10], "header": {\#(p)}, "rows": []}"#),
              "shelf header", section: "shelf")
        scene(component(#"{"kind": "shelf", "name": "p", "frame": [0, 0, 10, 10], "rows": [{\#(p)}]}"#),
              "shelf row", section: "shelf")
        scene(component(#"{"kind": "cardRow", "name": "p", "frame": [0, 0, 10, 10], "items": [{\#(p)}]}"#),
              "cardRow item", section: "cardRow")
        return found
    }

    private func read(_ relativePath: String) throws -> String {
        try String(contentsOf: packageRoot().appendingPathComponent(relativePath), encoding: .utf8)
    }

    func testEveryKeyOfEveryKindIsDocumentedInItsOwnSection() throws {
        let probed = collectSceneKeys()
        let doc = DocumentedKeys(markdown: try read("docs/scene-format.md"))
        XCTAssertEqual(Set(probed.values.map(\.section)), Set(SceneKinds.standard.names + ["Top level"]),
                       "every kind was probed")
        // `kind` and `name` are accepted by every component and documented once, at the top.
        var accepted: [String: Set<String>] = ["Top level": ["kind", "name"]]
        for (context, object) in probed {
            if context.hasPrefix("kind ") {
                XCTAssertTrue(object.keys.contains("name"), "\(context): \(object.keys)")
            }
            let keys = object.section == "Top level" ? object.keys : object.keys.filter { $0 != "kind" && $0 != "name" }
            accepted[object.section, default: []].formUnion(keys)
        }
        var undocumented: [String] = []
        var refused: [String] = []
        for (section, keys) in accepted.sorted(by: { $0.key < $1.key }) {
            guard let documented = doc.keys(ofSection: section) else {
                XCTFail("docs/scene-format.md has no section for `\(section)` (a heading starting \"## `\(section)`\")")
                continue
            }
            undocumented += keys.subtracting(documented).sorted().map { "\(section): `\($0)`" }
            refused += documented.subtracting(keys).sorted().map { "\(section): `\($0)`" }
        }
        XCTAssertEqual(undocumented, [], "keys the loader accepts but docs/scene-format.md does not list in the kind's section")
        XCTAssertEqual(refused, [], "keys docs/scene-format.md lists that the loader refuses")
        print("documented keys: \(accepted.values.map(\.count).reduce(0, +)) keys in \(accepted.count) sections")
    }

    func testEveryReplayKeyIsDocumented() throws {
        let keys: [String]
        do {
            _ = try Replay.parse(#"{"t": 0, "type": "key", "key": "A", "down": true, "\#(Self.probe)": 0}"#, file: "probe.jsonl")
            return XCTFail("replay: a probe key was accepted")
        } catch {
            keys = acceptedKeys(fromError: error, "replay file")
        }
        XCTAssertFalse(keys.isEmpty)
        let tokens = DocumentedKeys.backticked(try read("docs/replay-file.md"))
        XCTAssertEqual(keys.filter { !tokens.contains($0) }, [], "replay keys not backticked in docs/replay-file.md")
    }

    func testTheProbeReadsTheAcceptedKeysFromTheError() {
        // The collection above depends on the loader's error naming every accepted key.
        let text = #"{"canvas": {"width": 10, "height": 10}, "components": [{"kind": "cube", "name": "c", "\#(Self.probe)": 1}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "p.json", directory: ".", images: ImageStore())) {
            XCTAssertEqual(Set(acceptedKeys(fromError: $0, "cube")),
                           ["kind", "name", "frame", "faceSize", "preset", "perspective", "lighting", "light", "ambient"])
        }
    }

    // MARK: - Reading the markdown (hand-written documents)

    private let sample = """
        # Title

        ## `alpha`: first

        | key | meaning |
        |---|---|
        | `one` | a `notAKey` in the meaning |
        | `two`, `three` | two keys in one cell |

        | operation | meaning |
        |---|---|
        | `{"op": 1}` | not a key table |

        ### Nested

        | key | meaning |
        |---|---|
        | `four` | a subsection belongs to its section |

        And the [shared keys](#shared-keys).

        ## `alphabet`: a longer name

        | key | meaning |
        |---|---|
        | `five` | |

        ## Shared keys

        | key | default | meaning |
        |---|---|---|
        | `six` | 0 | linked from `alpha` |
        """

    func testASectionsKeysAreTheFirstCellsOfItsKeyTablesAndOfTheSectionsItLinks() {
        let doc = DocumentedKeys(markdown: sample)
        XCTAssertEqual(doc.keys(ofSection: "alpha"), ["one", "two", "three", "four", "six"])
        XCTAssertEqual(doc.keys(ofSection: "alphabet"), ["five"], "a kind's name must match the whole backticked word")
        XCTAssertEqual(doc.keys(ofSection: "Shared keys"), ["six"])
        XCTAssertNil(doc.keys(ofSection: "beta"))
    }

    func testAHeadingsAnchorIsGitHubsSlug() {
        XCTAssertEqual(DocumentedKeys.anchor("Focus-effect keys"), "focus-effect-keys")
        XCTAssertEqual(DocumentedKeys.anchor("`shelf`: rows of containers"), "shelf-rows-of-containers")
        XCTAssertEqual(DocumentedKeys.anchor("Top level"), "top-level")
    }
}

/// The keys a markdown reference documents, section by section.
///
/// A section runs from a `## ` heading to the next one (its `###` subsections included).
/// Its keys are the backticked words in the first cell of each table whose header's first
/// cell is `key`, plus those of every `## ` section it links to (`](#anchor)`). The section
/// of kind `k` is the one whose heading starts with `` `k` ``; other sections are found by
/// their whole heading.
struct DocumentedKeys {
    private var sections: [(heading: String, lines: [String])] = []

    init(markdown: String) {
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                sections.append((String(line.dropFirst(3)), []))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
    }

    /// Every backticked piece of `text`.
    static func backticked(_ text: String) -> Set<String> {
        let parts = text.components(separatedBy: "`")
        return Set(parts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
    static func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        return kept.replacingOccurrences(of: " ", with: "-")
    }

    /// The keys of the section for `name` (a kind or a whole heading), nil without one.
    func keys(ofSection name: String) -> Set<String>? {
        guard let section = sections.first(where: { $0.heading.hasPrefix("`\(name)`") || $0.heading == name }) else {
            return nil
        }
        var keys = Self.tableKeys(section.lines)
        for anchor in Self.links(section.lines) {
            if let linked = sections.first(where: { Self.anchor($0.heading) == anchor }) {
                keys.formUnion(Self.tableKeys(linked.lines))
            }
        }
        return keys
    }

    private static func tableKeys(_ lines: [String]) -> Set<String> {
        var keys = Set<String>()
        var inKeyTable = false
        var previousWasTable = false
        for line in lines {
            let isTable = line.hasPrefix("|")
            defer { previousWasTable = isTable }
            guard isTable else { inKeyTable = false; continue }
            let firstCell = line.split(separator: "|", omittingEmptySubsequences: false)[1]
                .trimmingCharacters(in: .whitespaces)
            if !previousWasTable {
                inKeyTable = firstCell == "key"
            } else if inKeyTable && !firstCell.hasPrefix("---") {
                keys.formUnion(backticked(firstCell))
            }
        }
        return keys
    }

    private static func links(_ lines: [String]) -> [String] {
        lines.joined(separator: "\n").components(separatedBy: "](#").dropFirst().map { $0.prefix { $0 != ")" } }.map(String.init)
    }
}
