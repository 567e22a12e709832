import Layers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Time-based scroll physics shared by the carousel layouts and the scroll header: a
/// pure value advanced by `update(to:)`, frame-rate independent (every motion is a
/// closed-form function of time, never integrated per frame).
///
/// Units: the offset is measured in *items* of `itemSize` points; drag positions are in
/// points and are divided by `itemSize`. With `itemSize == 1` the offset is in points
/// (the scroll header's mode). Item `k` is centred when `offset == k`.
///
/// What it covers: drags with a velocity estimated over the last ~0.1 s, release with
/// deceleration (iCarousel's constant deceleration, or UIScrollView's exponential
/// 0.998/ms), snapping with velocity projection (a flick may travel several items and,
/// when `snapsToItems`, always ends exactly on one item: rest offsets are exact
/// integers, wrapped or not), the seed's own snap rule (`SnapRule.truncated`), rubber
/// band past the ends (iCarousel's bounce factor or UIScrollView's 0.55 curve), optional
/// wrap (offset kept in `0..<count`, programmatic scrolls take the shortest way), and
/// 0.4 s ease-in-out programmatic scrolls where repeated `scroll(byItems:)` count from
/// the current target.
///
/// What it does NOT do: no input decoding and no layout; it never allocates.
public struct ScrollPhysics: Equatable, Sendable {
    /// How a released drag slows down.
    public enum Deceleration: Equatable, Sendable {
        /// iCarousel: constant deceleration `a = -v * 30 * (1 - rate)`, so a flick at `v`
        /// travels `v / (60 (1 - rate))` (v/3 items at the default 0.95) and takes
        /// `2 * distance / v` seconds; with snapping the distance is stretched to the
        /// snapped item so the motion ends exactly there with zero velocity.
        case constant(rate: Double)
        /// UIScrollView: velocity decays by `rate` per millisecond (0.998 normal,
        /// 0.99 fast); travels `v / (-1000 ln rate)` (about 0.5 s worth of v).
        case exponential(ratePerMillisecond: Double)

        /// iCarousel's default (decelerationRate 0.95).
        public static let carousel = Deceleration.constant(rate: 0.95)
        /// UIScrollView's normal deceleration rate.
        public static let scrollView = Deceleration.exponential(ratePerMillisecond: 0.998)
    }

    /// Which item a released drag comes to rest on (when `snapsToItems`).
    public enum SnapRule: Equatable, Sendable {
        /// iCarousel: a flick ends on the first item boundary past its natural stop (in
        /// the direction of travel); a slow release goes to the nearest item, or to the
        /// neighbour in the direction of a fast-ish move.
        case directional
        /// HHCollectionView (seed 004): the release's natural stop under `deceleration`
        /// (kept within `slack` items past either end, where UIScrollView's content
        /// ends), then item `Int(stop + bias)`, truncated toward zero like the seed's
        /// `(NSInteger)(contentOffset.x / pitch + 1)`, clamped to the items. A release
        /// without velocity (the seed's `willDecelerate == NO`) stops where it is.
        case truncated(bias: Double, slack: Double)
    }

    /// What happens when a drag pulls past the ends (ignored when wrapping).
    public enum Bounce: Equatable, Sendable {
        /// Hard stop at the ends.
        case none
        /// iCarousel: each drag step is scaled by `1 - min(overshoot, distance) / distance`,
        /// so the offset can go at most `distance` items past an end.
        case carousel(distance: Double)
        /// UIScrollView: overshoot `x` shows as `(1 - 1 / (x c / d + 1)) d` with
        /// `c = constant` (0.55) and `d = dimension` (the viewport size, in offset units).
        case rubberBand(constant: Double, dimension: Double)
    }

