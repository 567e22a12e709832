import Assets
import Audio
import Foundation
import LayerMath
import Layers
import Scene
import Video

/// The focused card's preview in a `cardRow`: once the card has held focus for
/// `previewDelay` seconds its item's `preview` video plays over the poster, inside the
/// card's clip (under the glare), fading in (`PreviewTiming`); focus leaving the card, or
/// the row, stops it at once and the poster shows again. Named `NAME/item<i>/preview`.
/// Once the video is fully faded in the poster under it is hidden (not drawn for nothing).
/// With `previewAudio` (the row's, or the item's) and a sound sink (`VideoLayers.soundSink`:
/// the host's audio device), live playback also plays the file's sound (`PreviewSound`),
/// stopped with the video; while it plays, the video follows its clock (the samples the
/// device has played), dropping or holding frames; else the row's time rules.
///
/// A preview that cannot play is said once (one warning line) and that card keeps its
/// poster. Frames come on the row's time since the preview started, exact or live as the
/// scene plays videos (`VideoLayers.playback`).
///
/// Does not: play sound in exact playback (tools rendering a time), or keep a preview
/// running for a card that is not focused.
final class CardPreview {
    private(set) var timing: PreviewTiming
    private let videos: VideoLayers
    private let images: ImageStore
    private var current: (item: Int, video: VideoContents, layer: Layer, posters: [Layer])?
    /// A preview being opened on a worker (live playback: opening probes the file).
    private var opening: VideoOpening?
    private var unplayable = Set<Int>()
    /// The row's `previewAudio`: whether previews play their sound (an item may say otherwise).
    let audio: Bool
    private var sound: PreviewSound?

    init(delay: Double, audio: Bool = false, videos: VideoLayers, images: ImageStore) {
        timing = PreviewTiming(delay: delay)
        self.audio = audio
        self.videos = videos
        self.images = images
    }

    /// A row that goes (a scene switched) takes its preview's decoding and sound with it.
    deinit { stop() }

    /// Whether a preview's file is being opened (on a worker), and whether that is done.
    var isOpening: Bool { opening != nil }
    var hasOpened: Bool { opening?.result != nil }

    /// The item playing, if any.
    var playingItem: Int? { current?.item }

    /// `time` while a preview plays, or opens once its delay is over; the end of the focused
    /// item's delay when it has a preview file (`path`) to play; else `.infinity`.
    func nextUpdateTime(after time: Double, path: String?) -> Double {
        if current != nil { return time }
        guard path != nil, let f = timing.focused, !unplayable.contains(f.item) else { return .infinity }
        return max(f.since + timing.delay, time)
    }

    /// The item whose preview is fading in (its card changes every frame until it is in).
    var fadingItem: Int? {
        guard let c = current, c.layer.opacity < 1 || c.layer.isHidden else { return nil }
        return c.item
    }

