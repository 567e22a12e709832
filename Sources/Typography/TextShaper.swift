import CHarfBuzz

/// One glyph placed on a line, in pixels: `x` from the line's start (visual, left to
/// right), `y` up from the baseline.
public struct PlacedGlyph: Equatable {
    /// The font it comes from.
    public let face: FontFace
    /// Glyph index in that font.
    public var glyph: UInt32
    /// Pen position plus the glyph's offset.
    public var x: Double, y: Double
    /// Horizontal advance.
    public var advance: Double
    /// Index of the first character (Unicode scalar) of its cluster in the shaped text.
    public var cluster: Int
    /// True for a glyph of a space character (justification stretches these).
    public var isSpace: Bool

    public static func == (a: PlacedGlyph, b: PlacedGlyph) -> Bool {
        a.face === b.face && a.glyph == b.glyph && a.x == b.x && a.y == b.y && a.advance == b.advance
            && a.cluster == b.cluster && a.isSpace == b.isSpace
    }
}

/// A shaped line: glyphs in visual order and its advance width, in pixels.
public struct ShapedLine {
    public var glyphs: [PlacedGlyph]
    public var width: Double
    /// The direction of the paragraph the line belongs to.
    public var direction: TextDirection
}

/// Shapes text with HarfBuzz: fonts chosen per character (the primary font, else a
/// fallback that has it; marks stay with their base), bidi runs, runs in visual order.
public struct TextShaper {
    /// The primary font.
    public let face: FontFace
    /// Pixels per em.
    public let pixelSize: Double
    let library: FontLibrary

    public init(face: FontFace, pixelSize: Double, library: FontLibrary = .shared) {
        self.face = face
        self.pixelSize = pixelSize
        self.library = library
    }

    /// The font used for each scalar.
    func faces(for scalars: [UInt32]) -> [FontFace] {
        var out: [FontFace] = []
        out.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            if face.hasGlyph(s) { out.append(face); continue }
            if i > 0, let u = Unicode.Scalar(s),
               [.nonspacingMark, .enclosingMark, .spacingMark, .format].contains(u.properties.generalCategory)
                || (0xFE00...0xFE0F).contains(s) {
                out.append(out[i - 1]); continue
            }
            out.append(library.fallback(for: s) ?? face)
        }
        return out
    }

    /// Shapes one line (no line breaks inside) whose paragraph runs in `direction`
    /// (nil: from its first strong character).
    public func shape(_ scalars: [UInt32], direction: TextDirection? = nil) -> ShapedLine {
        let base = direction ?? Bidi.paragraphDirection(scalars[...])
        guard !scalars.isEmpty, pixelSize > 0, pixelSize.isFinite else {
            return ShapedLine(glyphs: [], width: 0, direction: base)
        }
        let dirs = Bidi.resolve(scalars, base: base)
        let fonts = faces(for: scalars)
        // Runs: maximal ranges of one direction and one font.
        var runs: [Range<Int>] = []
        var start = 0
        for i in 1...scalars.count where i == scalars.count || dirs[i] != dirs[start] || fonts[i] !== fonts[start] {
            runs.append(start..<i)
            start = i
        }
        let baseLevel = base == .rightToLeft ? 1 : 0
        let levels = runs.map { r -> Int in
            let rtl = dirs[r.lowerBound] == .rightToLeft
            return baseLevel == 0 ? (rtl ? 1 : 0) : (rtl ? 1 : 2)
        }
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(scalars.count)
        var pen = 0.0
        let scale = Int32((pixelSize * 64).rounded())
        for r in Bidi.visualOrder(levels: levels).map({ runs[$0] }) {
            let font = fonts[r.lowerBound]
            guard let buffer = hb_buffer_create() else { continue }
            defer { hb_buffer_destroy(buffer) }
            scalars.withUnsafeBufferPointer { p in
                hb_buffer_add_utf32(buffer, p.baseAddress, Int32(p.count), UInt32(r.lowerBound), Int32(r.count))
            }
            hb_buffer_set_direction(buffer, dirs[r.lowerBound] == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            hb_font_set_scale(font.hbFont, scale, scale)
            hb_shape(font.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
            for g in 0..<Int(count) {
                let info = infos[g], pos = positions[g]
                let cluster = Int(info.cluster)
                glyphs.append(PlacedGlyph(face: font, glyph: info.codepoint,
                                          x: pen + Double(pos.x_offset) / 64, y: Double(pos.y_offset) / 64,
                                          advance: Double(pos.x_advance) / 64, cluster: cluster,
                                          isSpace: cluster < scalars.count && scalars[cluster] == 0x20))
                pen += Double(pos.x_advance) / 64
            }
        }
        return ShapedLine(glyphs: glyphs, width: pen, direction: base)
    }
}
