/// Text from a user (a key, a value, a path, a child's message) as it may appear inside
/// a one-line error: control characters escaped, and at most `limit` characters, cut in
/// the middle with an ellipsis so both ends still show.
///
/// Does not: quote the text, or change text that is already short and printable.
public enum OneLine {
    /// The longest culprit an error line shows, in Unicode scalars before escaping.
    public static let limit = 120

    /// `text` escaped and cut to at most `limit` scalars ("aaaa…zzzz").
    public static func bounded(_ text: String, limit: Int = OneLine.limit) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escaped(scalars[...]) }
        let half = max(1, (limit - 1) / 2)
        return escaped(scalars.prefix(half)) + "…" + escaped(scalars.suffix(half))
    }

    /// Line breaks and tabs as `\n`, `\r`, `\t`, other control characters as `\u{1b}`
    /// (as `JSONError` shows them), everything else as is.
    private static func escaped(_ scalars: Substring.UnicodeScalarView) -> String {
        var shown = String.UnicodeScalarView()
        for scalar in scalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                shown.append(contentsOf: (scalar == "\n" ? "\\n" : scalar == "\r" ? "\\r" : "\\t").unicodeScalars)
            } else if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }
}
