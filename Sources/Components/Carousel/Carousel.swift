import Assets
import Input
import LayerMath
import Layers
import Scene

/// The `carousel` scene kind: the seed's 3D rotated flow layout and the iCarousel
/// family, driven by `ScrollPhysics`.
///
/// Layers: the root layer (named `name`, the frame) holds one pooled layer per visible
/// item, named `NAME/item<index>` with `tag` = index (rotatedFlow: exactly the cells
/// UICollectionView displays, those whose untransformed frames intersect the frame;
/// iCarousel: its `numberOfVisibleItems` around the current item). Only visible items
/// get layers, so 100,000 items cost the same per frame as 9. A pooled layer is renamed
/// (and its image looked up or registered lazily) only when it starts showing another
/// item, so a still frame allocates nothing; scrolling allocates one name per item
/// coming into view. Depth order (iCarousel's `m13+m23+m33+m43`, ties by distance from
/// the current item along the scroll axis; rotatedFlow: index order) is applied by
/// reordering the root's sublayers, since a zPosition would move the items along z
/// under their own perspective.
///
/// Input: the arrow keys, the D-pad and the left stick move it through the focus engine
/// only (`moveFocus`: one item per step, counting from the running animation's target;
/// the engine repeats a held direction); Home/End; Return selects the centred item;
/// pointer drags and flicks; clicks centre the item under the pointer (hit-tested
/// through the 3D transforms); wheel.
public final class Carousel: SceneComponent {
    public let name: String
    public let rootLayer: Layer
    /// The frame in canvas points.
    public let frame: Rect
    /// Number of items. A folder still being listed (`FolderListing`) gives a provisional
    /// count first (its items show the placeholder), then the final one.
    public private(set) var count: Int
    /// Layout (type, options, item size). Change the type with `setType(_:)`.
    public private(set) var layout: CarouselLayout
    /// The scroll state.
    public internal(set) var physics: ScrollPhysics
    /// The current layout type.
    public var type: CarouselType { layout.type }
    /// Autoscroll speed in items per second (positive = towards higher indices, unlike
    /// iCarousel's historical sign); 0 = off.
    public var autoscroll: Double
    /// Idle time after an interaction before autoscroll resumes.
    public var autoscrollResumeDelay = 3.0
    /// The item last selected (Return, or a click on the centred item), if any.
    public private(set) var selectedIndex: Int?
    /// The item nearest to the centre.
    public var centredIndex: Int { physics.currentIndex }
    /// iCarousel's physics settings (scene keys `pagingEnabled`, `decelerationRate`,
    /// `bounces`, `bounceDistance`, `scrollDuration`), kept across `setType`.
    public var physicsSettings = CarouselPhysicsSettings() { didSet { physicsSettings.apply(to: &physics) } }
    /// Whether the screen's focus is in this carousel (its centred item lifts only then).
    public internal(set) var containsFocus = true
    /// Whether focus returns to the centred item when it comes back (always: a carousel
    /// keeps its centred item); settable for the protocol.
    public var remembersLastFocusedItem = true
    /// Scale of the centred item while the carousel has focus (`focusedItemScale`; 1:
    /// iCarousel's look, no lift).
    public var focusedItemScale = 1.0
    /// Where index and select events go (set by the scene).
    public weak var eventSink: SceneEventSink?
    /// 0...1: how lifted the centred item is (follows `containsFocus`).
    var lift = Tween(from: 1, to: 1, start: 0, duration: 0)
    /// The item centred when the current drag began (paging).
    var dragStartIndex = 0
    /// When the motion reached the new centred item (the `index` event's time).
    var indexChangeTime: Double?

    // Sources of item images.
    private let images: ImageStore
    private let imageRefs: [ImageRef]
    /// Item images from files, decoded as they come into view (nil: refs or generated posters).
    public private(set) var shelf: PosterShelf?
    /// The frame clips the items only in the rotated flow (the scene set no `clipsToBounds`).
    public var clipFollowsType = false
    /// How item images fit the items (CALayer.contentsGravity).
    public let contentsGravity: ContentsGravity
    /// What an item shows until its image is ready.
    private let placeholder: Color
    /// Seconds an arriving image takes to fade in over the placeholder (tvOS: 0.2 s).
    public static let fadeInDuration = 0.2
    private var fadeLayers: [Layer] = []   // per pooled slot: the image fading in, a sublayer while fading
    private var fadeStart: [Double] = []   // per pooled slot: when its fade began, -inf = none
    private var waiting: [Bool] = []       // per pooled slot: showing the placeholder
    private var revealing: [Bool] = []     // per pooled slot: its image covers its preview, opacity 1
    private var wantedStart = Int.min      // first visible index when the shelf was last told what to decode
    private var browseDirection = 1
    private let posterKey: String
    private let explicitWrap: Bool?

