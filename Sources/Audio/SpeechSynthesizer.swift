import CEspeakNG
import Foundation

/// Why there is no speech: espeak-ng's data or the language's voice is missing, one line.
public struct SpeechUnavailable: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Text to speech through espeak-ng, into 48 kHz samples for the mixer.
///
/// `speak` synthesises on one worker thread, the newest request replacing any waiting one,
/// and hands the samples to `deliver`; `cancel` aborts the synthesis under way (espeak-ng
/// stops at its next buffer) and guarantees that nothing requested before it is delivered
/// after it returns. espeak-ng is one engine per process: create one synthesizer.
///
/// Does not: play (the app's `AudioOutput` does), or decide what to say (the scene's
/// `announce` events do).
public final class SpeechSynthesizer {
    /// The pause between the title and its detail (seconds).
    public static let detailPause = 0.5
    /// The longest text spoken (characters); the rest is cut.
    public static let maxCharacters = 500

    /// espeak-ng's own sample rate.
    private let engineRate: Int
    /// Serialises espeak-ng calls (the worker's and `synthesize`'s).
    private let engine = NSLock()
    /// Guards `generation`, `request` and the deliveries.
    private let state = NSCondition()
    /// Bumped by every `speak` and `cancel`: synthesis of an older one stops.
    private var generation = 0
    private var request: (generation: Int, text: String, detail: String?)?
    private var deliver: ((UnsafeBufferPointer<Float>) -> Void)?
    private var worker: Thread?

    /// Starts espeak-ng with the voice for `language` (a BCP 47 tag or espeak-ng voice name,
    /// "en", "de", "pt-BR"); `dataPath` overrides where its data is looked for.
    public init(language: String, dataPath: String? = nil) throws {
        let options = Int32(espeakINITIALIZE_DONT_EXIT)
        let quiet = QuietStandardError()
        let rate = dataPath.map { espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, $0, options) }
            ?? espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, nil, options)
        quiet.restore()
        // The rate alone does not tell: a second start keeps the first one's rate.
        var used: UnsafePointer<CChar>?
        _ = espeak_Info(&used)
        let phonemes = used.map { String(cString: $0) + "/phontab" } ?? ""
        guard rate > 0, FileManager.default.fileExists(atPath: phonemes) else {
            throw SpeechUnavailable("no espeak-ng voice data\(dataPath.map { " in \($0)" } ?? "") (install espeak-ng-data)")
        }
        engineRate = Int(rate)
        try setLanguage(language)
        espeak_SetSynthCallback { wav, count, events in
            guard let user = events?.pointee.user_data else { return 1 }
            let sink = Unmanaged<SynthesisSink>.fromOpaque(user).takeUnretainedValue()
            if let wav, count > 0 { sink.append(wav, count: Int(count)) }
            return sink.shouldContinue() ? 0 : 1
        }
    }

    /// Speaks `language` from now on; a language without a voice keeps the current one.
    public func setLanguage(_ language: String) throws {
        engine.lock()
        defer { engine.unlock() }
        guard espeak_SetVoiceByName(SpeechSynthesizer.voiceName(language)) == EE_OK else {
            throw SpeechUnavailable("no espeak-ng voice for language \"\(language)\"")
        }
    }

    /// The espeak-ng voice name of a language tag: "pt-BR" -> "pt-br", "de_DE.UTF-8" -> "de".
    public static func voiceName(_ language: String) -> String {
        let base = language.split(separator: ".").first.map(String.init) ?? ""
        let parts = base.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let first = parts.first, !first.isEmpty, first != "c", first != "posix" else { return "en" }
        // espeak-ng names regional voices for a few languages only: "pt-br", "en-us", "es-419".
        if parts.count > 1, ["pt", "en", "es", "zh"].contains(first) { return "\(first)-\(parts[1])" }
        return first
    }

    /// The language to speak when the scene names none: `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`,
    /// then `LANG`, the first set one (a "C" or "POSIX" locale is English).
    public static func language(environment: [String: String]) -> String {
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment[key]?.split(separator: ":").first, !v.isEmpty { return String(v) }
        }
        return "en"
    }

    /// Synthesises `text` now on this thread (48 kHz); stops early, with what was made so
    /// far, when `shouldContinue` turns false (asked after each of espeak-ng's buffers).
    public func synthesize(_ text: String, shouldContinue: @escaping () -> Bool = { true }) -> [Float] {
        let sink = SynthesisSink(shouldContinue: shouldContinue)
        engine.lock()
        defer { engine.unlock() }
        let clipped = String(text.prefix(SpeechSynthesizer.maxCharacters))
        let user = Unmanaged.passUnretained(sink).toOpaque()
        withExtendedLifetime(sink) {
            clipped.withCString { c in
                _ = espeak_Synth(c, strlen(c) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, user)
            }
        }
        return WAVDecoder.resample(sink.samples, from: engineRate)
    }

    /// Speaks `text`, then `detail` after `detailPause`, on the worker thread, replacing
    /// anything not yet delivered; `deliver` gets the whole utterance (on the worker).
    public func speak(_ text: String, detail: String? = nil, deliver: @escaping (UnsafeBufferPointer<Float>) -> Void) {
        state.lock()
        generation += 1
        request = (generation, text, detail)
        self.deliver = deliver
        if worker == nil {
            let t = Thread { [unowned self] in self.work() }
            t.name = "speech"
            worker = t
            t.start()
        }
        state.signal()
        state.unlock()
    }

    /// Drops what is waiting and stops what is being synthesised: nothing requested before
    /// this call is delivered after it returns.
    public func cancel() {
        state.lock()
        generation += 1
        request = nil
        state.unlock()
    }

    private func current(_ g: Int) -> Bool {
        state.lock()
        defer { state.unlock() }
        return generation == g
    }

    private func work() {
        while true {
            state.lock()
            while request == nil { state.wait() }
            let r = request!
            request = nil
            state.unlock()
            var samples = synthesize(r.text) { [unowned self] in self.current(r.generation) }
            if let detail = r.detail, !detail.isEmpty, current(r.generation) {
                samples += [Float](repeating: 0, count: Int(SpeechSynthesizer.detailPause * Double(SoundClip.sampleRate)))
                samples += synthesize(detail) { [unowned self] in self.current(r.generation) }
            }
            // Delivered under the state lock, so a `cancel` is either before (nothing is
            // delivered) or after (the app stops what was delivered).
            state.lock()
            if generation == r.generation, let deliver { samples.withUnsafeBufferPointer { deliver($0) } }
            state.unlock()
        }
    }
}

/// What espeak-ng's callback appends to (its user data during one `espeak_Synth`).
private final class SynthesisSink {
    var samples: [Double] = []
    let shouldContinue: () -> Bool

    init(shouldContinue: @escaping () -> Bool) { self.shouldContinue = shouldContinue }

    func append(_ wav: UnsafeMutablePointer<Int16>, count: Int) {
        for i in 0..<count { samples.append(Double(wav[i]) / 32_768) }
    }
}
