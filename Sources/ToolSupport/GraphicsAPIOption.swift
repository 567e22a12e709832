import Platform

/// The tools' `--gl auto|desktop|es` option: which OpenGL flavour the context is made with.
public enum GraphicsAPIOption {
    /// The option's help text, the same in every tool.
    public static let help = "OpenGL API: auto (desktop 3.3 core where offered, else ES 3.0+), desktop or es."

    /// The API named by `text`, or nil with `problem(_:)` to say why.
    public static func parse(_ text: String) -> GraphicsAPI? { GraphicsAPI(option: text) }

    /// The one-line complaint about a value that is not an API name.
    public static func problem(_ text: String) -> String {
        "--gl must be auto, desktop or es, found \"\(text)\""
    }
}
