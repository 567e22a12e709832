import LayerMath
import Platform

extension WindowGeometry {
    /// The geometry of a window the library opened (`Window`, alias of `GLContextHost`):
    /// its size in points and its drawable in pixels, the scene filling it. After a resize,
    /// `ParallaxHost.handle(_:)` updates the host's copy from the `.resized` event.
    public init(of window: GLContextHost) {
        let points = window.windowSize, pixels = window.drawableSize
        self.init(points: Size(Double(points.width), Double(points.height)), pixels: pixels)
    }
}