    // The item pool and per-frame scratch (sized once, reused every frame).
    private var pool: [Layer] = []
    private var poolIndex: [Int] = []      // item shown by each pooled layer, -1 = free
    private var covered: [Bool] = []       // visible position already has a layer
    private var drawOrder: [Int] = []      // pooled slots in use, back to front
    private var depthKey: [Double] = []
    private var tieKey: [Double] = []

    // Time and input state.
    var time = 0.0
    private var lastInteraction = -Double.infinity
    private var pointerDown = false
    private var dragging = false
    private var downPoint = Point.zero
    private var wheelAccumulator = 0.0
    private var lastIndex: Int
    /// The scroll offset the items were last laid out at (nan: never).
    private var laidOutOffset = Double.nan
    private var toggleSign = 0.0, toggleStart = 0.0, toggleDuration = 0.4
    private var flattener = Flattener()
    private var hitList = RenderList()
    /// The caption under the centred item (nil without captions).
    private(set) var caption: CarouselCaption?

    /// Distance a pointer must move before a press becomes a drag.
    public static let dragThreshold = 5.0

    /// Creates a carousel of `count` items in `frame` (canvas points). Items show
    /// `imageRefs[i]` when given (then `count` must match), or the image files
    /// `imageFiles[i]` (decoded as they come into view, see `PosterShelf`), else generated
    /// posters registered lazily in `images` as they come into view.
    public init(name: String, frame: Rect, count: Int, type: CarouselType = .rotatedFlow,
                options: CarouselOptions = CarouselOptions(), images: ImageStore, imageRefs: [ImageRef] = [],
                imageFiles: FileList = FileList(), imageListing: FolderListing? = nil,
                contentsGravity: ContentsGravity = .resize,
                startIndex: Int? = nil, wrap: Bool? = nil, autoscroll: Double = 0, cornerRadius: Double = 10,
                background: Color? = nil, clipsToBounds: Bool = true, captions: CarouselCaptions = .none) {
        self.name = name
        self.frame = frame
        self.count = max(0, !imageRefs.isEmpty ? imageRefs.count : !imageFiles.isEmpty ? imageFiles.count : count)
        self.images = images
        self.imageRefs = imageRefs
        self.contentsGravity = contentsGravity
        self.placeholder = background.map { Color($0.r, $0.g, $0.b, 1) } ?? Color(0.22, 0.22, 0.25, 1)
        self.posterKey = "carousel-poster:\(name)#"
        self.explicitWrap = wrap
        self.autoscroll = autoscroll.isFinite ? autoscroll : 0
        layout = CarouselLayout(type: type, options: options, frame: frame.size, count: self.count)
        if (imageFiles.isEmpty && imageListing == nil) || !imageRefs.isEmpty {
            shelf = nil
        } else {
            shelf = PosterShelf(paths: imageFiles, listing: imageListing, store: images,
                                itemPixels: Carousel.itemPixels(layout.itemSize, images), gravity: contentsGravity)
        }
        requestedStart = startIndex
        let start = min(max(startIndex ?? self.count / 2, 0), max(0, self.count - 1))
        provisionalStart = start
        physics = Carousel.physics(for: layout, wrap: wrap ?? type.wrapsByDefault, index: start)
        lastIndex = start
        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        rootLayer.tag = -1
        rootLayer.masksToBounds = clipsToBounds
        if let background { rootLayer.contents = .color(background) }
        itemCornerRadius = max(0, cornerRadius)
        if captions != .none {
            caption = CarouselCaption(name: name, captions: captions, itemSize: layout.itemSize, images: images)
        }
        growPool()
        layoutItems()
    }

    private let itemCornerRadius: Double
    /// The scene's startIndex (nil: the middle item), and the index started at.
    private let requestedStart: Int?
    private let provisionalStart: Int

