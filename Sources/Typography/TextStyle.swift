// Typography: text for layers and generated artwork, with CATextLayer's semantics.
//
// What it does: finds fonts by name with fontconfig (falling back per character to any
// installed font that has the glyph, e.g. Droid Sans Fallback for CJK), shapes runs with
// HarfBuzz (kerning, ligatures, Arabic joining, right-to-left runs in visual order), lays
// out lines (wrapping, truncation with an ellipsis, alignment, line spacing) and
// rasterises glyphs with FreeType at the pixel size they are shown.
// What it does NOT do: no GL, no layers, no caching of whole images (the owner keys them
// by string, style and pixel size, e.g. in an `ImageStore`); no rich text (one style per
// string); no full Unicode bidi algorithm (one embedding level per direction, no
// explicit embeddings or mirrored brackets); no vertical text; no colour emoji.

import Layers

/// How lines sit horizontally in the bounds (CATextLayer.alignmentMode).
public enum TextAlignment: String, CaseIterable, Sendable {
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
    /// Both edges flush (spaces stretched), except each paragraph's last line, which is natural.
    case justified
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
}

/// Where an ellipsis replaces text that does not fit (CATextLayer.truncationMode).
public enum TextTruncation: String, CaseIterable, Sendable {
    /// Text is clipped at the bounds.
    case none
    /// "…" then the end of the line.
    case start
    /// The start and the end of the line with "…" between.
    case middle
    /// The start of the line then "…".
    case end
}

/// Everything but the string that decides how text looks, with CATextLayer's names and
/// defaults (font "Helvetica" becomes fontconfig's nearest, DejaVu Sans on Debian).
public struct TextStyle: Hashable, Sendable {
    /// A fontconfig name: a family with optional trailing style words
    /// (`"DejaVu Sans Bold"`, `"DejaVu Serif Italic"`) or a fontconfig pattern (`"Sans:bold"`).
    public var font: String
    /// Font size in points (CATextLayer's default is 36).
    public var fontSize: Double
    /// Text colour, straight alpha.
    public var foregroundColor: Color
    /// Horizontal alignment of each line.
    public var alignment: TextAlignment
    /// Truncation of lines wider than the bounds (and of the last line that fits in height).
    public var truncation: TextTruncation
    /// When true, lines wrap at word boundaries (and between CJK characters) to the bounds' width.
    public var isWrapped: Bool
    /// Extra points between lines, added to the font's own line height (NSParagraphStyle.lineSpacing).
    public var lineSpacing: Double

    /// The default font: DejaVu Sans, from Debian's fonts-dejavu-core.
    public static let defaultFont = "DejaVu Sans"

    public init(font: String = TextStyle.defaultFont, fontSize: Double = 36, foregroundColor: Color = .white,
                alignment: TextAlignment = .natural, truncation: TextTruncation = .none, isWrapped: Bool = false,
                lineSpacing: Double = 0) {
        self.font = font
        self.fontSize = fontSize
        self.foregroundColor = foregroundColor
        self.alignment = alignment
        self.truncation = truncation
        self.isWrapped = isWrapped
        self.lineSpacing = lineSpacing
    }
}

/// Why text could not be laid out.
public struct TypographyError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
