import Assets
import Foundation
import Images
import Layers
import Video

/// A layer whose `contents` is a video file, played on the scene clock from the scene's
/// start and looping.
///
/// The layer shows one of two placeholder images of the video's size (opaque black in the
/// image store); each new frame goes to the one not on screen (`pending`), which the
/// renderer fills on the GPU from the frame's planes before drawing, and the layer switches
/// to it. So a new frame changes the render list (damage tracking sees it) and a texture is
/// never written while it is drawn.
///
/// `exact` playback (`parallax-render`) decodes the frame of the scene time itself;
/// `live` playback (the demo) takes frames from a `VideoPlayer` worker and never waits.
/// A video that cannot be played leaves the layer as it was, with one warning line.
///
/// Does not: play sound, or convert pixels (the renderer's shader does).
public final class VideoContents {
    /// How frames are found for a time.
    public enum Playback { case exact, live }

    public let path: String
    public let layer: Layer
    /// True: the scene plays it from its start (a layer's `contents`); false: its owner
    /// gives the time (a card's preview).
    public var followsSceneClock = true
    /// The two placeholders the frames are drawn into.
    public let refs: (ImageRef, ImageRef)
    /// A frame for the renderer to put into `pendingRef`; nil when nothing new.
    public private(set) var pending: VideoFrame?
    /// The placeholder `pending` goes into (the one the layer now shows).
    public private(set) var pendingRef: ImageRef
    private var file: VideoFile?
    private var player: VideoPlayer?
    /// The first frame, decoded with the opening, until the player takes it.
    private var first: VideoFrame?
    /// The time of the frame shown last (-infinity before the first).
    public private(set) var shownTime = -Double.infinity
    private var showsFirst = true
    private let warn: (String) -> Void
    /// The host's frame gate: the decoding worker waits at it.
    private let gate: FrameGate

    /// Opens the video at `path` for `layer`; nil (after one warning) when it cannot play.
    /// `fill`: the pixel size the layer is shown at, when known: frames are then scaled
    /// down to cover it (aspect kept), never up, so a 720p preview on a small card costs
    /// the card's pixels, not the video's.
    public convenience init?(path: String, layer: Layer, images: ImageStore, fill: (width: Int, height: Int)? = nil,
                             warn: @escaping (String) -> Void) {
        let file: VideoFile
        do { file = try VideoFile(path: path) } catch {
            warn("warning: \(error) (the layer shows no video)")
            return nil
        }
        self.init(file: file, layer: layer, images: images, fill: fill, warn: warn)
    }

    /// Plays `file`, already open (on a worker, for a preview), in `layer`; `first`: its
    /// first frame, when the worker has decoded it too (live playback shows it at once).
    public init(file: VideoFile, layer: Layer, images: ImageStore, fill: (width: Int, height: Int)? = nil,
                first: VideoFrame? = nil, warn: @escaping (String) -> Void) {
        self.path = file.path
        self.layer = layer
        self.warn = warn
        self.file = file
        gate = images.frameGate
        self.first = first
        let (w, h) = fill.map { file.cover($0) } ?? (file.width, file.height)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
        let black = Image(width: w, height: h, pixels: pixels)
        let key = "video:\(path)@\(w)x\(h)#"
        refs = (images.add(black, key: key + "0"), images.add(black, key: key + "1"))
        pendingRef = refs.0
        layer.contents = .image(refs.0)
    }

    /// Brings the video to scene time `time` in the given playback.
    public func update(to time: Double, playback: Playback) {
        guard let file, time.isFinite, time >= 0 else { return }
        let frame: VideoFrame?
        switch playback {
        case .exact:
            do { frame = try file.frame(at: time) } catch {
                stop(error)
                return
            }
        case .live:
            if player == nil {
                player = VideoPlayer(file: file, gate: gate, first: first)
                first = nil
            }
            frame = player?.frame(at: time)
            if let failure = player?.failure { stop(failure); return }
        }
        guard let frame, frame.time != shownTime else { return }
        shownTime = frame.time
        if let old = pending { player?.recycle(old) }
        showsFirst.toggle()
        pendingRef = showsFirst ? refs.0 : refs.1
        pending = frame
        layer.contents = .image(pendingRef)
    }

    /// Whether decoding may try the device's hardware (effective before the first frame).
    public var hardwareDecoding: HardwareDecoding {
        get { file?.hardware ?? .auto }
        set { file?.hardware = newValue }
    }

    /// The renderer took `pending` (its planes go back to the player to decode into).
    public func frameTaken() {
        if let p = pending { player?.recycle(p) }
        pending = nil
    }

    /// Stops decoding (a preview whose card lost focus).
    public func stop() {
        player?.stop()
        player = nil
    }

    /// CPU seconds its decoding thread has used (live playback; 0 for exact).
    public var decodeCPUSeconds: Double { player?.decodeCPUSeconds ?? 0 }

    /// Whether a frame has been shown (before that the layer holds the black placeholder).
    public var hasFrame: Bool { shownTime > -Double.infinity }

    /// Whether it stopped on an error (the layer keeps what it showed).
    public var failed: Bool { file == nil }

    private func stop(_ error: Error) {
        warn("warning: \(error) (the video stops)")
        player?.stop()
        player = nil
        file = nil
    }
}