    /// The complete list of a folder listed on a thread has arrived: the carousel takes its
    /// count. Nothing was shown from the provisional list (placeholders only), so the
    /// start index applies to the complete list when nobody has moved yet; else the
    /// centred index is kept (clamped).
    private func adoptFinalCount(_ n: Int) {
        let untouched = lastInteraction == -.infinity && physics.currentIndex == provisionalStart
        count = n
        layout.count = n
        let index = untouched ? min(max(requestedStart ?? n / 2, 0), max(0, n - 1))
                              : min(max(physics.currentIndex, 0), max(0, n - 1))
        physics = Carousel.physics(for: layout, wrap: explicitWrap ?? layout.type.wrapsByDefault, index: index)
        physicsSettings.apply(to: &physics)
        physics.update(to: time)
        lastIndex = index
        for i in poolIndex.indices { poolIndex[i] = -1 }
        for l in pool { l.tag = -1 }
        wantedStart = Int.min
        growPool()
    }

    /// Scroll physics for a layout: iCarousel's (constant deceleration, 1-item bounce,
    /// snapping in the direction of travel), or for rotatedFlow the seed's
    /// UICollectionView (UIScrollView's 0.998/ms deceleration and rubber band, then the
    /// seed's own rounding of where the release would stop).
    static func physics(for layout: CarouselLayout, wrap: Bool, index: Int) -> ScrollPhysics {
        var p = ScrollPhysics(count: layout.count, itemSize: layout.dragPitch, wrap: wrap, index: index)
        if layout.type == .rotatedFlow {
            p.deceleration = .scrollView
            p.bounce = .rubberBand(constant: 0.55, dimension: max(1e-9, layout.frame.width / layout.dragPitch))
            p.snapRule = layout.flowSnapRule
        }
        return p
    }

    /// An item size in pixels at the store's pixels per point, clamped to a texture's size
    /// (an absurd item size must not trap the conversion).
    static func itemPixels(_ s: Size, _ images: ImageStore) -> (width: Int, height: Int) {
        let k = images.pixelsPerPoint.isFinite ? max(0.1, min(8, images.pixelsPerPoint)) : 1.5
        func pixels(_ points: Double) -> Int {
            let p = points * k
            return p.isFinite ? Int(min(16384, max(1, p)).rounded(.up)) : 1
        }
        return (pixels(s.width), pixels(s.height))
    }

    /// Switches the layout type live, keeping the centred item. Posters from files are
    /// decoded again at the new item size (not stretched from the old one), and the frame
    /// clips only the rotated flow unless the scene said otherwise.
    public func setType(_ newType: CarouselType) {
        let index = centredIndex
        layout.type = newType
        if clipFollowsType { rootLayer.masksToBounds = newType == .rotatedFlow }
        if let old = shelf, !old.isListing {
            let fresh = PosterShelf(paths: old.paths, store: images, itemPixels: Carousel.itemPixels(layout.itemSize, images),
                                    gravity: contentsGravity)
            if fresh.decodeSize != old.decodeSize {
                old.evictAll()
                shelf = fresh
                for l in pool { l.tag = -1 }     // every item shows its poster again
            }
        }
        physics = Carousel.physics(for: layout, wrap: explicitWrap ?? newType.wrapsByDefault, index: index)
        physicsSettings.apply(to: &physics)
        physics.update(to: time)
        lastIndex = index
        toggleSign = 0
        for i in poolIndex.indices { poolIndex[i] = -1 }
        wantedStart = Int.min     // the visible count may differ: tell the shelf again
        growPool()
        layoutItems()
    }

    /// `time` while it scrolls or autoscrolls, lifts, or a poster decodes or fades in;
    /// `.infinity` at rest.
    public func nextUpdateTime(after time: Double) -> Double {
        if physics.isAnimating || physics.isDragging || autoscroll != 0 || !lift.isFinished(at: time) { return time }
        if shelf?.isBusy == true || waiting.contains(true) || fadeStart.contains(where: { $0 > -.infinity }) { return time }
        return .infinity
    }

    /// "item 5 of 9 (rotatedFlow)", plus the selection when there is one.
    public var status: String {
        guard count > 0 else { return "no items (\(type.rawValue))" }
        var s = "item \(centredIndex + 1) of \(count) (\(type.rawValue))"
        if let sel = selectedIndex { s += ", selected \(sel + 1)" }
        return s
    }

