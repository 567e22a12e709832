import Audio
import CSDL2
import Foundation

/// The SDL audio device that plays a `SoundMixer`: mono float at 48 kHz (SDL converts to
/// what the device takes), pulled by SDL's audio callback from its own thread.
///
/// `play`, `speak` and `stopSpeech` take SDL's audio lock for the few instructions the
/// mixer needs: no allocation, no waiting on the device. Where there is no audio device,
/// `open` returns nil and a one-line reason, and the app simply has no sounds.
///
/// Does not: decide which sound follows which event (`NavigationCue(event:)` does), or
/// synthesise speech.
package final class AudioOutput: SoundStreamSink {
    /// The mixer it plays; change it only through this object while the device is open.
    package let mixer: SoundMixer
    /// Set once, after the callback's userdata (this object) exists.
    private var device: SDL_AudioDeviceID = 0

    /// Opens the default audio device, or returns the reason there is none.
    package static func open(mixer: SoundMixer = SoundMixer()) -> Result<AudioOutput, AudioUnavailable> {
        // ALSA prints its own lines on standard error when no device answers: the reason
        // comes back in SDL's error instead, so the app can say it in one line.
        let quiet = QuietStandardError()
        defer { quiet.restore() }
        if SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 {
            return .failure(AudioUnavailable("no audio (\(sdlError()))"))
        }
        let output = AudioOutput(mixer: mixer)
        var want = SDL_AudioSpec()
        want.freq = Int32(SoundClip.sampleRate)
        want.format = SDL_AudioFormat(AUDIO_F32SYS)
        want.channels = 1
        want.samples = 512   // about 11 ms
        want.callback = { user, stream, length in
            guard let user, let stream else { return }
            Unmanaged<AudioOutput>.fromOpaque(user).takeUnretainedValue().fill(stream, bytes: Int(length))
        }
        want.userdata = Unmanaged.passUnretained(output).toOpaque()
        var have = SDL_AudioSpec()
        let id = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard id != 0 else {
            let reason = sdlError()
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            return .failure(AudioUnavailable("no audio device (\(reason))"))
        }
        output.device = id
        SDL_PauseAudioDevice(id, 0)
        return .success(output)
    }

    private init(mixer: SoundMixer) { self.mixer = mixer }

    deinit {
        if device != 0 {
            SDL_CloseAudioDevice(device)
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
        }
    }

    /// Plays `cue` now.
    package func play(_ cue: NavigationCue) {
        locked { mixer.trigger(cue) }
    }

    /// Replaces any speech with `samples` (48 kHz mono).
    package func speak(_ samples: UnsafeBufferPointer<Float>) {
        locked { mixer.startSpeech(samples) }
    }

    /// Stops the speech at once.
    package func stopSpeech() {
        locked { mixer.stopSpeech() }
    }

    /// Replaces the sound of `cue` (load time).
    package func setClip(_ clip: SoundClip, for cue: NavigationCue) {
        locked { mixer.setClip(clip, for: cue) }
    }

    /// Queues streamed samples (a preview's sound) after those queued; how many fitted.
    package func appendStream(_ samples: UnsafeBufferPointer<Float>) -> Int {
        var n = 0
        locked { n = mixer.appendStream(samples) }
        return n
    }

    /// Drops the queued stream at once.
    package func clearStream() {
        locked { mixer.clearStream() }
    }

    /// Samples of the stream the callback has taken since it was last cleared.
    package var streamPlayed: Int {
        var n = 0
        locked { n = mixer.streamPlayed }
        return n
    }

    /// Mutes (0) or restores (1) the navigation cues; speech is not affected.
    package func setCueGain(_ gain: Float) {
        locked { mixer.cueGain = gain }
    }

    /// Whether nothing plays now (the callback has pulled every cue and speech to its end).
    package var isSilent: Bool {
        var silent = false
        locked { silent = mixer.isSilent }
        return silent
    }

    private func locked(_ body: () -> Void) {
        SDL_LockAudioDevice(device)
        body()
        SDL_UnlockAudioDevice(device)
    }

    /// The audio thread's pull (SDL holds the audio lock around it).
    private func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        let count = bytes / MemoryLayout<Float>.size
        let out = UnsafeMutableRawPointer(stream).bindMemory(to: Float.self, capacity: count)
        mixer.render(into: UnsafeMutableBufferPointer(start: out, count: count))
    }

    private static func sdlError() -> String {
        let e = SDL_GetError().map { String(cString: $0) } ?? ""
        return e.isEmpty ? "unknown SDL error" : e
    }
}

/// Why there is no sound: no audio subsystem or no device, in one line.
package struct AudioUnavailable: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
