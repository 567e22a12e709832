import Input
import LayerMath
import Scene

/// What leans a focused parallax card: the pointer (in the component's own space), the
/// right stick, and the remote's touch surface and gyroscope.
struct CardInput {
    /// The pointer in the component's own space (nil: never seen, or not finite).
    var pointer: Point?
    var stick = (x: 0.0, y: 0.0)
    var remote = RemoteTilt()
}

/// A component of parallax focus cards (`FocusGrid`, `CardRow`): its hit test, press and
/// tilt steps, over which `handleCardInput` plays the pointer, remote, stick and Return, and
/// `endPress` posts select and long press, the same way for every such component.
protocol FocusCards: AnyObject {
    var name: String { get }
    var eventSink: SceneEventSink? { get }
    var cardInput: CardInput { get set }
    var focusedIndex: Int { get }
    var isPressed: Bool { get }
    /// When the current press began, and whether it has fired its long press.
    var pressStart: Double { get }
    var longPressFired: Bool { get set }
    /// The component's frame origin in its superlayer's space (the pointer's offset).
    var cardsOrigin: Point { get }
    /// The card under `p` (component space), if any.
    func hitCard(at p: Point?) -> Int?
    /// How the focused card leans toward the pointer at `p`; nil when `p` is not over it.
    func pointerLean(at p: Point, time: Double) -> (x: Double, y: Double)?
    /// Sets the focused card's tilt target.
    func setTiltTarget(_ target: (x: Double, y: Double), at time: Double)
    func setFocus(_ index: Int, at time: Double)
    func setPressed(_ pressed: Bool, at time: Double)
    func noteInput(at time: Double)
    /// A key other than Return (arrow keys never come here: the focus engine moves focus).
    func handleOtherKey(_ key: String, down: Bool, at time: Double)
}

extension FocusCards {
    /// Return presses the focused card; the pointer focuses the card under it, presses it
    /// and tilts it; the remote and the right stick tilt the focused card.
    func handleCardInput(_ event: InputEvent, at time: Double) {
        if let (key, down) = event.asKey {
            noteInput(at: time)
            if key == "Return" {
                if down { setPressed(true, at: time) } else { endPress(over: true, at: time) }
            } else {
                handleOtherKey(key, down: down, at: time)
            }
            return
        }
        switch event {
        case .move(let p):
            noteInput(at: time)
            pointerMoved(p, at: time)
        case .pointer(let p, .left, let down):
            noteInput(at: time)
            pointerMoved(p, at: time)
            if down {
                if hitCard(at: cardInput.pointer) != nil { setPressed(true, at: time) }
            } else {
                endPress(over: hitCard(at: cardInput.pointer) == focusedIndex, at: time)
            }
        case .touchpad, .gyro:
            guard cardInput.remote.handle(event, at: time) else { return }
            noteInput(at: time)
            retargetTilt(at: time)
        case .controllerAxis(let axis, let value):
            let v = value.isFinite ? min(max(value, -1), 1) : 0
            switch axis {
            case "rightx": cardInput.stick.x = v
            case "righty": cardInput.stick.y = v
            default: return
            }
            noteInput(at: time)
            retargetTilt(at: time)
        default:
            break
        }
    }

    /// The focused card leans toward the remote's touch or tilt, else the right stick when
    /// it is deflected, else the pointer when it is over the card, else stands straight.
    func retargetTilt(at time: Double) {
        let input = cardInput
        var target = (x: 0.0, y: 0.0)
        if let r = input.remote.tilt {
            target = (0.25 * r.x, 0.25 * r.y)
        } else if (input.stick.x * input.stick.x + input.stick.y * input.stick.y).squareRoot() > FocusGrid.stickDeadZone {
            target = (0.25 * input.stick.x, 0.25 * input.stick.y)
        } else if let p = input.pointer, let lean = pointerLean(at: p, time: time) {
            target = lean
        }
        setTiltTarget(target, at: time)
    }

    /// The press ended; `over` is whether it ended over the focused card (always true for
    /// keys). Selects unless it already fired a long press.
    func endPress(over: Bool, at time: Double) {
        guard isPressed else { return }
        firePendingLongPress(upTo: time)
        let select = !longPressFired && over
        setPressed(false, at: time)
        if select { eventSink?.post(SceneEvent(time: time, kind: .select, component: name, item: focusedIndex)) }
    }

    /// Posts the long press of a press held `FocusGrid.longPressDuration`, at that exact time.
    func firePendingLongPress(upTo time: Double) {
        guard isPressed, !longPressFired, time >= pressStart + FocusGrid.longPressDuration else { return }
        longPressFired = true
        eventSink?.post(SceneEvent(time: pressStart + FocusGrid.longPressDuration, kind: .longPress, component: name,
                                   item: focusedIndex))
    }

    private func pointerMoved(_ p: Point, at time: Double) {
        let local = p - cardsOrigin
        cardInput.pointer = local.isFinite ? local : nil
        if let hit = hitCard(at: cardInput.pointer), hit != focusedIndex { setFocus(hit, at: time) }
        retargetTilt(at: time)
    }
}
