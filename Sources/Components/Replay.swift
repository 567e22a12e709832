import Foundation
import LayerMath

/// The replay file of DESIGN.md section 5: JSON lines, one input event each, with its
/// time in seconds, e.g. `{"t":0.2,"type":"key","key":"Right","down":true}`.
public enum Replay {
    /// Parses replay text; `file` names the source in errors. Blank lines are skipped.
    /// Events must be in non-decreasing time order.
    public static func parse(_ text: String, file: String) throws -> [TimedEvent] {
        var events: [TimedEvent] = []
        var lineNumber = 0
        var lastTime = -Double.infinity
        // Split on the newline byte (not on Characters: grapheme breaking a 60 MB line
        // costs seconds); the JSON parser skips the spaces, tabs and CR around a value.
        for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.count <= maxLineBytes else {
                throw SceneError(file: "\(file):\(lineNumber)", path: "",
                                 message: "line longer than \(maxLineBytes) bytes (\(line.count)); a replay event is one short JSON line")
            }
            if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
            let where_ = "\(file):\(lineNumber)"
            let root = try JSONNode.parse(String(Substring(line)), file: where_)
            try root.allowKeys(["t", "type", "key", "down", "x", "y", "button", "dx", "dy", "name", "value"])
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
            default:
                throw SceneError(file: where_, path: "type",
                                 message: "expected key, pointer, move, wheel, controllerButton or controllerAxis, found \"\(type)\"")
            }
            events.append(TimedEvent(time: t, event: event))
        }
        return events
    }

    /// Largest replay file read (16 MiB, about 200,000 events: an hour of busy input;
    /// parsing costs about a second per 100,000 events in a debug build).
    public static let maxFileBytes = 16 << 20
    /// Longest line of a replay file (an event is about 80 bytes).
    public static let maxLineBytes = 4096

    /// Reads and parses a replay file (a regular file of at most `maxFileBytes`).
    public static func load(path: String) throws -> [TimedEvent] {
        try parse(SceneError.readText(path, maxBytes: maxFileBytes, what: "replay"), file: path)
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
        }
    }
}
