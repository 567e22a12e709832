/// Mixes the navigation cues, one speech track and one streamed sound (a card preview's
/// sound track) into a mono buffer.
///
/// `voiceCount` voices play cues at once; a cue triggered while all are busy takes the
/// voice that has played longest. Speech has its own channel, preallocated for
/// `maxSpeechSeconds`; the stream a ring of `streamSeconds`, filled by its decoder ahead of
/// the device. `trigger`, `startSpeech`, `stopSpeech`, `appendStream`, `clearStream` and
/// `render` never allocate.
///
/// Does not: lock. Calls from two threads (the app's and an audio callback's) must be
/// serialised by the caller (`AudioOutput` holds SDL's audio lock around them).
public final class SoundMixer: SoundStreamSink {
    public static let voiceCount = 8
    /// The longest speech kept (a longer utterance is cut there).
    public static let maxSpeechSeconds = 20

    private var clips: [[Float]]
    /// Per voice: the cue's index in `clips` (-1: idle) and the next sample.
    private var voiceClip = [Int](repeating: -1, count: SoundMixer.voiceCount)
    private var voicePosition = [Int](repeating: 0, count: SoundMixer.voiceCount)
    private var speech: [Float]
    private var speechCount = 0, speechPosition = 0
    /// Seconds of streamed sound buffered ahead at most.
    public static let streamSeconds = 0.5
    private var stream: [Float]
    private var streamStart = 0, streamCount = 0
    /// Samples of the stream rendered since it was last cleared.
    public private(set) var streamPlayed = 0
    /// Gain of the cues (0 mutes them); speech always plays at full gain.
    public var cueGain: Float = 1

    /// A mixer with the built-in navigation sounds.
    public init() {
        clips = NavigationCue.allCases.map { NavigationSounds.clip($0).samples }
        speech = [Float](repeating: 0, count: SoundMixer.maxSpeechSeconds * SoundClip.sampleRate)
        stream = [Float](repeating: 0, count: Int(SoundMixer.streamSeconds * Double(SoundClip.sampleRate)))
    }

    /// Replaces the sound of `cue` (load time: this copies the clip).
    public func setClip(_ clip: SoundClip, for cue: NavigationCue) {
        stop(cue)
        clips[index(cue)] = clip.samples
    }

    /// Starts `cue` from its beginning on a free voice (or the one that has played longest).
    public func trigger(_ cue: NavigationCue) {
        var best = 0
        for v in 0..<SoundMixer.voiceCount {
            if voiceClip[v] < 0 { best = v; break }
            if voicePosition[v] > voicePosition[best] { best = v }
        }
        voiceClip[best] = index(cue)
        voicePosition[best] = 0
    }

    /// Replaces any speech with `samples` (at 48 kHz), cut at `maxSpeechSeconds`.
    public func startSpeech(_ samples: UnsafeBufferPointer<Float>) {
        speechCount = min(samples.count, speech.count)
        speechPosition = 0
        speech.withUnsafeMutableBufferPointer { dst in
            for i in 0..<speechCount { dst[i] = samples[i] }
        }
    }

    /// Stops the speech at once.
    public func stopSpeech() { speechCount = 0; speechPosition = 0 }

    /// Whether speech is playing.
    public var isSpeaking: Bool { speechPosition < speechCount }

    /// Queues streamed samples after those queued, as many as fit; how many did.
    public func appendStream(_ samples: UnsafeBufferPointer<Float>) -> Int {
        let n = min(samples.count, stream.count - streamCount)
        stream.withUnsafeMutableBufferPointer { ring in
            for i in 0..<n { ring[(streamStart + streamCount + i) % ring.count] = samples[i] }
        }
        streamCount += n
        return n
    }

    /// Drops the queued stream (its sound stops at once).
    public func clearStream() { streamStart = 0; streamCount = 0; streamPlayed = 0 }

    /// Samples of the stream queued and not yet played.
    public var streamQueued: Int { streamCount }

    /// Whether nothing plays (render would write zeros).
    public var isSilent: Bool { !isSpeaking && streamCount == 0 && !voiceClip.contains { $0 >= 0 } }

    /// Writes the next `out.count` samples: the sum of the playing voices and the speech,
    /// clamped to -1...1; voices that reach their clip's end go idle.
    public func render(into out: UnsafeMutableBufferPointer<Float>) {
        for i in out.indices { out[i] = 0 }
        for v in 0..<SoundMixer.voiceCount where voiceClip[v] >= 0 {
            clips[voiceClip[v]].withUnsafeBufferPointer { clip in
                let n = min(out.count, clip.count - voicePosition[v])
                for i in 0..<max(n, 0) { out[i] += cueGain * clip[voicePosition[v] + i] }
                voicePosition[v] += max(n, 0)
                if voicePosition[v] >= clip.count { voiceClip[v] = -1 }
            }
        }
        if isSpeaking {
            let n = min(out.count, speechCount - speechPosition)
            speech.withUnsafeBufferPointer { s in
                for i in 0..<n { out[i] += s[speechPosition + i] }
            }
            speechPosition += n
        }
        if streamCount > 0 {
            let n = min(out.count, streamCount)
            stream.withUnsafeBufferPointer { ring in
                for i in 0..<n { out[i] += ring[(streamStart + i) % ring.count] }
            }
            streamStart = (streamStart + n) % stream.count
            streamCount -= n
            streamPlayed += n
        }
        for i in out.indices { out[i] = min(max(out[i], -1), 1) }
    }

    private func stop(_ cue: NavigationCue) {
        for v in 0..<SoundMixer.voiceCount where voiceClip[v] == index(cue) { voiceClip[v] = -1 }
    }

    /// The cue's place in `clips` (a switch: `allCases` would allocate an array).
    private func index(_ cue: NavigationCue) -> Int {
        switch cue {
        case .move: return 0
        case .select: return 1
        case .back: return 2
        case .edge: return 3
        }
    }
}
