import CFreeType
import CHarfBuzz

/// One font file opened twice: by FreeType (outlines, rasterising, character map) and by
/// HarfBuzz's own OpenType functions (shaping, at a scale set per call). Lives as long as
/// the `FontLibrary` that opened it. Not for concurrent use: shaping and rasterising set
/// the face's size, so lay out and draw text from one thread at a time.
public final class FontFace {
    /// The font file and its face index in a collection.
    public let path: String, index: Int
    /// Family and style names as the font states them.
    public let familyName: String, styleName: String
    let ftFace: FT_Face
    let hbFont: OpaquePointer
    /// Units per em and the horizontal header's vertical metrics, in font units
    /// (descender negative; `lineHeight` = ascender - descender + line gap).
    public let unitsPerEm: Double, ascender: Double, descender: Double, lineHeight: Double
    /// Height of capital letters in font units (OS/2 sCapHeight; 0.7 em when absent).
    public let capHeight: Double

    init?(library: FT_Library, path: String, index: Int) {
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        guard face.pointee.units_per_EM > 0, let blob = hb_blob_create_from_file(path) else {
            FT_Done_Face(face)
            return nil
        }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let hbFace, let font = hb_font_create(hbFace) else {
            FT_Done_Face(face)
            return nil
        }
        hb_face_destroy(hbFace)
        self.path = path
        self.index = index
        ftFace = face
        hbFont = font
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
        lineHeight = max(Double(face.pointee.height), ascender - descender)
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        if let os2, os2.pointee.version >= 2, os2.pointee.sCapHeight > 0 {
            capHeight = Double(os2.pointee.sCapHeight)
        } else {
            capHeight = 0.7 * Double(face.pointee.units_per_EM)
        }
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// True when the font maps `scalar` to a glyph.
    public func hasGlyph(_ scalar: UInt32) -> Bool {
        FT_Get_Char_Index(ftFace, FT_ULong(scalar)) != 0
    }

    /// The glyph the character map gives `scalar` (0: none).
    public func glyphIndex(_ scalar: UInt32) -> UInt32 {
        UInt32(FT_Get_Char_Index(ftFace, FT_ULong(scalar)))
    }

    /// The unshaped advance of glyph `glyph` in font units (from the hmtx table).
    public func advance(ofGlyph glyph: UInt32) -> Double {
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        return Double(hb_font_get_glyph_h_advance(hbFont, glyph))
    }
}
