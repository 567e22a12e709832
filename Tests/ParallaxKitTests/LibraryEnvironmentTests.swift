import Foundation
import XCTest

/// An app's environment does not change what the library does: its modules read only the
/// documented shader folder override, in Platform whether there is a display (to pick SDL's
/// offscreen driver), and the system's own locations where an app asks for them (a
/// temporary folder's `TMPDIR`, the thumbnail cache's and the controller database's XDG
/// folders and `HOME`, SDL's controller file): no switch of the renderer's.
final class LibraryEnvironmentTests: XCTestCase {
    /// The variable names read by the modules `import ParallaxKit` brings.
    func testTheLibraryReadsOnlyTheShaderOverrideTheDisplayAndTheSystemsLocations() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var read: Set<String> = []
        for module in PublicAPITests.modules {
            let dir = root.appendingPathComponent("Sources/\(module)")
            guard let walker = FileManager.default.enumerator(atPath: dir.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    for name in Self.variables(in: String(line)) { read.insert("\(module): \(name)") }
                }
            }
        }
        XCTAssertEqual(read, ["GLRenderer: PARALLAX_SHADERS", "Platform: DISPLAY", "Platform: WAYLAND_DISPLAY",
                              "Platform: SDL_VIDEODRIVER",
                              "Images: TMPDIR", "Assets: XDG_CACHE_HOME", "Assets: HOME",
                              "Platform: XDG_DATA_HOME", "Platform: HOME", "Platform: SDL_GAMECONTROLLERCONFIG_FILE"])
    }

    func testTheScanFindsBothWaysOfReadingAVariable() {
        XCTAssertEqual(Self.variables(in: #"let a = getenv("HOME"), b = environment["PARALLAX_FOLD"]"#), ["HOME", "PARALLAX_FOLD"])
        XCTAssertEqual(Self.variables(in: #"let path = ProcessInfo.processInfo.environment["PATH"] ?? """#), ["PATH"])
        XCTAssertEqual(Self.variables(in: "switch ProcessInfo.processInfo.environment[name] {"), ["(computed)"])
        XCTAssertEqual(Self.variables(in: "let x = 1"), [])
    }

    /// The names in `getenv("NAME")` and `environment["NAME"]` on one line; a key that is
    /// not a string literal (a helper's parameter) is "(computed)".
    static func variables(in line: String) -> [String] {
        var names: [String] = []
        for opener in ["getenv(", "environment["] {
            var rest = line[...]
            while let r = rest.range(of: opener) {
                rest = rest[r.upperBound...]
                guard rest.first == "\"" else { names.append("(computed)"); continue }
                rest = rest.dropFirst()
                if let end = rest.firstIndex(of: "\"") { names.append(String(rest[..<end])) }
            }
        }
        return names
    }
}
