import Input
import JSON
import LayerMath
import Layers

/// The `focusGuide` scene kind: UIFocusGuide. An invisible rectangle that the focus
/// engine treats as a focusable item; when geometric focus movement picks it, focus goes
/// to its `preferredFocus` component instead (to `item` when given, else the
/// component's current item). Use it where the geometry has no neighbour, e.g. to reach a
/// short row from far to its right.
///
/// Does not: draw anything, take input or redirect pointer presses.
public final class FocusGuide: SceneComponent {
    public let name: String
    public let rootLayer: Layer
    /// The guide's frame in canvas points.
    public let frame: Rect
    /// The component focus is redirected to.
    public let preferredFocus: String
    /// The item of `preferredFocus` to focus, or nil for its current item.
    public let item: Int?

    public init(name: String, frame: Rect, preferredFocus: String, item: Int?) {
        self.name = name
        self.frame = frame
        self.preferredFocus = preferredFocus
        self.item = item
        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        rootLayer.isHidden = true
    }

    public func handle(_ event: InputEvent, at time: Double) {}
    public func update(to time: Double) {}

    /// `.infinity`: time plays no part (its layers change only on input).
    public func nextUpdateTime(after time: Double) -> Double { .infinity }
}
