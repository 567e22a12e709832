/// One decoded picture as 4:2:0 planes, limited range: `y` is `width x height`; `planar`:
/// `u` and `v` are `chromaWidth x chromaHeight` (half size, rounded up); `nv12` (a hardware
/// decoder's frames): `u` holds Cb, Cr pairs, `chromaWidth * 2` bytes a row, `v` is empty.
/// Rows packed.
public struct VideoFrame: Sendable {
    /// How the chroma is stored.
    public enum Layout: Sendable { case planar, nv12 }
    /// The Y'CbCr to RGB matrix (ITU-R BT.601 or BT.709).
    public enum Matrix: Sendable { case bt601, bt709 }

    /// When it shows, in seconds from the start of the video (plus whole loops when played
    /// by a `VideoPlayer`).
    public var time: Double
    public var width: Int, height: Int
    public var y: [UInt8], u: [UInt8], v: [UInt8]
    public var layout = Layout.planar
    public var matrix = Matrix.bt601

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }
}

/// A video that cannot be played, in one line (the poster stays).
public struct VideoError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The containers recognised by their first bytes.
public enum VideoContainer: String, Sendable {
    /// ISO base media (MP4, MOV, M4V): "ftyp" at offset 4.
    case mp4
    /// Matroska and WebM: the EBML magic 1A 45 DF A3.
    case matroska

    /// The container of a file starting with `bytes`, nil when it is none of these.
    public init?(signature bytes: [UInt8]) {
        if bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) { self = .mp4; return }
        if bytes.count >= 4, bytes[0..<4].elementsEqual([0x1A, 0x45, 0xDF, 0xA3]) { self = .matroska; return }
        return nil
    }
}
