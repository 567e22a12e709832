import Components
import Foundation
import Input
import Scene

/// The demo's running scene on a wall clock: it turns wall-clock seconds into scene time
/// at the moment each event is delivered, so a scene switch or reload restarts the clock
/// for every event after it, even one from the same frame (a key-up polled with the key
/// that switched must not carry the old scene's time into the new one). Records the
/// delivered events, with a scene line at each switch, when given a recorder.
///
/// Does not: load scenes or draw; the demo does.
public final class SceneSession {
    public private(set) var scene: Scene
    public private(set) var driver: SceneDriver
    /// The scene's name or path.
    public private(set) var name: String
    /// The wall-clock time the scene started.
    public private(set) var start: Double
    private let record: ((String) -> Void)?

    /// Starts `scene` at wall time `wall`; `record` receives replay lines (without "\n").
    public init(scene: Scene, name: String, wall: Double, record: ((String) -> Void)? = nil) {
        self.scene = scene
        self.name = name
        self.start = wall
        self.record = record
        driver = SceneDriver(scene: scene, events: [])
        record?(Replay.sceneLine(name))
    }

    /// Scene time at wall time `wall` (never negative).
    public func sceneTime(wall: Double) -> Double { max(0, wall - start) }

    /// Delivers an event that happened at wall time `wall`, and records it.
    public func deliver(_ event: InputEvent, wall: Double) {
        driver.deliver(event, at: sceneTime(wall: wall))
        record?(Replay.line(for: TimedEvent(time: driver.time, event: event)))
    }

    /// Advances the scene to wall time `wall`.
    public func advance(wall: Double) {
        driver.advance(to: sceneTime(wall: wall))
    }

    /// Replaces the scene (a switch or a reload) at wall time `wall`: its clock starts at 0.
    public func replace(with next: Scene, name: String, wall: Double) {
        scene = next
        self.name = name
        start = wall
        driver = SceneDriver(scene: next, events: [])
        record?(Replay.sceneLine(name))
    }
}

/// Where the demo's `P` key saves screenshots: `FOLDER/parallax-SCENE-YYYYMMDD-HHMMSS.png`,
/// with `-2`, `-3`... added when that name is taken (two in one second never overwrite).
///
/// Does not: create the folder.
public enum ScreenshotPath {
    /// The folder: `--screenshots DIR`, else `$XDG_PICTURES_DIR`, else `~/Pictures` when it
    /// exists, else the working directory.
    public static func folder(option: String?, environment: [String: String], exists: (String) -> Bool) -> String {
        if let option, !option.isEmpty { return option }
        if let xdg = environment["XDG_PICTURES_DIR"], !xdg.isEmpty, exists(xdg) { return xdg }
        if let home = environment["HOME"], !home.isEmpty {
            let pictures = (home as NSString).appendingPathComponent("Pictures")
            if exists(pictures) { return pictures }
        }
        return "."
    }

    /// The first free path for a screenshot of `scene` taken at `date` (UTC).
    public static func next(folder: String, scene: String, date: Date, exists: (String) -> Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension
        let safe = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let stem = "parallax-\(safe.isEmpty ? "scene" : safe)-\(formatter.string(from: date))"
        var path = (folder as NSString).appendingPathComponent(stem + ".png")
        var n = 2
        while exists(path) && n < 10_000 {
            path = (folder as NSString).appendingPathComponent("\(stem)-\(n).png")
            n += 1
        }
        return path
    }
}