    /// The current motion (all motions are functions of time).
    enum Motion: Equatable, Sendable {
        case idle
        case dragging
        /// Ease-in-out from `from` to `to` (unwrapped values) over `duration`.
        case easing(from: Double, to: Double, start: Double, duration: Double)
        /// Constant deceleration from `from` with initial velocity `velocity` ending at `to`
        /// after `duration`: s(t) = v t - v t^2 / (2 T).
        case decelerating(from: Double, to: Double, velocity: Double, start: Double, duration: Double)
        /// Exponential decay from `from` with initial velocity `velocity` (no snapping).
        case gliding(from: Double, velocity: Double, start: Double)
        /// Critically damped spring settling onto `rest` from displacement `x0`, velocity `v0`.
        case spring(rest: Double, x0: Double, v0: Double, start: Double)
    }

    // MARK: Configuration

    /// Number of items (the wrap period; the last item is `count - 1`). At least 1.
    public private(set) var count: Int
    /// Points per item; drag positions are divided by it. 1 = the offset is in points.
    public var itemSize: Double { didSet { if !(itemSize > 0) || !itemSize.isFinite { itemSize = 1 } } }
    /// Lowest and highest resting offset (0 and `count - 1` unless set with `setRange`).
    public private(set) var minOffset: Double
    public private(set) var maxOffset: Double
    /// Offset modulo `count`; no ends, no bounce.
    public var wrap: Bool
    /// Whether released drags and flicks end exactly on an item (integer offset).
    public var snapsToItems = true
    /// How a released drag picks its item when snapping.
    public var snapRule: SnapRule = .directional
    /// How released drags slow down.
    public var deceleration: Deceleration = .carousel
    /// Behaviour past the ends.
    public var bounce: Bounce = .carousel(distance: 1)
    /// Duration of programmatic scrolls and snaps (iCarousel: 0.4 s).
    public var animationDuration = 0.4
    /// Release speed (items/s) above which a release counts as a flick (iCarousel: 2).
    public var flickVelocity = 2.0
    /// Length of the velocity-estimation window in seconds.
    public var velocityWindow = 0.1

    // MARK: State

    /// The offset at `time` (wrapped into `0..<count` when `wrap`), always finite.
    public private(set) var offset: Double
    /// The time of the last `update` or event.
    public private(set) var time: Double = 0
    private(set) var motion: Motion = .idle
    /// Unwrapped target of a programmatic scroll (counts presses made during it).
    private var pendingTarget: Double = 0
    /// Drag state: last finger position (points) and velocity samples.
    private var dragPosition: Double = 0
    private var dragRaw: Double = 0
    private var samples = SampleRing()
    /// Velocity (offset units per second) estimated at the last release.
    public private(set) var releaseVelocity: Double = 0
    /// True while the running motion is the settle after a slow release (iCarousel's
    /// `_didDrag` scroll), false for programmatic scrolls and flick decelerations.
    public private(set) var isSettlingAfterDrag = false

    // MARK: Creating

    /// Physics for `count` items of `itemSize` points, resting on item `index` (clamped,
    /// or wrapped when `wrap`).
    /// Carousel defaults: iCarousel deceleration, 1-item bounce, snapping on.
    public init(count: Int, itemSize: Double = 1, wrap: Bool = false, index: Int = 0) {
        self.count = max(1, count)
        self.itemSize = itemSize > 0 && itemSize.isFinite ? itemSize : 1
        self.wrap = wrap
        minOffset = 0
        maxOffset = Double(max(1, count) - 1)
        offset = 0
        offset = wrap ? wrapValue(Double(index)) : clampedRest(Double(index))
    }

    /// Physics in points over `range` (the scroll header's mode): `itemSize` 1,
    /// UIScrollView deceleration and rubber band over a viewport of `viewport` points,
    /// no snapping, no wrap.
    public static func points(range: ClosedRange<Double>, viewport: Double, offset: Double = 0) -> ScrollPhysics {
        var p = ScrollPhysics(count: 1)
        p.snapsToItems = false
        p.deceleration = .scrollView
        p.bounce = .rubberBand(constant: 0.55, dimension: max(1, viewport.isFinite ? viewport : 1))
        p.setRange(range)
        p.setOffset(offset)
        return p
    }

