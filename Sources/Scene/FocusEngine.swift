import Input
import LayerMath
import Layers

/// The screen's focus engine, with tvOS semantics across components:
///
/// - exactly one focused item on the screen, in one `FocusContainer` (the first
///   container in scene order, depth first into shelves, at t = 0);
/// - arrow keys, the D-pad and the left stick (past 0.5) move focus: first inside the
///   focused container (`moveFocus`); at its edge, geometrically to the nearest focusable
///   item of another container in that direction. A held D-pad direction or stick repeats,
///   every 0.2 s at first, speeding up linearly to every 0.05 s after 1.5 s of hold
///   (`repeatInterval`); a held key repeats at the keyboard's own rate (each repeat a down);
/// - an item is *in direction d* when its centre lies beyond the focused item's edge on
///   that side (right: `mid.x >= focused.maxX`); the next container that way is the one
///   minimising `gap + 2 * perpendicularGap` (its nearest item's edge-to-edge distance
///   along d, plus the distance across d between the focused item and the container's
///   region, 0 when they overlap), ties going to scene order; in it, focus lands on the
///   item nearest across d (perpendicular gap, then distance between centres, then order),
///   so a stack of rows is walked row by row whatever the items' sizes. Left and Right
///   only go to containers whose region overlaps the focused item's height (the end of a
///   row leads nowhere rather than into the next row);
/// - focus guides (`focusGuide` components) are candidates too, and redirect to their
///   preferred component;
/// - a container entered again gets back the item it had (`remembersLastFocusedItem`,
///   default true); entered for the first time (or not remembering), the item the
///   search found;
/// - only the focused container receives navigation, scroll and select input (keys,
///   controller buttons, wheel); pointer events go to every container (a press or a
///   hover on an item of another container moves focus there); components that are not
///   containers (layers, the cube, a lone parallax button) receive every event as before;
/// - posts `focus` events to the scene's sink when the focused item changes (and once
///   at t = 0), `edge` when a move finds nothing that way, `back` on Escape / Backspace
///   (controller B).
///
/// Does not: animate anything (containers lift and rest their items), or scroll (shelves
/// do, in `focusDidMove`).
public final class FocusEngine {
    private struct Entry {
        let container: FocusContainer
        let scope: FocusScope?
        /// Whether focus has been in it (only then is there an item to remember).
        var visited = false
    }

    private var entries: [Entry] = []
    private var guides: [FocusGuide] = []
    private var others: [SceneComponent] = []
    private let sink: SceneEventSink
    /// Index of the focused container in `entries`, nil when the scene has none.
    private var current: Int?
    private var reported: (entry: Int, item: Int)?
    private var stick = (x: 0.0, y: 0.0)
    private var stickDirection: FocusDirection?
    /// The direction held now (a key, a D-pad button or the stick), since when, and its
    /// next repeat.
    private var held: (direction: FocusDirection, byStick: Bool)?
    private var heldSince = 0.0
    private var nextRepeat = 0.0
    private var started = false

    /// Left-stick deflection that counts as a direction.
    public static let stickThreshold = 0.5
    /// A held direction's repeat interval: `firstRepeatInterval` at first, shrinking
    /// linearly to `fastestRepeatInterval` over `repeatRampDuration` seconds of hold.
    public static let firstRepeatInterval = 0.2, fastestRepeatInterval = 0.05, repeatRampDuration = 1.5
    /// The most repeats one `update(to:)` plays (1,000: 50 s of hold at full speed; a
    /// repeat that scrolls a cover flow costs up to 0.5 ms in a debug build).
    public static let maxRepeatsPerUpdate = 1_000

    /// Seconds from a repeat made after holding `held` seconds to the next one.
    public static func repeatInterval(afterHolding held: Double) -> Double {
        let ramp = min(max(held / repeatRampDuration, 0), 1)
        return firstRepeatInterval + (fastestRepeatInterval - firstRepeatInterval) * ramp
    }
    /// Weight of the perpendicular gap in the geometric search.
    public static let perpendicularWeight = 2.0

    /// Builds the engine over a scene's components (bottom first).
    public init(components: [SceneComponent], sink: SceneEventSink) {
        self.sink = sink
        for c in components {
            if let scope = c as? FocusScope {
                for inner in scope.focusContainers { entries.append(Entry(container: inner, scope: scope)) }
                others.append(scope)
            } else if let container = c as? FocusContainer {
                entries.append(Entry(container: container, scope: nil))
            } else if let guide = c as? FocusGuide {
                guides.append(guide)
            } else {
                others.append(c)
            }
        }
        current = entries.isEmpty ? nil : 0
        if !entries.isEmpty { entries[0].visited = true }
        for (k, e) in entries.enumerated() { e.container.setContainsFocus(k == 0, at: 0) }
    }

