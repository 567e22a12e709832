import Assets
import Input
import LayerMath
import Layers
import Scene
import Typography

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A horizontal row of focusable poster cards, as tvOS and Google TV draw them: left
/// aligned (card i at `x + i * (w + spacing)`), scrolled by the least amount that keeps the
/// focused card plus `scrollInset` on each side inside the frame (0.4 s ease-in-out; offset
/// 0 at item 0, never past the last card plus the inset), each card a parallax card made
/// from its poster (or from a layered `.imagestack` / `.lsr`) with the focus effect of
/// `focusGrid` (lift, tilt from the pointer / right stick / remote, glare, shadow, idle
/// sway), and its title under it (the focused card's, all, or none).
///
/// Cards are pooled: only those inside the frame exist as layers, so a row of 30,000 items
/// costs what a row of ten does. Posters from files stream as a carousel's do
/// (`PosterShelf`: decoded at the size shown off the frame loop, placeholder then fade-in);
/// without background decoding (headless renders) each decodes on first use, so a frame
/// is the same every time.
///
/// Does not: wrap (Right at the last card lets focus leave), or scroll vertically.
public final class CardRow: SceneComponent {
    /// Which titles show.
    public enum Titles: String, CaseIterable, Sendable { case focused, all, none }

    /// Layout and behaviour a scene file can set.
    public struct Configuration: Equatable, Sendable {
        /// The row's area (cards are laid out from its left edge), in the superlayer's space.
        public var frame: Rect
        public var itemSize = Size(240, 360)
        public var spacing = 40.0
        /// Room kept on each side of the focused card (nil: `spacing`).
        public var scrollInset: Double?
        public var gravity = ContentsGravity.resizeAspectFill
        public var titles = Titles.focused
        public var cornerRadius = 8.0
        public var startIndex = 0
        public var effect = FocusEffect()
        public init(frame: Rect) { self.frame = frame }
    }

    /// Seconds of a scroll, and the lift and press figures (those of `FocusGrid`).
    public static let scrollDuration = 0.4
    /// Most cards a row's frame may hold across (each is layers and a decode).
    public static let maxCardsAcross = 256
    /// Gap between a card's bottom edge and its title, points.
    public static let titleGap = 10.0

    public let name: String
    public let configuration: Configuration
    public let rootLayer: Layer
    public let catalogue: CardCatalogue
    /// The focused card.
    public internal(set) var focusedIndex: Int
    /// Whether the screen's focus is in this row.
    public internal(set) var containsFocus = true
    public var remembersLastFocusedItem = true
    public weak var eventSink: SceneEventSink?
    /// The scroll: offset in points (0: card 0 at the frame's left edge), animated to `scrollTarget`.
    public private(set) var scroll = Tween(from: 0, to: 0, start: 0, duration: 0)
    public var scrollTarget: Double { scroll.to }
    /// Posters from files, decoded as they come into view.
    public let shelf: PosterShelf?

    let tiltGeometry: ParallaxGeometry
    var slots: [CardSlot] = []
    private let images: ImageStore
    private let layered: [Int: [ImageRef]]
    private let spotlight: ImageRef
    private let placeholder = Color(0.2, 0.21, 0.25, 1)
    private let titleStyle: TextStyle
    private var time = 0.0
    private var shownRange = 0..<0
    private var browseDirection = 1
    /// The focused card's video preview (rows whose items name a `preview`).
    var preview: CardPreview?
    var isPressed = false, pressStart = 0.0, longPressFired = false
    /// When the focused card last changed, or focus came or went.
    var focusTime = 0.0
    var lastInput = 0.0
    var idleOut = Tween(from: 0, to: 0, start: 0, duration: 0)
    /// The pointer, the right stick and the remote's touch surface and gyroscope.
    var cardInput = CardInput()

    /// Points from one card's left edge to the next one's.
    public var pitch: Double { configuration.itemSize.width + configuration.spacing }
    /// Room kept on each side of the focused card.
    public var scrollInset: Double { configuration.scrollInset ?? configuration.spacing }
    public var count: Int { catalogue.count }