    /// Number of pooled item layers (bounded by the visible count, whatever `count` is).
    public var poolSize: Int { pool.count }

    // MARK: Time

    public func update(to newTime: Double) {
        guard newTime.isFinite else { return }
        advance(to: newTime)
        if let shelf {
            shelf.beginFrame()
            if shelf.adoptListing() { adoptFinalCount(shelf.paths.count) }
            shelf.poll()
        }
        layoutItems()
        // Resting items are composited from one image kept from the frame before
        // (Layer.shouldRasterize); while the carousel scrolls every item moves each frame,
        // and an image would only add a pass.
        rootLayer.shouldRasterize = physics.offset == laidOutOffset
        laidOutOffset = physics.offset
    }

    public func setContentsScale(_ scale: Double) {
        caption?.text.contentsScale = scale
        caption?.text.display()
    }

    /// The caption layer under the centred item (nil without captions).
    public var captionLayer: TextLayer? { caption?.text }

    /// Advances physics and autoscroll to `newTime` (no layout).
    /// CoverFlow2 steps a running motion on the absolute 60 Hz grid, like iCarousel's
    /// timer, so its flip starts when the index changes whatever the caller's rate.
    private func advance(to newTime: Double) {
        guard newTime >= time else { return }
        if layout.type == .coverFlow2 && physics.isAnimating {
            var k = (time * 60).rounded(.down) + 1
            var steps = 0
            while k / 60 < newTime && steps < 600 && physics.isAnimating {
                advanceStep(to: k / 60)
                k += 1
                steps += 1
            }
        }
        advanceStep(to: newTime)
    }

    /// One step of `advance(to:)`.
    private func advanceStep(to newTime: Double) {
        let previous = time
        guard newTime >= previous else { return }
        let wasProgrammatic = physics.isAnimating && !physics.isSettlingAfterDrag
        time = newTime
        let indexBefore = physics.currentIndex, physicsBefore = physics
        physics.update(to: newTime)
        if physics.currentIndex != indexBefore {
            indexChangeTime = Carousel.timeReaching(physics.currentIndex, from: physicsBefore, until: newTime)
        }
        if autoscroll != 0 && !pointerDown && !physics.isAnimating && !physics.isDragging {
            // Resume where the offset is: only the time since the resume point counts.
            let from = max(previous, lastInteraction + autoscrollResumeDelay)
            if newTime > from { physics.setOffset(physics.offset + (newTime - from) * autoscroll) }
        }
        updateToggle()
        // iCarousel's transformItemView: while decelerating, scrolling not after a drag,
        // autoscrolling or out of range, CoverFlow2 recomputes the flip per item.
        let n = Double(count)
        flipFollowsItems = wasProgrammatic || (physics.isAnimating && !physics.isSettlingAfterDrag)
            || (autoscroll != 0 && !physics.isDragging)
            || (!physics.wrap && (physics.offset < 0 || physics.offset >= n - 1))
        if flipFollowsItems { toggleSign = 0 }
    }

    /// CoverFlow2: whether the flip is recomputed per item this frame (see
    /// `CarouselLayout.coverFlow2ItemToggle`) instead of following `toggle`.
    /// Two deliberate differences from iCarousel's iOS code: its `_didDrag` stays set
    /// after a slow drag until the next flick, so a later scroll-to would keep the eased
    /// flip; here only the settle that follows a drag does. And iCarousel leaves
    /// `_toggle` at the value of whichever item it transformed last (dictionary order);
    /// here it is cleared, which is what iCarousel ends with at every rest position.
    private var flipFollowsItems = false

    /// CoverFlow2: on an index change the toggle jumps to -/+1 and eases back to 0 in
    /// 0.2...0.4 s (faster for fast scrolls).
    private func updateToggle() {
        let index = physics.currentIndex
        if index != lastIndex {
            var diff = lastIndex - index
            if physics.wrap {
                let n = count
                diff = ((diff % n) + n) % n
                if diff > n / 2 { diff -= n }
            }
            lastIndex = index
            eventSink?.post(SceneEvent(time: indexChangeTime ?? time, kind: .index, component: name, item: index))
            indexChangeTime = nil
            // iCarousel's `_startVelocity`: the pan's velocity in items per second (without
            // the offset multiplier), kept after the release.
            let v = abs(physics.isDragging ? physics.velocity : physics.releaseVelocity) / layout.type.offsetMultiplier
            toggleSign = diff < 0 ? -1 : 1
            toggleStart = time
            toggleDuration = 0.2 + 0.2 * (v > 0 ? min(1, 1 / v) : 1)
        }
    }

