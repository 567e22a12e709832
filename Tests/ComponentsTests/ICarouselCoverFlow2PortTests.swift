import Assets
import Scene
import XCTest
import LayerMath
import Layers
@testable import Components

/// CoverFlow2 frame by frame against a port of iCarousel 1.8.3's own per-frame code (iOS):
/// the 60 Hz timer's `step`, `didScroll`, `transformItemView:atIndex:` (which resets
/// `_toggle` from each item's offset while a scroll that is not a drag runs) and
/// `transformForItemViewWithOffset:`, with `_toggle` kept as state between frames as the
/// source keeps it. Each item's projected corners are compared with our quads at every
/// tick of a key press scroll: Right and Left (Down and Up when vertical), wrap on and off.
final class ICarouselCoverFlow2PortTests: XCTestCase {
    /// iCarousel's state for one CoverFlow2 carousel, its names kept (without underscores).
    struct Port {
        let numberOfItems: Int, wrapEnabled: Bool, vertical: Bool, itemWidth: Double
        let tilt = 0.9, spacing = 0.25, perspective = -1.0 / 500, bounceDistance = 1.0
        static let scrollDuration = 0.4, minToggleDuration = 0.2, maxToggleDuration = 0.4
        static let floatErrorMargin = 0.000001
        var scrollOffset: Double
        var scrolling = false, decelerating = false, dragging = false, didDrag = false
        var startTime = 0.0, startOffset = 0.0, endOffset = 0.0, scrollDuration = 0.0
        var toggle = 0.0, toggleTime = 0.0, startVelocity = 0.0
        var previousItemIndex: Int
        /// Each item view's layer transform, as `transformItemView:atIndex:` last set it.
        var transforms: [Int: Transform3D] = [:]

        init(count: Int, wrap: Bool, vertical: Bool, itemWidth: Double, index: Int) {
            numberOfItems = count; wrapEnabled = wrap; self.vertical = vertical; self.itemWidth = itemWidth
            scrollOffset = Double(index); previousItemIndex = index
        }

        func clampedIndex(_ index: Int) -> Int {
            wrapEnabled ? index - Int((Double(index) / Double(numberOfItems)).rounded(.down)) * numberOfItems
                : min(max(0, index), max(0, numberOfItems - 1))
        }
        func clampedOffset(_ offset: Double) -> Double {
            wrapEnabled ? offset - (offset / Double(numberOfItems)).rounded(.down) * Double(numberOfItems)
                : min(max(0, offset), max(0, Double(numberOfItems) - 1))
        }
        var currentItemIndex: Int { clampedIndex(Int(scrollOffset.rounded())) }   // round(): half away from zero
        func minScrollDistance(fromIndex from: Int, toIndex to: Int) -> Int {
            let direct = to - from
            guard wrapEnabled else { return direct }
            var wrapped = min(to, from) + numberOfItems - max(to, from)
            if from < to { wrapped = -wrapped }
            return abs(direct) <= abs(wrapped) ? direct : wrapped
        }
        func minScrollDistance(fromOffset from: Double, toOffset to: Double) -> Double {
            let direct = to - from
            guard wrapEnabled else { return direct }
            var wrapped = min(to, from) + Double(numberOfItems) - max(to, from)
            if from < to { wrapped = -wrapped }
            return abs(direct) <= abs(wrapped) ? direct : wrapped
        }
        func offsetForItem(at index: Int) -> Double {
            var offset = Double(index) - scrollOffset
            if wrapEnabled {
                if offset > Double(numberOfItems) / 2 { offset -= Double(numberOfItems) }
                else if offset < -Double(numberOfItems) / 2 { offset += Double(numberOfItems) }
            }
            return offset
        }
        func easeInOut(_ time: Double) -> Double {
            time < 0.5 ? 0.5 * pow(time * 2, 3) : 0.5 * pow(time * 2 - 2, 3) + 1
        }

        /// `scrollToItemAtIndex:animated:YES` at `now` (`scrollToOffset:duration:` and `scrollByOffset:duration:`).
        mutating func scrollToItem(at index: Int, now: Double) {
            let offset = minScrollDistance(fromOffset: scrollOffset, toOffset: Double(index))
            decelerating = false
            scrolling = true
            startTime = now
            startOffset = scrollOffset
            scrollDuration = Port.scrollDuration
            endOffset = startOffset + offset
            if !wrapEnabled { endOffset = clampedOffset(endOffset) }
        }

        /// One tick of the timer (only the branches a key scroll reaches, plus the toggle's).
        mutating func step(now: Double) {
            if scrolling && !dragging {
                let time = min(1, (now - startTime) / scrollDuration)
                scrollOffset = startOffset + (endOffset - startOffset) * easeInOut(time)
                didScroll(now: now)
                if time >= 1 { scrolling = false }
            } else if abs(toggle) > Port.floatErrorMargin {
                var duration = startVelocity != 0 ? min(1, max(0, 1 / abs(startVelocity))) : 1
                duration = Port.minToggleDuration + (Port.maxToggleDuration - Port.minToggleDuration) * duration
                let time = min(1, (now - toggleTime) / duration)
                let delta = easeInOut(time)
                toggle = toggle < 0 ? delta - 1 : 1 - delta
                didScroll(now: now)
            }
        }

        mutating func didScroll(now: Double) {
            if wrapEnabled {
                scrollOffset = clampedOffset(scrollOffset)
            } else {
                scrollOffset = min(max(scrollOffset, -bounceDistance), max(Double(numberOfItems) - 1, 0) + bounceDistance)
            }
            let difference = minScrollDistance(fromIndex: currentItemIndex, toIndex: previousItemIndex)
            if difference != 0 {
                toggleTime = now
                toggle = Double(max(-1, min(1, difference)))
            }
            // transformItemViews: every item (the source walks a dictionary; in a key scroll
            // each item resets `_toggle` before its own transform, so the order does not matter).
            for index in 0..<numberOfItems { transformItemView(at: index) }
            previousItemIndex = currentItemIndex
        }

