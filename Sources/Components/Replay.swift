import Foundation
import LayerMath

/// The replay file of DESIGN.md section 5: JSON lines, one input event each, with its
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
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let where_ = "\(file):\(lineNumber)"
            let root = try JSONNode.parse(String(trimmed), file: where_)
            try root.allowKeys(["t", "type", "key", "down", "x", "y", "z", "button", "dx", "dy", "name", "value"])
            if try root["type"].string(default: "") == "scene" {
                if scene != nil || !events.isEmpty { segments.append(Segment(scene: scene, events: events)) }
                scene = try root["name"].string()
                events = []
                lastTime = -Double.infinity
                continue
            }
            let t = try root["t"].double()
            guard t >= 0 else { throw SceneError(file: where_, path: "t", message: "expected a time >= 0, found \(t)") }
            guard t >= lastTime else {
                throw SceneError(file: where_, path: "t", message: "events must be in time order (\(t) < \(lastTime))")
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
                    throw SceneError(file: where_, path: "button", message: "expected left, right or middle, found \"\(b)\"")
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
                throw SceneError(file: where_, path: "type",
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

    /// Reads and parses a replay file.
    public static func load(path: String) throws -> [TimedEvent] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneError(file: path, path: "", message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(file: path, path: "", message: "not UTF-8 text")
        }
        return try parse(text, file: path)
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
