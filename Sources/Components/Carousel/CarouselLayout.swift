import LayerMath
import Layers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The carousel layouts: the seed's rotated flow layout (HHCollectionView) and the
/// iCarousel types (iCarousel 1.8.3, iCarousel.m).
public enum CarouselType: String, CaseIterable, Sendable {
    case rotatedFlow
    case linear, rotary, invertedRotary, cylinder, invertedCylinder, wheel, invertedWheel
    case coverFlow, coverFlow2, timeMachine, invertedTimeMachine

    /// iCarousel wraps the circular types by default.
    public var wrapsByDefault: Bool {
        switch self {
        case .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: return true
        default: return false
        }
    }

    /// iCarousel's `offsetMultiplier`: drags move CoverFlow twice as fast.
    public var offsetMultiplier: Double { self == .coverFlow || self == .coverFlow2 ? 2 : 1 }
}

/// iCarousel's type options; nil means the type's default (iCarousel.m).
public struct CarouselOptions: Equatable, Sendable {
    public var spacing: Double?
    public var arc: Double?
    public var radius: Double?
    public var tilt: Double?
    public var fadeMin: Double?
    public var fadeMax: Double?
    public var fadeRange: Double?
    public var fadeMinAlpha: Double?
    public var showBackfaces: Bool?
    public var visibleItems: Int?
    public var vertical = false
    public var viewpointOffset = Point.zero
    /// Item view size in points (default: derived from the frame).
    public var itemSize: Size?
    /// Item width used for spacing (iCarousel `itemWidth`; default: the item view width).
    public var itemWidth: Double?
    /// Perspective distance d (m34 = -1/d): 200 for rotatedFlow, 500 otherwise.
    public var perspective: Double?
    /// Perspective distance as a multiple of `itemWidth` (d = ratio * itemWidth), used
    /// when `perspective` is nil. The seed's ratio is 200 / 187.5 = 16/15 (its 375-pt
    /// phone); at TV sizes this keeps the seed's look where an absolute 200 would
    /// magnify the neighbours (or put their outer edges behind the eye).
    public var perspectiveRatio: Double?
    /// rotatedFlow: angle = distance / (itemWidth * rotationDivisor) * pi.
    public var rotationDivisor = 6.0
    /// Scale of the centred item, fading to 1 at |offset| = 1.
    public var enlargeCentre = 1.0
    public init() {}
}

/// Pure layout math for one carousel type in a frame: where each item goes for a given
/// offset (item index minus scroll offset), its alpha, whether its back face shows, and
/// how many items are visible. No state, no allocation.
public struct CarouselLayout: Equatable, Sendable {
    /// iCarousel's MAX_VISIBLE_ITEMS on iOS.
    public static let maxVisibleItems = 30
    /// The seed's flow layout: section inset and line spacing in points.
    public static let flowInset = 5.0, flowSpacing = 10.0

    public var type: CarouselType
    public var options: CarouselOptions
    /// Frame size in points.
    public var frame: Size
    /// Number of items in the carousel.
    public var count: Int

    public init(type: CarouselType, options: CarouselOptions = CarouselOptions(), frame: Size, count: Int) {
        self.type = type; self.options = options; self.frame = frame; self.count = max(0, count)
    }

    // MARK: Sizes

    /// The item view size: rotatedFlow (W/2, H - 10); iCarousel: `itemSize` or a poster
    /// 0.8 H tall (aspect 0.7, at most 0.4 W wide).
    public var itemSize: Size {
        if type == .rotatedFlow {
            return Size(max(1, frame.width / 2), max(1, frame.height - 2 * CarouselLayout.flowInset))
        }
        if let s = options.itemSize { return s }
        let h = max(1, frame.height * 0.8)
        return Size(max(1, min(h * 0.7, frame.width * 0.4)), h)
    }

    /// iCarousel's `itemWidth`: the item view's extent along the scroll axis, so its
    /// **height** when vertical (`containView:` measures `view.bounds.size.height`);
    /// rotatedFlow: the item width.
    public var itemWidth: Double {
        if type != .rotatedFlow, let w = options.itemWidth, w > 0 { return w }
        return isVertical ? itemSize.height : itemSize.width
    }

