import Assets
import Audio
import Foundation
import Input
import Scene
import XCTest
@testable import Components

/// The events navigation sounds follow (`edge`, `back`, besides focus and select) and the
/// scene file's `sounds` key, on a row of three cards worked out by hand.
final class NavigationFeedbackTests: XCTestCase {
    /// Three 100x60 cards 20 apart, alone on the canvas: Right at card 2 finds nothing.
    let row = #"{"kind": "focusGrid", "name": "row", "frame": [100, 100, 340, 60], "columns": 3, "count": 3, "buttonSize": [100, 60], "spacing": 20}"#

    func log(_ s: Scene) -> () -> [String] {
        var lines: [String] = []
        s.onEvent { e in lines.append(e.jsonLine) }
        return { lines }
    }

    func testRightPastTheLastCardPostsEdgeAndNoFocus() throws {
        let s = try scene(row)
        let events = log(s)
        s.update(to: 0)
        for t in [0.1, 0.2, 0.3] {
            s.handle(.key("Right", down: true), at: t)
            s.handle(.key("Right", down: false), at: t + 0.01)
        }
        XCTAssertEqual(events(), [
            #"{"t":0,"type":"focus","component":"row","item":0}"#,
            #"{"t":0.1,"type":"focus","component":"row","item":1}"#,
            #"{"t":0.2,"type":"focus","component":"row","item":2}"#,
            #"{"t":0.3,"type":"edge","component":"row","item":2}"#,
        ])
    }

    func testBackspaceAndControllerBPostBack() throws {
        let s = try scene(row)
        let events = log(s)
        s.update(to: 0)
        s.handle(.key("Backspace", down: true), at: 0.5)
        s.handle(.key("Backspace", down: false), at: 0.6)
        s.handle(.controllerButton("B", down: true), at: 0.7)
        XCTAssertEqual(events().dropFirst(), [
            #"{"t":0.5,"type":"back","component":"row","item":0}"#,
            #"{"t":0.7,"type":"back","component":"row","item":0}"#,
        ])
    }

    func testCuesFollowEventsButNotTheFirstFocus() {
        func cue(_ kind: SceneEvent.Kind, at t: Double) -> NavigationCue? {
            NavigationCue(SceneEvent(time: t, kind: kind, component: "row", item: 0))
        }
        XCTAssertNil(cue(.focus, at: 0), "the focus every scene starts with is silent")
        XCTAssertEqual(cue(.focus, at: 0.1), .move)
        XCTAssertEqual(cue(.select, at: 0), .select)
        XCTAssertEqual(cue(.back, at: 1), .back)
        XCTAssertEqual(cue(.edge, at: 1), .edge)
        XCTAssertNil(cue(.index, at: 1))
        XCTAssertNil(cue(.longPress, at: 1))
    }

    func testSoundsKeyReplacesOneCueAndCanDisable() throws {
        // A 16-bit mono WAV at 48 kHz with the samples 16384, -16384: 0.5, -0.5.
        let data: [UInt8] = [0x00, 0x40, 0x00, 0xC0]
        var fmt: [UInt8] = [1, 0, 1, 0]
        fmt += [0x80, 0xBB, 0, 0, 0x00, 0x77, 0x01, 0, 2, 0, 16, 0]
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + [16, 0, 0, 0] + fmt + Array("data".utf8) + [4, 0, 0, 0] + data
        let dir = NSTemporaryDirectory() + "sounds-key-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(Array("RIFF".utf8) + [UInt8(body.count), 0, 0, 0] + body).write(to: URL(fileURLWithPath: dir + "/tick.wav"))
        let text = #"{"canvas": {"width": 640, "height": 360}, "components": [], "sounds": {"enabled": false, "edge": "tick.wav"}}"#
        let s = try SceneLoader.parse(text, file: dir + "/s.json", directory: dir, images: ImageStore())
        XCTAssertFalse(s.sounds.enabled)
        XCTAssertEqual(s.sounds.clips, [.edge: SoundClip(samples: [0.5, -0.5])])
    }

    func testSoundsKeyErrorsNameThePath() {
        let text = #"{"canvas": {"width": 640, "height": 360}, "components": [], "sounds": {"move": "missing.wav"}}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: "s.json", directory: "/nonexistent", images: ImageStore())) { error in
            XCTAssertTrue("\(error)".contains("sounds.move"), "\(error)")
        }
        let bad = #"{"canvas": {"width": 640, "height": 360}, "components": [], "sounds": {"focus": "x.wav"}}"#
        XCTAssertThrowsError(try SceneLoader.parse(bad, file: "s.json", directory: "/tmp", images: ImageStore())) { error in
            XCTAssertTrue("\(error)".contains("unknown key \"focus\""), "\(error)")
        }
    }
}

