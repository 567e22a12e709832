import Assets
import LayerMath
import Layers
import Typography

/// A message drawn over the scene (the help, a scene that failed to reload), as a TV has no
/// console to read: a dark rounded panel across the lower half of the canvas with the text
/// wrapped in it, shown for a few seconds (or until replaced). The message is printed too.
///
/// Does not: take input, or animate.
final class DemoOverlay {
    /// Seconds a message stays up.
    static let duration = 8.0

    /// The panel, or nil when no message is up.
    private(set) var layer: Layer?
    private var until = -Double.infinity

    /// Shows `message` over a canvas of `canvas` points from `now`, its text rasterised
    /// through `images` (the scene's store) at `scale` pixels per point.
    func show(_ message: String, canvas: Size, images: ImageStore, scale: Double, now: Double) {
        let panel = Layer(name: "demo/overlay")
        panel.frame = Rect(x: canvas.width * 0.06, y: canvas.height * 0.42, width: canvas.width * 0.88,
                           height: canvas.height * 0.52)
        panel.contents = .color(Color(0.02, 0.02, 0.04, 0.86))
        panel.cornerRadius = 16
        var style = TextStyle(font: "DejaVu Sans", fontSize: max(12, (canvas.height * 0.03).rounded()),
                              foregroundColor: Color(0.95, 0.95, 0.97, 1), alignment: .left, truncation: .end)
        style.isWrapped = true
        style.lineSpacing = 4
        let inset = 24.0
        let text = TextLayer(name: "demo/overlay/text", string: message, style: style,
                             bounds: Size(panel.bounds.width - 2 * inset, panel.bounds.height - 2 * inset), images: images)
        text.layer.frame = Rect(x: inset, y: inset, width: panel.bounds.width - 2 * inset,
                                height: panel.bounds.height - 2 * inset)
        text.contentsScale = scale
        text.display()
        panel.addSublayer(text.layer)
        layer = panel
        until = now + DemoOverlay.duration
    }

    /// The wall time the message comes down (`.infinity` when none is up).
    var expiry: Double { layer == nil ? .infinity : until }

    /// Takes the message down once its time is over; true when it did.
    func expire(now: Double) -> Bool {
        guard layer != nil, now >= until else { return false }
        layer = nil
        return true
    }

    /// Takes the message down now.
    func hide() { layer = nil }
}
