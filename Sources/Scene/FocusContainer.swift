import LayerMath
import Layers

/// The directions focus moves in (arrow keys, D-pad, left stick).
public enum FocusDirection: String, CaseIterable, Sendable {
    case left, right, up, down

    /// The direction of an arrow key name ("Left", ...), or nil.
    public init?(key: String) {
        switch key {
        case "Left": self = .left
        case "Right": self = .right
        case "Up": self = .up
        case "Down": self = .down
        default: return nil
        }
    }
}

/// A component with focusable items that the focus engine moves focus into, inside and
/// out of (tvOS's focus environment: a collection view, a carousel). Frames are in the
/// container's superlayer space (the canvas for a top-level component; a shelf row's
/// content otherwise); the engine maps them to the canvas.
///
/// Does not: decide when focus leaves it. `moveFocus` answers false at an edge and the
/// engine searches the other containers.
public protocol FocusContainer: SceneComponent, SceneEventSource {
    /// The area the container's items live in (pointer presses inside it focus it).
    var focusRegion: Rect { get }
    /// Calls `body` with each item that can take focus now and its frame at rest.
    func forEachFocusableItem(_ body: (Int, Rect) -> Void)
    /// The container's current item (kept while focus is elsewhere).
    var focusedItem: Int { get }
    /// Moves focus one step inside; false when there is no item that way (an edge).
    func moveFocus(_ direction: FocusDirection, at time: Double) -> Bool
    /// Makes `index` the current item.
    func focusItem(_ index: Int, at time: Double)
    /// Whether the screen's one focus is in this container: its current item lifts when
    /// true and rests when false.
    var containsFocus: Bool { get }
    /// Gains (true) or loses (false) the screen's focus.
    func setContainsFocus(_ focused: Bool, at time: Double)
    /// When focus comes back, whether it returns to the item it left
    /// (`remembersLastFocusedIndexPath`) rather than the item nearest to where it came from.
    var remembersLastFocusedItem: Bool { get set }
}

/// A component that holds focus containers of its own (the shelf's rows).
public protocol FocusScope: SceneComponent {
    /// The containers inside, in reading order.
    var focusContainers: [FocusContainer] { get }
    /// The offset from `container`'s superlayer space to the canvas (scrolling included).
    func canvasOffset(of container: FocusContainer) -> Point
    /// Focus moved to `container` (scroll it into view).
    func focusDidMove(to container: FocusContainer, at time: Double)
}
