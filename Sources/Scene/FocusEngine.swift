import Input
import LayerMath
import Layers

/// The screen's focus engine, with tvOS semantics across components:
///
/// - exactly one focused item on the screen, in one `FocusContainer` (the first
///   container in scene order, depth first into shelves, at t = 0);
/// - arrow keys, the D-pad and the left stick (past 0.5, repeating 5 times a second) move
///   focus: first inside the focused container (`moveFocus`); at its edge, geometrically
///   to the nearest focusable item of another container in that direction;
/// - an item is *in direction d* when its centre lies beyond the focused item's edge on
///   that side (right: `mid.x >= focused.maxX`); the nearest minimises
///   `gap + 2 * perpendicularGap` (edge-to-edge distance along d, plus the distance
///   between the two frames' extents across d, 0 when they overlap), ties going to the
///   smaller distance between centres across d, then to scene order;
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
    private var nextStickRepeat = 0.0
    private var started = false

    /// Left-stick deflection that counts as a direction, and its repeat interval.
    public static let stickThreshold = 0.5, stickRepeatInterval = 0.2
    /// The most left-stick repeats one `update(to:)` plays (1,000 x 0.2 s = 200 s; a
    /// repeat that scrolls a cover flow costs up to 0.5 ms in a debug build).
    public static let maxStickRepeatsPerUpdate = 1_000
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

    /// Posts the initial focus (once) and plays left-stick repeats up to `time`, each at
    /// its own time. Call before the components' own updates.
    public func update(to time: Double) {
        guard time.isFinite else { return }
        if !started {
            started = true
            reportFocus(at: 0)
        }
        // Every repeat is played at its own time, so one update equals many small ones, up
        // to `maxStickRepeatsPerUpdate` (200 s of a held stick); past that a jump far
        // ahead (a huge time, where adding the interval no longer changes the number)
        // stays bounded work and the rest of the repeats are dropped.
        var repeats = 0
        while let d = stickDirection, nextStickRepeat <= time {
            repeats += 1
            if repeats > FocusEngine.maxStickRepeatsPerUpdate {
                nextStickRepeat = time + FocusEngine.stickRepeatInterval
                break
            }
            let t = nextStickRepeat
            if let k = current { updateFocusChain(k, to: t) }
            move(d, at: t)
            nextStickRepeat += FocusEngine.stickRepeatInterval
        }
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
                if down { move(d, at: time) }
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
                if let d {
                    move(d, at: time)
                    nextStickRepeat = time + FocusEngine.stickRepeatInterval
                }
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
            search.entry = j
            search.offset = canvasOffset(j)
            entries[j].container.forEachFocusableItem { i, r in self.search.consider(r, item: i) }
        }
        search.offset = .zero
        for g in guides.indices {
            search.entry = -1 - g
            search.consider(guides[g].frame, item: guides[g].item ?? -1)
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

    /// One geometric search: the best candidate so far.
    private struct Search {
        var from = Rect.zero
        var direction = FocusDirection.right
        var entry = 0
        var offset = Point.zero
        var best: (score: Double, tie: Double, entry: Int, item: Int)?

        init() {}
        init(from: Rect, direction: FocusDirection) { self.from = from; self.direction = direction }

        mutating func consider(_ frame: Rect, item: Int) {
            guard let s = FocusEngine.score(from: from, to: frame.offsetBy(offset), direction) else { return }
            if let b = best, !(s.score < b.score || (s.score == b.score && s.tie < b.tie)) { return }
            best = (s.score, s.tie, entry, item)
        }
    }
    private var search = Search()
    private var lookup: (item: Int, frame: Rect?) = (0, nil)
    private var pointerHit: (point: Point, item: Int?) = (.zero, nil)

    /// The geometric score of moving from `a` to `b` in `d`, nil when `b` is not that way.
    public static func score(from a: Rect, to b: Rect, _ d: FocusDirection) -> (score: Double, tie: Double)? {
        let gap: Double, across: Double, centres: Double
        switch d {
        case .right:
            guard b.midX >= a.maxX else { return nil }
            gap = max(0, b.minX - a.maxX)
            across = max(0, max(b.minY - a.maxY, a.minY - b.maxY))
            centres = abs(b.midY - a.midY)
        case .left:
            guard b.midX <= a.minX else { return nil }
            gap = max(0, a.minX - b.maxX)
            across = max(0, max(b.minY - a.maxY, a.minY - b.maxY))
            centres = abs(b.midY - a.midY)
        case .down:
            guard b.midY >= a.maxY else { return nil }
            gap = max(0, b.minY - a.maxY)
            across = max(0, max(b.minX - a.maxX, a.minX - b.maxX))
            centres = abs(b.midX - a.midX)
        case .up:
            guard b.midY <= a.minY else { return nil }
            gap = max(0, a.minY - b.maxY)
            across = max(0, max(b.minX - a.maxX, a.minX - b.maxX))
            centres = abs(b.midX - a.midX)
        }
        return (gap + perpendicularWeight * across, centres)
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

    /// Brings the focused container's scope and the container to `t` (stick repeats).
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
