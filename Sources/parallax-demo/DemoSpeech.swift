import Audio
import Foundation
import Platform
import Scene
import ToolSupport

/// The demo's speech: the scene's `announce` events spoken through espeak-ng on the audio
/// device, stopped the moment focus moves; the V key switches speech on and off.
///
/// Does not: fail the demo. Without espeak-ng's data, a voice or an audio device it says
/// so once; the scene's announce events still come (`--events` shows them).
final class DemoSpeech {
    private let output: AudioOutput?
    /// Started at the first announcement (nil before, or when it could not start).
    private var synthesizer: SpeechSynthesizer?
    private var failed = false
    private var language = "en"

    init(output: AudioOutput?) { self.output = output }

    /// Follows `scene`'s announcements and focus from now on (call once per scene).
    func attach(to scene: Scene) {
        stop()
        language = scene.speech.language ?? SpeechSynthesizer.language(environment: ProcessInfo.processInfo.environment)
        do { try synthesizer?.setLanguage(language) } catch {
            ToolProcess.note("parallax-demo: \(error); the last voice speaks\n")
        }
        scene.onEvent { [weak self] e in self?.handle(e) }
    }

    /// Switches `scene`'s speech at scene time `time`; returns the new state.
    func toggle(_ scene: Scene, at time: Double) -> Bool {
        let on = !scene.speech.enabled
        scene.setSpeech(enabled: on, at: time)
        if !on { stop() }
        return on
    }

    private func handle(_ event: SceneEvent) {
        switch event.kind {
        case .focus: stop()
        case .announce:
            guard let output, let engine = start(), let text = event.text else { return }
            engine.speak(text, detail: event.detail) { samples in output.speak(samples) }
        default: break
        }
    }

    /// The synthesizer, started on first use; nil (said once) when espeak-ng cannot speak.
    private func start() -> SpeechSynthesizer? {
        if synthesizer == nil && !failed {
            do { synthesizer = try SpeechSynthesizer(language: language) } catch {
                failed = true
                ToolProcess.note("parallax-demo: \(error); speech is off\n")
            }
        }
        return synthesizer
    }

    private func stop() {
        synthesizer?.cancel()
        output?.stopSpeech()
    }
}
