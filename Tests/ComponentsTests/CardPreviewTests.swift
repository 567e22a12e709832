import Assets
import Audio
import Foundation
import Input
import Layers
import Scene
import Video
import XCTest
import _TestSupport
@testable import Components

/// A cardRow whose first item has a preview (a 1 s clip made by the `ffmpeg` command) and
/// whose third names a file that is no video: timings by hand from previewDelay 1.5 s and
/// the 0.5 s fade.
final class CardPreviewTests: XCTestCase {
    func folder() throws -> String { try Self.folder() }

    static func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "card-preview-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let clip = dir + "/clip.mkv"
        if !FileManager.default.fileExists(atPath: clip) {
            try FFmpegClip.make(clip, ["-f", "lavfi", "-i", "testsrc2=s=64x36:r=10:d=1", "-c:v", "ffv1"])
            try "not a video".write(toFile: dir + "/broken.mp4", atomically: true, encoding: .utf8)
        }
        return dir
    }

    func row(delay: String = "") throws -> (Scene, CardRow) {
        let dir = try folder()
        let text = #"{"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "itemSize": [400, 225]\#(delay), "items": [{"title": "Clip", "preview": "clip.mkv"}, {"title": "Second"}, {"title": "Broken", "preview": "broken.mp4"}]}]}"#
        let s = try SceneLoader.parse(text, file: dir + "/s.json", directory: dir, images: ImageStore())
        return (s, try XCTUnwrap(s.component(named: "row") as? CardRow))
    }

    func previewLayer(_ s: Scene) -> Layer? {
        func find(_ l: Layer) -> Layer? {
            if l.name.hasSuffix("/preview") { return l }
            for c in l.sublayers { if let f = find(c) { return f } }
            return nil
        }
        return s.rootLayers.lazy.compactMap(find).first
    }

    func testPosterUntilTheDelayThenFadesInOverHalfASecond() throws {
        let (s, _) = try row()
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 1.49)
        XCTAssertNil(previewLayer(s))
        driver.advance(to: 1.75)
        let layer = try XCTUnwrap(previewLayer(s))
        XCTAssertEqual(layer.name, "row/item0/preview")
        XCTAssertEqual(layer.opacity, 0.5, accuracy: 1e-9)
        XCTAssertFalse(layer.isHidden)
        XCTAssertEqual(s.videos.all.count, 1)
        driver.advance(to: 3)
        XCTAssertEqual(layer.opacity, 1)
    }

    func testMovingOnStopsThePreviewAtOnce() throws {
        let (s, r) = try row()
        let driver = SceneDriver(scene: s, events: [TimedEvent(time: 2, event: .key("Right", down: true))])
        driver.advance(to: 1.9)
        XCTAssertEqual(r.preview?.playingItem, 0)
        driver.advance(to: 2)
        XCTAssertNil(previewLayer(s))
        XCTAssertNil(r.preview?.playingItem)
        XCTAssertTrue(s.videos.isEmpty)
    }

    func testPosterHiddenOnlyUnderTheFullyFadedInVideo() throws {
        let (s, _) = try row()
        let driver = SceneDriver(scene: s, events: [TimedEvent(time: 3, event: .key("Right", down: true))])
        driver.advance(to: 1.75)
        // The card's clip holds the poster first, then the preview.
        let card = try XCTUnwrap(previewLayer(s)?.superlayer)
        let poster = try XCTUnwrap(card.sublayers.first)
        XCTAssertFalse(poster.isHidden, "half faded in: the poster shows through")
        driver.advance(to: 2.5)
        XCTAssertTrue(poster.isHidden, "the video covers it")
        driver.advance(to: 3)
        XCTAssertNil(previewLayer(s))
        XCTAssertFalse(poster.isHidden, "focus left: the poster again")
    }

    func testPlayingCardIsKeptAsAnImage() throws {
        let (s, r) = try row()
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 2.5)
        XCTAssertEqual(r.preview?.playingItem, 0)
        // Redrawn when a new video frame shows (the render list changes), not every frame.
        let card = try XCTUnwrap(previewLayer(s)?.superlayer?.superlayer)
        XCTAssertTrue(card.shouldRasterize)
    }

    func testFadingCardIsDrawnLive() throws {
        // While the video fades in (1.5 to 2 s) the card changes every frame: kept as an
        // image it would be drawn twice a frame.
        let (s, r) = try row()
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 1.7)
        driver.advance(to: 1.75)
        XCTAssertEqual(r.preview?.fadingItem, 0)
        let card = try XCTUnwrap(previewLayer(s)?.superlayer?.superlayer)
        XCTAssertFalse(card.shouldRasterize)
    }

    func testUnplayablePreviewKeepsThePosterAndTheRowWorks() throws {
        let (s, r) = try row(delay: #", "previewDelay": 0.2"#)
        let driver = SceneDriver(scene: s, events: [TimedEvent(time: 0.1, event: .key("Right", down: true)),
                                                    TimedEvent(time: 0.2, event: .key("Right", down: true))])
        driver.advance(to: 2)
        XCTAssertEqual(r.focusedIndex, 2)
        XCTAssertNil(previewLayer(s), "the broken preview leaves the poster")
        XCTAssertNil(r.preview?.playingItem)
    }

    func testLivePreviewOpensOnAWorkerThenPlays() throws {
        let (s, r) = try row()
        s.videoPlayback = .live
        s.videos.fastPreviews = false
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 1.5)
        // The file is being opened on a worker: the poster still shows.
        XCTAssertNil(previewLayer(s))
        let start = Date()
        var t = 1.5
        while r.preview?.playingItem == nil || previewLayer(s)?.isHidden != false, Date().timeIntervalSince(start) < 10 {
            Thread.sleep(forTimeInterval: 0.02)
            t += 0.02
            driver.advance(to: t)
        }
        XCTAssertEqual(r.preview?.playingItem, 0)
        XCTAssertEqual(previewLayer(s)?.isHidden, false, "its first frame is shown")
    }

    func testFastPreviewOpensItsFileDuringTheDelay() throws {
        for fast in [true, false] {
            let (s, r) = try row()
            s.videoPlayback = .live
            s.videos.fastPreviews = fast
            let driver = SceneDriver(scene: s, events: [TimedEvent(time: 1, event: .key("Right", down: true))])
            driver.advance(to: 0.5)
            XCTAssertEqual(r.preview?.isOpening, fast, "fastPreviews \(fast): 1 s before the 1.5 s delay ends")
            XCTAssertNil(previewLayer(s), "the poster alone until the delay ends")
            // Focus moves to an item without a preview: nothing stays open.
            driver.advance(to: 1.1)
            XCTAssertEqual(r.preview?.isOpening, false)
        }
    }

    func testFastPreviewShowsItsFirstFrameTheMomentTheDelayEnds() throws {
        let (s, r) = try row()
        s.videoPlayback = .live
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 1)
        // The worker opens the file and decodes frame 0 during the delay.
        let start = Date()
        while r.preview?.hasOpened != true, Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(r.preview?.hasOpened, true)
        driver.advance(to: 1.5)
        XCTAssertEqual(previewLayer(s)?.isHidden, false, "frame 0 shows at once, no wait for the player's worker")
        XCTAssertEqual(try XCTUnwrap(s.videos.all.first).shownTime, 0)
    }

    func testRowWithoutPreviewsHasNoPreviewMachinery() throws {
        let text = #"{"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "items": [{"title": "A"}]}]}"#
        let s = try SceneLoader.parse(text, file: "s.json", directory: "/tmp", images: ImageStore())
        XCTAssertNil((s.component(named: "row") as? CardRow)?.preview)
    }
}