    /// Points of drag per item of offset: the flow pitch W/2 + 10, or iCarousel's
    /// itemWidth / offsetMultiplier.
    public var dragPitch: Double {
        type == .rotatedFlow ? itemSize.width + CarouselLayout.flowSpacing : itemWidth / type.offsetMultiplier
    }

    /// Perspective distance (m34 = -1/d): `perspective`, else `perspectiveRatio *
    /// itemWidth`, else 200 for rotatedFlow (the seed) and 500 for iCarousel.
    public var perspective: Double {
        if let d = options.perspective { return d }
        if let r = options.perspectiveRatio {
            let d = r * itemWidth
            if d.isFinite && d > 0 { return d }
        }
        return type == .rotatedFlow ? 200 : 500
    }

    var spacing: Double { options.spacing ?? (type == .coverFlow || type == .coverFlow2 ? 0.25 : 1) }
    var arc: Double { options.arc ?? 2 * Double.pi }
    var tilt: Double {
        options.tilt ?? (type == .coverFlow || type == .coverFlow2 ? 0.9 : 0.3)
    }
    private var extent: Double { isVertical ? frame.height : frame.width }

    /// Whether items run top to bottom (iCarousel's `vertical`; rotatedFlow is always
    /// horizontal, like the seed).
    public var isVertical: Bool { options.vertical && type != .rotatedFlow }

    /// iCarousel's `circularCarouselItemCount`.
    public var circularCount: Int {
        let c = Double.minimum(Double(CarouselLayout.maxVisibleItems),
                               Double.maximum(12, (extent / (spacing * itemWidth)).rounded(.up) * Double.pi))
        return max(1, min(count, Int(c.isFinite ? c : 12)))
    }

    /// iCarousel's `ceil(extent / (itemWidth * spacing))`, at most `maxVisibleItems`: an item
    /// 1e-320 points wide would make the quotient infinite, and `Int` of it would trap.
    static func itemsAcross(_ extent: Double, pitch: Double) -> Int {
        let n = (extent / pitch).rounded(.up)
        guard n > 0 else { return 0 }   // NaN (a zero extent over a zero pitch) too
        return n < Double(maxVisibleItems) ? Int(n) : maxVisibleItems
    }

    /// How many items are laid out around the current one (iCarousel's
    /// `numberOfVisibleItems`; rotatedFlow: those that can reach into the frame).
    public var visibleCount: Int {
        var n: Int
        switch type {
        case .rotatedFlow:
            // At most as many items as an open interval of 2 * flowReach items holds.
            let r = 2 * flowReach
            n = r.isFinite ? Int(min(r.rounded(.up), Double(CarouselLayout.maxVisibleItems))) : 1
            return max(0, min(max(1, n), count))
        case .linear, .coverFlow, .coverFlow2: n = CarouselLayout.itemsAcross(extent, pitch: itemWidth * spacing) + 2
        case .rotary, .cylinder: n = circularCount
        case .invertedRotary, .invertedCylinder: n = Int((Double(circularCount) / 2).rounded(.up))
        case .wheel, .invertedWheel:
            let c = Double(circularCount)
            let radius = options.radius ?? itemWidth * spacing * c / arc
            n = radius - itemWidth / 2 < min(frame.width, frame.height) / 2 ? circularCount : Int((c / 2).rounded(.up)) + 1
        case .timeMachine, .invertedTimeMachine: n = CarouselLayout.maxVisibleItems
        }
        n = min(CarouselLayout.maxVisibleItems, max(0, n))
        if let v = options.visibleItems { n = v }
        return max(0, min(n, count))
    }

    // MARK: rotatedFlow (UICollectionView)

    /// rotatedFlow: UICollectionView displays the cells whose untransformed frames
    /// intersect the visible bounds (`layoutAttributesForElementsInRect:` of the visible
    /// rect). Item `k`'s frame spans `W/2 + (k - offset) * pitch -+ itemWidth/2`, so it
    /// is displayed exactly when `|k - offset| < flowReach = (W + itemWidth) / 2 / pitch`
    /// (frames that only touch the bounds are not displayed).
    public var flowReach: Double { (frame.width + itemSize.width) / 2 / dragPitch }