        mutating func transformItemView(at index: Int) {
            let offset = offsetForItem(at: index)
            let clamped = max(-1, min(1, offset))
            let n = Double(numberOfItems)
            if decelerating || (scrolling && !dragging && !didDrag)
                || (!wrapEnabled && (scrollOffset < 0 || scrollOffset >= n - 1)) {
                if offset > 0 {
                    toggle = offset <= 0.5 ? -clamped : 1 - clamped
                } else {
                    toggle = offset > -0.5 ? -clamped : -1 - clamped
                }
            }
            transforms[index] = transformForItemView(offset: offset)
        }

        func transformForItemView(offset: Double) -> Transform3D {
            var transform = Transform3D.identity
            transform.m34 = perspective
            var clamped = max(-1, min(1, offset))
            if toggle > 0 {
                if offset <= -0.5 { clamped = -1 } else if offset <= 0.5 { clamped = -toggle }
                else if offset <= 1.5 { clamped = 1 - toggle }
            } else {
                if offset > 0.5 { clamped = 1 } else if offset > -0.5 { clamped = -toggle }
                else if offset > -1.5 { clamped = -1 - toggle }
            }
            let x = (clamped * 0.5 * tilt + offset * spacing) * itemWidth
            let z = abs(clamped) * -itemWidth * 0.5
            // CATransform3DTranslate(t, ...) = T * t; CATransform3DRotate(t, ...) = R * t (row vectors).
            if vertical {
                transform = .translation(0, x, z) * transform
                return .rotation(-clamped * .pi / 2 * tilt, -1, 0, 0) * transform
            }
            transform = .translation(x, 0, z) * transform
            return .rotation(-clamped * .pi / 2 * tilt, 0, 1, 0) * transform
        }
    }

    /// Our quads' corners against the port's at every tick from the press to past the end.
    func assertKeyScrollMatches(vertical: Bool, forward: Bool, wrap: Bool, start: Int, line: UInt = #line) {
        var o = CarouselOptions()
        o.vertical = vertical
        o.itemSize = Size(200, 150)
        let frame = Rect(x: 0, y: 0, width: 1000, height: 800), n = 9
        let c = Carousel(name: "c", frame: frame, count: n, type: .coverFlow2, options: o, images: ImageStore(),
                         startIndex: start, wrap: wrap)
        let w = vertical ? 150.0 : 200.0
        var port = Port(count: n, wrap: wrap, vertical: vertical, itemWidth: w, index: start)
        let press = 0.05
        c.update(to: 0)
        let key = vertical ? (forward ? "Down" : "Up") : (forward ? "Right" : "Left")
        _ = c.moveFocus(FocusDirection(key: key)!, at: press)
        port.scrollToItem(at: port.currentItemIndex + (forward ? 1 : -1), now: press)
        var largest = 0.0
        for k in 4...42 {      // ticks at k / 60 s: from 0.067 s to 0.7 s
            let t = Double(k) / 60
            c.update(to: t)
            port.step(now: t)
            let list = c.rootLayer.flatten(canvas: frame.size)
            var seen = 0
            for q in list.quads {
                guard q.name.hasPrefix("c/item"), let index = Int(q.name.dropFirst(6)),
                      let m = port.transforms[index] else { continue }
                seen += 1
                let corners = [Point(-100, -75), Point(100, -75), Point(100, 75), Point(-100, 75)].map {
                    m.project($0) + Point(500, 400)
                }
                for (ours, theirs) in zip(q.cornerArray, corners) {
                    let d = ours - theirs
                    largest = max(largest, (d.x * d.x + d.y * d.y).squareRoot())
                    XCTAssertEqual(ours.x, theirs.x, accuracy: 1e-6, "item \(index) at \(t) s", line: line)
                    XCTAssertEqual(ours.y, theirs.y, accuracy: 1e-6, "item \(index) at \(t) s", line: line)
                }
            }
            XCTAssertGreaterThan(seen, 2, "at \(t) s", line: line)
        }
        XCTAssertFalse(port.scrolling, line: line)
        XCTAssertEqual(port.toggle, 0, line: line)
        XCTAssertLessThan(largest, 1e-6, line: line)
    }

    func testKeyScrollMatchesTheSourceEveryFrameHorizontally() {
        for wrap in [false, true] {
            assertKeyScrollMatches(vertical: false, forward: true, wrap: wrap, start: 4)
            assertKeyScrollMatches(vertical: false, forward: false, wrap: wrap, start: 4)
        }
    }

    func testKeyScrollMatchesTheSourceEveryFrameVertically() {
        for wrap in [false, true] {
            assertKeyScrollMatches(vertical: true, forward: true, wrap: wrap, start: 4)
            assertKeyScrollMatches(vertical: true, forward: false, wrap: wrap, start: 4)
        }
    }

    /// Across the wrap seam (item 8 of 9 to item 0) and from the last item without wrap
    /// (no scroll: the scroll is clamped, every frame stays at rest).
    func testKeyScrollAtTheEndsMatchesTheSource() {
        assertKeyScrollMatches(vertical: false, forward: true, wrap: true, start: 8)
        assertKeyScrollMatches(vertical: false, forward: false, wrap: true, start: 0)
        assertKeyScrollMatches(vertical: false, forward: true, wrap: false, start: 8)
        assertKeyScrollMatches(vertical: true, forward: false, wrap: false, start: 0)
    }
}