    /// CoverFlow2's toggle at the current time.
    public var toggle: Double {
        guard toggleSign != 0 else { return 0 }
        let t = min(1, max(0, (time - toggleStart) / toggleDuration))
        return toggleSign * (1 - cubicEaseInOut(t))
    }

    // MARK: Input

    public func handle(_ event: InputEvent, at eventTime: Double) {
        guard eventTime.isFinite else { return }
        advance(to: eventTime)
        let t = time
        if let (key, down) = event.asKey {
            // Arrow keys never come here: the focus engine moves the focus (`moveFocus`).
            guard down else { return }
            switch key {
            case "Home": interact(); physics.scroll(toItem: 0)
            case "End": interact(); physics.scroll(toItem: count - 1)
            case "Return", "Space": interact(); select(centredIndex)
            default: return
            }
            return
        }
        switch event {
        case .pointer(let p, let button, let down) where button == .left:
            if down {
                guard frame.contains(p), count > 0 else { return }
                interact()
                pointerDown = true
                dragging = false
                downPoint = p
            } else if pointerDown {
                interact()
                pointerDown = false
                if dragging {
                    dragging = false
                    physics.drag(to: axis(p), time: t)
                    if physicsSettings.pagingEnabled {
                        // iCarousel's paging: at most one item from where the drag began.
                        let moved = -physics.relativeOffset(ofItem: dragStartIndex)
                        physics.cancelDrag(time: t)
                        let step = abs(moved) < 0.1 ? 0 : (moved > 0 ? 1 : -1)
                        physics.scroll(toItem: ((dragStartIndex + step) % count + count) % count)
                    } else {
                        physics.endDrag(time: t)
                    }
                } else {
                    click(at: p)
                }
            }
        case .move(let p):
            guard pointerDown, p.isFinite else { return }
            interact()
            if !dragging && p.distance(to: downPoint) > Carousel.dragThreshold {
                dragging = true
                dragStartIndex = physics.currentIndex
                physics.beginDrag(at: axis(downPoint), time: t)
            }
            if dragging { physics.drag(to: axis(p), time: t) }
        case .wheel(let dx, let dy):
            guard dx.isFinite, dy.isFinite, count > 0 else { return }
            interact()
            // One item per wheel unit (a notch); trackpad fractions accumulate. Positive dy
            // (away from the user) goes back, like scrolling content up.
            wheelAccumulator += abs(dx) > abs(dy) ? dx : -dy
            let steps = wheelAccumulator.rounded(.towardZero)
            if steps != 0 {
                wheelAccumulator -= steps
                physics.scroll(byItems: Int(min(max(steps, -3), 3)))
            }
        default:
            return
        }
    }

    func interact() { lastInteraction = time }

    /// Records a selection and reports it.
    private func select(_ index: Int) {
        selectedIndex = index
        eventSink?.post(SceneEvent(time: time, kind: .select, component: name, item: index))
    }

    /// The scroll-axis coordinate of a canvas point.
    private func axis(_ p: Point) -> Double { layout.isVertical ? p.y : p.x }

    /// Centres the item under `p` (front-most through the 3D transforms, `p` in the
    /// superlayer's plane); a click on the centred item selects it.
    private func click(at p: Point) {
        layoutItems()
        guard let hit = flattener.hitTest(rootLayer, at: p, into: &hitList), hit.tag >= 0, hit.tag < count else { return }
        if hit.tag == centredIndex && !physics.isAnimating {
            select(hit.tag)
        } else {
            physics.scroll(toItem: hit.tag)
        }
    }

    // MARK: Layout

