import Audio
import Platform
import Scene
import ToolSupport

/// The demo's navigation sounds: the scene's cues on the audio device, following the
/// scene's focus, select, back and edge events; the M key turns them off and on.
///
/// Does not: fail the demo. Without an audio device it says so once and stays silent.
final class DemoSounds {
    /// The device, nil where there is none.
    let output: AudioOutput?
    /// Whether cues play (the scene's `sounds.enabled`, then the M key).
    private(set) var enabled = true

    init() {
        switch AudioOutput.open() {
        case .success(let o): output = o
        case .failure(let reason):
            output = nil
            ToolProcess.note("parallax-demo: \(reason); sounds and speech are off\n")
        }
    }

    /// Takes `scene`'s sounds and plays its cues from now on, and its previews' sound where
    /// they have `previewAudio` (call once per scene).
    func attach(to scene: Scene) {
        guard let output else { return }
        for cue in NavigationCue.allCases {
            output.setClip(scene.sounds.clips[cue] ?? NavigationSounds.clip(cue), for: cue)
        }
        enabled = scene.sounds.enabled
        output.setCueGain(enabled ? 1 : 0)
        scene.videos.soundSink = output
        scene.onEvent { [weak self] e in self?.play(e) }
    }

    /// Switches the cues off or back on; returns the new state.
    func toggle() -> Bool {
        enabled.toggle()
        output?.setCueGain(enabled ? 1 : 0)
        return enabled
    }

    private func play(_ event: SceneEvent) {
        guard enabled, let output, let cue = NavigationCue(event) else { return }
        output.play(cue)
    }
}
