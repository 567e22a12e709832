import LayerMath
import Platform

/// The app has not told `ParallaxHost` where its window is.
public enum HostWindowError: Error, CustomStringConvertible, Equatable {
    /// `window` was never given: the scene would be drawn at its canvas size in the
    /// window's corner and pointer positions mapped one to one.
    case windowNotSet(canvas: Size)

    public var description: String {
        switch self {
        case .windowNotSet(let canvas):
            return "host.window is not set, so the \(Int(canvas.width))x\(Int(canvas.height))-point canvas would be drawn "
                + "unscaled and pointers mapped 1:1: pass window: WindowGeometry(of: window) (or points: and pixels:) "
                + "to ParallaxHost, or set host.window"
        }
    }
}
