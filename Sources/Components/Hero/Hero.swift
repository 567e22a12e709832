import Assets
import Input
import LayerMath
import Layers
import Scene
import Typography

/// A full-width featured banner at the top of a home screen (tvOS's top shelf, Google TV's
/// featured row): one item at a time, its backdrop art filling the frame under a dark band
/// with its title and subtitle. Left / Right show the previous / next item (wrapping); while
/// the banner has focus and no input comes for `interval` seconds it moves on by itself.
/// A change of item cross-fades the art over 0.3 s and posts an `index` event.
///
/// Art comes from each item's `backdrop`, else its poster file (decoded off the frame loop
/// at the banner's pixel size, `PosterShelf`), else a generated background.
///
/// Layers: `NAME` (the frame, clipped, rounded) > `NAME/art0`, `NAME/art1` (the newer on
/// top) > `NAME/band` > `NAME/title`, `NAME/subtitle`.
///
/// Does not: show the neighbouring items, or play previews.
public final class Hero: SceneComponent {
    /// Seconds of the cross-fade, and the lift of the banner while it has focus.
    public static let crossFade = 0.3, focusScale = 1.02

    public let name: String
    public let frame: Rect
    public let rootLayer: Layer
    public let catalogue: CardCatalogue
    /// Seconds without input before the banner moves on by itself (while it has focus).
    public let interval: Double
    /// The item shown.
    public internal(set) var current: Int
    public internal(set) var containsFocus = true
    public var remembersLastFocusedItem = true
    public weak var eventSink: SceneEventSink?
    /// When the banner next moves on by itself (while it has focus).
    var nextAdvance: Double
    var lift = Tween(from: 1, to: 1, start: 0, duration: 0)

    private let images: ImageStore
    private let files: PosterShelf?
    private(set) var front: Layer, back: Layer
    let title: TextLayer, subtitle: TextLayer
    private var fade = Tween(from: 1, to: 1, start: 0, duration: 0)
    private let band: Layer
    /// When the item last changed, and whether its art has been waited for since.
    private var changedAt = 0.0, artWaited = false
    private var shown = -1
    private var hasBack = false

    public init(name: String, frame: Rect, catalogue: CardCatalogue, interval: Double, cornerRadius: Double,
                images: ImageStore) {
        self.name = name
        self.frame = frame
        self.catalogue = catalogue
        self.interval = interval
        self.images = images
        current = 0
        nextAdvance = interval
        rootLayer = Layer(name: name)
        rootLayer.frame = frame
        rootLayer.masksToBounds = true
        rootLayer.cornerRadius = cornerRadius
        rootLayer.contents = .color(Color(0.12, 0.12, 0.16, 1))
        let bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        func art(_ k: Int) -> Layer {
            let l = Layer(name: name + "/art" + String(k))
            l.frame = bounds
            l.contentsGravity = .resizeAspectFill
            l.isHidden = true
            return l
        }
        back = art(0)
        front = art(1)
        band = Layer(name: name + "/band")
        band.frame = Rect(x: 0, y: frame.height * 0.55, width: frame.width, height: frame.height * 0.45)
        band.contents = .color(Color(0, 0, 0, 0.45))
        let size = min(max((frame.height * 0.14).rounded(), 16), 56)
        let inset = (frame.height * 0.08).rounded()
        title = RowTitle.layer(name: name + "/title", text: "", fontSize: size, width: frame.width - 2 * inset,
                               origin: Point(inset, frame.height * 0.6), color: Color(1, 1, 1, 0.95), images: images)
        subtitle = RowTitle.layer(name: name + "/subtitle", text: "", fontSize: size * 0.5, width: frame.width - 2 * inset,
                                  origin: Point(inset, frame.height * 0.6 + size * 1.4), color: Color(0.85, 0.85, 0.9, 1),
                                  images: images)
        for l in [back, front, band, title.layer, subtitle.layer] { rootLayer.addSublayer(l) }
        let k = images.pixelsPerPoint.isFinite ? max(0.1, min(8, images.pixelsPerPoint)) : 1.5
        let px = (Int(min(4096, max(1, frame.width * k)).rounded(.up)), Int(min(4096, max(1, frame.height * k)).rounded(.up)))
        let paths = FileList((0..<catalogue.count).map { i in Hero.artFile(catalogue, i) ?? "" })
        files = paths.contains { !$0.isEmpty }
            ? PosterShelf(paths: paths, store: images, itemPixels: px, gravity: .resizeAspectFill, workers: 1) : nil
        update(to: 0)
    }

