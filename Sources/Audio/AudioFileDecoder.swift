import CFFmpeg
import Foundation
import Images
import Video

/// Decodes the first audio stream of a media file (Ogg Vorbis, a video's sound track: any
/// container and codec FFmpeg reads) to the mixer's format, mono Float at
/// `SoundClip.sampleRate`, through libavformat, libavcodec and libswresample.
///
/// Bad input is one line (`SoundError`): a path that is not a regular file, no audio
/// stream, a codec FFmpeg lacks, a damaged file (`maxBadPackets` corrupt packets in a row).
///
/// Does not: play anything, or decode on a thread of its own (`load` runs at load time; a
/// preview's sound decodes on `PreviewSound`'s worker).
public final class AudioFileDecoder {
    /// Corrupt packets in a row that end decoding.
    public static let maxBadPackets = PacketLoop.maxBadPackets

    public let path: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let decoded: UnsafeMutablePointer<AVFrame>
    private let stream: Int32
    private var loop = PacketLoop()

    /// Opens `path`'s first audio stream; the error says why it cannot be played.
    public init(path: String) throws {
        self.path = path
        av_log_set_level(AV_LOG_QUIET)
        do { try InputFile.check(path) } catch { throw SoundError("\(error)") }
        guard let p = av_packet_alloc(), let f = av_frame_alloc() else { throw SoundError("\(path): out of memory") }
        packet = p
        decoded = f
        let opened = try MediaStream.open(path: path, media: AVMEDIA_TYPE_AUDIO, words: .init(file: "sound", stream: "audio"),
                                          error: { SoundError($0) })
        format = opened.format
        codec = opened.codec
        stream = opened.index
        let c = opened.codec
        guard c.pointee.sample_rate > 0, c.pointee.ch_layout.nb_channels > 0 else {
            throw SoundError("\(path): no sample rate or channels")
        }
        var mono = AVChannelLayout()
        av_channel_layout_default(&mono, 1)
        defer { av_channel_layout_uninit(&mono) }
        guard swr_alloc_set_opts2(&resampler, &mono, AV_SAMPLE_FMT_FLT, Int32(SoundClip.sampleRate),
                                  &c.pointee.ch_layout, c.pointee.sample_fmt, c.pointee.sample_rate, 0, nil) == 0,
              swr_init(resampler) >= 0 else {
            throw SoundError("\(path): cannot convert its \(c.pointee.sample_rate) Hz samples")
        }
    }

    deinit {
        if resampler != nil { swr_free(&resampler) }
        if codec != nil { avcodec_free_context(&codec) }
        if format != nil { avformat_close_input(&format) }
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = decoded
        av_frame_free(&f)
    }

    /// Reads `path` whole into a clip (at most `SoundClip.maxSeconds`; a longer file is refused).
    public static func load(path: String) throws -> SoundClip {
        let decoder = try AudioFileDecoder(path: path)
        let limit = SoundClip.maxSeconds * SoundClip.sampleRate
        var samples: [Float] = []
        while try decoder.decode(appendingTo: &samples) {
            if samples.count > limit { throw SoundError("\(path): longer than \(SoundClip.maxSeconds) s") }
        }
        guard !samples.isEmpty else { throw SoundError("\(path): no samples") }
        return SoundClip(samples: samples.map { $0.isFinite ? min(max($0, -1), 1) : 0 })
    }

    /// Appends the samples of the next decoded frame to `out`; false at the end (after the
    /// resampler's last samples).
    public func decode(appendingTo out: inout [Float]) throws -> Bool {
        guard let c = codec, let fmt = format else { return false }
        let outcome = try loop.next(codec: c, format: fmt, stream: stream, packet: packet, frame: decoded,
                                    damaged: { SoundError("\(self.path): damaged audio (\($0))") })
        if outcome == .frame {
            defer { av_frame_unref(decoded) }
            convert(decoded.pointee.extended_data, count: decoded.pointee.nb_samples, into: &out)
            return true
        }
        // The resampler's delayed samples, then the end.
        let before = out.count
        convert(nil, count: 0, into: &out)
        return out.count > before
    }

    /// Back to the start (a preview's sound loops with its video).
    public func rewind() throws {
        guard let fmt = format, let c = codec else { return }
        guard av_seek_frame(fmt, stream, 0, AVSEEK_FLAG_BACKWARD) >= 0 else { throw SoundError("\(path): cannot seek") }
        avcodec_flush_buffers(c)
        loop.reset()
    }

    /// Resamples `count` input samples (nil: flush) and appends them to `out`.
    private func convert(_ input: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, count: Int32, into out: inout [Float]) {
        let room = Int(swr_get_out_samples(resampler, count))
        guard room > 0 else { return }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: room))
        let made = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var target: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + start).assumingMemoryBound(to: UInt8.self)
            guard let input else { return swr_convert(resampler, &target, Int32(room), nil, 0) }
            return input.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                swr_convert(resampler, &target, Int32(room), source, count)
            }
        }
        out.removeLast(room - Int(max(0, made)))
    }
}
