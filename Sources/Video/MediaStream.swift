import CFFmpeg

/// One stream of a media file opened for decoding with FFmpeg: the input read, its
/// stream information found, the best stream of a kind chosen and its decoder opened
/// (one thread). Shared by the video and sound decoders, which own what it returns.
///
/// Does NOT: check the file itself (its callers do first), read packets (`PacketLoop`),
/// or free the contexts once it has returned them (it does when it throws).
package struct MediaStream {
    package let format: UnsafeMutablePointer<AVFormatContext>
    package let codec: UnsafeMutablePointer<AVCodecContext>
    package let index: Int32
    package let stream: UnsafeMutablePointer<AVStream>

    /// What the errors call the file and the stream ("video" / "video", "sound" / "audio").
    package struct Words {
        package var file: String, stream: String
        package init(file: String, stream: String) { self.file = file; self.stream = stream }
    }

    /// Opens `path`'s best stream of `media`. `prepared`: a format context to open into
    /// (its interrupt callback and probing limits set), freed here on failure; `timedOut`
    /// says why, when that callback ended the opening; `check` sees the stream's parameters
    /// before its decoder opens. Errors are one line, made by `error`.
    package static func open(path: String, media: AVMediaType, words: Words,
                             prepared: UnsafeMutablePointer<AVFormatContext>? = nil, timedOut: () -> String? = { nil },
                             check: (UnsafeMutablePointer<AVCodecParameters>) throws -> Void = { _ in },
                             error: (String) -> any Error) throws -> MediaStream {
        var format: UnsafeMutablePointer<AVFormatContext>? = prepared
        guard avformat_open_input(&format, path, nil, nil) == 0, let fmt = format else {
            // avformat_open_input frees a prepared context when it fails.
            throw error(timedOut() ?? "\(path): not a readable \(words.file) file")
        }
        do {
            guard avformat_find_stream_info(fmt, nil) >= 0 else {
                throw error("\(path): damaged or truncated (no stream information)")
            }
            let index = av_find_best_stream(fmt, media, -1, -1, nil, 0)
            guard index >= 0, let stream = fmt.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar else {
                throw error("\(path): no \(words.stream) stream")
            }
            try check(parameters)
            let codec = try decoder(for: parameters, path: path, error: error)
            return MediaStream(format: fmt, codec: codec, index: index, stream: stream)
        } catch let failure {
            avformat_close_input(&format)
            throw failure
        }
    }

    /// An open software decoder (one thread) for a stream with `parameters`.
    package static func decoder(for parameters: UnsafePointer<AVCodecParameters>, path: String,
                                error: (String) -> any Error) throws -> UnsafeMutablePointer<AVCodecContext> {
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw error("\(path): unsupported codec \(String(cString: avcodec_get_name(parameters.pointee.codec_id)))")
        }
        var codec = avcodec_alloc_context3(decoder)
        guard let c = codec, avcodec_parameters_to_context(c, parameters) >= 0 else {
            avcodec_free_context(&codec)
            throw error("\(path): out of memory")
        }
        c.pointee.thread_count = 1
        guard avcodec_open2(c, decoder, nil) >= 0 else {
            avcodec_free_context(&codec)
            throw error("\(path): cannot decode \(String(cString: decoder.pointee.name))")
        }
        return c
    }
}