    /// - Parameters:
    ///   - layered: the image layers of items whose poster is a layered image, bottom first.
    public init(name: String, configuration c: Configuration, catalogue: CardCatalogue, images: ImageStore,
                layered: [Int: [ImageRef]], spotlight: ImageRef) {
        self.name = name
        configuration = c
        self.catalogue = catalogue
        self.images = images
        self.layered = layered
        self.spotlight = spotlight
        tiltGeometry = c.effect.geometry
        rootLayer = Layer(name: name)
        rootLayer.frame = c.frame
        let fontSize = min(max((c.itemSize.width * 0.08).rounded(), 16), 28)
        titleStyle = TextStyle(font: "DejaVu Sans Bold", fontSize: fontSize, foregroundColor: Color(1, 1, 1, 0.92),
                               alignment: .center, truncation: .end)
        let k = images.pixelsPerPoint.isFinite ? max(0.1, min(8, images.pixelsPerPoint)) : 1.5
        func pixels(_ points: Double) -> Int { Int(min(16384, max(1, points * k)).rounded(.up)) }
        if (0..<catalogue.count).contains(where: { catalogue.isFile($0) }) {
            shelf = PosterShelf(paths: catalogue.fileList, store: images,
                                itemPixels: (pixels(c.itemSize.width), pixels(c.itemSize.height)), gravity: c.gravity)
        } else {
            shelf = nil
        }
        focusedIndex = min(max(c.startIndex, 0), max(0, catalogue.count - 1))
        let start = restOffset(focusing: focusedIndex, from: 0)
        scroll = Tween(from: start, to: start, start: 0, duration: 0)
        let visible = Int((c.frame.width / pitch).rounded(.up)) + 2
        for _ in 0..<min(visible, max(catalogue.count, 1)) { slots.append(makeSlot(layers: 1)) }
        update(to: 0)
    }

    private func makeSlot(layers: Int) -> CardSlot {
        let c = configuration
        let card = makeCard(layers: layers)
        // A title may spread into most of the gap on each side before it is truncated.
        let title = TextLayer(name: name + "/title", style: titleStyle,
                              bounds: Size(c.itemSize.width + 0.8 * c.spacing, (titleStyle.fontSize * 1.4).rounded(.up)),
                              images: images)
        title.layer.anchorPoint = Point(0, 0)
        return CardSlot(card: card, title: title)
    }

    private func makeCard(layers: Int) -> ParallaxCardLayers {
        let c = configuration
        let card = ParallaxCardLayers(prefix: name, frame: Rect(x: 0, y: 0, width: c.itemSize.width, height: c.itemSize.height),
                                      images: Array(repeating: spotlight, count: max(1, layers)), spotlight: spotlight,
                                      shadowRadius: c.effect.shadowSigma, shadowColor: c.effect.shadowColor,
                                      cornerRadius: c.cornerRadius)
        for layer in card.images { layer.contentsGravity = c.gravity }
        if c.effect.glareShape == .linear { card.spotlight.contentsGravity = .resize }
        return card
    }

    // MARK: Scroll

    /// The least scroll from `current` that shows card `index` plus `scrollInset` on each side,
    /// clamped to 0 and to the last card plus the inset.
    func restOffset(focusing index: Int, from current: Double) -> Double {
        let w = configuration.itemSize.width, width = configuration.frame.width
        let x = Double(index) * pitch
        var target = current
        if x - scrollInset < target { target = x - scrollInset }
        if x + w + scrollInset > target + width { target = x + w + scrollInset - width }
        let content = Double(max(count, 1)) * pitch - configuration.spacing
        return min(max(target, 0), max(0, content + scrollInset - width))
    }

    /// Scrolls (animated) so that the focused card is in view.
    func retargetScroll(at time: Double) {
        let target = restOffset(focusing: focusedIndex, from: scroll.to)
        guard target != scroll.to else { return }
        browseDirection = target > scroll.to ? 1 : -1
        scroll = Tween(from: scroll.value(at: time), to: target, start: time, duration: CardRow.scrollDuration,
                       timing: .easeInEaseOut)
    }

    /// The items whose cards meet the frame at scroll offset `offset`.
    func visibleRange(at offset: Double) -> Range<Int> {
        let n = count, w = configuration.itemSize.width, width = configuration.frame.width
        guard n > 0, offset.isFinite else { return 0..<0 }
        let first = max(0, Int(((offset - w) / pitch).rounded(.down)) + 1)
        let last = min(n - 1, Int(((offset + width) / pitch).rounded(.up)) - 1)
        return first <= last ? first..<(last + 1) : 0..<0
    }

    // MARK: Time