    /// rotatedFlow: the first and last item displayed at scroll offset `offset`
    /// (unclamped: the caller clamps to its items or wraps); empty when `lo > hi`.
    public func flowDisplayedRange(offset: Double) -> (lo: Int, hi: Int) {
        let r = flowReach
        let lo = (offset - r).rounded(.down) + 1, hi = (offset + r).rounded(.up) - 1
        let bound = 4e15
        guard lo.isFinite, hi.isFinite else { return (0, -1) }
        return (Int(min(max(lo, -bound), bound)), Int(min(max(hi, -bound), bound)))
    }

    /// rotatedFlow: the seed's snap rule in offset units. The seed snaps to
    /// `(NSInteger)(contentOffset.x / pitch + 1)`; item `s` centred means
    /// `contentOffset.x = 5 + s * pitch - W/4`, so the item is `Int(s + bias)` with
    /// `bias = 1 + (5 - W/4) / pitch`. Its content inset `(int)(W/4) + 5` lets the
    /// offset glide `slack = (10 + (int)(W/4) - W/4) / pitch` items past either end.
    public var flowSnapRule: ScrollPhysics.SnapRule {
        let w = frame.width, pitch = dragPitch
        let bias = 1 + (CarouselLayout.flowInset - w / 4) / pitch
        let slack = (2 * CarouselLayout.flowInset + (w / 4).rounded(.towardZero) - w / 4) / pitch
        return .truncated(bias: bias, slack: max(0, slack))
    }

    // MARK: Per item

    /// The centre of an item (frame coordinates) before its transform: rotatedFlow
    /// places item centres a pitch apart; iCarousel puts every item at the frame centre
    /// and moves it with its transform.
    public func itemCentre(offset: Double) -> Point {
        if type == .rotatedFlow { return Point(frame.width / 2 + offset * dragPitch, frame.height / 2) }
        return Point(frame.width / 2, frame.height / 2)
    }

    /// The item transform (about the item's centre) for `offset` = index - scrollOffset.
    /// `toggle` is CoverFlow2's flip state in -1...1.
    public func itemTransform(offset: Double, toggle: Double = 0) -> Transform3D {
        var t = baseTransform(offset: offset, toggle: toggle)
        let e = options.enlargeCentre
        if e != 1 {
            let s = 1 + (e - 1) * max(0, 1 - abs(offset))
            t = t.scaled(s, s, 1)
        }
        return t
    }

    private func baseTransform(offset: Double, toggle: Double) -> Transform3D {
        let w = itemWidth
        if type == .rotatedFlow {
            // HHCollectionView: distance = midX(visible) - centre.x = -offset * pitch.
            let angle = -offset * dragPitch / (itemSize.width * options.rotationDivisor) * Double.pi
            return Transform3D.rotation(angle, 0, 1, 0).perspected(distance: perspective)
        }
        var base = Transform3D.perspective(perspective)
        base = base.translated(-options.viewpointOffset.x, -options.viewpointOffset.y, 0)
        let vertical = isVertical
        switch type {
        case .rotatedFlow:
            return base
        case .linear:
            let d = offset * w * spacing
            return vertical ? base.translated(0, d, 0) : base.translated(d, 0, 0)
        case .rotary, .invertedRotary:
            let n = Double(circularCount)
            var radius = options.radius ?? max(w * spacing / 2, w * spacing / 2 / tan(arc / 2 / n))
            var angle = offset / n * arc
            if type == .invertedRotary { radius = -radius; angle = -angle }
            let a = radius * sin(angle), z = radius * cos(angle) - radius
            return vertical ? base.translated(0, a, z) : base.translated(a, 0, z)
        case .cylinder, .invertedCylinder:
            let n = Double(circularCount)
            var radius = options.radius ?? max(0.01, w * spacing / 2 / tan(arc / 2 / n))
            var angle = offset / n * arc
            if type == .invertedCylinder { radius = -radius; angle = -angle }
            var t = base.translated(0, 0, -radius)
            t = vertical ? t.rotated(angle, -1, 0, 0) : t.rotated(angle, 0, 1, 0)
            return t.translated(0, 0, radius + 0.01)
        case .wheel, .invertedWheel:
            let n = Double(circularCount)
            var radius = options.radius ?? w * spacing * n / arc
            var angle = arc / n
            if type == .invertedWheel { radius = -radius; angle = -angle }
            if vertical {
                return base.translated(-radius, 0, 0).rotated(angle * offset, 0, 0, 1).translated(radius, 0, offset * 0.01)
            }
            return base.translated(0, radius, 0).rotated(angle * offset, 0, 0, 1).translated(0, -radius, offset * 0.01)
        case .coverFlow, .coverFlow2:
            let c = type == .coverFlow2 ? coverFlow2Clamp(offset: offset, toggle: toggle) : min(max(offset, -1), 1)
            let x = (c * 0.5 * tilt + offset * spacing) * w
            let z = abs(c) * (-w * 0.5)
            if vertical { return base.translated(0, x, z).rotated(-c * Double.pi / 2 * tilt, -1, 0, 0) }
            return base.translated(x, 0, z).rotated(-c * Double.pi / 2 * tilt, 0, 1, 0)
        case .timeMachine, .invertedTimeMachine:
            var tilt = self.tilt, offset = offset
            if type == .invertedTimeMachine { tilt = -tilt; offset = -offset }
            let a = offset * w * tilt, z = offset * w * spacing
            return vertical ? base.translated(0, a, z) : base.translated(a, 0, z)
        }
    }

