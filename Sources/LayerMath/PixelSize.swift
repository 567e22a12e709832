// A size in whole pixels: a target's, a window's drawable, a render limit. The typed form
// of a (width, height) pair at the API's boundaries.
//
// Does NOT: say which pixels (a window's points are a `Size`), or clamp anything.

/// A width and a height in whole pixels.
public struct PixelSize: Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    @inlinable public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
