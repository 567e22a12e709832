import JSON

/// A scene's speech setting (the top-level `speech` key):
/// `"speech": {"enabled": true, "language": "de", "settle": 0.5}`.
///
/// Does not: speak (the host turns `announce` events into espeak-ng speech).
public struct SceneSpeech: Equatable {
    /// Whether the settled focus is announced (default false; the demo's V key and
    /// `Scene.setSpeech(enabled:at:)` switch it live).
    public var enabled = false
    /// The language spoken (a tag such as `"de"` or `"pt-BR"`); nil: the environment's.
    public var language: String?
    /// How long focus rests on an item before it is announced (seconds).
    public var settle = 0.5

    public init() {}

    /// Reads the `speech` object (absent: the defaults).
    public init(_ node: JSONNode) throws {
        guard node.exists else { return }
        try node.allowKeys(["enabled", "language", "settle"])
        enabled = try node["enabled"].bool(default: false)
        if node["language"].exists {
            let tag = try node["language"].string()
            guard !tag.isEmpty, tag.count <= 35, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                throw node["language"].error("expected a language tag such as \"en\" or \"pt-BR\", found \"\(tag)\"")
            }
            language = tag
        }
        if node["settle"].exists {
            let s = try node["settle"].double()
            guard s >= 0, s <= 10 else { throw node["settle"].error("expected seconds from 0 to 10, found \(JSONNode.format(s))") }
            settle = s
        }
    }
}

/// A focus container whose items have words for assistive technology (tvOS's
/// `accessibilityLabel`, then its `accessibilityHint`-like detail).
public protocol AccessibleItems: FocusContainer {
    /// Item `index`'s title and the detail said after it, nil when it has none.
    func accessibilityLabel(of index: Int) -> (title: String, detail: String?)?
}

/// Posts an `announce` event when focus has rested on an item for `SceneSpeech.settle`
/// seconds: the item's title and detail (`AccessibleItems`), else "Item N". A focus
/// change before then replaces the pending announcement, so only settled focus is said.
final class Announcer {
    /// When the focused item is due to be announced, nil when nothing is pending.
    private var due: Double?

    /// Focus changed at `time`: announce after the settle time.
    func focusChanged(at time: Double, settle: Double) { due = time + settle }

    /// Announce now (speech was switched on).
    func announceNow(at time: Double) { due = time }

    /// When the pending announcement is due (`.infinity`: none).
    var nextUpdateTime: Double { due ?? .infinity }

    /// Posts the due announcement, stamped with its due time, when `time` has reached it.
    func update(to time: Double, speech: SceneSpeech, focus: FocusEngine, sink: SceneEventSink) {
        guard let d = due, time >= d else { return }
        due = nil
        guard speech.enabled, let container = focus.focusedContainer else { return }
        let item = container.focusedItem
        let label = (container as? AccessibleItems)?.accessibilityLabel(of: item) ?? ("Item \(item + 1)", nil)
        sink.post(SceneEvent(time: d, kind: .announce, component: container.name, item: item,
                             text: label.title, detail: label.detail))
    }
}
