import Input
import LayerMath
import Layers
import Scene

/// The card row as a focus container and event source: Left / Right move between cards
/// (at the ends, and for Up / Down, focus leaves); PageDown / PageUp jump a letter
/// (`CardRow+LetterJump`); the pointer focuses the card under it
/// and tilts it; Return / A press the focused card in: `select` on release, `longPress`
/// when held `FocusGrid.longPressDuration`.
extension CardRow: FocusContainer {
    public var focusRegion: Rect { configuration.frame }

    /// The cards inside the frame once the scroll is over, in the superlayer's space.
    public func forEachFocusableItem(_ body: (Int, Rect) -> Void) {
        let f = configuration.frame, target = scroll.to
        for i in visibleRange(at: target) {
            body(i, Rect(x: f.minX + Double(i) * pitch - target, y: f.minY, width: configuration.itemSize.width,
                         height: configuration.itemSize.height))
        }
    }

    public var focusedItem: Int { focusedIndex }

    public func moveFocus(_ direction: FocusDirection, at time: Double) -> Bool {
        guard count > 0, time.isFinite else { return false }
        noteInput(at: time)
        switch direction {
        case .left where focusedIndex > 0: setFocus(focusedIndex - 1, at: time)
        case .right where focusedIndex + 1 < count: setFocus(focusedIndex + 1, at: time)
        default: return false
        }
        return true
    }

    public func focusItem(_ index: Int, at time: Double) {
        guard count > 0 else { return }
        setFocus(index, at: time)
    }

    public func setContainsFocus(_ focused: Bool, at time: Double) {
        guard focused != containsFocus else { return }
        containsFocus = focused
        focusTime = time
        if !focused && isPressed { setPressed(false, at: time) }
        noteInput(at: time)
        if let slot = slot(for: focusedIndex) {
            slot.focus = Tween(from: slot.focus.value(at: time), to: focused ? 1 : 0, start: time,
                               duration: time > 0 ? FocusGrid.transitionDuration : 0, timing: .easeOut)
        }
        retargetTilt(at: time)
    }

    /// Moves focus to card `index` (clamped): both cards animate, the row scrolls if needed.
    public func setFocus(_ index: Int, at time: Double) {
        let next = min(max(index, 0), count - 1)
        guard next != focusedIndex else { return }
        if isPressed { setPressed(false, at: time) }
        let old = focusedIndex
        focusedIndex = next
        focusTime = time
        for (i, to) in [(old, 0.0), (next, containsFocus ? 1.0 : 0.0)] {
            guard let slot = slot(for: i) else { continue }
            slot.focus = Tween(from: slot.focus.value(at: time), to: to, start: time,
                               duration: FocusGrid.transitionDuration, timing: .easeOut)
        }
        if let slot = slot(for: old) {
            slot.tiltX.retarget(0, at: time)
            slot.tiltY.retarget(0, at: time)
        }
        retargetScroll(at: time)
        retargetTilt(at: time)
    }

    func slot(for index: Int) -> CardSlot? {
        for slot in slots where slot.index == index { return slot }
        return nil
    }

    // MARK: Input

    public func handle(_ event: InputEvent, at time: Double) {
        guard count > 0, time.isFinite else { return }
        handleCardInput(event, at: time)
    }

    /// The card under `p` (in the row's own space, scroll included), if any.
    func hitCard(at p: Point?) -> Int? {
        guard let p, p.isFinite, p.y >= 0, p.y <= configuration.itemSize.height else { return nil }
        let x = p.x + scroll.value(at: lastInput)
        guard x >= 0, x < Double(count) * pitch else { return nil }     // also keeps Int() in range
        let i = Int((x / pitch).rounded(.down))
        guard i < count, x - Double(i) * pitch <= configuration.itemSize.width else { return nil }
        return i
    }

    // MARK: Press and idle

    func setPressed(_ pressed: Bool, at time: Double) {
        guard pressed != isPressed else { return }
        isPressed = pressed
        if pressed { pressStart = time; longPressFired = false }
        guard let slot = slot(for: focusedIndex) else { return }
        slot.press = Tween(from: slot.press.value(at: time), to: pressed ? FocusGrid.pressScale : 1, start: time,
                           duration: FocusGrid.pressDuration, timing: .easeOut)
    }

    /// 0...1: how much of the idle motion applies at `time`.
    func idleWeight(at time: Double) -> Double {
        let start = lastInput + configuration.effect.idleDelay
        if time < start { return idleOut.value(at: time) }
        return TimingFunction.easeInEaseOut((time - start) / FocusGrid.idleFadeIn)
    }

    func noteInput(at time: Double) {
        idleOut = Tween(from: idleWeight(at: time), to: 0, start: time, duration: FocusGrid.transitionDuration,
                        timing: .easeOut)
        lastInput = time
    }
}

extension CardRow: FocusCards {
    var cardsOrigin: Point { configuration.frame.origin }

    func pointerLean(at p: Point, time: Double) -> (x: Double, y: Double)? {
        guard hitCard(at: p) == focusedIndex else { return nil }
        let x = p.x + scroll.value(at: time) - Double(focusedIndex) * pitch
        let pose = ParallaxPose.finger(at: Point(x, p.y), size: configuration.itemSize, cardScale: 1)
        return (pose.x, pose.y)
    }

    func setTiltTarget(_ target: (x: Double, y: Double), at time: Double) {
        guard let slot = slot(for: focusedIndex) else { return }
        slot.tiltX.retarget(target.x, at: time)
        slot.tiltY.retarget(target.y, at: time)
    }

    /// PageDown / PageUp jump to the next / previous initial (`CardRow+LetterJump`).
    func handleOtherKey(_ key: String, down: Bool, at time: Double) {
        if down && (key == "PageDown" || key == "PageUp") { jumpLetter(forward: key == "PageDown", at: time) }
    }
}
