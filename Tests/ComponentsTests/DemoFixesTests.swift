import Assets
import Components
import Foundation
import Input
import LayerMath
import Layers
import SceneRuntime
import ToolSupport
import XCTest
import _TestSupport

/// The demo's behaviours, each through the piece that now owns the behaviour.
final class DemoFixesTests: XCTestCase {
    // A scene switch whose key-up arrives in the same frame froze the new scene for as
    // long as the old one had run: the batch's scene time was computed before the switch.
    func testSceneSwitchInTheSameFrameStartsTheNewClockAtZero() throws {
        let a = try BuiltInScenes.load("grid", images: ImageStore())
        let b = try BuiltInScenes.load("carousel", images: ImageStore())
        let session = SceneSession(scene: a, name: "grid", wall: 1000)
        session.advance(wall: 1100)
        XCTAssertEqual(session.driver.time, 100)
        // Frame at wall 1100.01: the "2" key-down switched scenes, its key-up follows.
        session.replace(with: b, name: "carousel", wall: 1100.01)
        session.deliver(.key("2", down: false), wall: 1100.01)
        XCTAssertEqual(session.driver.time, 0, accuracy: 1e-9)
        session.advance(wall: 1100.51)
        XCTAssertEqual(session.driver.time, 0.5, accuracy: 1e-9, "the new scene runs")
    }

    // `--record` stopped at the first scene switch; it now goes on with a scene line.
    func testRecordingGoesOnAcrossSceneSwitches() throws {
        var lines: [String] = []
        let session = SceneSession(scene: try BuiltInScenes.load("grid", images: ImageStore()), name: "grid", wall: 10) {
            lines.append($0)
        }
        session.deliver(.key("Right", down: true), wall: 11)
        session.replace(with: try BuiltInScenes.load("carousel", images: ImageStore()), name: "carousel", wall: 12)
        session.deliver(.key("Left", down: true), wall: 12.5)
        XCTAssertEqual(lines, [
            #"{"t":0,"type":"scene","name":"grid"}"#,
            #"{"t":1,"type":"key","key":"Right","down":true}"#,
            #"{"t":0,"type":"scene","name":"carousel"}"#,
            #"{"t":0.5,"type":"key","key":"Left","down":true}"#,
        ])
        let text = lines.joined(separator: "\n")
        let segments = try Replay.segments(text, file: "r.jsonl")
        XCTAssertEqual(segments.map(\.scene), ["grid", "carousel"])
        XCTAssertEqual(try Replay.events(text, file: "r", scene: "carousel"),
                       [TimedEvent(time: 0.5, event: .key("Left", down: true))])
        XCTAssertEqual(try Replay.events(text, file: "r", scene: "/some/where/carousel"),
                       [TimedEvent(time: 0.5, event: .key("Left", down: true))], "matched by file name")
        XCTAssertEqual(try Replay.parse(text, file: "r"), [TimedEvent(time: 1, event: .key("Right", down: true))],
                       "parse: the first segment")
    }

    func testReplayWithoutSceneLinesIsOneSegment() throws {
        let text = #"{"t":0.2,"type":"key","key":"Right","down":true}"#
        let segments = try Replay.segments(text, file: "r")
        XCTAssertEqual(segments.count, 1)
        XCTAssertNil(segments[0].scene)
        XCTAssertEqual(try Replay.segments("", file: "r").count, 1)
    }

    // Screenshots landed in the working directory, named by the second (two in one
    // second overwrote each other).
    func testScreenshotsGetTheFolderAndNeverOverwrite() {
        let date = Date(timeIntervalSince1970: 1_795_000_000)     // 2026-11-18 ... UTC
        var taken: Set<String> = []
        let exists = { (p: String) in taken.contains(p) }
        let first = ScreenshotPath.next(folder: "/shots", scene: "Assets/scenes/grid.json", date: date, exists: exists)
        XCTAssertTrue(first.hasPrefix("/shots/parallax-grid-"), first)
        XCTAssertTrue(first.hasSuffix(".png"))
        taken.insert(first)
        let second = ScreenshotPath.next(folder: "/shots", scene: "Assets/scenes/grid.json", date: date, exists: exists)
        XCTAssertEqual(second, first.replacingOccurrences(of: ".png", with: "-2.png"))
        XCTAssertEqual(ScreenshotPath.folder(option: "/x", environment: ["HOME": "/h"], exists: { _ in true }), "/x")
        XCTAssertEqual(ScreenshotPath.folder(option: nil, environment: ["XDG_PICTURES_DIR": "/p", "HOME": "/h"], exists: { _ in true }), "/p")
        XCTAssertEqual(ScreenshotPath.folder(option: nil, environment: ["HOME": "/h"], exists: { $0 == "/h/Pictures" }), "/h/Pictures")
        XCTAssertEqual(ScreenshotPath.folder(option: nil, environment: ["HOME": "/h"], exists: { _ in false }), ".")
    }

    // A typo in a built-in scene name said "no such file" without listing the names.
    func testABuiltInNameTypoListsTheBuiltInScenes() {
        XCTAssertThrowsError(try BuiltInScenes.load(fileOrName: "carousle", images: ImageStore())) { e in
            let text = "\(e)"
            XCTAssertTrue(text.hasPrefix("carousle: no such file, and not a built-in scene (built-in scenes: home, button, grid"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        XCTAssertNoThrow(try BuiltInScenes.load(fileOrName: "home", images: ImageStore()))
    }

    // A scene path that is a symbolic link loop, or a link to nothing, said "no such file,
    // and not a built-in scene": the path exists (as a link), so it is opened and the
    // one-line error says what is wrong with it.
    func testASceneLinkLoopOrDanglingLinkSaysSoNotNoSuchFile() throws {
        let dir = try TemporaryDirectory()
        XCTAssertEqual(symlink(dir.file("b.json"), dir.file("a.json")), 0)
        XCTAssertEqual(symlink(dir.file("a.json"), dir.file("b.json")), 0)
        XCTAssertEqual(symlink(dir.file("missing.json"), dir.file("dangling.json")), 0)
        XCTAssertThrowsError(try BuiltInScenes.load(fileOrName: dir.file("a.json"), images: ImageStore())) { e in
            XCTAssertEqual("\(e)", "\(dir.file("a.json")): cannot open: too many levels of symbolic links (a symbolic link loop)")
        }
        XCTAssertThrowsError(try BuiltInScenes.load(fileOrName: dir.file("dangling.json"), images: ImageStore())) { e in
            XCTAssertEqual("\(e)", "\(dir.file("dangling.json")): cannot open: a symbolic link to a file that does not exist")
        }
        XCTAssertThrowsError(try BuiltInScenes.load(fileOrName: dir.file("absent.json"), images: ImageStore())) { e in
            XCTAssertTrue("\(e)".hasSuffix("absent.json: no such file, and not a built-in scene (built-in scenes: home, button, grid, "
                                           + "carousel, coverflow, cube, header, affine, layers, carousel-100k, text, movies, showcase)"), "\(e)")
        }
    }

    // `generate-assets --help` wrote 37 files into a folder named `--help`.
    func testGenerateAssetsHelpWritesNothing() throws {
        let binary = packageRoot().appendingPathComponent(".build/debug/generate-assets")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return XCTFail("\(binary.path) not built (swift build builds it)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ga-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (args, status) in [(["--help"], Int32(0)), (["-h"], 0), (["--frobnicate"], 1), (["a", "b"], 1)] {
            let p = Process()
            p.executableURL = binary
            p.arguments = args
            p.currentDirectoryURL = dir
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, status, "\(args)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
    }
}
