import Assets
import Images
import Input
import JSON
import LayerMath
import Layers
import Scene

/// Seed 003's scroll-view parallax header, scene kind `scrollHeader`: a list scrolling
/// over a header image that leaves at half speed and fades, stretches when the list is
/// pulled down past the top, and a navigation bar that fades in as the header leaves.
///
/// Geometry (component space, origin at the top-left of `frame`, width W): the header
/// `NAME/header` has the seed's frame (0, -150, W, 300) with anchorPoint (0.5, 0), i.e.
/// position (W/2, 0); the list has a top content inset of `headerHeight`, so the
/// content offset y rests at -headerHeight and row i's top is at `i * rowHeight - y`.
/// Rows `NAME/row<i>` are drawn over the header from a pool of layers covering the
/// viewport; `NAME/navbar` (64 pt) is on top. The root layer `NAME` clips to `frame`.
/// The header's transform and alpha follow `HeaderParallax` exactly.
///
/// Input: a left-button drag scrolls with `ScrollPhysics` (UIScrollView deceleration and
/// rubber band); the wheel moves by -dy points (+dy, away from the user, goes toward
/// the top); Up/Down 40 pt, PageUp/PageDown one viewport, Home/End to the ends
/// (animated, presses add up from the running target).
///
/// Scene keys: `frame [x,y,w,h]` (default: the canvas), `headerHeight` (300),
/// `rowHeight` (44), `rowCount` (40), `navBarHeight` (64), `title`, `image` (PNG for the
/// header; a generated landscape otherwise).
public final class ScrollHeader: SceneComponent {
    public let name: String
    /// The clipping viewport layer.
    public let rootLayer: Layer
    /// Height of the header image and of the list's top content inset.
    public let headerHeight: Double
    /// Height of one row.
    public let rowHeight: Double
    /// Number of rows in the list.
    public let rowCount: Int
    /// Points per Up/Down key press.
    public var lineStep = 40.0

    /// The list's content offset y (seed 003's `contentOffset.y`). Setting it jumps
    /// there and stops any motion; a value outside the scroll range (an overscroll such
    /// as -450) is held as set, like assigning UIScrollView.contentOffset, until the next
    /// input event.
    public var contentOffsetY: Double {
        get { offsetY }
        set {
            guard newValue.isFinite else { return }
            physics.setOffset(newValue)
            offsetY = newValue
            held = physics.offset != newValue
            applyState()
        }
    }

    /// The seed's parallax values at the current offset.
    public var parallax: HeaderParallax { HeaderParallax(offsetY: offsetY, headerHeight: headerHeight) }

    /// The scroll range of `contentOffsetY`: `-headerHeight` up to the end of the rows.
    public var offsetRange: ClosedRange<Double> { physics.minOffset...physics.maxOffset }

    /// The header image layer.
    public let headerLayer: Layer
    /// The navigation bar layer.
    public let navigationBar: Layer

    private var physics: ScrollPhysics
    private var offsetY: Double
    private var held = false
    private var dragging = false
    private var keyTarget: Double?
    private let viewport: Size
    private var rowLayers: [Layer] = []
    private let rowNames: [String]
    private var rowImages: [ImageRef]
    // For re-painting the rows and the bar at the target's pixel size (text stays crisp).
    private let images: ImageStore
    private let title: String

