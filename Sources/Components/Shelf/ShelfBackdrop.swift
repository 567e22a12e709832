import Assets
import LayerMath
import Layers

/// A row whose items have backdrop art (a card row's items' `backdrop`, else their poster).
protocol BackdropSource: AnyObject {
    /// The image file of item `index`'s backdrop; nil: a generated one.
    func backdropFile(_ index: Int) -> String?
    /// Every item's backdrop file in item order ("" where generated), for decoding.
    var backdropFiles: FileList { get }
    /// When the row's focused item last changed (or focus came or went).
    var focusTime: Double { get }
}

/// The art behind a shelf's rows that follows the focused item, as tvOS and Google TV
/// fill the screen behind their rows: the item's backdrop decoded off the frame loop at
/// 64x36 pixels (magnified with bilinear filtering, which blurs it), dimmed by a black
/// layer, and cross-faded over the previous one in 0.3 s once it has arrived.
///
/// Layers: `NAME/backdrop` (the shelf's frame, under the rows, not scrolled) >
/// `NAME/backdrop/0` and `/1` (the two art layers, the newer on top) > `NAME/backdrop/dim`.
///
/// Does not: blur beyond what the magnification gives, or move with the scroll.
final class ShelfBackdrop {
    /// Pixel size each backdrop is decoded at, and the cross-fade's duration.
    static let pixels = (width: 64, height: 36), crossFade = 0.3
    /// Backdrops kept decoded (the shown, the fading and the last ones focused), so a long
    /// browse holds a few, not one per item seen.
    static let kept = 16

    let layer: Layer
    private var front: Layer, back: Layer
    private let dim: Layer
    private let images: ImageStore
    /// Per shelf row: its source and the decoder of its backdrop files (nil: none are files).
    private var rows: [(source: BackdropSource, files: PosterShelf?)?]
    /// The focused (row, item) the art was asked for, and whether it is still to arrive.
    private var target: (row: Int, item: Int)?
    private var waiting = false
    private var fade = Tween(from: 1, to: 1, start: 0, duration: 0)
    /// Whether the back layer holds earlier art (fading out under the front).
    private var hasBack = false

    init(name: String, size: Size, dim amount: Double, rows components: [AnyObject], images: ImageStore) {
        self.images = images
        layer = Layer(name: name + "/backdrop")
        layer.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        func art(_ k: Int) -> Layer {
            let l = Layer(name: name + "/backdrop/" + String(k))
            l.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            l.contentsGravity = .resizeAspectFill
            l.isHidden = true
            return l
        }
        back = art(0)
        front = art(1)
        dim = Layer(name: name + "/backdrop/dim")
        dim.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        dim.contents = .color(Color(0, 0, 0, min(max(amount, 0), 1)))
        layer.addSublayer(back)
        layer.addSublayer(front)
        layer.addSublayer(dim)
        rows = components.map { c in
            guard let source = c as? BackdropSource else { return nil }
            let files = source.backdropFiles
            let any = files.contains { !$0.isEmpty }
            let p = ShelfBackdrop.pixels, bytes = ShelfBackdrop.kept * p.width * p.height * 4 * 4 / 3   // with mip levels
            return (source, any ? PosterShelf(paths: files, store: images, itemPixels: ShelfBackdrop.pixels,
                                              gravity: .resizeAspectFill, workers: 1, budgetBytes: bytes) : nil)
        }
    }

    /// Follows the focused `(row, item)` (nil: none) at `time`.
    func update(focused: (row: Int, item: Int)?, at time: Double) {
        for case let r? in rows {
            r.files?.beginFrame()
            r.files?.poll()
        }
        // Art at hand fades from the focus change (the same frames whatever the frame rate);
        // art that had to be decoded, from its arrival.
        var start = time
        if let f = focused, f.row != target?.row || f.item != target?.item, f.row < rows.count, let r = rows[f.row] {
            target = f
            waiting = true
            start = min(time, r.source.focusTime)
            if r.source.backdropFile(f.item) != nil { r.files?.want([f.item]) }
        }
        if waiting, let t = target, let art = art(row: t.row, item: t.item) {
            waiting = false
            swap(&front, &back)
            hasBack = !back.isHidden
            layer.removeAllSublayers()
            for l in [back, front, dim] { layer.addSublayer(l) }
            front.contents = .image(art)
            front.isHidden = false
            fade = Tween(from: 0, to: 1, start: start, duration: ShelfBackdrop.crossFade, timing: .easeInEaseOut)
        }
        front.opacity = fade.value(at: time)
        back.isHidden = !hasBack || fade.isFinished(at: time)
    }

    /// `time` while the art waits, decodes or fades; else `.infinity`.
    func nextUpdateTime(after time: Double) -> Double {
        if waiting || !fade.isFinished(at: time) { return time }
        for case let r? in rows where r.files?.isBusy == true { return time }
        return .infinity
    }

    /// The art of item `item` of row `row`, nil while it is being decoded (or failed).
    private func art(row: Int, item: Int) -> ImageRef? {
        guard let r = rows[row] else { return nil }
        if r.source.backdropFile(item) != nil { return r.files?.image(for: item) }
        let p = ShelfBackdrop.pixels
        return images.addLazy(key: "backdrop-generated:\(item)", width: p.width, height: p.height, isOpaque: true) {
            CarouselPoster.backdrop(index: item, width: p.width, height: p.height)
        }
    }
}
