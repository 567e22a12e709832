/// A mono sound at `SoundClip.sampleRate`, samples in -1...1.
public struct SoundClip: Equatable, Sendable {
    /// Samples per second of every clip and of the mixer's output.
    public static let sampleRate = 48_000
    /// The longest clip kept (10 s): a longer file is refused, so memory stays bounded.
    public static let maxSeconds = 10

    public var samples: [Float]

    public init(samples: [Float]) { self.samples = samples }

    /// The clip's length in seconds.
    public var duration: Double { Double(samples.count) / Double(SoundClip.sampleRate) }
}