    /// Brings the preview to `time`: `focused` is the focused item (nil when the row has no
    /// focus), `path` its preview file, `card` the layers showing it.
    func update(focused: Int?, path: String?, audio itemAudio: Bool? = nil, card: ParallaxCardLayers?, name: String, size: Size,
                at time: Double) {
        timing.focus(focused, at: time)
        guard let state = timing.state(at: time), let path, let card, !unplayable.contains(state.item) else {
            // Fast previews open the focused item's file during the delay.
            let early = videos.fastPreviews && videos.playback == .live && path != nil && card != nil ? focused : nil
            let kept = early != nil && opening?.item == early ? opening : nil
            stop()
            if let item = early, let path, !unplayable.contains(item) {
                opening = kept ?? VideoOpening(item: item, path: path, fill: fill(size), hardware: videos.hardwareDecoding,
                                              fast: true)
            }
            return
        }
        if current?.item != state.item || current?.layer.superlayer !== card.card {
            if current != nil { stop() }
            let file: VideoFile
            var first: VideoFrame?
            if videos.playback == .exact {
                // A tool rendering one time: open now, so the frame of that time shows.
                do { file = try VideoFile(path: path) } catch {
                    unplayable.insert(state.item)
                    CardPreview.warn("warning: \(error) (the card keeps its poster)")
                    return
                }
            } else {
                // Live: the file is opened on a worker; the poster shows until it is.
                if opening?.item != state.item {
                    opening = VideoOpening(item: state.item, path: path, fill: fill(size), hardware: videos.hardwareDecoding,
                                           fast: videos.fastPreviews)
                }
                guard let result = opening?.result else { return }
                opening = nil
                switch result {
                case .success(let opened):
                    file = opened.file
                    first = opened.first
                case .failure(let error):
                    unplayable.insert(state.item)
                    CardPreview.warn("warning: \(error) (the card keeps its poster)")
                    return
                }
            }
            let layer = Layer(name: "\(name)/item\(state.item)/preview", bounds: size, position: Point(size.width / 2, size.height / 2))
            layer.contentsGravity = .resizeAspectFill
            file.fastDecoding = videos.playback == .live && videos.fastPreviews
            let video = VideoContents(file: file, layer: layer, images: images, fill: fill(size), first: first, warn: CardPreview.warn)
            video.followsSceneClock = false
            videos.add(video)
            card.card.insertSublayer(layer, at: card.images.count)
            current = (state.item, video, layer, card.images)
            if videos.playback == .live, itemAudio ?? audio, let sink = videos.soundSink {
                sound = PreviewSound(path: path, sink: sink) { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            }
        }
        guard let (item, video, layer, posters) = current else { return }
        video.update(to: sound?.clock ?? state.videoTime, playback: videos.playback)
        if video.failed {
            unplayable.insert(item)
            stop()
            return
        }
        // Hidden until its first frame is there: the poster shows, never the black placeholder.
        layer.isHidden = !video.hasFrame
        layer.opacity = state.opacity
        let covered = video.hasFrame && state.opacity >= 1
        for p in posters where p.isHidden != covered { p.isHidden = covered }
    }

    /// Stops and removes the running preview (and forgets one being opened).
    func stop() {
        opening = nil
        sound?.stop()
        sound = nil
        guard let c = current else { return }
        c.video.stop()
        videos.remove(c.video)
        c.layer.removeFromSuperlayer()
        for p in c.posters { p.isHidden = false }
        current = nil
    }

    /// The pixels a card of `size` points covers.
    private func fill(_ size: Size) -> (width: Int, height: Int) {
        let k = images.pixelsPerPoint.isFinite ? max(0.1, min(8, images.pixelsPerPoint)) : 1.5
        return (Int((size.width * k).rounded(.up)), Int((size.height * k).rounded(.up)))
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension CardRow {
    /// The focused card's preview at `time` (called at the end of `update`).
    func updatePreview(_ preview: CardPreview, at time: Double) {
        let focused = containsFocus ? focusedIndex : nil
        let path = focused.flatMap { catalogue.hasItemObjects ? catalogue.item($0).preview : nil }
        let slot = slots.first { $0.index == focusedIndex }
        let audio = focused.flatMap { catalogue.hasItemObjects ? catalogue.item($0).previewAudio : nil }
        preview.update(focused: focused, path: path, audio: audio, card: slot?.card, name: name, size: configuration.itemSize, at: time)
    }

    /// `time` while the row scrolls, a card moves, a poster decodes or fades in, or the
    /// focused card sways; else the next timer (a long press, the idle motion, a preview).
    public func nextUpdateTime(after time: Double) -> Double {
        if !scroll.isFinished(at: time) || shelf?.isBusy == true { return time }
        for slot in slots where slot.index >= 0 {
            if slot.waiting || slot.fadeStart > -.infinity || !slot.isAtRest(at: time) { return time }
        }
        var next = isPressed && !longPressFired ? pressStart + FocusGrid.longPressDuration : .infinity
        if containsFocus {
            let idleStart = lastInput + configuration.effect.idleDelay
            if time >= idleStart || !idleOut.isFinished(at: time) { return time }
            next = min(next, idleStart)
        }
        if let preview {
            let path = containsFocus && catalogue.hasItemObjects ? catalogue.item(focusedIndex).preview : nil
            next = min(next, preview.nextUpdateTime(after: time, path: path))
        }
        return max(next, time)
    }
}

/// A video file opened on a thread of its own (niced), set to decode at the card's pixel
/// size (`fill`); `fast`: its first frame decoded there too. `result` is nil until done.
final class VideoOpening {
    typealias Opened = (file: VideoFile, first: VideoFrame?)
    let item: Int
    private let lock = NSLock()
    private var done: Result<Opened, Error>?

    init(item: Int, path: String, fill: (width: Int, height: Int), hardware: HardwareDecoding, fast: Bool) {
        self.item = item
        let t = Thread { [weak self] in
            DecodeThreadPriority.nice(10).applyToCurrentThread()
            let r = Result { () throws -> Opened in
                let file = try VideoFile(path: path)
                file.hardware = hardware
                file.fastDecoding = fast
                file.cover(fill)
                return (file, fast ? try file.next() : nil)
            }
            guard let self else { return }
            self.lock.lock()
            self.done = r
            self.lock.unlock()
        }
        t.name = "video-open"
        t.start()
    }

    var result: Result<Opened, Error>? {
        lock.lock()
        defer { lock.unlock() }
        return done
    }
}
