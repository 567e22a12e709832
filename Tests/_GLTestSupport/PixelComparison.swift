import Images

/// The largest difference in any channel between two pixel buffers of one size.
public func largestChannelDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var worst = 0
    for k in a.indices where a[k] != b[k] { worst = max(worst, abs(Int(a[k]) - Int(b[k]))) }
    return worst
}

extension Image {
    /// The largest difference in any channel of any pixel from `other`; 255 when the sizes differ.
    public func largestChannelDifference(to other: Image) -> Int {
        guard width == other.width, height == other.height else { return 255 }
        return _GLTestSupport.largestChannelDifference(pixels, other.pixels)
    }
}
