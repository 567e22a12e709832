import Assets
import Input
import LayerMath
import Layers
import Scene

/// The `shelf` scene kind: a TV home screen. A vertical stack of rows (carousels, focus
/// grids, any other kind) under an optional header, each row with an optional title,
/// that scrolls with the shared `ScrollPhysics` (points mode, 0.4 s ease-in-out
/// programmatic scrolls) so that the focused row stays in view: focus in the first
/// focusable row scrolls to the top (the header shows); otherwise the stack scrolls the
/// least that brings the whole row, plus `scrollInset` above and below, into view.
///
/// Layers: `NAME` (the frame, clipping) > `NAME/content` (moves by the scroll offset) >
/// `NAME/header` (title image), and per row `NAME/row<k>` > `NAME/row<k>/title` and
/// `NAME/row<k>/content` > the row component's own root layer (named by its own name).
/// A row component's `frame` is relative to its row's content area (below the title).
///
/// Does not: route focus or input to focusable rows (the focus engine does, through
/// `FocusScope`); it forwards events, in row coordinates, only to rows that are not
/// focus containers.
public final class Shelf: SceneComponent, FocusScope {
    /// One row of the stack.
    public struct Row {
        /// The row's component (its root layer is inside the row's content layer).
        public let component: SceneComponent
        /// The row's container layer.
        public let layer: Layer
        /// Top of the row in content space, and of its component's area.
        public let top: Double, contentTop: Double
        /// The row's height (title and content).
        public let height: Double
    }

    public let name: String
    public let rootLayer: Layer
    /// The frame in canvas points.
    public let frame: Rect
    /// The layer that scrolls.
    public let content: Layer
    public let rows: [Row]
    /// Total content height, points.
    public let contentHeight: Double
    /// Room kept above and below the focused row, points.
    public let scrollInset: Double
    /// The scroll state (offset in points, 0 = top).
    public private(set) var physics: ScrollPhysics
    /// Where the last focus move asked the stack to scroll.
    public private(set) var scrollTarget = 0.0
    /// The header and row titles (re-rasterised when the target's scale changes).
    public let titles: [TextLayer]
    /// The art behind the rows that follows the focused item (the `backdrop` key).
    var backdrop: ShelfBackdrop? {
        didSet {
            oldValue?.layer.removeFromSuperlayer()
            if let backdrop { rootLayer.insertSublayer(backdrop.layer, at: 0) }
        }
    }

    /// Builds a shelf; `rows` are laid out top to bottom from `firstRowTop`.
    public init(name: String, frame: Rect, header: TextLayer?, headerHeight: Double,
                rows input: [(title: TextLayer?, titleHeight: Double, component: SceneComponent)],
                rowSpacing: Double, scrollInset: Double) {
        self.name = name
        self.frame = frame
        self.scrollInset = scrollInset
        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        rootLayer.masksToBounds = true
        content = Layer(name: "\(name)/content")
        if let header { content.addSublayer(header.layer) }
        titles = (header.map { [$0] } ?? []) + input.compactMap(\.title)
        var y = headerHeight
        var built: [Row] = []
        for (k, r) in input.enumerated() {
            let componentHeight = max(1, r.component.rootLayer.frame.maxY)
            let height = r.titleHeight + componentHeight
            let rowLayer = Layer(name: "\(name)/row\(k)")
            rowLayer.frame = Rect(x: 0, y: y, width: frame.width, height: height)
            if let title = r.title { rowLayer.addSublayer(title.layer) }
            let rowContent = Layer(name: "\(name)/row\(k)/content")
            rowContent.frame = Rect(x: 0, y: r.titleHeight, width: frame.width, height: componentHeight)
            rowContent.addSublayer(r.component.rootLayer)
            rowLayer.addSublayer(rowContent)
            content.addSublayer(rowLayer)
            built.append(Row(component: r.component, layer: rowLayer, top: y, contentTop: y + r.titleHeight, height: height))
            y += height + rowSpacing
        }
        rows = built
        contentHeight = max(frame.height, y - (input.isEmpty ? 0 : rowSpacing) + scrollInset)
        content.frame = Rect(x: 0, y: 0, width: frame.width, height: contentHeight)
        rootLayer.addSublayer(content)
        physics = ScrollPhysics.points(range: 0...max(0, contentHeight - frame.height), viewport: frame.height)
        update(to: 0)
    }

