import CFFmpeg
import Foundation
import Images

/// A video file open for decoding (FFmpeg, on the calling thread): in software, or on the
/// device's hardware where `hardware` allows and a hardware decoder opens at the first
/// frame (`HardwareDecoder`); software otherwise, said once per process in one line.
///
/// Bad input is refused in one line before it can cost much: a path that is not a regular
/// file (a FIFO, a device), a file that is not MP4 / WebM / MKV by signature, no video
/// stream, an unsupported codec, a picture larger than `maxSide` on either side (a header
/// declaring 65535x65535 included), opening or one decode taking longer than `timeLimit`
/// (FFmpeg's interrupt callback), or `maxBadPackets` corrupt packets in a row.
///
/// A hardware decoder's frames come back as NV12 (or 4:2:0 planes) and are kept so, at
/// full size; one whose frames are neither (P010) gives way to software at its first frame.
///
/// Does not: decode audio, use more than one decoding thread, convert to RGB, or go back to
/// software when a hardware decoder that opened fails later (the video stops).
public final class VideoFile {
    /// The largest picture side accepted (pixels).
    public static let maxSide = 4096
    /// The longest an open or one frame's decoding may take (seconds).
    public static let timeLimit = 5.0
    /// Corrupt packets in a row that end decoding.
    public static let maxBadPackets = PacketLoop.maxBadPackets

