import Audio
import JSON

/// A scene's navigation sounds (the top-level `sounds` key): whether they play, and the
/// clip of each cue, the built-in one unless the scene names a WAV or Ogg file for it:
/// `"sounds": {"enabled": true, "move": "tick.wav", "select": "chirp.ogg", "back": ..., "edge": ...}`.
///
/// Does not: play anything (the host hands the clips to its `AudioOutput`).
public struct SceneSounds: Equatable {
    /// Whether the host plays them (default true; the demo's M key toggles it live).
    public var enabled = true
    /// The scene's own clips; a cue not listed keeps its built-in sound.
    public var clips: [NavigationCue: SoundClip] = [:]

    public init() {}

    /// Reads the `sounds` object (absent: the defaults); a sound file's error names the JSON path.
    public init(_ node: JSONNode, context: SceneContext) throws {
        guard node.exists else { return }
        try node.allowKeys(Set(["enabled"] + NavigationCue.allCases.map(\.rawValue)))
        enabled = try node["enabled"].bool(default: true)
        for cue in NavigationCue.allCases where node[cue.rawValue].exists {
            let path = try context.resolve(node[cue.rawValue])
            do { clips[cue] = try SoundFile.load(path: path) } catch { throw node[cue.rawValue].error("\(error)") }
        }
    }
}

extension NavigationCue {
    /// The cue that follows a scene event: a focus change (after the first, at t = 0),
    /// a selection, back, the end of a row; nil for the rest.
    public init?(_ event: SceneEvent) {
        switch event.kind {
        case .focus where event.time > 0: self = .move
        case .select: self = .select
        case .back: self = .back
        case .edge: self = .edge
        default: return nil
        }
    }
}