    /// Makes the pool as large as the current layout can show (allocates only when the
    /// layout needs more layers: at init and on `setType`).
    private func growPool() {
        // rotatedFlow keeps two spare layers, so the cells that just scrolled out come
        // back without renaming (a key press back and forth allocates nothing).
        let needed = min(count, layout.visibleCount + (layout.type == .rotatedFlow ? 2 : 0))
        let size = layout.itemSize
        while pool.count < needed {
            let l = Layer(name: "\(name)/item", bounds: size)
            l.masksToBounds = true
            l.cornerRadius = itemCornerRadius
            l.contentsGravity = contentsGravity
            l.tag = -1
            pool.append(l)
            poolIndex.append(-1)
            let f = Layer(name: "\(name)/item/image", bounds: size)
            f.masksToBounds = true
            f.cornerRadius = itemCornerRadius
            f.contentsGravity = contentsGravity
            fadeLayers.append(f)
            fadeStart.append(-.infinity)
            waiting.append(false)
            revealing.append(false)
        }
        for l in pool { l.bounds = size }
        for f in fadeLayers {
            f.bounds = size
            f.position = Point(size.width / 2, size.height / 2)
        }
        let capacity = pool.count
        covered.reserveCapacity(capacity)
        drawOrder.reserveCapacity(capacity)
        if depthKey.count < capacity {
            depthKey = [Double](repeating: 0, count: capacity)
            tieKey = [Double](repeating: 0, count: capacity)
        }
    }

    /// The image of item `index`: the scene's PNG, or a poster registered on first use.
    private func image(for index: Int) -> ImageRef {
        if !imageRefs.isEmpty { return imageRefs[index] }
        let px = CarouselPoster.pixelSize(for: layout.itemSize)
        return images.addLazy(key: posterKey + String(index), width: px.width, height: px.height, isOpaque: true) {
            CarouselPoster.paint(index: index, width: px.width, height: px.height)
        }
    }

    /// Assigns pooled layers to the visible items and sets their geometry, opacity and
    /// drawing order. Allocation-free unless an item comes into view.
    private func layoutItems() {
        let n = count
        let m = min(layout.visibleCount, pool.count)
        guard n > 0, m > 0 else {
            rootLayer.removeAllSublayers()
            return
        }
        let wrap = physics.wrap
        // The visible positions: `shown` consecutive items from `start`.
        var start: Int
        var shown = m
        if layout.type == .rotatedFlow {
            // UICollectionView: exactly the cells whose frames intersect the bounds.
            var (lo, hi) = layout.flowDisplayedRange(offset: physics.offset)
            if !wrap { lo = max(0, lo); hi = min(n - 1, hi) }
            start = lo
            shown = max(0, min(m, hi - lo + 1))
        } else {
            start = physics.currentIndex - m / 2
            if !wrap { start = max(0, min(n - m, start)) }
        }

        // Keep layers whose item is still visible; free the others.
        covered.removeAll(keepingCapacity: true)
        for _ in 0..<shown { covered.append(false) }
        for slot in pool.indices where poolIndex[slot] >= 0 {
            var pos = poolIndex[slot] - start
            if wrap { pos = ((pos % n) + n) % n }
            if pos >= 0 && pos < shown && !covered[pos] { covered[pos] = true } else { poolIndex[slot] = -1 }
        }
        // Give free layers to the newly visible items: a free layer that still shows the
        // item if there is one (nothing to rename), else the one whose item is farthest.
        for pos in 0..<shown where !covered[pos] {
            var index = start + pos
            if wrap { index = ((index % n) + n) % n }
            var free = -1
            var farthest = -1.0
            var slot = 0
            while slot < pool.count {
                if poolIndex[slot] < 0 {
                    let tag = pool[slot].tag
                    if tag == index { free = slot; break }
                    let distance = tag >= 0 && tag < n ? abs(physics.relativeOffset(ofItem: tag)) : Double.infinity
                    if distance > farthest { farthest = distance; free = slot }
                }
                slot += 1
            }
            let layer = pool[free]
            poolIndex[free] = index
            if layer.tag != index {
                layer.tag = index
                layer.name = name + "/item" + String(index)
                if shelf != nil {
                    showFileImage(slot: free, index: index)
                } else {
                    layer.contents = .image(image(for: index))
                }
            }
        }
        if let shelf {
            updateFades()
            if start != wantedStart {
                if wantedStart != Int.min, start != wantedStart { browseDirection = start > wantedStart ? 1 : -1 }
                wantedStart = start
                shelf.want(wantedItems(start: start, visible: m), previewing: m)
            }
        }

        // Geometry, alpha, backfaces and depth keys.
        let toggle = layout.type == .coverFlow2 ? self.toggle : 0
        let perItemFlip = layout.type == .coverFlow2 && flipFollowsItems
        let currentOffset = physics.relativeOffset(ofItem: physics.currentIndex)
        let current = layout.tieCoordinate(itemTransform(currentOffset, perItemFlip: perItemFlip, toggle: toggle))
        let liftScale = focusedItemScale == 1 ? 0 : (focusedItemScale - 1) * lift.value(at: time)
        drawOrder.removeAll(keepingCapacity: true)
        for slot in pool.indices {
            let layer = pool[slot]
            let index = poolIndex[slot]
            guard index >= 0 else { layer.isHidden = true; continue }
            let offset = physics.relativeOffset(ofItem: index)
            var t = itemTransform(offset, perItemFlip: perItemFlip, toggle: toggle)
            if liftScale != 0 {
                // The focused (centred) item lifts, fading out as it leaves the centre.
                let s = 1 + liftScale * max(0, 1 - abs(offset))
                t = Transform3D.scale(s, s, 1) * t
            }
            let alpha = layout.alpha(offset: offset)
            layer.position = layout.itemCentre(offset: offset)
            layer.transform = t
            layer.opacity = alpha
            layer.isHidden = !(alpha > 0) || layout.isHidden(t) || !Carousel.isFinite(t)
            if layout.type == .rotatedFlow {
                depthKey[slot] = 0
                tieKey[slot] = offset                     // UICollectionView: index order
            } else {
                depthKey[slot] = CarouselLayout.depth(t)
                tieKey[slot] = -abs(layout.tieCoordinate(t) - current)   // farther from the current item: behind
            }
            drawOrder.append(slot)
        }
        // Insertion sort back to front (short list, stable, in place).
        if drawOrder.count > 1 {
            for i in 1..<drawOrder.count {
                let s = drawOrder[i]
                var j = i - 1
                while j >= 0 && isInFront(drawOrder[j], of: s) {
                    drawOrder[j + 1] = drawOrder[j]
                    j -= 1
                }
                drawOrder[j + 1] = s
            }
        }
        // The caption follows the centred item, drawn over every item.
        if let caption {
            let index = physics.currentIndex
            let offset = physics.relativeOffset(ofItem: index)
            let t = itemTransform(offset, perItemFlip: perItemFlip, toggle: toggle)
            caption.update(index: index, position: layout.itemCentre(offset: offset), transform: t,
                           alpha: Carousel.isFinite(t) ? layout.alpha(offset: offset) : 0, offset: offset)
        }
        // Rebuild the sublayer list only when the order changed.
        var same = rootLayer.sublayers.count == drawOrder.count + (caption == nil ? 0 : 1)
        if same {
            // Index loop: `enumerated()` allocates per element in unoptimised builds.
            var k = 0
            while k < drawOrder.count {
                if rootLayer.sublayers[k] !== pool[drawOrder[k]] { same = false; break }
                k += 1
            }
        }
        if !same {
            rootLayer.removeAllSublayers()
            for slot in drawOrder { rootLayer.addSublayer(pool[slot]) }
            if let caption { rootLayer.addSublayer(caption.text.layer) }
        }
    }