    public func update(to newTime: Double) {
        guard newTime.isFinite else { return }
        time = newTime
        firePendingLongPress(upTo: newTime)
        if let shelf {
            shelf.beginFrame()
            shelf.poll()
        }
        let offset = scroll.value(at: newTime)
        let range = visibleRange(at: offset)
        if range != shownRange { assignSlots(range) }
        let e = configuration.effect
        let idle = containsFocus ? idleWeight(at: newTime) : 0
        let amplitude = 0.25 * e.idleSwayAmplitude
        let sway = (x: amplitude * sin(2 * Double.pi * newTime / FocusGrid.idlePeriods.x),
                    y: amplitude * sin(2 * Double.pi * newTime / FocusGrid.idlePeriods.y))
        let size = configuration.itemSize
        for slot in slots {
            let i = slot.index
            guard i >= 0 else { slot.card.root.isHidden = true; continue }
            slot.card.root.isHidden = false
            slot.card.root.frame = Rect(x: Double(i) * pitch - offset, y: 0, width: size.width, height: size.height)
            let f = slot.focus.value(at: newTime)
            let w = i == focusedIndex ? idle : 0
            let scale = (1 + (e.scale - 1) * f + (e.idleScale - e.scale) * w) * slot.press.value(at: newTime)
            let tilt = e.locked(x: slot.tiltX.value(at: newTime) + w * sway.x, y: slot.tiltY.value(at: newTime) + w * sway.y)
            let pose = ParallaxPose(x: tilt.x, y: tilt.y, cardScale: scale, layerLift: f)
            let shadowOffset = e.shadowOffset ?? Point(0, size.height / 10)
            let look = CardLook(pose: pose, spotlightOpacity: f * e.glareMaxOpacity,
                                shadowOpacity: lerp(0.5, e.shadowOpacity, f),
                                shadowOffset: Point(lerp(0, shadowOffset.x, f), lerp(10.0 / 3, shadowOffset.y, f)))
            slot.card.apply(pose, geometry: tiltGeometry, spotlightOpacity: look.spotlightOpacity,
                            shadowOpacity: look.shadowOpacity, shadowOffset: look.shadowOffset)
            slot.card.root.zPosition = f
            slot.card.root.opacity = i == focusedIndex ? 1 : 1 - e.idleDimming * idle
            if shelf != nil { updatePoster(slot) }
            // The title sits under the card, moving down as the card lifts.
            let titleAlpha: Double
            switch configuration.titles {
            case .focused: titleAlpha = f
            case .all: titleAlpha = 1
            case .none: titleAlpha = 0
            }
            let title = slot.title
            title.layer.isHidden = !(titleAlpha > 0) || title.string.isEmpty
            if !title.layer.isHidden {
                title.display()
                title.layer.opacity = titleAlpha
                title.layer.position = Point(-0.4 * configuration.spacing,
                                             size.height + CardRow.titleGap + (scale - 1) * size.height / 2)
            }
            // A card playing its preview stays kept as an image, redrawn only when a new video
            // frame shows (the video's rate, not the display's); not while the video fades in.
            let still = look == slot.look && slot.fadeStart == -.infinity && !slot.waiting && preview?.fadingItem != i
            slot.card.root.shouldRasterize = still
            slot.look = look
        }
        if let preview { updatePreview(preview, at: newTime) }
    }

    public func setContentsScale(_ scale: Double) {
        for slot in slots { slot.title.contentsScale = scale }
    }

    /// Gives pooled cards to the items now in view: a card keeps its item while it stays in
    /// view; the others take the newly visible items (nearest the focused card first).
    private func assignSlots(_ range: Range<Int>) {
        shownRange = range
        for slot in slots where slot.index >= 0 && !range.contains(slot.index) { slot.index = -1 }
        // Most wanted first: the visible cards from the focused one out, then a screen ahead
        // (asked before the cards show, so posters at hand show at once).
        if let shelf {
            var wanted: [Int] = []
            let n = count
            for d in 0..<max(range.count, 1) {
                for i in [focusedIndex + d * browseDirection, focusedIndex - d * browseDirection]
                    where range.contains(i) && !wanted.contains(i) { wanted.append(i) }
            }
            let visible = wanted.count
            for k in 0..<max(range.count, 1) {
                let i = browseDirection > 0 ? range.upperBound + k : range.lowerBound - 1 - k
                if i >= 0 && i < n { wanted.append(i) }
            }
            shelf.want(wanted.filter { catalogue.isFile($0) }, previewing: visible)
        }
        for i in range where !slots.contains(where: { $0.index == i }) {
            guard let slot = slots.first(where: { $0.index < 0 }) else { break }
            show(i, in: slot)
        }
    }