    /// Changes the item count (the offset is clamped or re-wrapped; motions stop).
    public mutating func setCount(_ n: Int) {
        count = max(1, n)
        minOffset = 0
        maxOffset = Double(count - 1)
        stop()
    }

    /// Sets the resting range explicitly (points mode); non-finite or reversed bounds are
    /// repaired. Motions stop.
    public mutating func setRange(_ range: ClosedRange<Double>) {
        let lo = range.lowerBound.isFinite ? range.lowerBound : 0
        let hi = range.upperBound.isFinite ? max(lo, range.upperBound) : lo
        minOffset = lo
        maxOffset = hi
        stop()
    }

    // MARK: Queries

    /// True while a programmatic scroll, snap, deceleration or bounce is in progress.
    public var isAnimating: Bool {
        switch motion {
        case .idle, .dragging: return false
        default: return true
        }
    }

    /// True between `beginDrag` and `endDrag`.
    public var isDragging: Bool { motion == .dragging }

    /// The current velocity in offset units per second: the finger's while dragging,
    /// the motion's while animating, 0 when idle.
    public var velocity: Double {
        let t = time
        switch motion {
        case .idle: return 0
        case .dragging: return samples.velocity(now: t, window: velocityWindow)
        case .easing(let from, let to, let start, let duration):
            guard duration > 0 else { return 0 }
            let u = min(max((t - start) / duration, 0), 1)
            let slope = u < 0.5 ? 12 * u * u : 12 * (u - 1) * (u - 1)    // d/du of cubicEaseInOut
            return (to - from) / duration * slope
        case .decelerating(_, _, let v, let start, let duration):
            return v * (1 - min(max((t - start) / duration, 0), 1))
        case .gliding(_, let v, let start):
            return v * exp(-glideK * (t - start))
        case .spring(_, let x0, let v0, let start):
            let w = springOmega, dt = t - start
            return exp(-w * dt) * (v0 - w * (v0 + w * x0) * dt)
        }
    }

    /// The item nearest to the current offset, in `0..<count` (clamped, or wrapped).
    public var currentIndex: Int { index(for: offset) }

    /// The item the current motion will end on (the current item when idle or
    /// dragging), in `0..<count`.
    public var targetIndex: Int {
        switch motion {
        case .easing(_, let to, _, _), .decelerating(_, let to, _, _, _): return index(for: to)
        case .spring(let rest, _, _, _): return index(for: rest)
        case .gliding(let from, let v, _): return index(for: from + glideDistance(v))
        case .idle, .dragging: return currentIndex
        }
    }

    /// The offset of `index` relative to the current offset, wrapped into -n/2...n/2
    /// when wrapping (iCarousel's `offsetForItemAtIndex:` with the sign flipped: item
    /// minus scroll offset).
    public func relativeOffset(ofItem index: Int) -> Double {
        var d = Double(index) - offset
        if wrap, count > 0 {
            // iCarousel's offsetForItemAtIndex: the index less the offset wrapped into 0..<n,
            // then moved by n into -n/2...n/2; an item exactly n/2 away keeps its side.
            let n = Double(count)
            d = Double(index) - (offset - n * (offset / n).rounded(.down))
            if d > n / 2 { d -= n } else if d < -n / 2 { d += n }
        }
        return d
    }

    // MARK: Time