    /// A pooled layer starts showing file item `index`: its image when decoded, else its
    /// preview or the placeholder until the image arrives (then `updateFades` fades it in).
    private func showFileImage(slot: Int, index: Int) {
        let layer = pool[slot]
        fadeLayers[slot].removeFromSuperlayer()
        fadeStart[slot] = -.infinity
        revealing[slot] = false
        if let ref = shelf?.image(for: index) {
            layer.contents = .image(ref)
            waiting[slot] = false
        } else {
            layer.contents = shelf?.preview(for: index).map { .image($0) } ?? .color(placeholder)
            waiting[slot] = true
        }
    }

    /// Marks the shown file images used, starts the fade of those that arrived and
    /// finishes the fades that are over (the image then becomes the item's own contents).
    private func updateFades() {
        guard let shelf else { return }
        for slot in pool.indices {
            let index = poolIndex[slot]
            guard index >= 0 else { continue }
            let ref = shelf.image(for: index)
            if !waiting[slot] && fadeStart[slot] == -.infinity {
                // Shown, or a reused layer that still shows the item: its image may have been
                // evicted (and decoded again) meanwhile.
                if case .image(let shown) = pool[slot].contents, shown.id == ref?.id { continue }
                if let ref {
                    pool[slot].contents = .image(ref)
                } else {
                    pool[slot].contents = .color(placeholder)
                    waiting[slot] = true
                }
                continue
            }
            if waiting[slot] {
                guard let ref else {
                    // The preview replaces the placeholder colour as soon as it arrives.
                    if case .color = pool[slot].contents, let preview = shelf.preview(for: index) {
                        pool[slot].contents = .image(preview)
                    }
                    continue
                }
                // A preview that came with the image is shown first.
                if case .color = pool[slot].contents, let preview = shelf.preview(for: index) {
                    pool[slot].contents = .image(preview)
                }
                waiting[slot] = false
                fadeStart[slot] = time
                let f = fadeLayers[slot]
                f.contents = .image(ref)
                f.name = pool[slot].name + "/image"
                f.tag = index
                // Over a preview (the same picture, blurred) the image covers it at once, no
                // fade: it streams in smallest mip level first, so it sharpens over a few
                // frames anyway, and a 0.2 s fade would draw the item twice in each of its
                // frames (`parallax-bench --fade-cost`). Over the colour it fades in.
                if case .image = pool[slot].contents { revealing[slot] = true } else { revealing[slot] = false }
                f.opacity = revealing[slot] ? 1 : 0
                pool[slot].addSublayer(f)
            }
            guard fadeStart[slot] > -.infinity else { continue }
            if revealing[slot] {
                // The image becomes the item's own contents once the renderer has taken its
                // pixels (its smallest levels are drawable): no frame shows neither.
                guard ref == nil || images.wasHandedOver(ref!) else { continue }
                if let ref { pool[slot].contents = .image(ref) }
                fadeLayers[slot].removeFromSuperlayer()
                fadeStart[slot] = -.infinity
                revealing[slot] = false
                continue
            }
            let progress = (time - fadeStart[slot]) / Carousel.fadeInDuration
            if progress >= 1 || ref == nil {
                // Not before the renderer has the pixels: the item would draw neither the
                // placeholder nor the image for the frames the upload takes.
                if let ref, !images.wasHandedOver(ref) {
                    fadeLayers[slot].opacity = 1
                    continue
                }
                if let ref { pool[slot].contents = .image(ref) }
                fadeLayers[slot].removeFromSuperlayer()
                fadeStart[slot] = -.infinity
            } else {
                fadeLayers[slot].opacity = max(0, progress)
            }
        }
    }

