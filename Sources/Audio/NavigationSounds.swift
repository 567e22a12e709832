import Foundation

/// The sounds that follow focus, as tvOS plays them.
public enum NavigationCue: String, CaseIterable, Sendable {
    /// Focus moved to another item.
    case move
    /// An item was selected.
    case select
    /// Back (Backspace, controller B).
    case back
    /// Focus could not move: the end of a row.
    case edge
}

/// The built-in navigation sounds: short decaying tones, soft enough to repeat at the
/// key-repeat rate. Each is `amplitude * sin(2 pi f(t) t) * exp(-t / decay)` for
/// `duration` seconds (t = n / 48000), where f glides linearly from `from` to `to` Hz.
public enum NavigationSounds {
    /// One cue's tone.
    public struct Tone: Equatable, Sendable {
        public var from: Double, to: Double, decay: Double, duration: Double, amplitude: Double
    }

    /// The tone of each cue: a high tick to move, a brighter chirp up to select, a glide
    /// down for back, a low thud at an edge.
    public static func tone(_ cue: NavigationCue) -> Tone {
        switch cue {
        case .move: return Tone(from: 2_000, to: 2_000, decay: 0.008, duration: 0.04, amplitude: 0.25)
        case .select: return Tone(from: 1_200, to: 1_800, decay: 0.03, duration: 0.12, amplitude: 0.3)
        case .back: return Tone(from: 1_200, to: 700, decay: 0.03, duration: 0.1, amplitude: 0.25)
        case .edge: return Tone(from: 180, to: 180, decay: 0.02, duration: 0.08, amplitude: 0.4)
        }
    }

    /// The built-in sound of `cue`.
    public static func clip(_ cue: NavigationCue) -> SoundClip {
        let tone = tone(cue)
        let rate = Double(SoundClip.sampleRate)
        let count = Int((tone.duration * rate).rounded())
        let glide = (tone.to - tone.from) / tone.duration
        var samples = [Float](repeating: 0, count: count)
        for n in 0..<count {
            let t = Double(n) / rate
            // The phase of a linear glide is the integral of f: from * t + glide * t^2 / 2.
            let phase = 2 * Double.pi * (tone.from * t + glide * t * t / 2)
            samples[n] = Float(tone.amplitude * sin(phase) * exp(-t / tone.decay))
        }
        return SoundClip(samples: samples)
    }
}
