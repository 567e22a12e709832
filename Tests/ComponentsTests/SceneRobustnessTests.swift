import Assets
import Components
import Foundation
import Images
import Input
import LayerMath
import Scene
import SceneRuntime
import XCTest
import _TestSupport

/// Replay and scene files that are malformed, mutated, or name missing or
/// wrong files fail with one line naming the file, the JSON path and what was expected.
final class SceneRobustnessTests: XCTestCase {
    /// Tokens a mutation may splice in: bad numbers, wrong types, escapes, structure.
    static let tokens = ["NaN", "nan", "Infinity", "-Infinity", "1e999", "-1e999", "-1", "0", "-0", "1e308", "1e-320",
                         "9223372036854775808", "\"x\"", "\"\\n\"", "\"a\\u0000b\"", "null", "true", "[]", "{}", "[",
                         "]", "{", "}", ",", ":", "\"", "\\", "\n", "\u{FEFF}", "\u{1F600}", "0.5", "[1,2]",
                         "\"../../etc/passwd\"", "\"missing.png\"", "\"\"", "1.7976931348623157e308"]

    /// One seeded mutation of `text`: byte edits or token splices (1 to 4 of them).
    static func mutate(_ text: String, _ rng: inout SeededRandom) -> String {
        var b = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            if b.isEmpty { break }
            let i = Int.random(in: 0..<b.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: b[i] = UInt8.random(in: 0...255, using: &rng)
            case 1: b.remove(at: i)
            case 2: b.insert(b[Int.random(in: 0..<b.count, using: &rng)], at: i)
            case 3: b.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: i)
            case 4:
                // Replace a number (a run of digits) with a token.
                var j = i
                while j < b.count, !(48...57).contains(b[j]) { j += 1 }
                var k = j
                while k < b.count, (48...57).contains(b[k]) || b[k] == 46 { k += 1 }
                if j < k { b.replaceSubrange(j..<k, with: Array(tokens.randomElement(using: &rng)!.utf8)) }
            default:
                // Truncate.
                b.removeSubrange(i...)
            }
        }
        return String(decoding: b, as: UTF8.self)
    }

    static let replayText = """
    {"t":0,"type":"pointer","x":640,"y":360,"button":"left","down":true}
    {"t":0.1,"type":"move","x":650.5,"y":362}
    {"t":0.2,"type":"key","key":"Right","down":true}
    {"t":0.25,"type":"key","key":"Right","down":false}
    {"t":0.6,"type":"pointer","x":700,"y":300,"button":"left","down":false}
    {"t":0.7,"type":"wheel","dx":0,"dy":-3}
    {"t":0.8,"type":"controllerButton","name":"DpadLeft","down":true}
    {"t":0.9,"type":"controllerAxis","name":"leftx","value":-0.75}

    {"t":1.5,"type":"move","x":1,"y":2}
    """

    /// ~2000 mutated replay files: each parses or fails with a one-line SceneError.
    func testReplayFuzzEitherParsesOrFailsWithOneLine() throws {
        XCTAssertEqual(try Replay.parse(Self.replayText, file: "r.jsonl").count, 9)
        var rng = SeededRandom(seed: randomTestSeed(0xBAD_5EED))
        var parsed = 0, failed = 0
        for _ in 0..<2000 {
            let text = Self.mutate(Self.replayText, &rng)
            do {
                let events = try Replay.parse(text, file: "r.jsonl")
                parsed += 1
                var last = 0.0
                for e in events {
                    XCTAssertTrue(e.time.isFinite && e.time >= last, "replay time \(e.time) accepted from:\n\(text)")
                    last = e.time
                }
            } catch let error as SceneError {
                failed += 1
                let d = error.description
                XCTAssertFalse(d.contains("\n") || d.contains("\r"), "multi-line error: \(d)")
                XCTAssertTrue(d.hasPrefix("r.jsonl:"), d)
            } catch {
                XCTFail("unexpected error type \(type(of: error)): \(error)")
            }
        }
        print("replay fuzz: \(parsed) parsed, \(failed) failed with one-line errors")
    }

    /// Each built-in scene's JSON mutated ~500 times: no crash; errors are one-line
    /// SceneErrors starting with the file name.
    func testSceneFuzzEveryKind() throws {
        var summary: [String] = []
        for name in BuiltInScenes.names where name != "carousel-100k" {
            let text = try XCTUnwrap(BuiltInScenes.json(name))
            let file = "fuzz-\(name).json"
            var rng = SeededRandom(seed: randomTestSeed(0xF0220 + UInt64(name.utf8.count)))
            var parsed = 0, failed = 0
            for _ in 0..<500 {
                let mutated = Self.mutate(text, &rng)
                do {
                    let scene = try SceneLoader.parse(mutated, file: file, directory: "/nonexistent", images: ImageStore())
                    parsed += 1
                    XCTAssertTrue(scene.canvas.width.isFinite && scene.canvas.width > 0 && scene.canvas.height > 0)
                } catch let error as SceneError {
                    failed += 1
                    let d = error.description
                    XCTAssertFalse(d.contains("\n") || d.contains("\r"), "multi-line error: \(d)")
                    XCTAssertTrue(d.hasPrefix(file + ": "), d)
                } catch {
                    XCTFail("unexpected error type \(type(of: error)): \(error)")
                }
            }
            summary.append("\(name) \(parsed)/\(failed)")
        }
        print("scene fuzz (parsed/failed): " + summary.joined(separator: ", "))
    }

    /// Names holding newlines or quotes still give one-line errors.
    func testErrorsWithEscapedNewlinesStayOnOneLine() {
        let json = #"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "la\nyer", "name": "a"}]}"#
        do {
            _ = try SceneLoader.parse(json, file: "nl.json", directory: "/tmp", images: ImageStore())
            XCTFail("no error")
        } catch {
            let d = "\(error)"
            XCTAssertFalse(d.contains("\n"), d)
            XCTAssertTrue(d.hasPrefix("nl.json: at components[0].kind: unknown kind"), d)
        }
        let dup = #"{"canvas": {"width": 100, "height": 100}, "components": [{"kind": "layer", "name": "a\nb", "bounds": [1, 1]}, {"kind": "layer", "name": "a\nb", "bounds": [1, 1]}]}"#
        do {
            _ = try SceneLoader.parse(dup, file: "nl.json", directory: "/tmp", images: ImageStore())
            XCTFail("no error")
        } catch {
            XCTAssertFalse("\(error)".contains("\n"), "\(error)")
            XCTAssertTrue("\(error)".contains("at components[1].name: duplicate name"), "\(error)")
        }
    }

    // MARK: Path keys: missing files and wrong types

    /// The error for a one-component scene in `dir`.
    func error(_ component: String, in dir: TemporaryDirectory) -> String {
        let json = #"{"canvas": {"width": 1280, "height": 720}, "components": [\#(component)]}"#
        do {
            _ = try SceneLoader.parse(json, file: "scene.json", directory: dir.path, images: ImageStore())
            return "no error"
        } catch let e as SceneError {
            return e.description
        } catch {
            return "unexpected \(type(of: error)): \(error)"
        }
    }

    func testPathKeysNameTheFileTheJSONPathAndTheProblem() throws {
        let dir = try TemporaryDirectory()
        try Image.solid(width: 4, height: 4, 255, 0, 0).writePNG(path: dir.file("ok.png"))
        try dir.write("notpng.png", text: "hello, not a PNG")
        try dir.write("empty.png", bytes: [])
        try dir.makeDirectory("folder.png")
        let button = #""kind": "parallaxButton", "name": "b", "frame": [0, 0, 400, 240]"#
        let missing = dir.file("missing.png")
        // (component JSON, expected substrings)
        let cases: [(String, [String])] = [
            ("{\(button), \"layers\": [\"ok.png\", \"missing.png\"]}",
             ["scene.json: at components[0].layers[1]: no such file: \(missing)"]),
            ("{\(button), \"spotlight\": \"missing.png\"}", ["scene.json: at components[0].spotlight: no such file: \(missing)"]),
            ("{\(button), \"imagestack\": \"missing.imagestack\"}",
             ["scene.json: at components[0].imagestack: no such file: \(dir.file("missing.imagestack"))"]),
            (#"{"kind": "carousel", "name": "c", "frame": [0, 0, 800, 300], "images": ["ok.png", "ok.png", "missing.png"]}"#,
             ["scene.json: at components[0].images[2]: no such file: \(missing)"]),
            (#"{"kind": "scrollHeader", "name": "h", "image": "missing.png"}"#,
             ["scene.json: at components[0].image: no such file: \(missing)"]),
            (#"{"kind": "layer", "name": "l", "bounds": [10, 10], "contents": "missing.png"}"#,
             ["scene.json: at components[0].contents: no such file: \(missing)"]),
            // Wrong types.
            ("{\(button), \"layers\": \"ok.png\"}", ["scene.json: at components[0].layers: expected", "found string"]),
            ("{\(button), \"layers\": [\"ok.png\", 7]}", ["scene.json: at components[0].layers[1]: expected a string", "found number"]),
            ("{\(button), \"spotlight\": true}", ["scene.json: at components[0].spotlight: expected a string", "found"]),
            ("{\(button), \"imagestack\": [\"a\"]}", ["scene.json: at components[0].imagestack: expected a string", "found"]),
            ("{\(button), \"layers\": []}", ["scene.json: at components[0].layers: expected at least one image path"]),
            (#"{"kind": "carousel", "name": "c", "frame": [0, 0, 800, 300], "images": {"a": "ok.png"}}"#,
             ["scene.json: at components[0].images: expected", "found"]),
            (#"{"kind": "carousel", "name": "c", "frame": [0, 0, 800, 300], "images": [null]}"#,
             ["scene.json: at components[0].images[0]: expected a string", "found"]),
            (#"{"kind": "scrollHeader", "name": "h", "image": 3.5}"#, ["scene.json: at components[0].image: expected a string", "found number"]),
            (#"{"kind": "scrollHeader", "name": "h", "image": ""}"#, ["scene.json: at components[0].image: expected a file path, found an empty string"]),
            // Files that exist but are not PNGs (or not files).
            ("{\(button), \"layers\": [\"notpng.png\"]}", ["scene.json: at components[0].layers[0]: ", "notpng.png"]),
            ("{\(button), \"spotlight\": \"empty.png\"}", ["scene.json: at components[0].spotlight: ", "empty.png"]),
            (#"{"kind": "carousel", "name": "c", "frame": [0, 0, 800, 300], "images": ["folder.png"]}"#,
             ["scene.json: at components[0].images[0]: ", "folder.png"]),
            (#"{"kind": "scrollHeader", "name": "h", "image": "notpng.png"}"#, ["scene.json: at components[0].image: ", "notpng.png"]),
            ("{\(button), \"imagestack\": \"ok.png\"}", ["scene.json: at components[0].imagestack: ", "ok.png"]),
            // Bad numbers.
            ("{\(button), \"cornerRadius\": -1}", ["scene.json: at components[0].cornerRadius: expected a radius >= 0, found -1"]),
            (#"{"kind": "parallaxButton", "name": "b", "frame": [0, 0, 0, 240]}"#,
             ["scene.json: at components[0].frame: expected a frame with positive width and height"]),
            (#"{"kind": "carousel", "name": "c", "frame": [0, 0, 800, -300], "count": 3}"#,
             ["scene.json: at components[0].frame: expected a frame with positive width and height"]),
            (#"{"kind": "scrollHeader", "name": "h", "rowHeight": 0}"#, ["scene.json: at components[0].rowHeight: expected a number in 1...16384, found 0"]),
            (#"{"kind": "cube", "name": "k", "faceSize": 1e999}"#, ["scene.json: ", "out of range"]),
        ]
        var report: [String] = []
        for (component, expected) in cases {
            let message = error(component, in: dir)
            report.append(message)
            XCTAssertFalse(message.contains("\n"), message)
            for e in expected { XCTAssertTrue(message.contains(e), "expected \"\(e)\" in: \(message)") }
        }
        print("path-key errors:\n  " + report.joined(separator: "\n  "))
    }
}