/// `announce` events: the settled focus's words, posted `settle` seconds after focus
/// came to rest, only while speech is on.
final class AnnouncementTests: XCTestCase {
    let carousel = #"{"kind": "carousel", "name": "c", "frame": [0, 100, 1280, 300], "type": "linear", "count": 3, "startIndex": 0, "itemSize": [200, 200], "captions": ["Alpha", "Beta", ""]}"#

    func announcements(_ s: Scene) -> () -> [String] {
        var lines: [String] = []
        s.onEvent { e in if e.kind == .announce { lines.append(e.jsonLine) } }
        return { lines }
    }

    func sceneWithSpeech(_ speech: String) throws -> Scene {
        try SceneLoader.parse(#"{"canvas": {"width": 1280, "height": 720}, "components": [\#(carousel)], "speech": \#(speech)}"#,
                              file: "s.json", directory: "/tmp", images: ImageStore())
    }

    func testSettledFocusIsAnnouncedAfterTheSettleTimeAndAMoveCancelsIt() throws {
        let s = try sceneWithSpeech(#"{"enabled": true, "settle": 0.5}"#)
        let said = announcements(s)
        let driver = SceneDriver(scene: s, events: [
            TimedEvent(time: 1.0, event: .key("Right", down: true)),
            TimedEvent(time: 1.2, event: .key("Right", down: true)),   // before item 1 settled
        ])
        driver.advance(to: 3)
        XCTAssertEqual(said(), [
            #"{"t":0.5,"type":"announce","component":"c","item":0,"text":"Alpha"}"#,
            // Item 1 was focused at 1.0 and left at 1.2: never announced. Item 2 has an
            // empty caption: its position instead.
            #"{"t":1.7,"type":"announce","component":"c","item":2,"text":"Item 3"}"#,
        ])
    }

    func testSpeechOffPostsNothingAndSwitchingItOnAnnouncesAtOnce() throws {
        let s = try sceneWithSpeech(#"{"language": "de"}"#)
        XCTAssertEqual(s.speech.language, "de")
        let said = announcements(s)
        let driver = SceneDriver(scene: s, events: [])
        driver.advance(to: 2)
        XCTAssertEqual(said(), [])
        s.setSpeech(enabled: true, at: 2)
        driver.advance(to: 2.1)
        XCTAssertEqual(said(), [#"{"t":2,"type":"announce","component":"c","item":0,"text":"Alpha"}"#])
    }

    func testBadSpeechValuesAreSceneErrors() {
        for (speech, message) in [(#"{"settle": -1}"#, "expected seconds from 0 to 10, found -1"),
                                  (#"{"language": "en us"}"#, "expected a language tag"),
                                  (#"{"voice": "x"}"#, "unknown key \"voice\"")] {
            XCTAssertThrowsError(try sceneWithSpeech(speech)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(speech): \(error)")
                XCTAssertTrue("\(error)".contains("speech"), "\(speech): \(error)")
            }
        }
    }
}

/// The screensaver in a scene: asleep, the first press wakes to the same focus and does
/// nothing else; the next press moves focus.
final class AttractSceneTests: XCTestCase {
    func testWakingPressKeepsTheFocusAndTheNextOneMoves() throws {
        let text = #"{"canvas": {"width": 640, "height": 360}, "components": [{"kind": "focusGrid", "name": "row", "frame": [40, 100, 560, 120], "columns": 3, "count": 3, "buttonSize": [160, 120], "spacing": 40}], "attract": {"idleTimeout": 2, "dim": 0.8, "fade": 1}}"#
        let s = try SceneLoader.parse(text, file: "s.json", directory: "/tmp", images: ImageStore())
        var focus: [String] = []
        s.onFocusChange { c, i, t in focus.append("\(t) \(c)/\(i)") }
        let press = { (t: Double) in [TimedEvent(time: t, event: .key("Right", down: true)),
                                      TimedEvent(time: t + 0.05, event: .key("Right", down: false))] }
        let driver = SceneDriver(scene: s, events: press(1) + press(5) + press(6))
        driver.advance(to: 4)
        // The last input is the release at 1.05: at 4, 0.95 s into the 1 s fade, 0.8 * 0.95.
        XCTAssertEqual(s.attract?.layer.opacity ?? 0, 0.76, accuracy: 1e-12)
        XCTAssertEqual(s.rootLayers.last?.name, "attract", "the overlay is drawn over every component")
        driver.advance(to: 7)
        XCTAssertEqual(focus, ["0.0 row/0", "1.0 row/1", "6.0 row/2"])
        XCTAssertEqual(s.attract?.layer.isHidden, true)
    }
}
