import Assets
import Audio
import Foundation
import Scene
import XCTest

/// Navigation sounds from Ogg files made by the `ffmpeg` command (Vorbis of ffmpeg's `sine`
/// source, `sin(2 pi f t) / 8`): a 1000 Hz tone crosses zero 2000 times a second.
final class OggSoundTests: XCTestCase {
    func vorbis(_ name: String, seconds: Double, channels: Int = 1) throws -> String {
        try SoundClips.make(name, ["-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=44100:duration=\(seconds)",
                                   "-ac", "\(channels)", "-c:a", "libvorbis"])
    }

    func testVorbisToneHasItsLengthAndFrequency() throws {
        let clip = try SoundFile.load(path: try vorbis("tone.ogg", seconds: 0.5))
        // 0.5 s at 48 kHz, within a 10 ms frame of the encoder's padding.
        XCTAssertEqual(Double(clip.samples.count), 24_000, accuracy: 480)
        // The middle quarter second: 500 sign changes of a 1000 Hz tone; peak 1/8.
        let middle = clip.samples[6000..<18_000]
        XCTAssertEqual(Double(SoundClips.zeroCrossings(middle)), 500, accuracy: 2)
        XCTAssertEqual(Double(middle.map { abs($0) }.max() ?? 0), 0.125, accuracy: 0.01)
    }

    func testStereoIsMixedToMonoAtTheSameFrequency() throws {
        let clip = try SoundFile.load(path: try vorbis("stereo.ogg", seconds: 0.5, channels: 2))
        XCTAssertEqual(Double(clip.samples.count), 24_000, accuracy: 480)
        XCTAssertEqual(Double(SoundClips.zeroCrossings(clip.samples[6000..<18_000])), 500, accuracy: 2)
    }

    func testLongerThanTenSecondsIsRefused() throws {
        let path = try vorbis("long.ogg", seconds: 11)
        XCTAssertThrowsError(try SoundFile.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): longer than 10 s")
        }
    }

    func testCorruptOggIsOneLineNamingTheKey() throws {
        // An Ogg page signature followed by noise (seeded): never a crash, one line.
        let seed = UInt64(ProcessInfo.processInfo.environment["TEST_SEED"] ?? "") ?? 0x0665
        print("OggSoundTests seed \(seed)")
        var rng = SplitMix(seed)
        let bytes = Array("OggS".utf8) + (0..<4096).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let dir = SoundClips.folder
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/corrupt.ogg"))
        let text = #"{"canvas": {"width": 640, "height": 360}, "components": [], "sounds": {"select": "corrupt.ogg"}}"#
        XCTAssertThrowsError(try SceneLoader.parse(text, file: dir + "/s.json", directory: dir, images: ImageStore(), kinds: SceneKinds())) { error in
            let line = "\(error)"
            XCTAssertTrue(line.contains("sounds.select") && line.contains("corrupt.ogg"), line)
            XCTAssertFalse(line.contains("\n"), line)
        }
    }

    func testTruncatedOggGivesWhatIsThereOrOneLine() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try vorbis("cut-source.ogg", seconds: 2)))
        let path = SoundClips.folder + "/cut.ogg"
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        do {
            let clip = try SoundFile.load(path: path)
            XCTAssertLessThan(clip.samples.count, 2 * 48_000, "at most what was before the cut")
        } catch {
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testNeitherWavNorOggSaysBoth() throws {
        let path = SoundClips.folder + "/text.ogg"
        try "not a sound".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SoundFile.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): not a WAV or Ogg file (no RIFF WAVE or OggS header)")
        }
    }

    func testSceneKeyTakesAnOggFile() throws {
        _ = try vorbis("tone.ogg", seconds: 0.5)
        let text = #"{"canvas": {"width": 640, "height": 360}, "components": [], "sounds": {"move": "tone.ogg"}}"#
        let s = try SceneLoader.parse(text, file: SoundClips.folder + "/s.json", directory: SoundClips.folder, images: ImageStore(), kinds: SceneKinds())
        XCTAssertEqual(Double(s.sounds.clips[.move]?.samples.count ?? 0), 24_000, accuracy: 480)
    }
}

/// SplitMix64: a small seeded generator.
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
