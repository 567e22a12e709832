import CFFmpeg
import Foundation

/// Whether videos may be decoded by the device's hardware, through FFmpeg: the scene's
/// `hwdec` key and the tools' `--hwdec` option.
public enum HardwareDecoding: String, Sendable, CaseIterable {
    /// Try the device's decoders first (V4L2 mem2mem as on a Raspberry Pi, then VA-API, CUDA
    /// (NVDEC) and DRM devices the codec supports); software when none opens, said in one line.
    case auto
    /// Software only: no hardware is tried.
    case none
}

/// Opens a decoder on the device's hardware: a `<codec>_v4l2m2m` decoder, then each
/// VA-API, CUDA (NVDEC) or DRM device the software decoder can use as an hwaccel
/// (`av_hwdevice_ctx_create`). Frames of an hwaccel come out in the device's memory and are
/// copied back with `av_hwframe_transfer_data` (`VideoFile`).
///
/// Does not: keep frames on the GPU (they come back as NV12 or 4:2:0 planes), or
/// fall back by itself (the caller keeps its software decoder when this gives nil).
struct HardwareDecoder {
    /// The open decoder context.
    let context: UnsafeMutablePointer<AVCodecContext>
    /// What decodes, as said in messages ("h264_v4l2m2m", "vaapi").
    let name: String

    /// The device types tried as hwaccels, in this order.
    static let deviceTypes = [AV_HWDEVICE_TYPE_VAAPI, AV_HWDEVICE_TYPE_CUDA, AV_HWDEVICE_TYPE_DRM]

    /// A hardware decoder for the stream `parameters` whose software decoder is `software`;
    /// nil when none opens, with what was tried and why in `tried`.
    static func open(parameters: UnsafePointer<AVCodecParameters>, software: UnsafePointer<AVCodec>,
                     tried: inout [String]) -> HardwareDecoder? {
        // Quiet libva's own lines about missing drivers (the caller says one line).
        setenv("LIBVA_MESSAGING_LEVEL", "0", 0)
        let m2m = String(cString: avcodec_get_name(parameters.pointee.codec_id)) + "_v4l2m2m"
        if let decoder = avcodec_find_decoder_by_name(m2m) {
            if let c = context(decoder, parameters, device: nil, format: nil) { return HardwareDecoder(context: c, name: m2m) }
            tried.append("\(m2m): no device")
        }
        for type in deviceTypes {
            guard let config = hwaccel(of: software, on: type) else { continue }
            let name = String(cString: av_hwdevice_get_type_name(type))
            var device: UnsafeMutablePointer<AVBufferRef>?
            guard av_hwdevice_ctx_create(&device, type, nil, nil, 0) == 0, device != nil else {
                tried.append("\(name): no device")
                continue
            }
            defer { av_buffer_unref(&device) }
            if let c = context(software, parameters, device: device, format: config.pointee.pix_fmt) {
                return HardwareDecoder(context: c, name: name)
            }
            tried.append("\(name): cannot decode \(String(cString: avcodec_get_name(parameters.pointee.codec_id)))")
        }
        return nil
    }

    /// `software`'s hwaccel on devices of `type` (through a device context), nil when it has none.
    private static func hwaccel(of software: UnsafePointer<AVCodec>, on type: AVHWDeviceType) -> UnsafePointer<AVCodecHWConfig>? {
        var i: Int32 = 0
        while let config = avcodec_get_hw_config(software, i) {
            i += 1
            if config.pointee.device_type == type,
               config.pointee.methods & Int32(AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX) != 0 { return config }
        }
        return nil
    }

    /// An open context of `decoder`, on `device` with frames in `format` when given; nil
    /// when it does not open.
    private static func context(_ decoder: UnsafePointer<AVCodec>, _ parameters: UnsafePointer<AVCodecParameters>,
                                device: UnsafeMutablePointer<AVBufferRef>?, format: AVPixelFormat?) -> UnsafeMutablePointer<AVCodecContext>? {
        var c = avcodec_alloc_context3(decoder)
        guard let ctx = c, avcodec_parameters_to_context(ctx, parameters) >= 0 else {
            avcodec_free_context(&c)
            return nil
        }
        ctx.pointee.thread_count = 1
        if let device, let format {
            ctx.pointee.hw_device_ctx = av_buffer_ref(device)
            // get_format is a C callback: the wanted format rides in `opaque`.
            ctx.pointee.opaque = UnsafeMutableRawPointer(bitPattern: Int(format.rawValue) + 1)
            ctx.pointee.get_format = { ctx, formats in
                guard let ctx, var f = formats else { return AV_PIX_FMT_NONE }
                let wanted = Int32(Int(bitPattern: ctx.pointee.opaque) - 1)
                var software = AV_PIX_FMT_NONE
                while f.pointee != AV_PIX_FMT_NONE {
                    if f.pointee.rawValue == wanted { return f.pointee }
                    let hw = (av_pix_fmt_desc_get(f.pointee)?.pointee.flags ?? 0) & UInt64(AV_PIX_FMT_FLAG_HWACCEL) != 0
                    if software == AV_PIX_FMT_NONE && !hw { software = f.pointee }
                    f += 1
                }
                return software
            }
        }
        guard avcodec_open2(ctx, decoder, nil) >= 0 else {
            avcodec_free_context(&c)
            return nil
        }
        return ctx
    }
}

/// The lines said about hardware decoding (which decoder opened, why none did, a refused
/// frame format): each once per process, however many videos open.
enum HardwareFallbackNote {
    private static let lock = NSLock()
    private static var said = Set<Kind>()

    /// What a line is about: each is said once.
    enum Kind { case opened, noneOpened, formatRefused }

    /// Writes `line` on standard error unless a line of its `kind` was already written;
    /// whether it wrote.
    @discardableResult
    static func say(_ line: String, kind: Kind) -> Bool {
        lock.lock()
        let first = said.insert(kind).inserted
        lock.unlock()
        if first { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        return first
    }
}
