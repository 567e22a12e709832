/// Decoded pixels: premultiplied RGBA8, rows top-down, tightly packed
/// (`pixels.count == width * height * 4`).
///
/// What this module does NOT do: no GL, no layer knowledge; it turns files into these
/// values and back.
public struct Image: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Premultiplied RGBA8, top row first.
    public var pixels: [UInt8]

    /// Creates an image from premultiplied RGBA8 pixels (top row first).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "pixel count mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A transparent image of the given size.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        var i = 3
        while i < pixels.count { if pixels[i] != 255 { return false }; i += 4 }
        return true
    }

    /// The premultiplied RGBA of pixel (x, y), (0, 0) at the top left.
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
