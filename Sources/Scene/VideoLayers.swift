import Audio
import Video

/// A scene's video layers, shared by whoever adds them (the loader for `contents`, a row
/// for its previews) and the renderer that puts their frames on the GPU.
///
/// Does not: decode or draw; `VideoContents` decodes, `SceneVideos` converts.
public final class VideoLayers {
    /// Every playing video, in the order added.
    public private(set) var all: [VideoContents] = []
    /// How their frames are found (the scene's `videoPlayback`).
    public var playback = VideoContents.Playback.exact
    /// Whether their decoding may try the device's hardware (the scene's `hwdec`, a tool's
    /// `--hwdec`); set it before they play. Videos added later take it too.
    public var hardwareDecoding = HardwareDecoding.auto {
        didSet { for v in all { v.hardwareDecoding = hardwareDecoding } }
    }

    /// Whether card previews put speed before picture (live playback): decoded fast
    /// (`VideoFile.fastDecoding`) and their file opened as soon as the card has focus,
    /// during the delay, so the video starts when it ends. Off: full decoding, opened then.
    public var fastPreviews = true

    /// Where previews with `previewAudio` play their sound (the host's `AudioOutput`); nil:
    /// silent (tools, hosts without an audio device).
    public weak var soundSink: SoundStreamSink?

    public init() {}

    /// Adds a video (its frames go to the GPU from the next frame).
    public func add(_ video: VideoContents) {
        video.hardwareDecoding = hardwareDecoding
        all.append(video)
    }

    /// Removes a video (a preview that stopped).
    public func remove(_ video: VideoContents) { all.removeAll { $0 === video } }

    /// Whether there are none.
    public var isEmpty: Bool { all.isEmpty }
}
