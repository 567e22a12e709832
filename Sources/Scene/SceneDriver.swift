import Input
import LayerMath
import Layers

/// Plays a list of timed input events into a scene and advances it to any time: the
/// headless equivalent of the demo's frame loop. Deterministic: the same events and
/// times give the same layers.
public final class SceneDriver {
    public let scene: Scene
    private let events: [TimedEvent]
    private var next = 0
    /// The scene time reached so far.
    public private(set) var time: Double = 0

    /// `events` must be sorted by time (Replay.parse guarantees it).
    public init(scene: Scene, events: [TimedEvent]) {
        self.scene = scene
        self.events = events.sorted { $0.time < $1.time }
        scene.update(to: 0)
    }

    /// Delivers every event up to and including `t` at its own time, then updates the
    /// scene to `t`. Time never goes backwards.
    public func advance(to t: Double) {
        let target = max(t, time)
        while next < events.count, events[next].time <= target {
            let e = events[next]
            scene.update(to: e.time)
            scene.handle(e.event, at: e.time)
            next += 1
        }
        scene.update(to: target)
        time = target
    }

    /// Delivers a live event now (the demo), at scene time `t`.
    public func deliver(_ event: InputEvent, at t: Double) {
        advance(to: t)
        scene.handle(event, at: time)
    }
}
