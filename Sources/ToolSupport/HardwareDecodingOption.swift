import Scene
import Video

/// The tools' `--hwdec auto|none` option: whether videos may be decoded by the device's
/// hardware; given, it wins over the scene's `hwdec` key.
public enum HardwareDecodingOption {
    /// The option's help text, the same in every tool.
    public static let help = "Video decoding: auto (the device's hardware decoder where one opens, else software) or none (software only); default: the scene's hwdec, else auto."

    /// The one-line complaint about a value that is neither, nil when `text` is one.
    public static func problem(_ text: String?) -> String? {
        guard let text, HardwareDecoding(rawValue: text) == nil else { return nil }
        return "--hwdec must be auto or none, found \"\(text)\""
    }

    /// Applies the option (when given and valid) to `scene`'s videos.
    public static func apply(_ text: String?, to scene: Scene) {
        if let text, let mode = HardwareDecoding(rawValue: text) { scene.videos.hardwareDecoding = mode }
    }
}