    /// Builds the list in `frame`; row images (and the header, without `headerImage`)
    /// are painted lazily into `images`.
    public init(name: String, frame: Rect, images: ImageStore, headerImage: ImageRef? = nil,
                headerHeight: Double = 300, rowHeight: Double = 44, rowCount: Int = 40,
                navBarHeight: Double = 64, title: String = "PARALLAX") {
        self.name = name
        self.headerHeight = headerHeight
        self.rowHeight = rowHeight
        self.rowCount = max(0, rowCount)
        self.images = images
        self.title = title
        viewport = frame.size
        let maxOffset = max(-headerHeight, Double(self.rowCount) * rowHeight - frame.height)
        physics = .points(range: -headerHeight...maxOffset, viewport: frame.height, offset: -headerHeight)
        offsetY = -headerHeight

        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        rootLayer.masksToBounds = true
        rootLayer.contents = .color(Color(0.95, 0.95, 0.96, 1))

        headerLayer = Layer(name: "\(name)/header")
        headerLayer.frame = Rect(x: 0, y: -headerHeight / 2, width: frame.width, height: headerHeight)
        // UIKit keeps the position when the anchor changes: the frame moves down by h/2.
        headerLayer.anchorPoint = Point(0.5, 0)
        headerLayer.contents = .image(headerImage ?? ScrollHeader.landscape(frame.width, headerHeight, images))
        headerLayer.contentsGravity = .resizeAspectFill
        rootLayer.addSublayer(headerLayer)

        let width = frame.width
        rowNames = (0..<self.rowCount).map { "\(name)/row\($0)" }
        rowImages = (0..<self.rowCount).map { ScrollHeader.rowImage($0, width: width, height: rowHeight, images) }
        let slots = min(self.rowCount, Int((frame.height / rowHeight).rounded(.up)) + 1)
        for _ in 0..<slots {
            let row = Layer(name: "\(name)/row", bounds: Size(width, rowHeight))
            row.isHidden = true
            rootLayer.addSublayer(row)
            rowLayers.append(row)
        }

        navigationBar = Layer(name: "\(name)/navbar")
        navigationBar.frame = Rect(x: 0, y: 0, width: width, height: navBarHeight)
        navigationBar.contents = .image(ScrollHeader.navBarImage(title, width: width, height: navBarHeight, images))
        rootLayer.addSublayer(navigationBar)
        applyState()
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard time.isFinite else { return }   // a NaN or infinite time is ignored
        if let key = event.asKey {
            guard key.down else { return }
            let page = viewport.height
            switch key.name {
            case "Up": scrollByKey(-lineStep, at: time)
            case "Down": scrollByKey(lineStep, at: time)
            case "PageUp": scrollByKey(-page, at: time)
            case "PageDown": scrollByKey(page, at: time)
            case "Home": scrollByKey(-.infinity, at: time)
            case "End": scrollByKey(.infinity, at: time)
            default: return
            }
            return
        }
        switch event {
        case .pointer(let p, button: .left, down: true):
            guard rootLayer.frame.contains(p) else { return }
            release()
            physics.beginDrag(at: p.y, time: time)
            dragging = true
            keyTarget = nil
        case .move(let p):
            guard dragging else { return }
            physics.drag(to: p.y, time: time)
        case .pointer(let p, button: .left, down: false):
            guard dragging else { return }
            physics.drag(to: p.y, time: time)
            physics.endDrag(time: time)
            dragging = false
        case .wheel(_, let dy):
            guard !dragging else { return }
            release()
            physics.update(to: time)
            keyTarget = nil
            physics.setOffset(physics.offset - dy)
        default:
            return
        }
        held = false
        offsetY = physics.offset
    }

    /// Animates by `delta` points from the running key target (or the offset), clamped.
    private func scrollByKey(_ delta: Double, at time: Double) {
        guard !dragging else { return }
        release()
        physics.update(to: time)
        let base = physics.isAnimating ? (keyTarget ?? physics.offset) : physics.offset
        let target = min(max(base + delta, physics.minOffset), physics.maxOffset)
        keyTarget = target
        physics.scroll(toOffset: target)
        held = false
    }

    /// Drops a held out-of-range offset in favour of the physics' (clamped) one.
    private func release() {
        if held { held = false; offsetY = physics.offset }
    }

    public func update(to time: Double) {
        guard time.isFinite else { return }
        physics.update(to: time)
        if !held { offsetY = physics.offset }
        applyState()
    }

    /// Writes the offset into the layers: header transform and alphas, the row pool.
    private func applyState() {
        let fx = HeaderParallax(offsetY: offsetY, headerHeight: headerHeight)
        headerLayer.transform = fx.transform.transform3D
        headerLayer.opacity = fx.drawnImageAlpha
        navigationBar.opacity = min(max(fx.navigationBarAlpha, 0), 1)
        // Clamped before the Int conversion: an extreme offset must not trap.
        let row = (offsetY / rowHeight).rounded(.down)
        let first = row.isFinite ? Int(min(max(row, 0), Double(rowCount))) : 0
        for (slot, layer) in rowLayers.enumerated() {
            let i = first + slot
            let top = Double(i) * rowHeight - offsetY
            guard i < rowCount, top < viewport.height, top + rowHeight > 0 else {
                layer.isHidden = true
                continue
            }
            layer.isHidden = false
            layer.name = rowNames[i]
            layer.tag = i
            layer.contents = .image(rowImages[i])
            layer.position = Point(viewport.width / 2, top + rowHeight / 2)
        }
    }

