// How canvas points land on a target's pixels: pixel = point * scale + offset on each
// axis. The renderer draws with it; `WindowToCanvas` fits a canvas into a window the same way.
//
// Does NOT: fit a canvas (WindowToCanvas and GLRenderer.canvasMapping do), round or clamp.

/// How canvas points map to target pixels: pixel = point * scale + offset.
public struct CanvasMapping: Equatable, Sendable {
    /// Target pixels per canvas point.
    public var scale: Double
    /// Where the canvas's left and top edges lie, in target pixels.
    public var offsetX: Double, offsetY: Double

    @inlinable public init(scale: Double, offsetX: Double, offsetY: Double) {
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// One pixel per point, no offset.
    public static let identity = CanvasMapping(scale: 1, offsetX: 0, offsetY: 0)
}
