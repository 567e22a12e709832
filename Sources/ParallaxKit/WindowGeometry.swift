import GLRenderer
import LayerMath

/// Where an app's window is and where the scene is drawn in it: the window's size in
/// points (what pointer events are measured in), its drawable size in pixels (larger on
/// a HiDPI screen) and the viewport the scene fills (GL convention, bottom-left origin;
/// nil: the whole drawable). The scene's canvas is scaled uniformly and centred in the
/// viewport (letterboxed), as the renderer draws it.
///
/// Does not: ask SDL for the sizes (the app passes them, or `ParallaxHost` takes them from
/// `PlatformEvent.resized`).
public struct WindowGeometry: Equatable, Sendable {
    /// Window size in points (pointer coordinates).
    public var points: Size
    /// Drawable size in pixels.
    public var pixels: PixelSize
    /// The scene's viewport in drawable pixels (nil: the whole drawable).
    public var viewport: ViewportRect?

    /// A window of `points` (what SDL_GetWindowSize reports) drawn at `pixels`
    /// (SDL_GL_GetDrawableSize), the scene in `viewport` or the whole drawable.
    public init(points: Size, pixels: PixelSize, viewport: ViewportRect? = nil) {
        self.points = points
        self.pixels = pixels
        self.viewport = viewport
    }

    /// A window whose points are its pixels (no HiDPI), the scene filling it.
    public init(width: Int, height: Int) {
        self.init(points: Size(Double(width), Double(height)), pixels: PixelSize(width: width, height: height))
    }

    /// The viewport the scene fills (the whole drawable when none was set).
    public var sceneViewport: ViewportRect {
        viewport ?? ViewportRect(x: 0, y: 0, width: pixels.width, height: pixels.height)
    }

    /// The canvas point under the window point (`x`, `y`) (points, top-left origin, +y
    /// down) when the canvas of `canvas` points fills the viewport: window points to
    /// drawable pixels (the HiDPI factor on each axis), then to the viewport's top-left
    /// corner, then through the uniform, centred canvas mapping. A point in the letterbox
    /// bars maps outside 0...canvas. Degenerate sizes (0 or not finite) map as scale 1.
    public func canvasPoint(x: Double, y: Double, canvas: Size) -> Point {
        let sx = points.width > 0 && pixels.width > 0 ? Double(pixels.width) / points.width : 1
        let sy = points.height > 0 && pixels.height > 0 ? Double(pixels.height) / points.height : 1
        let v = sceneViewport
        // Pixel coordinates from the drawable's top-left; the viewport's top edge there.
        let px = x * sx - Double(v.x)
        let py = y * sy - Double(pixels.height - v.y - v.height)
        let m = WindowToCanvas(canvas: canvas, windowWidth: Double(max(v.width, 1)), windowHeight: Double(max(v.height, 1)))
        guard m.scale > 0, m.scale.isFinite else { return Point(px, py) }
        return m.canvasPoint(x: px, y: py)
    }
}