    /// Advances to `time` (seconds, monotonic; earlier times are ignored).
    public mutating func update(to newTime: Double) {
        guard newTime.isFinite, newTime >= time else { return }
        time = newTime
        switch motion {
        case .idle, .dragging:
            return
        case .easing(let from, let to, let start, let duration):
            let t = duration > 0 ? (time - start) / duration : 1
            if t >= 1 { finish(at: to) } else { setRaw(from + (to - from) * cubicEaseInOut(t)) }
        case .decelerating(let from, let to, let v, let start, let duration):
            let t = time - start
            if t >= duration { finish(at: to) } else { setRaw(from + v * t - v * t * t / (2 * duration)) }
        case .gliding(let from, let v, let start):
            let k = glideK, t = time - start
            let decay = exp(-k * t)
            let x = from + v * (1 - decay) / k
            let bound = clampedRest(x)
            if !wrap && x != bound {
                // Hit an end while gliding: hand the remaining velocity to a spring.
                if bounce == .none { finish(at: bound) } else {
                    motion = .spring(rest: bound, x0: x - bound, v0: v * decay, start: time)
                    setRaw(x)
                }
            } else if abs(v) * decay < stopSpeed {
                finish(at: x)
            } else {
                setRaw(x)
            }
        case .spring(let rest, let x0, let v0, let start):
            let w = springOmega, t = time - start
            let x = (x0 + (v0 + w * x0) * t) * exp(-w * t)
            // Settled: under half a point (or 1/1000 item) once past the first overshoot.
            if (t > 0.1 && abs(x) < (itemSize == 1 ? 0.5 : 0.001)) || t > 3 { finish(at: rest) } else { setRaw(rest + x) }
        }
    }

    // MARK: Programmatic scrolling

    /// Scrolls to item `index` in `animationDuration` (ease-in-out); with wrap the
    /// shortest way round. Non-wrapping targets are clamped to the ends.
    public mutating func scroll(toItem index: Int, animated: Bool = true) {
        let from = animationStart
        // An item's rest is an exact integer: the wrapped sum is rounded, never left as
        // 1.9999999999999998 + 0.0000000000000004.
        let target = wrap ? (from + relativeOffset(ofItem: index)).rounded() : clampedRest(Double(index))
        startScroll(from: from, to: target, animated: animated)
    }

    /// Scrolls by `items` from the current *target* (presses during an animation add
    /// up; they never count from the animated position).
    public mutating func scroll(byItems items: Int) {
        let from = animationStart
        let base = (motionTarget ?? from).rounded()
        let target = wrap ? base + Double(items) : clampedRest(base + Double(items))
        startScroll(from: from, to: target, animated: true)
    }

    /// Scrolls to an arbitrary offset (points mode) in `animationDuration`, clamped
    /// unless wrapping.
    public mutating func scroll(toOffset target: Double, animated: Bool = true) {
        guard target.isFinite else { return }
        let from = animationStart
        startScroll(from: from, to: wrap ? from + shortestDelta(to: target) : clampedRest(target), animated: animated)
    }

    /// Jumps to `offset` now (clamped or wrapped); stops any motion. Used for autoscroll.
    public mutating func setOffset(_ value: Double) {
        guard value.isFinite else { return }
        motion = .idle
        setRaw(wrap ? value : clampedRest(value))
    }

    /// Stops any motion where it is; an out-of-range offset is clamped.
    public mutating func stop() {
        motion = .idle
        setRaw(wrap ? offset : clampedRest(offset))
    }

    // MARK: Dragging

    /// Starts a drag with the finger at `position` (points along the scroll axis).
    /// Interrupts any motion where it is.
    public mutating func beginDrag(at position: Double, time t: Double) {
        guard position.isFinite else { return }
        update(to: t)
        motion = .dragging
        dragPosition = position
        dragRaw = offset
        if case .rubberBand = bounce, !wrap { dragRaw = unrubber(offset) }
        samples.removeAll()
        samples.append(time: time, value: offset)
    }

    /// Moves the finger to `position`: content follows the finger (moving the finger
    /// left increases the offset), with the bounce rule past the ends.
    public mutating func drag(to position: Double, time t: Double) {
        guard motion == .dragging, position.isFinite else { return }
        if t.isFinite, t > time { time = t }
        let delta = -(position - dragPosition) / itemSize
        dragPosition = position
        dragRaw += delta
        if wrap {
            setRaw(offset + delta)
        } else {
            switch bounce {
            case .none:
                setRaw(clampedRest(offset + delta))
            case .carousel(let distance):
                let d = max(distance, 1e-9)
                let over = abs(offset - clampedRest(offset))
                let factor = 1 - min(over, d) / d
                setRaw(min(max(offset + delta * factor, minOffset - d), maxOffset + d))
            case .rubberBand:
                setRaw(rubber(dragRaw))
            }
        }
        // Velocity follows the finger (unwrapped, before the rubber band) except with
        // iCarousel's bounce, whose factor also scales the release velocity.
        samples.append(time: time, value: !wrap && isCarouselBounce ? offset : dragRaw)
    }

