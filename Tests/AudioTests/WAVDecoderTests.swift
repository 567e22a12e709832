import Audio
import Foundation
import XCTest

/// WAV files built byte by byte in each test (RIFF layout: "RIFF" size "WAVE", then
/// chunks of a 4-byte id, a little-endian 32-bit size and the body).
final class WAVDecoderTests: XCTestCase {
    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    /// A WAV with a 16-byte fmt chunk and a data chunk (`declared` overrides its size).
    func wav(code: Int = 1, channels: Int = 1, rate: Int = 48_000, bits: Int, data: [UInt8], declared: Int? = nil) -> [UInt8] {
        let fmt = le16(code) + le16(channels) + le32(rate) + le32(rate * channels * bits / 8) + le16(channels * bits / 8) + le16(bits)
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + fmt + Array("data".utf8) + le32(declared ?? data.count) + data
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    func testSixteenBitFullScaleEnds() throws {
        // 0, 16384, -32768, 32767 over 32768.
        let data = le16(0) + le16(16_384) + le16(0x8000) + le16(0x7FFF)
        let clip = try WAVDecoder.decode(wav(bits: 16, data: data))
        XCTAssertEqual(clip.samples, [0, 0.5, -1, Float(32_767.0 / 32_768)])
    }

    func testEightBitIsUnsignedAroundOneTwentyEight() throws {
        let clip = try WAVDecoder.decode(wav(bits: 8, data: [128, 192, 0]))
        XCTAssertEqual(clip.samples, [0, 0.5, -1])
    }

    func testTwentyFourBitSignExtends() throws {
        // 0xC00000 = -4194304 = -0.5 of 2^23; 0x400000 = +0.5.
        let clip = try WAVDecoder.decode(wav(bits: 24, data: [0, 0, 0xC0, 0, 0, 0x40]))
        XCTAssertEqual(clip.samples, [-0.5, 0.5])
    }

    func testFloatAndStereoAveragedToMono() throws {
        let f = { (v: Float) in self.le32(Int(v.bitPattern)) }
        // Left 0.75, right 0.25 -> 0.5; left -1, right 0 -> -0.5.
        let clip = try WAVDecoder.decode(wav(code: 3, channels: 2, bits: 32, data: f(0.75) + f(0.25) + f(-1) + f(0)))
        XCTAssertEqual(clip.samples, [0.5, -0.5])
    }

    func testExtensibleFormatUsesItsSubformat() throws {
        let fmt = le16(0xFFFE) + le16(1) + le32(48_000) + le32(96_000) + le16(2) + le16(16) + le16(22) + le16(16) + le32(4) + le16(1) + [UInt8](repeating: 0, count: 14)
        let body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(fmt.count) + fmt + Array("data".utf8) + le32(2) + le16(16_384)
        XCTAssertEqual(try WAVDecoder.decode(Array("RIFF".utf8) + le32(body.count) + body).samples, [0.5])
    }

    func testHalfRateIsInterpolatedAndTheLastSampleHeld() throws {
        // 24 kHz [0, 0.5] -> 48 kHz at input positions 0, 0.5, 1, 1.5: 0, 0.25, 0.5, 0.5.
        let clip = try WAVDecoder.decode(wav(rate: 24_000, bits: 16, data: le16(0) + le16(16_384)))
        XCTAssertEqual(clip.samples, [0, 0.25, 0.5, 0.5])
    }

    func testTruncatedDataChunkKeepsWhatIsThere() throws {
        let clip = try WAVDecoder.decode(wav(bits: 16, data: le16(16_384) + [7], declared: 0x7FFF_FFFF))
        XCTAssertEqual(clip.samples, [0.5])
    }

    func testMalformedFilesAreOneLineErrors() {
        func message(_ bytes: [UInt8]) -> String {
            do { _ = try WAVDecoder.decode(bytes); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(message(Array("RIFF".utf8)), "not a WAV file (no RIFF WAVE header)")
        XCTAssertEqual(message(wav(bits: 12, data: [0, 0])), "format 1 with 12 bits per sample (expected PCM of 8, 16, 24 or 32 bits, or float of 32 or 64)")
        XCTAssertEqual(message(wav(channels: 0, bits: 16, data: [0, 0])), "0 channels (expected 1 to 32)")
        XCTAssertEqual(message(wav(rate: 0, bits: 16, data: [0, 0])), "sample rate 0 Hz (expected 1 to 384000)")
        XCTAssertEqual(message(wav(bits: 16, data: [])), "no samples")
        // 11 samples at 1 Hz: 11 s, over the 10 s limit.
        XCTAssertEqual(message(wav(rate: 1, bits: 8, data: [UInt8](repeating: 128, count: 11))), "11 s long (at most 10 s)")
        let noData = Array("RIFF".utf8) + le32(4) + Array("WAVE".utf8)
        XCTAssertEqual(message(noData), "no fmt chunk")
    }

    func testFifoIsRefusedWithoutBlocking() throws {
        let path = NSTemporaryDirectory() + "wav-fifo-\(getpid())"
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        XCTAssertThrowsError(try WAVDecoder.load(path: path)) { error in
            XCTAssertTrue("\(error)".contains("FIFO"), "\(error)")
        }
    }
}