    /// The focused container, if the scene has any.
    public var focusedContainer: FocusContainer? { current.map { entries[$0].container } }

    /// The focused component's name and item.
    public var focused: (component: String, item: Int)? {
        focusedContainer.map { ($0.name, $0.focusedItem) }
    }

    /// The canvas frame of the focused item, if any.
    public var focusedFrame: Rect? {
        guard let k = current else { return nil }
        return frame(of: k, item: entries[k].container.focusedItem)
    }

    /// Checks that every focus guide names a focus container in `components` (and an
    /// item it has); the message names the guide.
    public static func guideProblem(in components: [SceneComponent]) -> (guide: String, message: String)? {
        var containers: [String: FocusContainer] = [:]
        for c in components {
            if let scope = c as? FocusScope { for inner in scope.focusContainers { containers[inner.name] = inner } }
            if let container = c as? FocusContainer { containers[container.name] = container }
        }
        for case let guide as FocusGuide in components {
            guard let target = containers[guide.preferredFocus] else {
                return (guide.name, "preferredFocus \"\(guide.preferredFocus)\" is not a focusable component (expected one of: \(containers.keys.sorted().joined(separator: ", ")))")
            }
            if let item = guide.item {
                var has = false
                target.forEachFocusableItem { i, _ in if i == item { has = true } }
                if !has && item != target.focusedItem {
                    return (guide.name, "item \(item) is not a focusable item of \"\(target.name)\"")
                }
            }
        }
        return nil
    }

    // MARK: Time

    /// Posts the initial focus (once) and plays the held direction's repeats up to `time`,
    /// each at its own time. Call before the components' own updates.
    public func update(to time: Double) {
        guard time.isFinite else { return }
        if !started {
            started = true
            reportFocus(at: 0)
        }
        // Every repeat is played at its own time, so one update equals many small ones, up
        // to `maxRepeatsPerUpdate`; past that a jump far ahead (a huge time, where adding
        // the interval no longer changes the number) stays bounded work and the rest of the
        // repeats are dropped.
        var repeats = 0
        while let h = held, nextRepeat <= time {
            repeats += 1
            if repeats > FocusEngine.maxRepeatsPerUpdate {
                nextRepeat = time + FocusEngine.fastestRepeatInterval
                break
            }
            let t = nextRepeat
            if let k = current { updateFocusChain(k, to: t) }
            move(h.direction, at: t)
            nextRepeat = t + FocusEngine.repeatInterval(afterHolding: t - heldSince)
        }
    }

    /// The next held-direction repeat (or `time` before the initial focus is posted);
    /// `.infinity` when nothing is held.
    func nextUpdateTime(after time: Double) -> Double {
        guard started else { return time }
        return held == nil ? .infinity : max(nextRepeat, time)
    }

    /// A direction begins to be held at `time` (moves now, repeats from `update`), or ends.
    private func hold(_ direction: FocusDirection?, byStick: Bool, at time: Double) {
        guard let d = direction else {
            if held?.byStick == byStick { held = nil }
            return
        }
        held = (d, byStick)
        heldSince = time
        nextRepeat = time + FocusEngine.firstRepeatInterval
        move(d, at: time)
    }

    // MARK: Input

    /// Routes one event (see the type's rules).
    public func handle(_ event: InputEvent, at time: Double) {
        guard time.isFinite else { return }
        for c in others { c.handle(event, at: time) }
        guard let k = current else { return }
        let focused = entries[k].container
        if let (key, down) = event.asKey {
            if let d = FocusDirection(key: key) {
                if case .controllerButton = event {
                    // The D-pad repeats here (a keyboard repeats by itself, each repeat a down).
                    if down, held?.direction != d || held?.byStick == true {
                        hold(d, byStick: false, at: time)
                    } else if !down, held?.direction == d {
                        hold(nil, byStick: false, at: time)
                    }
                } else if down {
                    move(d, at: time)
                }
            } else {
                focused.handle(event, at: time)
                if down && (key == "Escape" || key == "Backspace") { post(.back, at: time) }
            }
            reportFocus(at: time)
            return
        }
        switch event {
        case .controllerAxis(let axis, let value) where axis == "leftx" || axis == "lefty":
            let v = value.isFinite ? min(max(value, -1), 1) : 0
            if axis == "leftx" { stick.x = v } else { stick.y = v }
            let d = stickDirectionNow()
            if d != stickDirection {
                stickDirection = d
                hold(d, byStick: true, at: time)
            }
        case .pointer(let p, let button, let down):
            for (j, e) in entries.enumerated() {
                e.container.handle(.pointer(local(p, j), button: button, down: down), at: time)
            }
            if down { focusFromPointer(p, pressed: true, at: time) }
        case .move(let p):
            for (j, e) in entries.enumerated() { e.container.handle(.move(local(p, j)), at: time) }
            focusFromPointer(p, pressed: false, at: time)
        default:
            focused.handle(event, at: time)
        }
        reportFocus(at: time)
    }

