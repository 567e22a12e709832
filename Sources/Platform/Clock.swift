import CSDL2

/// A monotonic clock in seconds since its creation, based on SDL's performance counter.
/// Does not need `SDL_Init`. Pass it to whoever needs time: there is no global clock.
public struct Clock: Sendable {
    private let start: UInt64
    private let frequency: Double

    /// Starts a clock at zero now.
    public init() {
        start = SDL_GetPerformanceCounter()
        frequency = Double(SDL_GetPerformanceFrequency())
    }

    /// Seconds elapsed since `init`.
    public func now() -> Double {
        Double(SDL_GetPerformanceCounter() &- start) / frequency
    }
}
