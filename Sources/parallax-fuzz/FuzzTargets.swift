// parallax-fuzz: the inputs a hostile world controls, one function per reader, driven by
// libFuzzer (scripts/fuzz.sh) or, in an ordinary build, by files named on the command line
// (to replay a crash or a corpus without the sanitizers).
//
// What this does NOT do: no GL, no window, no writing outside the temporary folder; it does
// not judge results (a refusal is a pass); only a trap, a sanitizer report, a timeout or an
// out-of-memory stop counts as a failure.
import Assets
import Components
import Foundation
import Images
import JSON
import Input
import LayerMath
import Layers
import Scene
import Typography

/// The fuzz targets by name: `png`, `scene`, `replay`, `stack`, `filename`, `text`, `header`.
enum FuzzTargets {
    /// Every target name, in the order scripts/fuzz.sh lists them.
    static let names = ["png", "scene", "replay", "stack", "filename", "text", "header"]

    /// Small limits so that one input costs milliseconds, not seconds.
    static let limits = ImageLimits(maxDimension: 2048, maxPixels: 1 << 20, maxArchiveBytes: 8 << 20)

    /// The folder scene paths resolve against: `$PARALLAX_ASSETS/scenes` or `Assets/scenes`.
    static let sceneFolder: String = {
        let assets = ProcessInfo.processInfo.environment["PARALLAX_ASSETS"] ?? "Assets"
        return (assets as NSString).appendingPathComponent("scenes")
    }()

    /// Runs target `name` on one input. Errors thrown by the readers are refusals (a pass).
    static func run(_ name: String, _ bytes: [UInt8]) {
        switch name {
        case "png": png(bytes)
        case "scene": scene(bytes)
        case "replay": replay(bytes)
        case "stack": stack(bytes)
        case "filename": fileName(bytes)
        case "text": text(bytes)
        case "header": header(bytes)
        default: break
        }
    }

    /// PNG bytes through the decoder (signature, header limits, chunk walk, pixels).
    static func png(_ bytes: [UInt8]) {
        _ = try? Image.decodePNG(data: bytes, name: "fuzz.png", limits: limits)
    }

    /// Scene text through the loader, then 2.5 s of time, a flatten and a quads dump:
    /// the numbers a scene gives reach layouts and conversions only once it runs.
    static func scene(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let images = ImageStore { try Image.read(path: $0, limits: limits) }
        guard let scene = try? SceneLoader.parse(text, file: "fuzz.json", directory: sceneFolder, images: images) else { return }
        let driver = SceneDriver(scene: scene, events: [])
        for t in [0.1, 0.7, 2.5] { driver.advance(to: t) }
        flatten(scene, time: 2.5)
    }

    /// Replay text through the parser, then played into the carousel and button scenes
    /// up to one second after its last event.
    static func replay(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
              let events = try? Replay.parse(text, file: "fuzz.jsonl") else { return }
        let end = (events.last?.time ?? 0) + 1
        for file in ["carousel.json", "button.json", "scroll-header.json", "cube.json"] {
            guard let scene = replayScenes[file] else { continue }
            let driver = SceneDriver(scene: scene(), events: events)
            driver.advance(to: end)
            flatten(driver.scene, time: end)
        }
    }

    /// Scenes the replay target plays into, loaded once (their images stay cached).
    static let replayScenes: [String: () -> Scene] = {
        var made: [String: () -> Scene] = [:]
        let images = ImageStore()
        for file in ["carousel.json", "button.json", "scroll-header.json", "cube.json"] {
            let path = (sceneFolder as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            made[file] = { try! SceneLoader.parse(text, file: path, directory: sceneFolder, images: images) }
        }
        return made
    }()

    /// `.lsr` bytes (a ZIP archive) through the layered-image loader, from a temporary file.
    static func stack(_ bytes: [UInt8]) {
        let path = stackFile
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        _ = try? LayeredImage.load(path: path, limits: limits)
    }

    /// The temporary `.lsr` file the stack target writes each input to, in a private
    /// folder of this process (`scratch`, removed at exit).
    static var stackFile: String { scratch.file("input.lsr") }
    static let scratch = try! TemporaryFolder(prefix: "parallax-fuzz-")

    /// A file name's bytes (any but NUL) must come back from the lossless decoding exactly,
    /// and its message form must be one line.
    static func fileName(_ bytes: [UInt8]) {
        let name = bytes.filter { $0 != 0 }
        let decoded = FileName.decode(name)
        precondition(FileName.bytes(decoded) == name, "FileName lost bytes")
        let shown = OneLine.bounded(FileName.escaped(decoded))
        precondition(!shown.unicodeScalars.contains { $0.value < 0x20 }, "a control character in a message")
    }

    /// Any UTF-8 text laid out wrapped and truncated: its cost stays linear because runs of
    /// combining marks are capped, and no laid-out line holds a longer run than the cap.
    static func text(_ bytes: [UInt8]) {
        guard let string = String(validating: bytes, as: UTF8.self),
              let layout = try? TextLayout(string, style: TextStyle(fontSize: 24, truncation: .end, isWrapped: true),
                                           width: 300, height: 100) else { return }
        for line in layout.lines {
            var run = 0
            for s in line.text.unicodeScalars {
                let mark = s.properties.canonicalCombiningClass != .notReordered || s.properties.isGraphemeExtend
                run = mark ? run + 1 : 0
                precondition(run <= TextLayout.maximumMarksInARow, "a run of marks longer than the cap")
            }
        }
    }

    /// Image bytes (PNG, JPEG, WebP) through the header reader and the decoder, from a
    /// temporary file: where both read it they agree on its size.
    static func header(_ bytes: [UInt8]) {
        let path = scratch.file("input.image")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
              let size = try? Image.readSize(path: path, limits: limits),
              let image = try? Image.decode(path: path, limits: limits) else { return }
        precondition(image.width == size.width && image.height == size.height, "the header's size is not the decoded size")
    }

    static func flatten(_ scene: Scene, time: Double) {
        var list = RenderList()
        var flattener = Flattener()
        flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
        _ = QuadsDump.json(list, time: time)
    }
}