    private func stickDirectionNow() -> FocusDirection? {
        let t = FocusEngine.stickThreshold
        if abs(stick.x) >= abs(stick.y) {
            if stick.x > t { return .right }
            if stick.x < -t { return .left }
        } else {
            if stick.y > t { return .down }
            if stick.y < -t { return .up }
        }
        return nil
    }

    /// A canvas point in entry `j`'s superlayer plane, through the transforms its
    /// ancestors are drawn with (a shelf's scroll, any scale, rotation or perspective);
    /// where that plane is only translated (or edge-on, behind the eye), the scope's exact
    /// canvas offset.
    private func local(_ p: Point, _ j: Int) -> Point {
        guard let scope = entries[j].scope else { return p }
        if let parent = entries[j].container.rootLayer.superlayer,
           let q = parent.planePoint(p, fromAncestor: nil, nilWhenTranslated: true) {
            return q
        }
        return p - scope.canvasOffset(of: entries[j].container)
    }

    /// A press inside another container's region, or a hover over one of its items,
    /// moves focus there.
    private func focusFromPointer(_ p: Point, pressed: Bool, at time: Double) {
        guard p.isFinite else { return }
        for j in entries.indices where j != current {
            let c = entries[j].container
            let q = local(p, j)
            pointerHit = (q, nil)
            c.forEachFocusableItem { i, r in
                if self.pointerHit.item == nil && r.contains(self.pointerHit.point) { self.pointerHit.item = i }
            }
            let hit = pointerHit.item
            if hit != nil || (pressed && c.focusRegion.contains(q)) {
                transfer(to: j, item: hit, at: time)
                return
            }
        }
    }

    // MARK: Moving focus

    /// Moves the screen's focus to the focus container named `component` (a top-level
    /// component or a shelf's row) and, when `item` is given, to that item of it (even
    /// when the container remembers another one; the container clamps it). Returns false,
    /// changing nothing, when no focus container has that name.
    @discardableResult
    public func focus(component: String, item: Int?, at time: Double) -> Bool {
        guard time.isFinite, let j = entries.firstIndex(where: { $0.container.name == component }) else { return false }
        transfer(to: j, item: item, at: time, forced: true)
        return true
    }

    /// Moves focus one step in `direction` (inside the focused container, else across).
    public func move(_ direction: FocusDirection, at time: Double) {
        guard let k = current else { return }
        if entries[k].container.moveFocus(direction, at: time) {
            reportFocus(at: time)
            return
        }
        guard let from = frame(of: k, item: entries[k].container.focusedItem) else { return }
        // The search state lives in the engine (closures capturing local variables would
        // allocate a box on every search).
        search = Search(from: from, direction: direction)
        for j in entries.indices where j != k {
            let offset = canvasOffset(j)
            search.begin(entry: j, offset: offset, region: entries[j].container.focusRegion.offsetBy(offset))
            entries[j].container.forEachFocusableItem { i, r in self.search.consider(r, item: i) }
            search.end()
        }
        for g in guides.indices {
            search.begin(entry: -1 - g, offset: .zero, region: guides[g].frame)
            search.consider(guides[g].frame, item: guides[g].item ?? -1)
            search.end()
        }
        guard let b = search.best else {
            post(.edge, at: time)
            return
        }
        if b.entry < 0 {
            let guide = guides[-1 - b.entry]
            guard let j = entries.firstIndex(where: { $0.container.name == guide.preferredFocus }) else { return }
            transfer(to: j, item: guide.item, at: time, forced: guide.item != nil)
        } else {
            transfer(to: b.entry, item: b.item, at: time)
        }
    }

    /// One geometric search, container by container: the nearest container that way (its
    /// nearest item's gap plus the weighted gap across to its region), and in it the item
    /// nearest across the direction.
    private struct Search {
        var from = Rect.zero
        var direction = FocusDirection.right
        var best: (score: Double, entry: Int, item: Int)?
        /// The container being searched: its entry, offset, region and findings so far.
        private var entry = 0
        private var offset = Point.zero
        private var region = Rect.zero
        private var nearestGap = Double.infinity
        private var nearest: (across: Double, centres: Double, item: Int)?

        init() {}
        init(from: Rect, direction: FocusDirection) { self.from = from; self.direction = direction }

        mutating func begin(entry: Int, offset: Point, region: Rect) {
            self.entry = entry; self.offset = offset; self.region = region
            nearestGap = .infinity
            nearest = nil
        }

