import Input
import LayerMath
import Layers

/// A piece of a scene: a pure state machine `(state, input, time) -> state` that owns a
/// layer subtree of the canvas.
///
/// Contract: `handle` and `update` take scene time in seconds (monotonic, starting at 0);
/// the same events at the same times give the same layers, whatever the frame rate.
/// `update` must not allocate in the steady state.
public protocol SceneComponent: AnyObject {
    /// The component's unique name in the scene (quads are named `name/...`).
    var name: String { get }
    /// The top-level layer this component adds to the canvas.
    var rootLayer: Layer { get }
    /// Delivers one input event that happened at `time`.
    func handle(_ event: InputEvent, at time: Double)
    /// Advances the component to `time` and updates its layers.
    func update(to time: Double)
    /// A short human-readable status for the demo's title/help (e.g. "item 4 of 9").
    var status: String { get }
    /// The target's pixels per canvas point changed: re-rasterise what depends on it
    /// (text). Called before the first frame and whenever the scale changes.
    func setContentsScale(_ scale: Double)
    /// The earliest scene time from `time` on at which `update` may change the component's
    /// layers or post an event with no input: `time` while it moves, a timer's time while
    /// it waits (a long press, an idle sway), `.infinity` when nothing is scheduled.
    func nextUpdateTime(after time: Double) -> Double
}

extension SceneComponent {
    public var status: String { name }
    public func setContentsScale(_ scale: Double) {}
    /// `time`: a component that does not say is looked at again while the scene rests.
    public func nextUpdateTime(after time: Double) -> Double { time }
}

/// A scene: a canvas and its components, drawn in order.
public final class Scene {
    /// Canvas size in points.
    public var canvas: Size
    /// Canvas background (straight alpha).
    public var background: Color
    /// Components, bottom first.
    public private(set) var components: [SceneComponent]
    /// The top-level layers (one per component), bottom first.
    public private(set) var rootLayers: [Layer]
    /// The focus engine: which item has the screen's one focus, and input routing.
    public let focus: FocusEngine
    /// Where components post focus, select, index and long-press events; add handlers
    /// to receive them (`onEvent`).
    public let events = SceneEventSink()
    /// Navigation sounds (the scene file's `sounds`).
    public var sounds = SceneSounds()
    /// Speech and `announce` events (the scene file's `speech`).
    public var speech = SceneSpeech()
    let announcer = Announcer()
    /// Layers playing video files; those on the scene clock are brought to its time in
    /// `update`.
    public var videos = VideoLayers()
    /// How videos find their frames: `exact` (the frame of the time, decoded now: tools
    /// that render a time) or `live` (decoded ahead on a worker: the demo).
    public var videoPlayback: VideoContents.Playback {
        get { videos.playback }
        set { videos.playback = newValue }
    }
    /// The screensaver (the scene file's `attract`), nil when the scene has none.
    public private(set) var attract: AttractMode?

    public init(canvas: Size, background: Color = Color(0.08, 0.08, 0.1, 1), components: [SceneComponent]) {
        self.canvas = canvas
        self.background = background
        self.components = components
        self.rootLayers = components.map(\.rootLayer)
        for c in components {
            (c as? SceneEventSource)?.eventSink = events
            if let scope = c as? FocusScope { for inner in scope.focusContainers { inner.eventSink = events } }
        }
        focus = FocusEngine(components: components, sink: events)
        events.addHandler { [unowned self] e in
            if e.kind == .focus { self.announcer.focusChanged(at: e.time, settle: self.speech.settle) }
        }
    }

    /// Switches speech on or off (an app's accessibility setting); on, the focused item is
    /// announced at once.
    public func setSpeech(enabled: Bool, at time: Double) {
        speech.enabled = enabled
        if enabled { announcer.announceNow(at: time) }
    }

    /// Delivers an event through the focus engine: navigation, scroll and select input to
    /// the focused component only, the rest as before (see `FocusEngine`).
    public func handle(_ event: InputEvent, at time: Double) {
        if let attract, !attract.admit(event, at: time) { return }
        focus.handle(event, at: time)
    }

    /// Installs a screensaver: its overlay is drawn over every component.
    public func setAttract(_ mode: AttractMode) {
        if let old = attract { rootLayers.removeAll { $0 === old.layer } }
        attract = mode
        rootLayers.append(mode.layer)
    }

    /// Pixels per canvas point of the target drawn into (1 until a renderer says).
    public private(set) var contentsScale = 1.0

    /// Tells every component the target's pixels per canvas point; nothing happens when
    /// it did not change (allocation-free in the frame loop).
    public func setContentsScale(_ scale: Double) {
        guard scale.isFinite, scale > 0, scale != contentsScale else { return }
        contentsScale = scale
        for c in components { c.setContentsScale(scale) }
    }

    /// Advances every component to `time`, then every layer's animations.
    public func update(to time: Double) {
        focus.update(to: time)
        announcer.update(to: time, speech: speech, focus: focus, sink: events)
        for c in components { c.update(to: time) }
        attract?.update(to: time)
        for v in videos.all where v.followsSceneClock { v.update(to: time, playback: videos.playback) }
        for l in rootLayers { l.advanceAnimations(to: time) }
    }

    /// Calls `handler` with every event the scene reports from now on (host API).
    public func onEvent(_ handler: @escaping (SceneEvent) -> Void) {
        events.addHandler(handler)
    }

    /// Calls `handler` when the focused item changes: component name, item, scene time.
    public func onFocusChange(_ handler: @escaping (String, Int, Double) -> Void) {
        events.addHandler { e in if e.kind == .focus { handler(e.component, e.item, e.time) } }
    }

    /// Calls `handler` when an item is selected (Return / Enter, controller A, a click).
    public func onSelect(_ handler: @escaping (String, Int, Double) -> Void) {
        events.addHandler { e in if e.kind == .select { handler(e.component, e.item, e.time) } }
    }

    /// Calls `handler` when a carousel's centred item changes.
    public func onIndexChange(_ handler: @escaping (String, Int, Double) -> Void) {
        events.addHandler { e in if e.kind == .index { handler(e.component, e.item, e.time) } }
    }

    /// Calls `handler` when the focused item is long-pressed.
    public func onLongPress(_ handler: @escaping (String, Int, Double) -> Void) {
        events.addHandler { e in if e.kind == .longPress { handler(e.component, e.item, e.time) } }
    }

    /// The component with `name`, if any.
    public func component(named name: String) -> SceneComponent? {
        components.first { $0.name == name }
    }
}