    /// Ends the drag at `time`: decelerates with the estimated velocity and, when
    /// snapping, ends exactly on an item (a flick may travel several items).
    public mutating func endDrag(time t: Double) {
        guard motion == .dragging else { return }
        if t.isFinite, t > time { time = t }
        let v = samples.velocity(now: time, window: velocityWindow)
        releaseVelocity = v.isFinite ? v : 0
        release(velocity: releaseVelocity)
    }

    /// Cancels a drag without a flick (snaps back to the nearest item, or into range).
    public mutating func cancelDrag(time t: Double) {
        guard motion == .dragging else { return }
        if t.isFinite, t > time { time = t }
        releaseVelocity = 0
        release(velocity: 0)
    }

    /// Starts a release motion with `velocity` (offset units per second) from the
    /// current offset, as at the end of a drag. Also used for wheel flicks.
    public mutating func fling(velocity v: Double, time t: Double) {
        guard v.isFinite else { return }
        update(to: t)
        if motion == .dragging { return }
        release(velocity: v)
    }

    // MARK: Internals

    private var isCarouselBounce: Bool { if case .carousel = bounce { return true }; return false }

    /// The unwrapped end of the current animation, if any.
    private var motionTarget: Double? {
        switch motion {
        case .easing(_, let to, _, _), .decelerating(_, let to, _, _, _): return to
        case .spring(let rest, _, _, _): return rest
        case .idle, .dragging, .gliding: return nil
        }
    }

    /// Where a new programmatic scroll starts: the current offset, expressed (with wrap)
    /// in the same turn as the running animation's unwrapped target, so that a target
    /// computed from it keeps going the same way round.
    private var animationStart: Double {
        guard wrap, let to = motionTarget else { return offset }
        let n = Double(count)
        var d = to - offset
        d -= n * (d / n).rounded()
        return to - d
    }

    /// Velocity decay rate (1/s) of the exponential mode.
    private var glideK: Double {
        if case .exponential(let r) = deceleration, r > 0, r < 1 { return -1000 * log(r) }
        return -1000 * log(0.998)
    }

    /// Distance travelled by a glide at initial velocity `v`.
    private func glideDistance(_ v: Double) -> Double { v / glideK }

    /// Speed (offset units/s) below which a glide stops: 1 pt/s, or 0.01 item/s.
    private var stopSpeed: Double { itemSize == 1 ? 1 : 0.01 }

    /// Spring stiffness (rad/s) for bounces back from past an end.
    private var springOmega: Double { 12 }

    private func wrapValue(_ x: Double) -> Double {
        let n = Double(count)
        let r = x - n * (x / n).rounded(.down)
        return r >= n ? 0 : r
    }

    private func shortestDelta(to target: Double) -> Double {
        var d = wrapValue(target) - offset
        let n = Double(count)
        d = d - n * (d / n).rounded(.down)
        if d > n / 2 { d -= n }
        return d
    }

    private func index(for x: Double) -> Int {
        guard x.isFinite else { return 0 }
        if wrap {
            let r = Int(wrapValue(x.rounded()))
            return min(max(r, 0), count - 1)
        }
        let r = min(max(x, minOffset), maxOffset).rounded()
        return Int(min(max(r, 0), Double(count - 1)))
    }

    private func clampedRest(_ x: Double) -> Double {
        guard x.isFinite else { return minOffset }
        return min(max(x, minOffset), maxOffset)
    }

    /// Sets the offset from an unwrapped value (wrapping it if needed).
    private mutating func setRaw(_ x: Double) {
        guard x.isFinite else { return }
        offset = wrap ? wrapValue(x) : x
    }