    /// `time` while the content scrolls, `.infinity` at rest.
    public func nextUpdateTime(after time: Double) -> Double {
        physics.isAnimating || physics.isDragging ? time : .infinity
    }

    public var status: String { "\(name): offset \(Int(offsetY.rounded()))" }

    /// Re-paints the rows and the navigation bar (their text) at `scale` pixels per point.
    public func setContentsScale(_ scale: Double) {
        let width = viewport.width
        rowImages = (0..<rowCount).map { ScrollHeader.rowImage($0, width: width, height: rowHeight, images, scale: scale) }
        navigationBar.contents = .image(ScrollHeader.navBarImage(title, width: width, height: navigationBar.bounds.height,
                                                                 images, scale: scale))
        applyState()
    }

    // MARK: - Generated images

    /// A generated header: sky gradient, sun and hills.
    static func landscape(_ width: Double, _ height: Double, _ images: ImageStore) -> ImageRef {
        let w = max(Int(width.rounded()), 8), h = max(Int(height.rounded()), 8)
        return images.addLazy(key: "scrollHeader/landscape/\(w)x\(h)", width: w, height: h, isOpaque: true) {
            var p = Painter(width: w, height: h)
            let W = Double(w), H = Double(h)
            p.verticalGradient(Rect(x: 0, y: 0, width: W, height: H), top: Color(0.2, 0.45, 0.85), bottom: Color(0.95, 0.7, 0.45))
            p.ellipse(Rect(x: W * 0.65, y: H * 0.2, width: H * 0.3, height: H * 0.3), Color(1, 0.9, 0.5))
            p.ellipse(Rect(x: -W * 0.2, y: H * 0.6, width: W * 0.9, height: H * 0.8), Color(0.25, 0.5, 0.3))
            p.ellipse(Rect(x: W * 0.35, y: H * 0.7, width: W * 0.9, height: H * 0.7), Color(0.2, 0.42, 0.25))
            return p.image()
        }
    }

    /// Row `i`: alternating background, "Row i" text and a hairline separator.
    static func rowImage(_ i: Int, width: Double, height: Double, _ images: ImageStore, scale: Double = 1) -> ImageRef {
        let k = scale.isFinite && scale > 0 ? min(scale, 8) : 1
        let w = max(Int((width * k).rounded()), 8), h = max(Int((height * k).rounded()), 4)
        return images.addLazy(key: "scrollHeader/row\(i)/\(w)x\(h)", width: w, height: h, isOpaque: true) {
            var p = Painter(width: w, height: h)
            let W = Double(w), H = Double(h)
            p.clear(i % 2 == 0 ? Color(1, 1, 1) : Color(0.92, 0.93, 0.95))
            let hairline = max(1, k.rounded())
            p.fill(Rect(x: 0, y: H - hairline, width: W, height: hairline)) { _, _ in (Color(0.8, 0.8, 0.82), 1) }
            p.text("Row \(i)", at: Point((16 * k).rounded(), H / 2), alignment: .left, size: max(6, (H * 0.38).rounded()),
                   Color(0.15, 0.15, 0.2))
            return p.image()
        }
    }

    /// The navigation bar: a light bar with a centred title.
    static func navBarImage(_ title: String, width: Double, height: Double, _ images: ImageStore,
                            scale: Double = 1) -> ImageRef {
        let k = scale.isFinite && scale > 0 ? min(scale, 8) : 1
        let w = max(Int((width * k).rounded()), 8), h = max(Int((height * k).rounded()), 8)
        return images.addLazy(key: "scrollHeader/navbar/\(title)/\(w)x\(h)", width: w, height: h, isOpaque: true) {
            var p = Painter(width: w, height: h)
            let W = Double(w), H = Double(h)
            p.clear(Color(0.97, 0.97, 0.98))
            let hairline = max(1, k.rounded())
            p.fill(Rect(x: 0, y: H - hairline, width: W, height: hairline)) { _, _ in (Color(0.75, 0.75, 0.78), 1) }
            p.text(title, at: Point(W / 2, H * 0.6), font: "DejaVu Sans Bold", size: max(6, (H * 0.3).rounded()),
                   Color(0.1, 0.1, 0.15))
            return p.image()
        }
    }
}
