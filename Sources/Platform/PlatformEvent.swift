/// An input or window event as a plain value; SDL types never leave this module.
///
/// Coordinates are in window points (not pixels), origin top-left, +y down.
public enum PlatformEvent: Equatable, Sendable {
    /// The user asked to close the window / quit.
    case quit
    /// A keyboard key: normalised names such as "Left", "Return", "Escape", "Space",
    /// "PageUp", "Tab", letters "F", digits "1", function keys "F1".
    case key(name: String, down: Bool, repeat: Bool)
    /// A mouse button ("left", "right", "middle", "x1", "x2") pressed or released at (x, y).
    case pointer(x: Double, y: Double, button: String, down: Bool)
    /// The mouse moved to (x, y).
    case move(x: Double, y: Double)
    /// The wheel scrolled (dx, dy); +dy is away from the user (SDL convention, not flipped).
    case wheel(dx: Double, dy: Double)
    /// A game controller button: "A", "B", "X", "Y", "Back", "Guide", "Start",
    /// "LeftStick", "RightStick", "LeftShoulder", "RightShoulder", "DpadUp", "DpadDown",
    /// "DpadLeft", "DpadRight", or "Button<n>".
    case controllerButton(name: String, down: Bool)
    /// A game controller axis: "leftx", "lefty", "rightx", "righty", "lefttrigger",
    /// "righttrigger"; value in -1...1 (triggers 0...1).
    case controllerAxis(name: String, value: Double)
    /// The window changed size: points (layout) and drawable pixels (HiDPI).
    case resized(pointsWidth: Int, pointsHeight: Int, pixelsWidth: Int, pixelsHeight: Int)
    /// A finger on a controller's touchpad: position in 0...1 across and down; `down`
    /// false when it lifts.
    case controllerTouchpad(x: Double, y: Double, down: Bool)
    /// A controller's gyroscope: angular velocity (rad/s) about its x, y and z axes.
    case controllerGyro(x: Double, y: Double, z: Double)
    /// A controller was connected (and opened), with its SDL name.
    case controllerAdded(name: String)
    /// A controller was disconnected (and closed).
    case controllerRemoved
}
