/// The EXIF orientation tag (0x0112) of a JPEG file: how the stored pixels must be turned
/// to show the picture upright (phone cameras store the sensor's rows and set this).
///
/// Values 1...8 as TIFF 6.0 defines them: 1 upright, 2 mirrored left-right, 3 rotated
/// 180°, 4 mirrored top-bottom, 5 transposed, 6 needs 90° clockwise, 7 transversed,
/// 8 needs 90° anticlockwise.
///
/// Does NOT read any other EXIF tag, thumbnails or XMP; a malformed EXIF block counts as
/// upright (the picture still shows), never as an error.
public enum EXIFOrientation {
    /// The orientation in a JPEG's APP1 Exif segment, 1 when there is none or it is malformed.
    /// Reads only the markers before the first scan (bounded by the data).
    public static func read(jpeg d: [UInt8]) -> Int {
        var p = 2
        while p + 4 <= d.count {
            guard d[p] == 0xFF else { return 1 }
            let marker = d[p + 1]
            if marker == 0xFF { p += 1; continue }                     // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { p += 2; continue }
            if marker == 0xDA || marker == 0xD9 { return 1 }           // scan or end: no Exif before it
            let length = Int(d[p + 2]) << 8 | Int(d[p + 3])
            guard length >= 2, p + 2 + length <= d.count else { return 1 }
            if marker == 0xE1, let o = orientation(in: d, from: p + 4, to: p + 2 + length) { return o }
            p += 2 + length
        }
        return 1
    }

    /// The orientation in one APP1 payload `d[start..<end]`, nil when it is not Exif or has none.
    static func orientation(in d: [UInt8], from start: Int, to end: Int) -> Int? {
        guard end - start >= 14, d[start..<(start + 6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (d[tiff], d[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= tiff, at + 2 <= end else { return nil }
            return little ? Int(d[at]) | Int(d[at + 1]) << 8 : Int(d[at]) << 8 | Int(d[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let entries = u16(tiff + ifd) else { return nil }
        for i in 0..<min(entries, 512) {
            let e = tiff + ifd + 2 + i * 12
            guard let tag = u16(e) else { return nil }
            if tag == 0x0112 {
                guard u16(e + 2) == 3, let v = u16(e + 8), (1...8).contains(v) else { return nil }
                return v
            }
        }
        return nil
    }

    /// True when `orientation` swaps width and height (5...8).
    public static func swapsAxes(_ orientation: Int) -> Bool { (5...8).contains(orientation) }

    /// `image` (as stored) turned upright by `orientation`.
    public static func apply(_ orientation: Int, to image: Image) -> Image {
        guard (2...8).contains(orientation) else { return image }
        let w = image.width, h = image.height
        let swap = swapsAxes(orientation)
        let ow = swap ? h : w, oh = swap ? w : h
        var out = [UInt8](repeating: 0, count: ow * oh * 4)
        image.pixels.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt32.self)
            out.withUnsafeMutableBytes { rawOut in
                let dst = rawOut.bindMemory(to: UInt32.self)
                for oy in 0..<oh {
                    for ox in 0..<ow {
                        let sx: Int, sy: Int
                        switch orientation {
                        case 2: (sx, sy) = (w - 1 - ox, oy)
                        case 3: (sx, sy) = (w - 1 - ox, h - 1 - oy)
                        case 4: (sx, sy) = (ox, h - 1 - oy)
                        case 5: (sx, sy) = (oy, ox)
                        case 6: (sx, sy) = (oy, h - 1 - ox)
                        case 7: (sx, sy) = (w - 1 - oy, h - 1 - ox)
                        default: (sx, sy) = (w - 1 - oy, ox)   // 8
                        }
                        dst[oy * ow + ox] = src[sy * w + sx]
                    }
                }
            }
        }
        return Image(width: ow, height: oh, pixels: out)
    }
}
