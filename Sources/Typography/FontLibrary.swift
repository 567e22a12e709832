import CFontconfig
import CFreeType
import Foundation

/// Finds fonts with fontconfig and keeps them open: by name (`"DejaVu Sans Bold"`, or a
/// fontconfig pattern such as `"Sans:bold"`), and per character for fallback (the first
/// font in fontconfig's sorted list for "sans" that has the character).
///
/// Thread-safe (one lock); `shared` is the process-wide library.
public final class FontLibrary {
    /// The process-wide library.
    public static let shared = FontLibrary()

    private let lock = NSLock()
    private var library: FT_Library?
    private var config: OpaquePointer?
    private var facesByFile: [String: FontFace] = [:]
    private var facesByName: [String: FontFace] = [:]
    private var fallbackByScalar: [UInt32: FontFace?] = [:]
    private var fallbackList: [(path: String, index: Int, charset: OpaquePointer)]?
    private var fallbackSet: UnsafeMutablePointer<FcFontSet>?

    /// Style words that may end a font name, with their fontconfig constant.
    static let styleWords: [String: String] = [
        "thin": "thin", "extralight": "extralight", "ultralight": "extralight", "light": "light",
        "book": "book", "regular": "regular", "normal": "regular", "medium": "medium",
        "semibold": "semibold", "demibold": "semibold", "bold": "bold", "extrabold": "extrabold",
        "ultrabold": "extrabold", "black": "black", "heavy": "heavy",
        "italic": "italic", "oblique": "oblique", "condensed": "condensed",
    ]

    public init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib }
        config = FcInitLoadConfigAndFonts()
    }

    deinit {
        facesByFile.removeAll()
        facesByName.removeAll()
        fallbackByScalar.removeAll()
        if let fallbackSet { FcFontSetDestroy(fallbackSet) }
        if let config { FcConfigDestroy(config) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The fontconfig pattern for a font name: a pattern as is when it has a `:`,
    /// otherwise the family with its trailing style words as properties
    /// (`"DejaVu Sans Bold Oblique"` -> `"DejaVu Sans:bold:oblique"`).
    public static func pattern(forName name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.contains(":") { return trimmed }
        var words = trimmed.split(separator: " ").map(String.init)
        var styles: [String] = []
        while words.count > 1, let s = styleWords[words.last!.lowercased()] {
            styles.insert(s, at: 0)
            words.removeLast()
        }
        let family = words.joined(separator: " ").replacingOccurrences(of: "-", with: "\\-")
        return ([family.isEmpty ? "sans" : family] + styles).joined(separator: ":")
    }

    /// The font fontconfig matches best for `name` (its nearest installed font, as
    /// CATextLayer falls back to Helvetica). Throws only when no font is installed at all.
    public func face(named name: String) throws -> FontFace {
        lock.lock(); defer { lock.unlock() }
        if let f = facesByName[name] { return f }
        guard let config, library != nil else {
            throw TypographyError("fontconfig or FreeType could not start (install libfontconfig1 and libfreetype6)")
        }
        let patternText = FontLibrary.pattern(forName: name)
        guard let pattern = patternText.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) })
        else { throw TypographyError("font \"\(name)\": not a fontconfig name") }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else {
            throw TypographyError("font \"\(name)\": no font installed (install fonts-dejavu-core)")
        }
        defer { FcPatternDestroy(match) }
        guard let file = FontLibrary.file(of: match), let face = openLocked(file.path, file.index) else {
            throw TypographyError("font \"\(name)\": fontconfig's match could not be opened")
        }
        facesByName[name] = face
        return face
    }

    /// A font that has `scalar`, for text the primary font cannot show; nil when no
    /// installed font has it.
    public func fallback(for scalar: UInt32) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        if let cached = fallbackByScalar[scalar] { return cached }
        if fallbackList == nil { loadFallbackListLocked() }
        var found: FontFace?
        for entry in fallbackList ?? [] where FcCharSetHasChar(entry.charset, scalar) != 0 {
            if let f = openLocked(entry.path, entry.index) { found = f; break }
        }
        if fallbackByScalar.count < 65536 { fallbackByScalar[scalar] = found }
        return found
    }

    /// fontconfig's fonts sorted for "sans", kept with their character sets.
    private func loadFallbackListLocked() {
        fallbackList = []
        guard let config, let pattern = FcNameParse("sans") else { return }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return }
        fallbackSet = set
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let file = FontLibrary.file(of: font) else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset else { continue }
            fallbackList?.append((file.path, file.index, charset))
        }
    }

    private func openLocked(_ path: String, _ index: Int) -> FontFace? {
        let key = "\(path)#\(index)"
        if let f = facesByFile[key] { return f }
        guard let library, let face = FontFace(library: library, path: path, index: index) else { return nil }
        facesByFile[key] = face
        return face
    }

    private static func file(of pattern: OpaquePointer) -> (path: String, index: Int)? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, "index", 0, &index) != FcResultMatch { index = 0 }
        return (String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), Int(index))
    }
}
