/// Which corners `cornerRadius` rounds (CALayer.maskedCorners, CACornerMask): the others
/// stay square. With +y down, min y is the top.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// kCALayerMinXMinYCorner: top left.
    public static let minXMinY = CornerMask(rawValue: 1)
    /// kCALayerMaxXMinYCorner: top right.
    public static let maxXMinY = CornerMask(rawValue: 2)
    /// kCALayerMinXMaxYCorner: bottom left.
    public static let minXMaxY = CornerMask(rawValue: 4)
    /// kCALayerMaxXMaxYCorner: bottom right.
    public static let maxXMaxY = CornerMask(rawValue: 8)
    /// Every corner (CALayer's default).
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// The corners left square, as the shaders take them (the same bits).
    public var squareBits: Int { ~rawValue & 15 }
}