    /// Item `index`'s art file: its backdrop, else its flat poster; nil: generated.
    static func artFile(_ catalogue: CardCatalogue, _ index: Int) -> String? {
        if catalogue.hasItemObjects, let backdrop = catalogue.item(index).backdrop { return backdrop }
        return catalogue.isFile(index) ? catalogue.imagePath(index) : nil
    }

    /// Shows item `index` (wrapping) from `time`: posts `index`, restarts the idle wait.
    func show(_ index: Int, at time: Double) {
        let n = catalogue.count
        let next = ((index % n) + n) % n
        nextAdvance = time + interval
        guard next != current else { return }
        current = next
        changedAt = time
        focusTime = time
        artWaited = false
        eventSink?.post(SceneEvent(time: time, kind: .index, component: name, item: next))
    }

    public func update(to time: Double) {
        guard time.isFinite else { return }
        // Moves on while focused and idle, each step at its own time (bounded per update).
        var steps = 0
        while containsFocus, catalogue.count > 1, nextAdvance <= time, steps < 100 {
            let t = nextAdvance
            show(current + 1, at: t)
            nextAdvance = t + interval
            steps += 1
        }
        if steps == 100 { nextAdvance = time + interval }
        if let files {
            files.beginFrame()
            files.poll()
        }
        if current != shown {
            if let art = art(current) {
                // Art at hand fades from the change (any frame rate); awaited art from its arrival.
                let start = artWaited ? time : changedAt
                let first = shown < 0
                shown = current
                swap(&front, &back)
                hasBack = !back.isHidden
                rootLayer.removeAllSublayers()
                for l in [back, front, band, title.layer, subtitle.layer] { rootLayer.addSublayer(l) }
                front.contents = .image(art)
                front.isHidden = false
                fade = Tween(from: first ? 1 : 0, to: 1, start: start, duration: first ? 0 : Hero.crossFade,
                             timing: .easeInEaseOut)
                let item = catalogue.item(current)
                title.string = item.title
                subtitle.string = item.subtitle ?? ""
                title.display()
                subtitle.display()
            } else {
                artWaited = true
            }
        }
        front.opacity = fade.value(at: time)
        back.isHidden = !hasBack || fade.isFinished(at: time)
        let s = lift.value(at: time)
        rootLayer.transform = Transform3D.scale(s, s, 1)
    }

    /// The art of item `index`; nil while it is being decoded (or failed).
    private func art(_ index: Int) -> ImageRef? {
        if Hero.artFile(catalogue, index) != nil {
            files?.want([index, (index + 1) % catalogue.count])
            return files?.image(for: index)
        }
        return images.addLazy(key: "hero-generated:\(index)", width: 512, height: 288, isOpaque: true) {
            CarouselPoster.backdrop(index: index, width: 512, height: 288)
        }
    }

    public func handle(_ event: InputEvent, at time: Double) {
        guard time.isFinite, let (key, down) = event.asKey else { return }
        nextAdvance = time + interval
        if key == "Return", !down { eventSink?.post(SceneEvent(time: time, kind: .select, component: name, item: current)) }
    }

    public func setContentsScale(_ scale: Double) {
        for t in [title, subtitle] {
            t.contentsScale = scale
            t.display()
        }
    }

    /// `time` while the art fades, waits or decodes, or the banner lifts; while focused,
    /// the next automatic move; else `.infinity`.
    public func nextUpdateTime(after time: Double) -> Double {
        if current != shown || files?.isBusy == true || !fade.isFinished(at: time) || !lift.isFinished(at: time) { return time }
        return containsFocus && catalogue.count > 1 ? max(nextAdvance, time) : .infinity
    }

    /// When the item last changed, or focus came or went (`BackdropSource`).
    public internal(set) var focusTime = 0.0

    public var status: String { "\(name): \(catalogue.title(current)) (\(current + 1) of \(catalogue.count))" }
}
