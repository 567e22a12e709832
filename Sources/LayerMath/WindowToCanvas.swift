/// How a window (or viewport) shows a canvas: scaled uniformly to fit, centred, so
/// `window = canvas * scale + offset` on each axis, the mapping the renderer draws with.
/// It turns the window points of pointer events into canvas points, and says how far a
/// wheel step scrolls.
///
/// Does not: know pixels versus points (pass the window size in the unit the events
/// come in: SDL reports points), round, or clamp a point to the canvas (a click in the
/// letterbox maps outside it).
public struct WindowToCanvas: Equatable, Sendable {
    /// Canvas points scrolled per wheel step (SDL reports whole steps; a trackpad
    /// reports fractions of one).
    public static let wheelPointsPerStep = 40.0

    /// Window units per canvas point.
    public let scale: Double
    /// Where the canvas's left edge lies in the window.
    public let offsetX: Double
    /// Where the canvas's top edge lies in the window.
    public let offsetY: Double

    /// The mapping of `canvas` fitted into a window of `windowWidth` x `windowHeight`.
    /// An empty canvas maps one to one (scale 1, no offset).
    public init(canvas: Size, windowWidth: Double, windowHeight: Double) {
        guard canvas.width > 0, canvas.height > 0 else {
            scale = 1; offsetX = 0; offsetY = 0
            return
        }
        let s = min(windowWidth / canvas.width, windowHeight / canvas.height)
        scale = s
        offsetX = (windowWidth - canvas.width * s) / 2
        offsetY = (windowHeight - canvas.height * s) / 2
    }

    /// The canvas point under window point (`x`, `y`).
    public func canvasPoint(x: Double, y: Double) -> Point {
        Point((x - offsetX) / scale, (y - offsetY) / scale)
    }

    /// The window point that shows canvas point `p`.
    public func windowPoint(_ p: Point) -> Point {
        Point(p.x * scale + offsetX, p.y * scale + offsetY)
    }

    /// A wheel scroll of (`dx`, `dy`) steps in canvas points.
    public func wheelPoints(dx: Double, dy: Double) -> (dx: Double, dy: Double) {
        (dx * WindowToCanvas.wheelPointsPerStep, dy * WindowToCanvas.wheelPointsPerStep)
    }
}