/// Speech on a cardRow says the card's title, then its subtitle.
final class CardRowAnnouncementTests: XCTestCase {
    func testTitleThenSubtitle() throws {
        let text = #"{"canvas": {"width": 1280, "height": 720}, "speech": {"enabled": true}, "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "items": [{"title": "Big Buck Bunny", "subtitle": "2008 · 10 min"}, {"title": "Sintel"}]}]}"#
        let s = try SceneLoader.parse(text, file: "s.json", directory: "/tmp", images: ImageStore())
        var said: [String] = []
        s.onEvent { e in if e.kind == .announce { said.append(e.jsonLine) } }
        SceneDriver(scene: s, events: [TimedEvent(time: 1, event: .key("Right", down: true))]).advance(to: 2)
        XCTAssertEqual(said, [#"{"t":0.5,"type":"announce","component":"row","item":0,"text":"Big Buck Bunny","detail":"2008 · 10 min"}"#,
                              #"{"t":1.5,"type":"announce","component":"row","item":1,"text":"Sintel"}"#])
    }
}

/// The scene's `hwdec` key: whether previews may try the device's hardware decoders.
final class SceneHardwareDecodingTests: XCTestCase {
    func scene(_ hwdec: String) throws -> Scene {
        let text = #"{"canvas": {"width": 1280, "height": 720}, "hwdec": \#(hwdec), "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "previewDelay": 0, "items": [{"title": "Clip", "preview": "clip.mkv"}]}]}"#
        let dir = try CardPreviewTests.folder()
        return try SceneLoader.parse(text, file: dir + "/s.json", directory: dir, images: ImageStore())
    }

    func testNoneReachesThePreviewStartedLater() throws {
        let s = try scene(#""none""#)
        XCTAssertEqual(s.videos.hardwareDecoding, HardwareDecoding.none)
        SceneDriver(scene: s, events: []).advance(to: 0.1)
        XCTAssertEqual(s.videos.all.first?.hardwareDecoding, HardwareDecoding.none)
    }

    func testAToolsOptionWinsOverTheKey() throws {
        let s = try scene(#""none""#)
        SceneDriver(scene: s, events: []).advance(to: 0.1)
        s.videos.hardwareDecoding = .auto
        XCTAssertEqual(s.videos.all.first?.hardwareDecoding, HardwareDecoding.auto)
    }

    func testUnknownValueNamesTheKeyAndTheChoices() {
        XCTAssertThrowsError(try scene(#""fast""#)) { error in
            let line = "\(error)"
            XCTAssertTrue(line.contains("hwdec"), line)
            XCTAssertTrue(line.contains("auto") && line.contains("none"), line)
        }
    }
}

/// `previewAudio`: the focused card's preview plays its sound track into the scene's sound
/// sink (live playback), muted unless the row or the item asks, stopped when focus leaves.
final class PreviewAudioTests: XCTestCase {
    /// Counts what reaches it and when it is told to drop its queue.
    final class Sink: SoundStreamSink {
        let lock = NSLock()
        var received = 0, clears = 0
        func appendStream(_ samples: UnsafeBufferPointer<Float>) -> Int {
            lock.lock(); defer { lock.unlock() }
            received += samples.count
            return samples.count
        }
        func clearStream() { lock.lock(); clears += 1; lock.unlock() }
        var counts: (received: Int, clears: Int) { lock.lock(); defer { lock.unlock() }; return (received, clears) }
        /// The device's played position, as the test sets it.
        var played = 0
        var streamPlayed: Int { lock.lock(); defer { lock.unlock() }; return played }
        func play(to samples: Int) { lock.lock(); played = samples; lock.unlock() }
    }

    func row(_ audioKeys: String) throws -> (Scene, Sink) {
        let dir = try CardPreviewTests.folder()
        let clip = dir + "/sine.mkv"
        try FFmpegClip.make(clip, ["-f", "lavfi", "-i", "testsrc2=s=64x36:r=10:d=2", "-f", "lavfi", "-i",
                                   "sine=frequency=440:duration=2", "-c:v", "ffv1", "-c:a", "flac", "-shortest"])
        let text = #"{"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "cardRow", "name": "row", "frame": [40, 200, 1200, 400], "previewDelay": 0.1\#(audioKeys)}]}"#
        let s = try SceneLoader.parse(text, file: dir + "/s.json", directory: dir, images: ImageStore())
        s.videoPlayback = .live
        let sink = Sink()
        s.videos.soundSink = sink
        return (s, sink)
    }

    /// Advances `driver` in real time from `t` until `done` or `limit` seconds; the time reached.
    func play(_ driver: SceneDriver, from t: Double, until done: () -> Bool, for limit: Double = 10) -> Double {
        var t = t
        let start = Date()
        while !done(), Date().timeIntervalSince(start) < limit {
            Thread.sleep(forTimeInterval: 0.02)
            t += 0.02
            driver.advance(to: t)
        }
        return t
    }

    func testSoundPlaysThenStopsWhenFocusMovesOn() throws {
        let (s, sink) = try row(#", "previewAudio": true, "items": [{"title": "A", "preview": "sine.mkv"}, {"title": "B"}]"#)
        let driver = SceneDriver(scene: s, events: [])
        var t = play(driver, from: 0, until: { sink.counts.received > 0 })
        XCTAssertGreaterThan(sink.counts.received, 0)
        s.handle(.key("Right", down: true), at: t)
        t += 0.02
        driver.advance(to: t)
        XCTAssertEqual(sink.counts.clears, 1, "focus left: the queued sound is dropped")
        let after = sink.counts.received
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(sink.counts.received, after, "nothing reaches the sink once stopped")
    }

    func testSoundStopsWhenTheSceneGoes() throws {
        let sink: Sink
        do {
            let (s, k) = try row(#", "previewAudio": true, "items": [{"title": "A", "preview": "sine.mkv"}]"#)
            sink = k
            _ = play(SceneDriver(scene: s, events: []), from: 0, until: { k.counts.received > 0 })
            XCTAssertGreaterThan(k.counts.received, 0)
        }
        // The scene (a switch to another) is gone: its row stops the sound.
        XCTAssertEqual(sink.counts.clears, 1)
        let after = sink.counts.received
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(sink.counts.received, after)
    }

    /// The audio clock rules: with P seconds of sound played (the sink's position, 48 kHz)
    /// the card shows frame floor(10 P) of the 10 fps clip, never a later one, however far
    /// the row's own time has run; each position is held while the sound does not move.
    func testFrameShownFollowsTheSoundsPlayedPosition() throws {
        let (s, sink) = try row(#", "previewAudio": true, "items": [{"title": "A", "preview": "sine.mkv"}]"#)
        let driver = SceneDriver(scene: s, events: [])
        var t = 0.0
        // 0.55 s -> frame 5; 0.79998 s -> 7; 0.8 s exactly -> 8; 1.3 s -> 13 (frame n shows at n / 10 s).
        for (samples, frame) in [(26_400, 5), (38_399, 7), (38_400, 8), (62_400, 13)] {
            sink.play(to: samples)
            let expected = Double(frame) / 10
            var latest = -Double.infinity
            t = play(driver, from: t, until: {
                latest = s.videos.all.first?.shownTime ?? latest
                XCTAssertLessThanOrEqual(latest, expected + 1e-9, "at \(samples) samples")
                return abs(latest - expected) < 1e-9
            })
            XCTAssertEqual(latest, expected, accuracy: 1e-9, "at \(samples) samples")
            // The row's time runs on 0.3 s; the sound has not moved: the frame holds.
            t = play(driver, from: t, until: { false }, for: 0.3)
            XCTAssertEqual(try XCTUnwrap(s.videos.all.first).shownTime, expected, accuracy: 1e-9, "held at \(samples) samples")
        }
    }

    func testMutedUnlessAsked() throws {
        // The row says nothing: muted. The second row's item turns it off over the row's true.
        for keys in [#", "items": [{"title": "A", "preview": "sine.mkv"}]"#,
                     #", "previewAudio": true, "items": [{"title": "A", "preview": "sine.mkv", "previewAudio": false}]"#] {
            let (s, sink) = try row(keys)
            let driver = SceneDriver(scene: s, events: [])
            let r = try XCTUnwrap(s.component(named: "row") as? CardRow)
            _ = play(driver, from: 0, until: { r.preview?.playingItem != nil })
            Thread.sleep(forTimeInterval: 0.3)
            XCTAssertEqual(r.preview?.playingItem, 0, keys)
            XCTAssertEqual(sink.counts.received, 0, keys)
        }
    }
}
