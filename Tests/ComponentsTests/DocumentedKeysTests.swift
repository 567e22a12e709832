import Assets
import Foundation
import Input
import Scene
import XCTest
import _TestSupport
@testable import Components

/// Issue #10, part 5: the user-facing reference in `docs/` keeps step with the code.
///
/// The accepted keys are collected from the loaders themselves, not from a hand list:
/// every object is checked with `allowKeys`, whose error for an unknown key lists every
/// key it accepts. The test feeds each kind in `SceneKinds.standard` (and the top level,
/// the canvas and a replay line) an unknown probe key and reads that list back, so a key
/// or kind added anywhere shows up here. Each key must appear backticked (`key`) in some
/// `docs/*.md` file.
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

    /// Keys accepted by the scene loader and the replay reader, grouped by where.
    private func collectKeys() -> [String: [String]] {
        var keys: [String: [String]] = [:]
        func scene(_ text: String, _ context: String) {
            do {
                _ = try SceneLoader.parse(text, file: "probe.json", directory: ".", images: ImageStore())
                XCTFail("\(context): a probe key was accepted")
            } catch {
                keys[context] = acceptedKeys(fromError: error, context)
            }
        }
        let canvas = #"{"width": 100, "height": 100}"#
        scene(#"{"canvas": \#(canvas), "components": [], "\#(Self.probe)": 0}"#, "top level")
        scene(#"{"canvas": {"width": 100, "height": 100, "\#(Self.probe)": 0}, "components": []}"#, "canvas")
        for kind in SceneKinds.standard.names {
            scene(#"{"canvas": \#(canvas), "components": [{"kind": "\#(kind)", "name": "p", "\#(Self.probe)": 0}]}"#,
                  "kind \(kind)")
        }
        do {
            _ = try Replay.parse(#"{"t": 0, "type": "key", "key": "A", "down": true, "\#(Self.probe)": 0}"#, file: "probe.jsonl")
            XCTFail("replay: a probe key was accepted")
        } catch {
            keys["replay file"] = acceptedKeys(fromError: error, "replay file")
        }
        return keys
    }

    /// Every backticked token in `docs/*.md`.
    private func documentedTokens() throws -> Set<String> {
        let docs = packageRoot().appendingPathComponent("docs", isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        XCTAssertFalse(files.isEmpty, "no docs/*.md files")
        var tokens = Set<String>()
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let parts = text.components(separatedBy: "`")
            // Odd pieces lie between a pair of backticks (code fences give empty pieces).
            for (i, piece) in parts.enumerated() where i % 2 == 1 { tokens.insert(piece) }
        }
        return tokens
    }

    func testEveryKeyTheLoadersAcceptIsDocumented() throws {
        let keys = collectKeys()
        let tokens = try documentedTokens()
        // The probes reached every kind, and the lists are real (`kind`/`name` everywhere).
        XCTAssertEqual(keys.count, SceneKinds.standard.factories.count + 3)
        for kind in SceneKinds.standard.factories.keys {
            XCTAssertTrue(keys["kind \(kind)"]?.contains("name") ?? false, "kind \(kind): \(keys["kind \(kind)"] ?? [])")
            XCTAssertTrue(tokens.contains(kind), "the kind `\(kind)` is not documented in docs/*.md")
        }
        var missing: [String] = []
        for (context, list) in keys.sorted(by: { $0.key < $1.key }) {
            for key in list where !tokens.contains(key) { missing.append("\(context): `\(key)`") }
        }
        XCTAssertTrue(missing.isEmpty, "keys accepted but not documented (backticked) in any docs/*.md file: "
                      + missing.joined(separator: ", "))
        let total = keys.values.map(\.count).reduce(0, +)
        print("documented keys: \(total) keys in \(keys.count) objects checked against \(tokens.count) doc tokens")
    }

    func testTheProbeReadsTheAcceptedKeysFromTheError() {
        // The collection above depends on the loader's error naming every accepted key.
        let text = #"{"canvas": {"width": 10, "height": 10}, "components": [{"kind": "cube", "name": "c", "\#(Self.probe)": 1}]}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "p.json", directory: ".", images: ImageStore())) {
            XCTAssertEqual(Set(acceptedKeys(fromError: $0, "cube")),
                           ["kind", "name", "frame", "faceSize", "preset", "perspective", "lighting", "light", "ambient"])
        }
    }
}
