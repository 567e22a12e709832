import CFFmpeg

/// FFmpeg's send/receive loop over one stream of an open file, shared by the video and
/// sound decoders: packets of other streams are skipped, the end drains the decoder, and
/// `maxBadPackets` corrupt packets in a row end decoding.
///
/// Does NOT: open or own the contexts (the decoders do), or convert what it receives.
package struct PacketLoop {
    /// Corrupt packets in a row that end decoding.
    package static let maxBadPackets = 64

    /// What a turn of the loop gave.
    package enum Outcome { case frame, end }

    /// The file has been read to its end and the decoder told so.
    private var draining = false

    package init() {}

    /// Back to reading packets (after a seek).
    package mutating func reset() { draining = false }

    /// Runs the loop until `codec` gives a frame into `frame` or has no more. `what` names
    /// the stream in errors ("video", "audio"); `beforeRead` runs before each packet is
    /// read (a time limit's check) and may throw.
    package mutating func next(codec c: UnsafeMutablePointer<AVCodecContext>, format fmt: UnsafeMutablePointer<AVFormatContext>,
                               stream: Int32, packet: UnsafeMutablePointer<AVPacket>, frame: UnsafeMutablePointer<AVFrame>,
                               damaged: (String) -> any Error, beforeRead: () throws -> Void = {}) throws -> Outcome {
        var bad = 0
        while true {
            let received = avcodec_receive_frame(c, frame)
            if received == 0 { return .frame }
            if received == CFFMPEG_AVERROR_EOF { return .end }
            guard received == CFFMPEG_AVERROR_EAGAIN else { throw damaged("decoding failed") }
            try beforeRead()
            if draining { return .end }
            if av_read_frame(fmt, packet) < 0 {
                // The end (or an unreadable tail): let the decoder give back what it holds.
                draining = true
                avcodec_send_packet(c, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream else { continue }
            if avcodec_send_packet(c, packet) < 0 {
                bad += 1
                if bad >= PacketLoop.maxBadPackets { throw damaged("\(bad) bad packets in a row") }
            } else {
                bad = 0
            }
        }
    }
}
