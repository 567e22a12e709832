import JSON
/// Events a scene reports to its host: focus changes, selections, carousel index changes
/// and long presses (docs/architecture.md, "Events").
///
/// Does not: queue or replay events, or decide anything; components and the focus engine
/// post them as they happen and the sink calls the host's handlers at once.

/// One event a scene reports to the app.
public struct SceneEvent: Equatable, Sendable {
    /// What happened.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// The focused item changed (`item` is the newly focused item of `component`).
        case focus
        /// An item was selected: Return / Enter, controller A, or a click on it.
        case select
        /// A carousel's centred item changed.
        case index
        /// The focused item was held down for the long-press duration.
        case longPress
        /// Back was pressed (Backspace, controller B).
        case back
        /// Focus could not move any further that way (the end of a row).
        case edge
        /// The settled focus's words for assistive technology (`text`, then `detail`).
        case announce
    }

    /// Scene time in seconds.
    public var time: Double
    public var kind: Kind
    /// The component's name in the scene file.
    public var component: String
    /// The item's index in the component.
    public var item: Int
    /// An announcement's words (the item's title), and what follows after a pause (its
    /// subtitle); nil for other kinds.
    public var text: String?, detail: String?

    public init(time: Double, kind: Kind, component: String, item: Int, text: String? = nil, detail: String? = nil) {
        self.time = time; self.kind = kind; self.component = component; self.item = item
        self.text = text; self.detail = detail
    }

    /// The JSON line of `parallax-demo --events` and `parallax-render --events`:
    /// `{"t":0.2,"type":"focus","component":"grid","item":3}` (time rounded to microseconds);
    /// an announcement adds `"text"` and, when there is one, `"detail"`.
    public var jsonLine: String {
        var line = "{\"t\":\(JSONNode.format((time * 1e6).rounded() / 1e6)),\"type\":\"\(kind.rawValue)\",\"component\":\(JSONNode.quote(component)),\"item\":\(item)"
        if let text { line += ",\"text\":\(JSONNode.quote(text))" }
        if let detail { line += ",\"detail\":\(JSONNode.quote(detail))" }
        return line + "}"
    }
}

/// Receives a scene's events and hands them to the host's handlers in order.
public final class SceneEventSink {
    private var handlers: [(SceneEvent) -> Void] = []

    public init() {}

    /// Calls `handler` for every event from now on (handlers run in the order added).
    public func addHandler(_ handler: @escaping (SceneEvent) -> Void) {
        handlers.append(handler)
    }

    /// Reports one event to every handler.
    public func post(_ event: SceneEvent) {
        for h in handlers { h(event) }
    }
}

/// A component that reports events to the scene's sink (set by `Scene`).
public protocol SceneEventSource: AnyObject {
    /// Where the component posts its events; nil outside a scene.
    var eventSink: SceneEventSink? { get set }
}