    // MARK: FocusScope

    public var focusContainers: [FocusContainer] { rows.compactMap { $0.component as? FocusContainer } }

    public func canvasOffset(of container: FocusContainer) -> Point {
        guard let row = rows.first(where: { $0.component === container }) else { return frame.origin }
        return Point(frame.minX, frame.minY + row.contentTop - physics.offset)
    }

    public func focusDidMove(to container: FocusContainer, at time: Double) {
        guard let k = rows.firstIndex(where: { $0.component === container }) else { return }
        physics.update(to: time)
        let target = Shelf.scrollTarget(rowTop: rows[k].top, rowBottom: rows[k].top + rows[k].height,
                                        isFirstFocusableRow: k == rows.firstIndex { $0.component is FocusContainer },
                                        current: scrollTarget, viewport: frame.height, inset: scrollInset,
                                        maximum: max(0, contentHeight - frame.height))
        guard target != scrollTarget || physics.offset != target else { return }
        scrollTarget = target
        physics.scroll(toOffset: target)
    }

    /// The offset that shows a row (see the type's rule), clamped to `0...maximum`.
    public static func scrollTarget(rowTop: Double, rowBottom: Double, isFirstFocusableRow: Bool, current: Double,
                                    viewport: Double, inset: Double, maximum: Double) -> Double {
        var t = current
        if isFirstFocusableRow {
            t = 0
        } else {
            if rowBottom + inset > t + viewport { t = rowBottom + inset - viewport }
            if rowTop - inset < t { t = rowTop - inset }
        }
        return min(max(t, 0), maximum)
    }

    // MARK: SceneComponent

    public func handle(_ event: InputEvent, at time: Double) {
        guard time.isFinite else { return }
        for row in rows where !(row.component is FocusContainer) {
            let o = Point(frame.minX, frame.minY + row.contentTop - physics.offset)
            // A point in the shelf's superlayer plane, into the row's (through the shelf's transforms).
            func local(_ p: Point) -> Point {
                row.component.rootLayer.superlayer?.planePoint(p, fromAncestor: rootLayer.superlayer,
                                                                nilWhenTranslated: true) ?? p - o
            }
            switch event {
            case .pointer(let p, let b, let d): row.component.handle(.pointer(local(p), button: b, down: d), at: time)
            case .move(let p): row.component.handle(.move(local(p)), at: time)
            default: row.component.handle(event, at: time)
            }
        }
    }

    /// Titles and rows re-rasterise their text for the target's pixels per point.
    public func setContentsScale(_ scale: Double) {
        for t in titles {
            t.contentsScale = scale
            t.display()
        }
        for row in rows { row.component.setContentsScale(scale) }
    }

    public func update(to time: Double) {
        guard time.isFinite else { return }
        physics.update(to: time)
        content.position = Point(frame.width / 2, contentHeight / 2 - physics.offset)
        for row in rows { row.component.update(to: time) }
        if let backdrop {
            var focused: (row: Int, item: Int)?
            for (k, row) in rows.enumerated() {
                if let c = row.component as? FocusContainer, c.containsFocus { focused = (k, c.focusedItem) }
            }
            backdrop.update(focused: focused, at: time)
        }
    }

    /// `time` while the rows scroll; else the earliest of its rows' and backdrop's times.
    public func nextUpdateTime(after time: Double) -> Double {
        if physics.isAnimating || physics.isDragging { return time }
        var next = backdrop?.nextUpdateTime(after: time) ?? .infinity
        for row in rows where next > time { next = min(next, row.component.nextUpdateTime(after: time)) }
        return max(next, time)
    }

    public var status: String {
        let focused = rows.first { ($0.component as? FocusContainer)?.containsFocus == true }
        return "\(name): " + (focused.map { $0.component.status } ?? "no focus")
    }
}
