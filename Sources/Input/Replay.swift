import Foundation
import Images
import JSON
import LayerMath

/// The replay file (docs/replay-file.md): JSON lines, one input event each, with its
/// time in seconds, e.g. `{"t":0.2,"type":"key","key":"Right","down":true}`.
public enum Replay {
    /// The events recorded on one scene: `parallax-demo --record` starts a new segment with
    /// a `{"t":0,"type":"scene","name":NAME}` line at each scene switch (times restart at 0).
    public struct Segment: Equatable, Sendable {
        /// The scene's name or path as the demo knew it (nil before any scene line).
        public var scene: String?
        public var events: [TimedEvent]
    }

    /// Parses replay text; `file` names the source in errors. Blank lines are skipped.
    /// Events must be in non-decreasing time order. Returns the first segment's events
    /// (the whole file when it has no scene lines).
    public static func parse(_ text: String, file: String) throws -> [TimedEvent] {
        try segments(text, file: file).first?.events ?? []
    }

    /// The events of the segment recorded on `scene` (matched by name or by the file name
    /// of a path), else of the first segment.
    public static func events(_ text: String, file: String, scene: String) throws -> [TimedEvent] {
        let all = try segments(text, file: file)
        let base = (scene as NSString).lastPathComponent
        let match = all.first { $0.scene == scene } ?? all.first { $0.scene.map { ($0 as NSString).lastPathComponent } == base }
        return (match ?? all.first)?.events ?? []
    }

    /// Parses replay text into its scene segments (see `Segment`).
    public static func segments(_ text: String, file: String) throws -> [Segment] {
        var segments: [Segment] = []
        var events: [TimedEvent] = []
        var scene: String?
        var lineNumber = 0
        var lastTime = -Double.infinity
        // Split on the newline byte (not on Characters: grapheme breaking a 60 MB line
        // costs seconds); the JSON parser skips the spaces, tabs and CR around a value.
        for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.count <= maxLineBytes else {
                throw JSONError(file: "\(file):\(lineNumber)", path: "",
                                 message: "line longer than \(maxLineBytes) bytes (\(line.count)); a replay event is one short JSON line")
            }
            if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            let where_ = "\(file):\(lineNumber)"
            let root = try JSONNode.parse(String(Substring(line)), file: where_)
            try root.allowKeys(["t", "type", "key", "down", "x", "y", "z", "button", "dx", "dy", "name", "value"])
            if try root["type"].string(default: "") == "scene" {
                if scene != nil || !events.isEmpty { segments.append(Segment(scene: scene, events: events)) }
                scene = try root["name"].string()
                events = []
                lastTime = -Double.infinity
                continue
            }
            let t = try root["t"].double()
            guard t >= 0 else { throw JSONError(file: where_, path: "t", message: "expected a time >= 0, found \(t)") }
            guard t >= lastTime else {
                throw JSONError(file: where_, path: "t", message: "events must be in time order (\(t) < \(lastTime))")
            }
            lastTime = t
            let type = try root["type"].string()
            let event: InputEvent
            switch type {
            case "key":
                event = .key(try root["key"].string(), down: try root["down"].bool())
            case "pointer":
                let b = try root["button"].string(default: "left")
                guard let button = PointerButton(rawValue: b) else {
                    throw JSONError(file: where_, path: "button", message: "expected left, right or middle, found \"\(b)\"")
                }
                event = .pointer(Point(try root["x"].double(), try root["y"].double()), button: button,
                                 down: try root["down"].bool())
            case "move":
                event = .move(Point(try root["x"].double(), try root["y"].double()))
            case "wheel":
                event = .wheel(dx: try root["dx"].double(default: 0), dy: try root["dy"].double(default: 0))
            case "controllerButton":
                event = .controllerButton(try root["name"].string(), down: try root["down"].bool())
            case "controllerAxis":
                event = .controllerAxis(try root["name"].string(), value: try root["value"].double())
            case "touchpad":
                event = .touchpad(x: try root["x"].double(), y: try root["y"].double(), down: try root["down"].bool())
            case "gyro":
                event = .gyro(x: try root["x"].double(), y: try root["y"].double(), z: try root["z"].double())
            default:
                throw JSONError(file: where_, path: "type",
                                 message: "expected key, pointer, move, wheel, controllerButton, controllerAxis, touchpad or gyro, found \"\(type)\"")
            }
            events.append(TimedEvent(time: t, event: event))
        }
        if scene != nil || !events.isEmpty || segments.isEmpty { segments.append(Segment(scene: scene, events: events)) }
        return segments
    }

    /// The line that starts a new scene's segment.
    public static func sceneLine(_ name: String) -> String {
        "{\"t\":0,\"type\":\"scene\",\"name\":\(JSONNode.quote(name))}"
    }

    /// Largest replay file read (16 MiB, about 200,000 events: an hour of busy input;
    /// parsing costs about a second per 100,000 events in a debug build).
    public static let maxFileBytes = 16 << 20
    /// Longest line of a replay file (an event is about 80 bytes).
    public static let maxLineBytes = 4096

    /// Reads and parses a replay file (a regular file of at most `maxFileBytes`).
    public static func load(path: String) throws -> [TimedEvent] {
        try parse(text(path: path), file: path)
    }

    /// The text of a replay file: a regular file (a FIFO or device is refused without
    /// blocking) of at most `maxFileBytes`, in UTF-8.
    public static func text(path: String) throws -> String {
        try JSONError.readText(path, maxBytes: maxFileBytes, what: "replay")
    }

    /// One JSON line for an event (what `parallax-demo --record` writes).
    public static func line(for e: TimedEvent) -> String {
        func n(_ v: Double) -> String { JSONNode.format(v) }
        let t = n(e.time)
        switch e.event {
        case .key(let k, let d): return "{\"t\":\(t),\"type\":\"key\",\"key\":\(JSONNode.quote(k)),\"down\":\(d)}"
        case .pointer(let p, let b, let d):
            return "{\"t\":\(t),\"type\":\"pointer\",\"x\":\(n(p.x)),\"y\":\(n(p.y)),\"button\":\"\(b.rawValue)\",\"down\":\(d)}"
        case .move(let p): return "{\"t\":\(t),\"type\":\"move\",\"x\":\(n(p.x)),\"y\":\(n(p.y))}"
        case .wheel(let dx, let dy): return "{\"t\":\(t),\"type\":\"wheel\",\"dx\":\(n(dx)),\"dy\":\(n(dy))}"
        case .controllerButton(let b, let d):
            return "{\"t\":\(t),\"type\":\"controllerButton\",\"name\":\(JSONNode.quote(b)),\"down\":\(d)}"
        case .controllerAxis(let a, let v):
            return "{\"t\":\(t),\"type\":\"controllerAxis\",\"name\":\(JSONNode.quote(a)),\"value\":\(n(v))}"
        case .touchpad(let x, let y, let d):
            return "{\"t\":\(t),\"type\":\"touchpad\",\"x\":\(n(x)),\"y\":\(n(y)),\"down\":\(d)}"
        case .gyro(let x, let y, let z):
            return "{\"t\":\(t),\"type\":\"gyro\",\"x\":\(n(x)),\"y\":\(n(y)),\"z\":\(n(z))}"
        }
    }
}