        mutating func consider(_ frame: Rect, item: Int) {
            guard let m = FocusEngine.measure(from: from, to: frame.offsetBy(offset), direction) else { return }
            nearestGap = min(nearestGap, m.gap)
            if let n = nearest, !(m.across < n.across || (m.across == n.across && m.centres < n.centres)) { return }
            nearest = (m.across, m.centres, item)
        }

        mutating func end() {
            guard let n = nearest else { return }
            let across = FocusEngine.measure(from: from, to: region, direction, anyPlace: true)?.across ?? 0
            // Left and Right stay on the focused item's band: the end of a row is not a way
            // into the rows above or below it.
            if direction == .left || direction == .right, across > 0 { return }
            let score = nearestGap + FocusEngine.perpendicularWeight * across
            if let b = best, !(score < b.score) { return }
            best = (score, entry, n.item)
        }
    }
    private var search = Search()
    private var lookup: (item: Int, frame: Rect?) = (0, nil)
    private var pointerHit: (point: Point, item: Int?) = (.zero, nil)

    /// The geometric score of moving from `a` to `b` in `d`, nil when `b` is not that way.
    public static func score(from a: Rect, to b: Rect, _ d: FocusDirection) -> (score: Double, tie: Double)? {
        measure(from: a, to: b, d).map { ($0.gap + perpendicularWeight * $0.across, $0.centres) }
    }

    /// From `a` to `b` in `d`: the edge-to-edge gap along `d`, the gap across it (0 when the
    /// extents overlap) and the distance between centres across it; nil when `b` is not
    /// that way (its centre not beyond `a`'s edge), unless `anyPlace`.
    static func measure(from a: Rect, to b: Rect, _ d: FocusDirection,
                        anyPlace: Bool = false) -> (gap: Double, across: Double, centres: Double)? {
        switch d {
        case .right, .left:
            if !anyPlace, d == .right ? !(b.midX >= a.maxX) : !(b.midX <= a.minX) { return nil }
            return (max(0, d == .right ? b.minX - a.maxX : a.minX - b.maxX),
                    max(0, max(b.minY - a.maxY, a.minY - b.maxY)), abs(b.midY - a.midY))
        case .down, .up:
            if !anyPlace, d == .down ? !(b.midY >= a.maxY) : !(b.midY <= a.minY) { return nil }
            return (max(0, d == .down ? b.minY - a.maxY : a.minY - b.maxY),
                    max(0, max(b.minX - a.maxX, a.minX - b.maxX)), abs(b.midX - a.midX))
        }
    }

    /// Moves the screen's focus to entry `j`: its remembered item, or `item` when it does
    /// not remember (or `forced`).
    private func transfer(to j: Int, item: Int?, at time: Double, forced: Bool = false) {
        let target = entries[j].container
        if let old = current, old != j { entries[old].container.setContainsFocus(false, at: time) }
        if let item, item >= 0, forced || !target.remembersLastFocusedItem || !entries[j].visited {
            target.focusItem(item, at: time)
        }
        current = j
        entries[j].visited = true
        if !target.containsFocus { target.setContainsFocus(true, at: time) }
        entries[j].scope?.focusDidMove(to: target, at: time)
        reportFocus(at: time)
    }

    /// Brings the focused container's scope and the container to `t` (repeats).
    private func updateFocusChain(_ k: Int, to t: Double) {
        entries[k].container.update(to: t)
    }

    private func canvasOffset(_ j: Int) -> Point {
        entries[j].scope?.canvasOffset(of: entries[j].container) ?? .zero
    }

    private func frame(of j: Int, item: Int) -> Rect? {
        lookup = (item, nil)
        entries[j].container.forEachFocusableItem { i, r in if i == self.lookup.item { self.lookup.frame = r } }
        return lookup.frame?.offsetBy(canvasOffset(j))
    }

    /// Posts an event of `kind` about the focused item.
    private func post(_ kind: SceneEvent.Kind, at time: Double) {
        guard let k = current else { return }
        sink.post(SceneEvent(time: time, kind: kind, component: entries[k].container.name, item: entries[k].container.focusedItem))
    }

    /// Posts a `focus` event when the focused container or item changed.
    private func reportFocus(at time: Double) {
        guard let k = current else { return }
        let item = entries[k].container.focusedItem
        if let r = reported, r.entry == k, r.item == item { return }
        reported = (k, item)
        sink.post(SceneEvent(time: time, kind: .focus, component: entries[k].container.name, item: item))
    }
}

extension Rect {
    /// The rectangle moved by `d`.
    func offsetBy(_ d: Point) -> Rect { Rect(x: minX + d.x, y: minY + d.y, width: width, height: height) }
}
