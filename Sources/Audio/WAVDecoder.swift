import Foundation
import Images

/// A sound file that cannot be used, in one line.
public struct SoundError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads RIFF WAVE files into `SoundClip`s: integer PCM of 8, 16, 24 or 32 bits, IEEE
/// float of 32 or 64 bits (plain or WAVE_FORMAT_EXTENSIBLE), any number of channels
/// (averaged to mono), any rate from 1 Hz to 384 kHz (resampled linearly to 48 kHz).
///
/// Does not: decode compressed WAVs (ADPCM, mu-law), or keep more than
/// `SoundClip.maxSeconds` (a longer file is refused, whatever its header claims).
public enum WAVDecoder {
    /// Largest file read (64 MiB: 10 s of 8 channels of 64-bit float at 96 kHz fits).
    public static let maxFileBytes = 64 << 20

    /// Reads and decodes the WAV file at `path`; errors name it.
    public static func load(path: String) throws -> SoundClip {
        let bytes = try InputFile.read(path, maxBytes: maxFileBytes)
        do { return try decode(bytes) } catch let e as SoundError { throw SoundError("\(path): \(e.description)") }
    }

    /// Decodes a whole WAV file's bytes.
    public static func decode(_ b: [UInt8]) throws -> SoundClip {
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
        guard b.count >= 12, b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WAVE".utf8) else {
            throw SoundError("not a WAV file (no RIFF WAVE header)")
        }
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var data: Range<Int>?
        var i = 12
        while i + 8 <= b.count {
            let size = u32(i + 4), body = i + 8
            let end = min(b.count, body + size)   // a truncated last chunk keeps what is there
            if b[i..<i + 4].elementsEqual("fmt ".utf8) {
                guard end - body >= 16 else { throw SoundError("fmt chunk of \(size) bytes (expected at least 16)") }
                var code = u16(body)
                if code == 0xFFFE && end - body >= 26 { code = u16(body + 24) }   // extensible: the subformat's code
                format = (code, u16(body + 2), u32(body + 4), u16(body + 14))
            } else if b[i..<i + 4].elementsEqual("data".utf8) {
                data = body..<end
                if format != nil { break }
            }
            i = body + size + (size & 1)
            if i < body { break }   // overflow on a huge declared size
        }
        guard let f = format else { throw SoundError("no fmt chunk") }
        guard let range = data else { throw SoundError("no data chunk") }
        guard f.channels >= 1 && f.channels <= 32 else { throw SoundError("\(f.channels) channels (expected 1 to 32)") }
        guard f.rate >= 1 && f.rate <= 384_000 else { throw SoundError("sample rate \(f.rate) Hz (expected 1 to 384000)") }
        let read: (Int) -> Double
        switch (f.code, f.bits) {
        case (1, 8): read = { (Double(b[$0]) - 128) / 128 }
        case (1, 16): read = { Double(Int16(truncatingIfNeeded: u16($0))) / 32_768 }
        case (1, 24): read = { Double(Int32(truncatingIfNeeded: u16($0) << 8 | Int(b[$0 + 2]) << 24) >> 8) / 8_388_608 }
        case (1, 32): read = { Double(Int32(truncatingIfNeeded: u32($0))) / 2_147_483_648 }
        case (3, 32): read = { Double(Float(bitPattern: UInt32(u32($0)))) }
        case (3, 64): read = { Double(bitPattern: UInt64(u32($0)) | UInt64(u32($0 + 4)) << 32) }
        default: throw SoundError("format \(f.code) with \(f.bits) bits per sample (expected PCM of 8, 16, 24 or 32 bits, or float of 32 or 64)")
        }
        let frameBytes = f.channels * f.bits / 8
        let frames = range.count / frameBytes
        guard frames > 0 else { throw SoundError("no samples") }
        guard frames <= SoundClip.maxSeconds * f.rate else {
            throw SoundError("\(frames / f.rate) s long (at most \(SoundClip.maxSeconds) s)")
        }
        var mono = [Double](repeating: 0, count: frames)
        for n in 0..<frames {
            var sum = 0.0
            for c in 0..<f.channels { sum += read(range.lowerBound + n * frameBytes + c * f.bits / 8) }
            let v = sum / Double(f.channels)
            mono[n] = v.isFinite ? min(max(v, -1), 1) : 0
        }
        return SoundClip(samples: resample(mono, from: f.rate))
    }

    /// `samples` at `rate` Hz taken to 48 kHz by linear interpolation: output k is the
    /// input at position k * rate / 48000 (the last input sample held past the end).
    public static func resample(_ samples: [Double], from rate: Int) -> [Float] {
        let out = SoundClip.sampleRate
        let count = max(1, Int((Double(samples.count) * Double(out) / Double(rate)).rounded(.down)))
        var result = [Float](repeating: 0, count: count)
        for k in 0..<count {
            let x = Double(k) * Double(rate) / Double(out)
            let i = min(Int(x), samples.count - 1)
            let j = min(i + 1, samples.count - 1)
            let w = x - Double(i)
            result[k] = Float(samples[i] * (1 - w) + samples[j] * w)
        }
        return result
    }
}
