import LayerMath

/// A mouse or touch button.
public enum PointerButton: String, Sendable, Equatable {
    case left, right, middle
}

/// One input event in canvas points, independent of SDL (docs/architecture.md).
/// Key names follow the replay file: "Left", "Right", "Up", "Down", "Return", "Space",
/// "Home", "End", "PageUp", "PageDown", "Escape", "Tab", letters "A"..."Z".
public enum InputEvent: Equatable, Sendable {
    /// A key went down (or repeated) or up.
    case key(String, down: Bool)
    /// A pointer button went down or up at a canvas point.
    case pointer(Point, button: PointerButton, down: Bool)
    /// The pointer moved to a canvas point.
    case move(Point)
    /// Wheel or trackpad scroll in points (positive dy scrolls content up, like SDL).
    case wheel(dx: Double, dy: Double)
    /// A game-controller button: "A", "B", "X", "Y", "DpadLeft", "DpadRight", "DpadUp",
    /// "DpadDown", "Start", "Back", "LeftShoulder", "RightShoulder".
    case controllerButton(String, down: Bool)
    /// A game-controller axis: "leftx", "lefty", "rightx", "righty", value in -1...1.
    case controllerAxis(String, value: Double)
    /// A finger on the controller's touch surface (the Siri Remote's, a DualShock's):
    /// position in 0...1 across and down the surface; `down` false when it lifts.
    case touchpad(x: Double, y: Double, down: Bool)
    /// The controller's gyroscope: angular velocity in radians per second about its x
    /// (pitch), y (yaw) and z (roll) axes, as SDL reports it.
    case gyro(x: Double, y: Double, z: Double)
}

/// An input event stamped with its scene time in seconds.
public struct TimedEvent: Equatable, Sendable {
    public var time: Double
    public var event: InputEvent
    public init(time: Double, event: InputEvent) { self.time = time; self.event = event }
}

extension InputEvent {
    /// Maps controller buttons to the keys they stand for, so components handle one set
    /// of names: D-pad -> arrows, A -> Return, B -> Escape, shoulders -> PageUp / PageDown.
    public var asKey: (name: String, down: Bool)? {
        switch self {
        case .key(let k, let d): return (k, d)
        case .controllerButton(let b, let d):
            switch b {
            case "DpadLeft": return ("Left", d)
            case "DpadRight": return ("Right", d)
            case "DpadUp": return ("Up", d)
            case "DpadDown": return ("Down", d)
            case "A": return ("Return", d)
            case "B": return ("Escape", d)
            case "LeftShoulder": return ("PageUp", d)
            case "RightShoulder": return ("PageDown", d)
            default: return nil
            }
        default: return nil
        }
    }
}
