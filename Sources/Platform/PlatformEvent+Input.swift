import Input
import LayerMath

extension PlatformEvent {
    /// This event as the scene's input event, window points mapped to canvas points by
    /// `mapping` and wheel steps to points; nil for what is not scene input (quit, a
    /// resize, a controller coming or going, a mouse button scenes have no name for).
    ///
    /// Keys pass through as they are: an app that keeps some keys for itself (the demo's
    /// Escape or Tab) filters them before calling this.
    public func inputEvent(mapping: WindowToCanvas) -> InputEvent? {
        inputEvent(canvasPoint: { mapping.canvasPoint(x: $0, y: $1) })
    }

    /// This event as the scene's input event, window points mapped by `canvasPoint` (for a
    /// window whose mapping is more than a fit, e.g. a HiDPI drawable with a viewport) and
    /// wheel steps scaled by `wheelPointsPerStep`; nil as above.
    public func inputEvent(canvasPoint: (Double, Double) -> Point,
                           wheelPointsPerStep: Double = WindowToCanvas.wheelPointsPerStep) -> InputEvent? {
        switch self {
        case .quit, .resized, .controllerAdded, .controllerRemoved:
            return nil
        case .key(let name, let down, _):
            return .key(name, down: down)
        case .pointer(let x, let y, let button, let down):
            guard let b = PointerButton(rawValue: button) else { return nil }
            return .pointer(canvasPoint(x, y), button: b, down: down)
        case .move(let x, let y):
            return .move(canvasPoint(x, y))
        case .wheel(let dx, let dy):
            return .wheel(dx: dx * wheelPointsPerStep, dy: dy * wheelPointsPerStep)
        case .controllerButton(let name, let down):
            return .controllerButton(name, down: down)
        case .controllerAxis(let name, let value):
            return .controllerAxis(name, value: value)
        case .controllerTouchpad(let x, let y, let down):
            return .touchpad(x: x, y: y, down: down)
        case .controllerGyro(let x, let y, let z):
            return .gyro(x: x, y: y, z: z)
        }
    }
}
