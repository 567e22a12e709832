#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayerMath

/// The curve of a layer's rounded corners (CALayer.cornerCurve).
///
/// `circular`: a quarter circle of radius `cornerRadius`. `continuous`: Apple documents no
/// formula; this renderer approximates its smooth corner by a quarter superellipse
/// |x/s|^3 + |y/s|^3 = 1 whose extent s along each edge is 1.528665 x the radius (the length
/// measured for iOS's continuous corner). With an exponent above 2 the curvature falls to 0
/// where the corner meets its edges, as Apple's does; at 45 degrees it lies s (1 - 2^(-1/3))
/// = 0.3154 r from both edges, inside the circle's (1 - 1/sqrt(2)) r = 0.2929 r.
public enum CornerCurve: String, Sendable, CaseIterable {
    case circular, continuous

    /// The exponent of the superellipse (2: the circle).
    package var exponent: Double { self == .circular ? 2 : 3 }

    /// How far along each edge a corner of `radius` reaches, at most `limit` (half the
    /// shorter side).
    package func extent(radius: Double, limit: Double) -> Double {
        let r = max(0, radius)
        return min(self == .circular ? r : r * CornerCurve.continuousExtent, max(0, limit))
    }

    /// The continuous corner's extent along each edge, in radii.
    package static let continuousExtent = 1.528665

    /// Distance from each edge of the corner's point at 45 degrees, for an extent `s`.
    package func diagonalInset(extent s: Double) -> Double {
        s * (1 - pow(2, -1 / exponent))
    }
}

extension Flattener {
    /// The reach of the layer's drawn corners along the edges of a `size` shape: its radius
    /// for circular corners (the shaders clamp it), the continuous extent at most half the
    /// shorter side.
    func cornerExtent(_ layer: Layer, _ drawn: LayerPresentation, _ size: Size) -> Double {
        guard layer.cornerCurve == .continuous else { return drawn.cornerRadius }
        return layer.cornerCurve.extent(radius: drawn.cornerRadius, limit: min(size.width, size.height) / 2)
    }
}