    private mutating func finish(at x: Double) {
        motion = .idle
        setRaw(x)
    }

    /// Starts an ease-in-out from `from` to `target` (both unwrapped, same turn).
    private mutating func startScroll(from: Double, to target: Double, animated: Bool) {
        guard target.isFinite, from.isFinite else { return }
        isSettlingAfterDrag = false
        if !animated || animationDuration <= 0 || abs(target - from) < 1e-9 {
            finish(at: target)
            return
        }
        motion = .easing(from: from, to: target, start: time, duration: animationDuration)
    }

    private mutating func release(velocity v: Double) {
        let x = offset
        let overshoot = wrap ? 0 : x - clampedRest(x)
        isSettlingAfterDrag = false
        if case .truncated(let bias, let slack) = snapRule, snapsToItems {
            releaseTruncated(velocity: v, bias: bias, slack: slack)
            return
        }
        if overshoot != 0 && (abs(v) < flickVelocity || (overshoot > 0) == (v > 0)) {
            isSettlingAfterDrag = true
            // Past an end: come back.
            let rest = snapsToItems ? clampedRest(overshoot > 0 ? maxOffset : minOffset) : clampedRest(x)
            if case .rubberBand = bounce {
                motion = .spring(rest: rest, x0: x - rest, v0: v, start: time)
            } else {
                motion = .easing(from: x, to: rest, start: time, duration: animationDuration)
            }
            return
        }
        switch deceleration {
        case .constant(let rate):
            let r = min(max(rate, 0), 0.999)
            let distance = v / (60 * (1 - r))
            if abs(v) > flickVelocity && abs(distance) > 0.1 {
                var end = x + distance
                if snapsToItems { end = v > 0 ? end.rounded(.up) : end.rounded(.down) }
                if !wrap { end = clampedRest(end) }
                decelerate(from: x, to: end, velocity: v)
            } else {
                settle(velocity: v)
            }
        case .exponential:
            if snapsToItems {
                var end = x + glideDistance(v)
                end = abs(v) > flickVelocity ? (v > 0 ? end.rounded(.up) : end.rounded(.down)) : end.rounded()
                if !wrap { end = clampedRest(end) }
                decelerate(from: x, to: end, velocity: v)
            } else if abs(v) > stopSpeed {
                motion = .gliding(from: x, velocity: v, start: time)
            } else {
                motion = .idle
            }
        }
    }

    /// Decelerates at constant rate from `x` with velocity `v`, ending exactly at `end`:
    /// duration `2 (end - x) / v` keeps the release velocity continuous. When `end` lies
    /// behind or too close (clamped at an end), an ease-in-out takes over.
    private mutating func decelerate(from x: Double, to end: Double, velocity v: Double) {
        let d = end - x
        if d == 0 { finish(at: end); return }
        if v != 0 && (d > 0) == (v > 0) {
            let duration = 2 * d / v
            if duration > 0.05 && duration < 4 {
                motion = .decelerating(from: x, to: end, velocity: v, start: time, duration: duration)
                return
            }
        }
        motion = .easing(from: x, to: end, start: time, duration: animationDuration)
    }

    /// The seed's release (`SnapRule.truncated`): glide to the natural stop, then the
    /// seed's rounding of it; the motion ends exactly on that item.
    private mutating func releaseTruncated(velocity v: Double, bias: Double, slack: Double) {
        let x = offset
        var stop = x
        switch deceleration {
        case .exponential(let r):
            // UIScrollView's projection (velocity in units per second, `r` per ms):
            // distance = v / 1000 * r / (1 - r), the sum of the per-millisecond decay.
            let rate = r > 0 && r < 1 ? r : 0.998
            stop = x + v / 1000 * rate / (1 - rate)
        case .constant(let rate): stop = x + v / (60 * (1 - min(max(rate, 0), 0.999)))
        }
        if !stop.isFinite { stop = x }
        let s = max(0, slack.isFinite ? slack : 0)
        if !wrap { stop = min(max(stop, minOffset - s), maxOffset + s) }
        // The seed's (NSInteger) cast truncates toward zero (floor when wrapping: the
        // offset is then always taken in 0..<count).
        var end = (stop + bias).rounded(wrap ? .down : .towardZero)
        if !wrap { end = clampedRest(end) }
        isSettlingAfterDrag = abs(v) <= flickVelocity
        decelerate(from: x, to: end, velocity: v)
    }