    /// The items to decode, most wanted first: the visible ones from the centre out, then
    /// as many again ahead in the browsing direction, then a few behind.
    func wantedItems(start: Int, visible m: Int) -> [Int] {
        let n = count
        var out: [Int] = []
        out.reserveCapacity(2 * m + 4)
        func add(_ i: Int) {
            var index = i
            if physics.wrap { index = ((index % n) + n) % n } else if index < 0 || index >= n { return }
            if !out.contains(index) { out.append(index) }
        }
        let centre = start + m / 2
        for d in 0...m {
            add(centre + d * browseDirection)
            add(centre - d * browseDirection)
            if out.count >= m { break }
        }
        let ahead = browseDirection > 0 ? start + m : start - 1
        for k in 0..<m { add(ahead + k * browseDirection) }
        let behind = browseDirection > 0 ? start - 1 : start + m
        for k in 0..<2 { add(behind - k * browseDirection) }
        return out
    }

    /// An item's transform, CoverFlow2's flip either per item or from `toggle`.
    private func itemTransform(_ offset: Double, perItemFlip: Bool, toggle: Double) -> Transform3D {
        layout.itemTransform(offset: offset,
                             toggle: perItemFlip ? CarouselLayout.coverFlow2ItemToggle(offset: offset) : toggle)
    }

    /// All sixteen entries finite (`Transform3D.isFinite` goes through a closure, which
    /// may allocate its captured state; this is on the per-frame path).
    private static func isFinite(_ t: Transform3D) -> Bool {
        let rows = (t.m11 + t.m12 + t.m13 + t.m14) - (t.m21 + t.m22 + t.m23 + t.m24)
            + (t.m31 + t.m32 + t.m33 + t.m34) - (t.m41 + t.m42 + t.m43 + t.m44)
        return rows.isFinite    // any NaN or infinity makes the combination non-finite (or overflows: also rejected)
    }

    private func isInFront(_ a: Int, of b: Int) -> Bool {
        depthKey[a] != depthKey[b] ? depthKey[a] > depthKey[b] : tieKey[a] > tieKey[b]
    }
}
