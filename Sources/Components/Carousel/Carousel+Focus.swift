import JSON
import LayerMath
import Layers
import Scene

/// The carousel as a focus container: its one focusable item is the centred one;
/// Left/Right (Up/Down when vertical) scroll it by one item and report an edge at the
/// ends of a carousel that does not wrap, so focus can leave sideways; the other two
/// directions always leave. Focus lifts the centred item by `focusedItemScale`.
///
/// Does not: change the centred item when focus leaves or returns (a carousel always
/// remembers it).
extension Carousel: FocusContainer {
    public var focusRegion: Rect { frame }

    public func forEachFocusableItem(_ body: (Int, Rect) -> Void) {
        guard count > 0 else { return }
        let c = layout.itemCentre(offset: 0)
        let size = layout.itemSize
        body(focusedItem, Rect(x: frame.minX + c.x - size.width / 2, y: frame.minY + c.y - size.height / 2,
                               width: size.width, height: size.height))
    }

    /// The item the carousel is going to (the running scroll's target).
    public var focusedItem: Int { physics.targetIndex }

    public func moveFocus(_ direction: FocusDirection, at time: Double) -> Bool {
        guard count > 0, time.isFinite else { return false }
        update(to: time)
        let step: Int
        switch (direction, layout.isVertical) {
        case (.left, false), (.up, true): step = -1
        case (.right, false), (.down, true): step = 1
        default: return false
        }
        if !physics.wrap {
            let target = physics.targetIndex + step
            guard target >= 0, target < count else { return false }
        }
        interact()
        physics.scroll(byItems: step)
        return true
    }

    public func focusItem(_ index: Int, at time: Double) {
        guard count > 0, time.isFinite else { return }
        update(to: time)
        interact()
        physics.scroll(toItem: min(max(index, 0), count - 1))
    }

    public func setContainsFocus(_ focused: Bool, at time: Double) {
        guard focused != containsFocus else { return }
        containsFocus = focused
        lift = Tween(from: lift.value(at: time), to: focused ? 1 : 0, start: time,
                     duration: time > 0 ? FocusGrid.transitionDuration : 0, timing: .easeOut)
    }
}

extension Carousel {
    /// The first time in `start.time...end` at which `start`'s motion centres `index`
    /// (bisection on copies of the physics, a value type: no allocation), so the `index`
    /// event's time does not depend on the frame rate. Motions are monotonic between
    /// events; `end` when the item is not reached by then.
    static func timeReaching(_ index: Int, from start: ScrollPhysics, until end: Double) -> Double {
        var lo = start.time, hi = end
        guard lo < hi else { return end }
        for _ in 0..<48 {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { break }
            var probe = start
            probe.update(to: mid)
            if probe.currentIndex == index { hi = mid } else { lo = mid }
        }
        return hi
    }
}

/// iCarousel's physics properties as scene keys (iCarousel.m's setUp and physics). A key left out
/// keeps the layout's own physics (iCarousel's for its types, UIScrollView's for
/// `rotatedFlow`).
public struct CarouselPhysicsSettings: Equatable, Sendable {
    /// `pagingEnabled`: a drag moves at most one item from where it began.
    public var pagingEnabled = false
    /// `decelerationRate` (iCarousel 0.95): a flick at v items/s travels v / (60 (1 - rate)) items.
    public var decelerationRate: Double?
    /// `bounces` (true): false stops drags at the ends.
    public var bounces: Bool?
    /// `bounceDistance` (iCarousel 1 item): how far past an end.
    public var bounceDistance: Double?
    /// `scrollDuration` (0.4 s): programmatic scrolls (keys, clicks) and snaps.
    public var scrollDuration: Double?

    public init() {}

    /// Keys `read` accepts (plus `autoscrollResumeDelay`, read by the carousel itself).
    public static let keys: Set<String> = ["pagingEnabled", "decelerationRate", "bounces", "bounceDistance", "scrollDuration"]

    /// Reads the keys present in `node`.
    public static func read(_ node: JSONNode) throws -> CarouselPhysicsSettings {
        var s = CarouselPhysicsSettings()
        s.pagingEnabled = try node["pagingEnabled"].bool(default: false)
        if node["decelerationRate"].exists { s.decelerationRate = try node["decelerationRate"].double(in: 0...0.999, default: 0.95) }
        if node["bounces"].exists { s.bounces = try node["bounces"].bool() }
        if node["bounceDistance"].exists { s.bounceDistance = try node["bounceDistance"].double(in: 0...1000, default: 1) }
        if node["scrollDuration"].exists { s.scrollDuration = try node["scrollDuration"].double(in: 0...60, default: 0.4) }
        return s
    }

    /// Sets the given values on `physics`.
    public func apply(to physics: inout ScrollPhysics) {
        if let r = decelerationRate { physics.deceleration = .constant(rate: r) }
        if bounces == false {
            physics.bounce = .none
        } else if let d = bounceDistance {
            physics.bounce = d > 0 ? .carousel(distance: d) : .none
        }
        if let d = scrollDuration { physics.animationDuration = d }
    }
}