    /// CoverFlow2's clamped offset: the centre cover snaps flat as the index changes,
    /// with `toggle` easing the flip (iCarousel.m's transformForItemViewWithOffset).
    public func coverFlow2Clamp(offset: Double, toggle: Double) -> Double {
        if toggle > 0 {
            if offset <= -0.5 { return -1 }
            if offset <= 0.5 { return -toggle }
            if offset <= 1.5 { return 1 - toggle }
            return 1
        } else {
            if offset > 0.5 { return 1 }
            if offset > -0.5 { return -toggle }
            if offset > -1.5 { return -1 - toggle }
            return -1
        }
    }

    /// CoverFlow2's flip recomputed for one item, as iCarousel's `transformItemView:`
    /// does while decelerating, during a scroll not started by a drag, while
    /// autoscrolling or out of range: with it `coverFlow2Clamp` gives
    /// `clamp(offset, -1, 1)`, so CoverFlow2 then looks exactly like CoverFlow.
    public static func coverFlow2ItemToggle(offset: Double) -> Double {
        let clamped = max(-1, min(1, offset))
        if offset > 0 { return offset <= 0.5 ? -clamped : 1 - clamped }
        return offset > -0.5 ? -clamped : -1 - clamped
    }

    /// iCarousel's fade: `1 - min(factor, fadeRange) / fadeRange * (1 - fadeMinAlpha)`,
    /// the factor being how far the offset is outside `fadeMin...fadeMax`.
    public func alpha(offset: Double) -> Double {
        let fadeMin = options.fadeMin ?? (type == .invertedTimeMachine ? 0 : -Double.infinity)
        let fadeMax = options.fadeMax ?? (type == .timeMachine ? 0 : Double.infinity)
        let range = options.fadeRange ?? 1
        let minAlpha = options.fadeMinAlpha ?? 0
        var factor = 0.0
        if offset > fadeMax { factor = offset - fadeMax } else if offset < fadeMin { factor = fadeMin - offset }
        guard range > 0 else { return factor > 0 ? minAlpha : 1 }
        return 1 - min(factor, range) / range * (1 - minAlpha)
    }

    /// Whether back faces show (iCarousel: yes, except InvertedCylinder).
    public var showBackfaces: Bool { options.showBackfaces ?? (type != .invertedCylinder) }

    /// iCarousel hides an item when back faces are off and `m33 <= 0`.
    public func isHidden(_ t: Transform3D) -> Bool { !showBackfaces && t.m33 <= 0 }

    /// iCarousel's depth key `m13 + m23 + m33 + m43` (larger = in front).
    public static func depth(_ t: Transform3D) -> Double { t.m13 + t.m23 + t.m33 + t.m43 }

    /// iCarousel's depth-sort tie-breaker coordinate (`compareViewDepth`): on equal
    /// depths the item farther from the current item along the scroll axis goes behind,
    /// measured by `m11 + m21 + m31 + m41` (x), or `m12 + m22 + m32 + m42` (y) when vertical.
    public func tieCoordinate(_ t: Transform3D) -> Double {
        isVertical ? t.m12 + t.m22 + t.m32 + t.m42 : t.m11 + t.m21 + t.m31 + t.m41
    }
}