    /// Item `index` moves into `slot`: names, title, and its poster (or placeholder).
    private func show(_ index: Int, in slot: CardSlot) {
        let layers = layered[index]?.count ?? 1
        if slot.card.images.count != layers {
            let old = slot.card
            let replacement = makeCard(layers: layers)
            old.root.removeFromSuperlayer()
            old.root.removeAllSublayers()
            slot.card = replacement
            replacement.root.addSublayer(slot.title.layer)
            rootLayer.addSublayer(replacement.root)
        } else if slot.card.root.superlayer == nil {
            rootLayer.addSublayer(slot.card.root)
        }
        slot.assign(index, rowName: name, titleText: catalogue.title(index))
        let focused = index == focusedIndex && containsFocus ? 1.0 : 0.0
        slot.focus = Tween(from: focused, to: focused, start: 0, duration: 0)
        let rest = (duration: configuration.effect.transitionSpeed / 1000, timing: configuration.effect.transitionEasing)
        slot.tiltX.restDuration = rest.duration; slot.tiltX.restTiming = rest.timing
        slot.tiltY.restDuration = rest.duration; slot.tiltY.restTiming = rest.timing
        if let refs = layered[index] {
            for (k, layer) in slot.card.images.enumerated() { layer.contents = .image(refs[k]) }
        } else if catalogue.isFile(index), let shelf {
            if let ref = shelf.image(for: index) {
                slot.poster.contents = .image(ref)
            } else {
                slot.poster.contents = shelf.preview(for: index).map { .image($0) } ?? .color(placeholder)
                slot.waiting = true
            }
        } else {
            slot.poster.contents = .image(generatedPoster(index))
        }
    }

    /// A poster painted with the item's title (items without an image).
    private func generatedPoster(_ index: Int) -> ImageRef {
        let px = CarouselPoster.pixelSize(for: configuration.itemSize)
        let title = catalogue.title(index)
        return images.addLazy(key: "card-poster:\(px.width)x\(px.height):\(index):\(title)", width: px.width,
                              height: px.height, isOpaque: true) {
            CarouselPoster.paint(index: index, width: px.width, height: px.height, title: title)
        }
    }

    /// A file poster: marks it used, fades it in over the placeholder when it arrives, and
    /// shows it again if it was evicted and decoded anew.
    private func updatePoster(_ slot: CardSlot) {
        guard let shelf, catalogue.isFile(slot.index), layered[slot.index] == nil else { return }
        let index = slot.index
        let ref = shelf.image(for: index)
        if !slot.waiting && slot.fadeStart == -.infinity {
            if case .image(let shown) = slot.poster.contents, shown.id == ref?.id { return }
            if let ref { slot.poster.contents = .image(ref) } else {
                slot.poster.contents = .color(placeholder)
                slot.waiting = true
            }
            return
        }
        if slot.waiting {
            if case .color = slot.poster.contents, let preview = shelf.preview(for: index) {
                slot.poster.contents = .image(preview)
            }
            guard let ref else { return }
            slot.waiting = false
            slot.fadeStart = time
            slot.fade.contents = .image(ref)
            slot.fade.contentsGravity = configuration.gravity
            slot.fade.bounds = slot.poster.bounds
            slot.fade.position = Point(slot.poster.bounds.width / 2, slot.poster.bounds.height / 2)
            // Over a preview the image covers it at once; over the colour it fades in.
            if case .image = slot.poster.contents { slot.revealing = true } else { slot.revealing = false }
            slot.fade.opacity = slot.revealing ? 1 : 0
            slot.poster.addSublayer(slot.fade)
        }
        guard slot.fadeStart > -.infinity else { return }
        let progress = (time - slot.fadeStart) / Carousel.fadeInDuration
        // The image becomes the poster's own contents once the fade is over and the renderer
        // has its pixels, so no frame shows neither.
        let done = (ref == nil || images.wasHandedOver(ref!)) && (slot.revealing || progress >= 1)
        if done {
            if let ref { slot.poster.contents = .image(ref) }
            slot.fade.removeFromSuperlayer()
            slot.fadeStart = -.infinity
            slot.revealing = false
        } else if !slot.revealing {
            slot.fade.opacity = min(max(0, progress), 1)
        }
    }

    public var status: String {
        guard count > 0 else { return "\(name): no items" }
        return "\(name): \(catalogue.title(focusedIndex)) (\(focusedIndex + 1) of \(count))"
    }
}