    public let path: String
    public let container: VideoContainer
    public let width: Int, height: Int
    /// Length in seconds (the stream's, else the container's, else the last frame's end).
    public private(set) var duration: Double
    /// The size frames come out at (scaled on this thread by swscale); nil: the video's.
    /// A preview on a small card decodes at the card's size, so less is uploaded per frame.
    public var outputSize: (width: Int, height: Int)?
    /// Frames scaled down to cover `fill` pixels (aspect kept), never up: a preview on a
    /// small card decodes at the card's size. Returns the size frames come out at.
    @discardableResult
    public func cover(_ fill: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard fill.width > 0, fill.height > 0 else { return outputSize ?? (width, height) }
        let scale = min(1, max(Double(fill.width) / Double(width), Double(fill.height) / Double(height)))
        let size = (width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
        outputSize = size
        return size
    }

    /// Whether the first frame decoded may try the device's hardware (set it before then).
    public var hardware = HardwareDecoding.auto
    /// Speed before picture (a preview on a small card): FFmpeg skips the loop filter on
    /// frames no other frame refers to and takes its fast, not bit-exact, paths.
    public var fastDecoding = false {
        didSet { applySpeed() }
    }
    /// What decodes: the software decoder's name (`h264`), or the hardware's (`vaapi`,
    /// `h264_v4l2m2m`) once one has opened.
    public private(set) var decoderName: String
    /// The hardware decoders tried and why each did not open (empty with `hardware` `none`).
    public private(set) var hardwareTried: [String] = []
    private var hardwareChecked = false
    /// Frames copied back from hardware memory.
    private var transferred: UnsafeMutablePointer<AVFrame>?

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private let packet: UnsafeMutablePointer<AVPacket>
    private let picture: UnsafeMutablePointer<AVFrame>
    private var scaler: OpaquePointer?
    private let stream: Int32
    private let timeBase: Double
    private let startTime: Int64
    private var loop = PacketLoop()
    /// The interrupt callback's deadline (monotonic seconds), boxed for C.
    private let deadline = Deadline()

    /// Opens `path`; the error says why it cannot be played.
    public init(path: String) throws {
        self.path = path
        av_log_set_level(AV_LOG_QUIET)
        do { try InputFile.check(path) } catch { throw VideoError("\(error)") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw VideoError("\(path): cannot read") }
        let head = [UInt8](handle.readData(ofLength: 16))
        try? handle.close()
        guard let container = VideoContainer(signature: head) else {
            throw VideoError("\(path): not a video file (expected MP4, WebM or MKV)")
        }
        self.container = container
        guard let p = av_packet_alloc(), let f = av_frame_alloc() else { throw VideoError("\(path): out of memory") }
        packet = p
        picture = f
        guard let fmt = avformat_alloc_context() else { throw VideoError("\(path): out of memory") }
        fmt.pointee.interrupt_callback.callback = { opaque in
            guard let opaque else { return 0 }
            return Unmanaged<Deadline>.fromOpaque(opaque).takeUnretainedValue().passed ? 1 : 0
        }
        fmt.pointee.interrupt_callback.opaque = Unmanaged.passUnretained(deadline).toOpaque()
        fmt.pointee.probesize = 8 << 20
        fmt.pointee.max_analyze_duration = 5 * Int64(AV_TIME_BASE)
        deadline.start(VideoFile.timeLimit)
        var size = (width: 0, height: 0)
        let opened = try MediaStream.open(
            path: path, media: AVMEDIA_TYPE_VIDEO, words: .init(file: "video", stream: "video"), prepared: fmt,
            timedOut: { [deadline] in deadline.passed ? "\(path): took longer than \(VideoFile.timeLimit) s to open" : nil },
            check: { parameters in
                size = (Int(parameters.pointee.width), Int(parameters.pointee.height))
                guard size.width > 0, size.height > 0 else { throw VideoError("\(path): no picture size") }
                guard size.width <= VideoFile.maxSide, size.height <= VideoFile.maxSide else {
                    throw VideoError("\(path): \(size.width)x\(size.height) pictures (at most \(VideoFile.maxSide) on a side)")
                }
            }, error: { VideoError($0) })
        format = opened.format
        codec = opened.codec
        stream = opened.index
        width = size.width
        height = size.height
        decoderName = String(cString: opened.codec.pointee.codec.pointee.name)
        let s = opened.stream
        timeBase = av_q2d(s.pointee.time_base)
        startTime = s.pointee.start_time == CFFMPEG_NOPTS ? 0 : s.pointee.start_time
        if s.pointee.duration > 0 {
            duration = Double(s.pointee.duration) * timeBase
        } else if opened.format.pointee.duration > 0 {
            duration = Double(opened.format.pointee.duration) / Double(AV_TIME_BASE)
        } else {
            duration = 0
        }
    }

    deinit {
        if scaler != nil { sws_freeContext(scaler) }
        if codec != nil { avcodec_free_context(&codec) }
        if transferred != nil { av_frame_free(&transferred) }
        if format != nil { avformat_close_input(&format) }
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = picture
        av_frame_free(&f)
    }

    /// The next frame in order, nil after the last one.
    public func next() throws -> VideoFrame? {
        var frame = VideoFrame(time: 0, width: 0, height: 0, y: [], u: [], v: [])
        return try next(into: &frame) ? frame : nil
    }

    /// Decodes the next frame into `frame`, whose planes are reused when their sizes fit
    /// (a frame shown and handed back: a player then allocates nothing); false after the last.
    public func next(into frame: inout VideoFrame) throws -> Bool {
        if !hardwareChecked { openHardware() }
        guard let c = codec, let fmt = format else { return false }
        deadline.start(VideoFile.timeLimit)
        let outcome = try loop.next(codec: c, format: fmt, stream: stream, packet: packet, frame: picture,
                                    damaged: { VideoError("\(self.path): damaged video (\($0))") }) {
            if deadline.passed { throw VideoError("\(path): a frame took longer than \(VideoFile.timeLimit) s to decode") }
        }
        guard outcome == .frame else { return false }
        if let refused = unsupportedHardwareFormat() {
            let time = picture.pointee.best_effort_timestamp
            av_frame_unref(picture)
            try backToSoftware(because: refused, at: time)
            return try next(into: &frame)
        }
        try convert(into: &frame)
        return true
    }

    /// The pixel format of a hardware frame in `picture` when it is one the planes do not
    /// carry (only NV12 and 4:2:0 planar are: P010, 10-bit, is not drawn); else nil.
    private func unsupportedHardwareFormat() -> String? {
        guard let frames = picture.pointee.hw_frames_ctx?.pointee.data else { return nil }
        let format = frames.withMemoryRebound(to: AVHWFramesContext.self, capacity: 1) { $0.pointee.sw_format }
        if format == AV_PIX_FMT_NV12 || format == AV_PIX_FMT_YUV420P { return nil }
        return av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
    }

    /// Replaces the hardware decoder with a software one (its frames are in `format`, which
    /// is not drawn), said in one line, and goes back to the frame at `pts`.
    private func backToSoftware(because format: String, at pts: Int64) throws {
        guard let fmt = self.format, let parameters = fmt.pointee.streams[Int(stream)]?.pointee.codecpar else { return }
        HardwareFallbackNote.say("note: \(decoderName) gives \(format) frames, which are not drawn: decoding in software", kind: .formatRefused)
        avcodec_free_context(&codec)
        codec = try MediaStream.decoder(for: parameters, path: path, error: { VideoError($0) })
        decoderName = String(cString: codec!.pointee.codec.pointee.name)
        applySpeed()
        hardware = .none
        let seconds = pts == CFFMPEG_NOPTS ? 0 : Double(pts - startTime) * timeBase
        try seek(to: max(0, seconds))
    }

    /// Replaces the software decoder with a hardware one when `hardware` allows and one
    /// opens (once, before the first frame); else says why not in one line (once per process).
    private func openHardware() {
        hardwareChecked = true
        guard hardware == .auto, let fmt = format, let c = codec, let software = c.pointee.codec,
              let parameters = fmt.pointee.streams[Int(stream)]?.pointee.codecpar else { return }
        var tried: [String] = []
        if let hw = HardwareDecoder.open(parameters: parameters, software: software, tried: &tried) {
            avcodec_free_context(&codec)
            codec = hw.context
            decoderName = hw.name
            applySpeed()
            HardwareFallbackNote.say("note: hardware video decoding with \(hw.name)", kind: .opened)
        } else if !tried.isEmpty {
            HardwareFallbackNote.say("note: no hardware video decoder (\(tried.joined(separator: ", "))): decoding in software", kind: .noneOpened)
        }
        hardwareTried = tried
    }

    /// `fastDecoding` on the decoder now open.
    private func applySpeed() {
        guard let c = codec else { return }
        c.pointee.skip_loop_filter = fastDecoding ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
        if fastDecoding { c.pointee.flags2 |= AV_CODEC_FLAG2_FAST } else { c.pointee.flags2 &= ~AV_CODEC_FLAG2_FAST }
    }

    /// Back to the first frame.
    public func rewind() throws {
        try seek(to: 0)
    }

    /// The frame showing at `time` seconds, the video looping (the last frame at or before
    /// `time` modulo the duration); nil when the video has no frame at all.
    public func frame(at time: Double) throws -> VideoFrame? {
        guard time.isFinite else { return nil }
        if duration <= 0 { try measureDuration() }
        let target = duration > 0 ? time.truncatingRemainder(dividingBy: duration) : 0
        try seek(to: max(0, target))
        var shown: VideoFrame?
        while let f = try next() {
            if f.time > target + 1e-6 && shown != nil { break }
            shown = f
            if f.time > target + 1e-6 { break }
        }
        return shown
    }

    /// Decodes to the end once to find the length of a file that does not say.
    private func measureDuration() throws {
        try rewind()
        var last = 0.0, step = 0.0
        while let f = try next() { step = f.time - last; last = f.time }
        duration = last + max(step, 1.0 / 30)
    }

    private func seek(to seconds: Double) throws {
        guard let fmt = format, let c = codec else { return }
        let ts = startTime + Int64((seconds / timeBase).rounded(.down))
        if av_seek_frame(fmt, stream, ts, AVSEEK_FLAG_BACKWARD) < 0 && av_seek_frame(fmt, stream, startTime, AVSEEK_FLAG_BACKWARD) < 0 {
            throw VideoError("\(path): cannot seek")
        }
        avcodec_flush_buffers(c)
        loop.reset()
    }

    /// The decoded picture as packed 4:2:0 planes (NV12 as it is, other layouts through
    /// swscale), written into `frame`'s planes (reallocated only when their sizes change).
    private func convert(into frame: inout VideoFrame) throws {
        defer { av_frame_unref(picture) }
        var source = picture
        if source.pointee.hw_frames_ctx != nil {
            // In hardware memory: copied back (NV12, or 4:2:0 planes).
            if transferred == nil { transferred = av_frame_alloc() }
            guard let t = transferred, av_hwframe_transfer_data(t, source, 0) >= 0 else {
                throw VideoError("\(path): damaged video (a hardware frame could not be read)")
            }
            t.pointee.best_effort_timestamp = source.pointee.best_effort_timestamp
            source = t
        }
        defer { if let t = transferred { av_frame_unref(t) } }
        let w = Int(source.pointee.width), h = Int(source.pointee.height)
        guard w > 0, h > 0, w <= VideoFile.maxSide, h <= VideoFile.maxSide else {
            throw VideoError("\(path): a \(w)x\(h) frame (at most \(VideoFile.maxSide) on a side)")
        }
        let pts = source.pointee.best_effort_timestamp
        let time = pts == CFFMPEG_NOPTS ? 0 : Double(pts - startTime) * timeBase
        frame.time = time
        frame.matrix = VideoFile.matrix(source.pointee.colorspace, width: w, height: h)
        if source.pointee.format == AV_PIX_FMT_NV12.rawValue {
            // A hardware decoder's frame: its two planes as they are (the GPU scales them).
            frame.layout = .nv12
            frame.width = w
            frame.height = h
            let cw = frame.chromaWidth, ch = frame.chromaHeight
            VideoFile.fit(&frame.y, w * h)
            VideoFile.fit(&frame.u, cw * 2 * ch)
            VideoFile.fit(&frame.v, 0)
            VideoFile.pack(source.pointee.data.0, stride: source.pointee.linesize.0, width: w, height: h, into: &frame.y)
            VideoFile.pack(source.pointee.data.1, stride: source.pointee.linesize.1, width: cw * 2, height: ch, into: &frame.u)
            return
        }
        let out = outputSize.map { (max(1, min($0.width, w)), max(1, min($0.height, h))) } ?? (w, h)
        frame.layout = .planar
        frame.width = out.0
        frame.height = out.1
        let cw = frame.chromaWidth, ch = frame.chromaHeight
        VideoFile.fit(&frame.y, out.0 * out.1)
        VideoFile.fit(&frame.u, cw * ch)
        VideoFile.fit(&frame.v, cw * ch)
        let planar = source.pointee.format == AV_PIX_FMT_YUV420P.rawValue || source.pointee.format == AV_PIX_FMT_YUVJ420P.rawValue
        if planar && out == (w, h) {
            VideoFile.pack(source.pointee.data.0, stride: source.pointee.linesize.0, width: w, height: h, into: &frame.y)
            VideoFile.pack(source.pointee.data.1, stride: source.pointee.linesize.1, width: cw, height: ch, into: &frame.u)
            VideoFile.pack(source.pointee.data.2, stride: source.pointee.linesize.2, width: cw, height: ch, into: &frame.v)
            return
        }
        scaler = sws_getCachedContext(scaler, Int32(w), Int32(h), AVPixelFormat(source.pointee.format),
                                      Int32(out.0), Int32(out.1), AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
        guard scaler != nil else { throw VideoError("\(path): unsupported pixel format") }
        frame.y.withUnsafeMutableBufferPointer { y in
            frame.u.withUnsafeMutableBufferPointer { u in
                frame.v.withUnsafeMutableBufferPointer { v in
                    var dst: [UnsafeMutablePointer<UInt8>?] = [y.baseAddress, u.baseAddress, v.baseAddress, nil]
                    var strides: [Int32] = [Int32(out.0), Int32(cw), Int32(cw), 0]
                    withUnsafePointer(to: source.pointee.data) { src in
                        withUnsafePointer(to: source.pointee.linesize) { srcStrides in
                            src.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { s in
                                srcStrides.withMemoryRebound(to: Int32.self, capacity: 8) { ss in
                                    _ = sws_scale(scaler, s, ss, 0, Int32(h), &dst, &strides)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The matrix a frame was encoded with: as tagged, else BT.709 for HD sizes and BT.601
    /// below (the guess players make for untagged video).
    static func matrix(_ space: AVColorSpace, width: Int, height: Int) -> VideoFrame.Matrix {
        switch space {
        case AVCOL_SPC_BT709: return .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: return .bt601
        default: return width >= 1280 || height > 576 ? .bt709 : .bt601
        }
    }

    /// `plane` made `count` bytes long (kept when it already is).
    private static func fit(_ plane: inout [UInt8], _ count: Int) {
        if plane.count != count { plane = [UInt8](repeating: 128, count: count) }
    }

    private static func pack(_ data: UnsafeMutablePointer<UInt8>?, stride: Int32, width: Int, height: Int, into out: inout [UInt8]) {
        out.withUnsafeMutableBufferPointer { dst in
            guard let data else { dst.update(repeating: 128); return }
            for row in 0..<height {
                (dst.baseAddress! + row * width).update(from: data + row * Int(stride), count: width)
            }
        }
    }
}

/// A monotonic deadline FFmpeg's interrupt callback reads.
final class Deadline {
    private var end = Double.infinity
    func start(_ seconds: Double) { end = Deadline.now() + seconds }
    var passed: Bool { Deadline.now() > end }
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
