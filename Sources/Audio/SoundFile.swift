import Foundation
import Images

/// A replaceable navigation sound's file, chosen by its first bytes: a WAV file (`RIFF`)
/// through `WAVDecoder`, an Ogg file (`OggS`: Vorbis, Opus, FLAC) through FFmpeg
/// (`AudioFileDecoder`), both to the mixer's format when the scene loads, never on the
/// frame loop.
///
/// Does not: stream (a sound is at most `SoundClip.maxSeconds` and read whole).
public enum SoundFile {
    /// Reads the sound at `path`; errors are one line naming it.
    public static func load(path: String) throws -> SoundClip {
        let size: Int
        do { size = try InputFile.check(path) } catch { throw SoundError("\(error)") }
        guard size <= WAVDecoder.maxFileBytes else {
            throw SoundError("\(path): \(size) bytes (at most \(WAVDecoder.maxFileBytes))")
        }
        let head = FileHandle(forReadingAtPath: path).map { h -> [UInt8] in
            defer { try? h.close() }
            return [UInt8](h.readData(ofLength: 4))
        } ?? []
        if head.elementsEqual("OggS".utf8) { return try AudioFileDecoder.load(path: path) }
        do { return try WAVDecoder.load(path: path) } catch let e as SoundError {
            throw SoundError(e.description.replacingOccurrences(of: "not a WAV file (no RIFF WAVE header)",
                                                                with: "not a WAV or Ogg file (no RIFF WAVE or OggS header)"))
        }
    }
}
