import LayerMath
import Layers
import Scene

/// The focus grid as a focus container (the focus engine moves focus into it, between
/// its cards and out of it) and as an event source: `select` when a press ends without
/// having become a long press (Return / A released, or a click released over the focused
/// card), `longPress` when a press is held `longPressDuration`.
///
/// Does not: leave the grid on its own; at an edge `moveFocus` answers false.
extension FocusGrid: FocusContainer {
    /// How long a press must be held to be a long press (UILongPressGestureRecognizer's 0.5 s).
    public static let longPressDuration = 0.5

    public var focusRegion: Rect { configuration.frame }

    public func forEachFocusableItem(_ body: (Int, Rect) -> Void) {
        let o = configuration.frame.origin
        for (i, f) in cardFrames.enumerated() {
            body(i, Rect(x: f.minX + o.x, y: f.minY + o.y, width: f.width, height: f.height))
        }
    }

    public var focusedItem: Int { focusedIndex }

    public func moveFocus(_ direction: FocusDirection, at time: Double) -> Bool {
        guard !cards.isEmpty, time.isFinite else { return false }
        noteInput(at: time)
        let n = cards.count, columns = max(1, min(configuration.columns, n))
        let i = focusedIndex, row = i / columns, column = i % columns
        let rows = (n + columns - 1) / columns
        var next = i
        switch direction {
        case .left: if column > 0 { next = i - 1 }
        case .right: if column < columns - 1 && i + 1 < n { next = i + 1 }
        case .up: if row > 0 { next = i - columns }
        case .down: if row + 1 < rows { next = min(i + columns, n - 1) }
        }
        guard next != i else { return false }
        setFocus(next, at: time)
        return true
    }

    public func focusItem(_ index: Int, at time: Double) {
        guard !cards.isEmpty else { return }
        setFocus(index, at: time)
    }

    public func setContainsFocus(_ focused: Bool, at time: Double) {
        guard focused != containsFocus, !cards.isEmpty else { return }
        containsFocus = focused
        if !focused && isPressed { setPressed(false, at: time) }
        noteInput(at: time)
        let i = focusedIndex
        let animated = time > 0
        retargetFocusTween(i, to: focused ? 1 : 0, at: time, animated: animated)
        retargetTilt(at: time)
    }
}

extension FocusGrid: FocusCards {
    var cardsOrigin: Point { configuration.frame.origin }

    func pointerLean(at p: Point, time: Double) -> (x: Double, y: Double)? {
        let f = cardFrames[focusedIndex]
        guard f.contains(p) else { return nil }
        let pose = ParallaxPose.finger(at: p - f.origin, size: f.size, cardScale: 1)
        return (pose.x, pose.y)
    }

    func handleOtherKey(_ key: String, down: Bool, at time: Double) {}
}