    /// A slow release: iCarousel goes to the neighbour in the direction of a fast-ish
    /// move, else to the nearest item.
    private mutating func settle(velocity v: Double) {
        let x = offset
        isSettlingAfterDrag = true
        guard snapsToItems else { motion = .idle; return }
        var end = x.rounded()
        if abs(v) > flickVelocity && abs(x - end) > 0.1 { end = v > 0 ? x.rounded(.up) : x.rounded(.down) }
        if !wrap { end = clampedRest(end) }
        if abs(end - x) < 1e-9 { finish(at: end) } else {
            motion = .easing(from: x, to: end, start: time, duration: animationDuration)
        }
    }

    /// UIScrollView's rubber band: displayed offset for an unconstrained one.
    private func rubber(_ raw: Double) -> Double {
        guard case .rubberBand(let c, let dim) = bounce else { return clampedRest(raw) }
        let bound = clampedRest(raw)
        let x = raw - bound
        if x == 0 { return raw }
        let shown = (1 - 1 / (abs(x) * c / dim + 1)) * dim
        return bound + (x > 0 ? shown : -shown)
    }

    /// Inverse of `rubber`.
    private func unrubber(_ shownOffset: Double) -> Double {
        guard case .rubberBand(let c, let dim) = bounce else { return shownOffset }
        let bound = clampedRest(shownOffset)
        let s = abs(shownOffset - bound)
        if s == 0 { return shownOffset }
        let f = min(s / dim, 0.999)
        let x = (1 / (1 - f) - 1) * dim / c
        return bound + (shownOffset > bound ? x : -x)
    }
}

/// A fixed ring of the last 8 (time, value) drag samples: no heap storage.
struct SampleRing: Equatable, Sendable {
    private var t = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    private var v = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    private var next = 0
    private(set) var count = 0

    static func == (a: SampleRing, b: SampleRing) -> Bool {
        a.count == b.count && a.next == b.next && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }

    mutating func removeAll() { next = 0; count = 0 }

    mutating func append(time: Double, value: Double) {
        guard time.isFinite, value.isFinite else { return }
        withUnsafeMutableBytes(of: &t) { $0.storeBytes(of: time, toByteOffset: next * 8, as: Double.self) }
        withUnsafeMutableBytes(of: &v) { $0.storeBytes(of: value, toByteOffset: next * 8, as: Double.self) }
        next = (next + 1) % 8
        count = min(count + 1, 8)
    }

    /// The i-th newest sample (0 = newest).
    subscript(i: Int) -> (time: Double, value: Double) {
        let k = (next - 1 - i + 16) % 8
        let time = withUnsafeBytes(of: t) { $0.load(fromByteOffset: k * 8, as: Double.self) }
        let value = withUnsafeBytes(of: v) { $0.load(fromByteOffset: k * 8, as: Double.self) }
        return (time, value)
    }

    /// Velocity over the samples within `window` seconds of the newest one; 0 when the
    /// finger rested longer than `window` before `now`, or with fewer than 2 samples.
    func velocity(now: Double, window: Double) -> Double {
        guard count >= 2 else { return 0 }
        let newest = self[0]
        if now - newest.time > window { return 0 }
        var oldest = newest
        for i in 1..<count {
            let s = self[i]
            if newest.time - s.time > window { break }
            oldest = s
        }
        let dt = newest.time - oldest.time
        guard dt > 1e-4 else { return 0 }
        let vel = (newest.value - oldest.value) / dt
        return vel.isFinite ? vel : 0
    }
}
