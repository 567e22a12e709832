@testable import Assets
@testable import Components
import Foundation
import Images
import LayerMath
import Layers
import Scene
import XCTest
import _TestSupport

/// Carousels of image files: folder and glob listing, decode at the size shown, bad files,
/// background decoding with placeholder and fade-in, the byte budget, prefetch order.
final class PosterShelfTests: XCTestCase {
    /// A solid opaque JPEG of `width` x `height`.
    func jpeg(_ width: Int, _ height: Int, grey: UInt8) -> [UInt8] {
        var image = Image(width: width, height: height)
        for i in 0..<(width * height) {
            image.pixels[i * 4] = grey; image.pixels[i * 4 + 1] = grey; image.pixels[i * 4 + 2] = grey
            image.pixels[i * 4 + 3] = 255
        }
        return image.jpegData(quality: 90)!
    }

    /// A folder of `count` portrait JPEGs named p000.jpg, p001.jpg, ... (333x777: a tall, odd size).
    func folder(_ count: Int, in dir: TemporaryDirectory) throws -> String {
        let folder = try dir.makeDirectory("posters")
        for i in 0..<count { _ = try dir.write("posters/p" + String(format: "%03d", i) + ".jpg", bytes: jpeg(333, 777, grey: 100)) }
        return folder
    }

    func carouselScene(_ images: String, extra: String = "") -> String {
        """
        {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "carousel", "name": "c",
         "frame": [0, 180, 1280, 360], "images": \(images) \(extra)}]}
        """
    }

    func load(_ text: String, dir: TemporaryDirectory, store: ImageStore = ImageStore()) throws -> Carousel {
        let scene = try SceneLoader.parse(text, file: "scene.json", directory: dir.path, images: store)
        return try XCTUnwrap(scene.components.first as? Carousel)
    }

    func itemLayer(_ c: Carousel, _ index: Int) -> Layer? {
        c.rootLayer.sublayers.first { $0.tag == index }
    }

    func testFolderAndGlobListSortedByNameAndSkipOtherFiles() throws {
        let dir = try TemporaryDirectory()
        let f = try dir.makeDirectory("mixed")
        for name in ["b.jpg", "a.PNG", "c.webp", "notes.txt", ".hidden.jpg", "d.jpeg"] {
            _ = try dir.write("mixed/" + name, bytes: [1])
        }
        _ = try dir.makeDirectory("mixed/sub.jpg")
        XCTAssertEqual(try ImageFolder.list("mixed", relativeTo: dir.path).map { ($0 as NSString).lastPathComponent },
                       ["a.PNG", "b.jpg", "c.webp", "d.jpeg"])
        XCTAssertEqual(try ImageFolder.list(f + "/*.jp*g", relativeTo: "/nowhere").map { ($0 as NSString).lastPathComponent },
                       ["b.jpg", "d.jpeg"])
        XCTAssertThrowsError(try ImageFolder.list("mixed/*.gif", relativeTo: dir.path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no files match"), "\(error)")
        }
        XCTAssertThrowsError(try ImageFolder.list("absent", relativeTo: dir.path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no such folder"), "\(error)")
        }
    }

    func testFolderSceneErrorNamesTheKey() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.makeDirectory("empty")
        XCTAssertThrowsError(try load(carouselScene("\"empty\""), dir: dir)) { error in
            XCTAssertTrue("\(error)".hasPrefix("scene.json: at components[0].images: no image files"), "\(error)")
        }
    }

    func testAspectFillDecodesOnlyThePartShownAtTheItemPixelSize() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(3, in: dir)
        let store = ImageStore()
        store.pixelsPerPoint = 1
        let c = try load(carouselScene("\"posters\"", extra: ", \"contentsGravity\": \"resizeAspectFill\""), dir: dir,
                         store: store)
        XCTAssertEqual(c.count, 3)
        c.update(to: 0)
        // rotatedFlow item: half the frame's width, its height less 10: 640x350 points.
        guard let layer = itemLayer(c, 1), case .image(let ref) = layer.contents else { return XCTFail("no image") }
        // 333x777 covering 640x350 would need magnifying (x1.92): decoded as is, then the part
        // shown is kept: 333 wide, 350 / 1.922 = 182 high.
        XCTAssertEqual([ref.width, ref.height], [333, 182])
        XCTAssertEqual(layer.contentsGravity, .resizeAspectFill)
    }

    func testTwoCarouselsOfDifferentFoldersEachShowTheirOwnImages() throws {
        let dir = try TemporaryDirectory()
        for i in 0..<3 {
            try dir.write("dark/d\(i).jpg", bytes: jpeg(40, 60, grey: 20))
            try dir.write("light/l\(i).jpg", bytes: jpeg(40, 60, grey: 230))
        }
        let text = """
            {"canvas": {"width": 1280, "height": 720}, "components": [
             {"kind": "carousel", "name": "a", "frame": [0, 0, 1280, 360], "images": "dark"},
             {"kind": "carousel", "name": "b", "frame": [0, 360, 1280, 360], "images": "light"}]}
            """
        let store = ImageStore()
        let scene = try SceneLoader.parse(text, file: "scene.json", directory: dir.path, images: store)
        let a = try XCTUnwrap(scene.component(named: "a") as? Carousel)
        let b = try XCTUnwrap(scene.component(named: "b") as? Carousel)
        a.update(to: 0)
        b.update(to: 0)
        // Each carousel's centred item (1 of 3) shows a picture of its own folder: grey 20
        // above, 230 below (a store hands pixels over once, so each ref is read once).
        guard case .image(let refA)? = itemLayer(a, 1)?.contents, case .image(let refB)? = itemLayer(b, 1)?.contents else {
            return XCTFail("an item has no image")
        }
        XCTAssertNotEqual(refA, refB)
        XCTAssertEqual(Int(store.image(for: refA)?.pixels[0] ?? 0), 20, accuracy: 3)
        XCTAssertEqual(Int(store.image(for: refB)?.pixels[0] ?? 0), 230, accuracy: 3)
    }

    func testCyclingTheTypeDecodesAtTheNewItemSizeAndUnclipsTheWheel() throws {
        let dir = try TemporaryDirectory()
        for i in 0..<3 { try dir.write("big/p\(i).jpg", bytes: jpeg(1600, 1600, grey: 120)) }
        let store = ImageStore()
        store.pixelsPerPoint = 1
        let c = try load(carouselScene("\"big\"", extra: ", \"contentsGravity\": \"resizeAspectFill\""), dir: dir, store: store)
        c.update(to: 0)
        // rotatedFlow: items 640x350 points, clipped to the frame.
        guard case .image(let before)? = itemLayer(c, 1)?.contents else { return XCTFail("no image") }
        XCTAssertEqual([before.width, before.height], [640, 350])
        XCTAssertTrue(c.rootLayer.masksToBounds)
        c.setType(.wheel)
        c.update(to: 0.1)
        let s = c.layout.itemSize
        guard case .image(let after)? = itemLayer(c, 1)?.contents else { return XCTFail("no image after the switch") }
        XCTAssertEqual([after.width, after.height], [Int(s.width.rounded(.up)), Int(s.height.rounded(.up))],
                       "decoded again at the wheel's item size, not the flow's squeezed")
        XCTAssertFalse(store.isLive(before), "the old size's image is gone")
        XCTAssertFalse(c.rootLayer.masksToBounds, "a wheel is not cut by the frame")
        c.setType(.rotatedFlow)
        XCTAssertTrue(c.rootLayer.masksToBounds)
    }

    func testBadFileShowsThePlaceholderAndWarnsOnce() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(3, in: dir)
        _ = try dir.write("posters/p001.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0x41, 0x41])
        let store = ImageStore()
        var warnings: [String] = []
        store.warn = { warnings.append($0) }
        let c = try load(carouselScene("\"posters\"", extra: ", \"background\": [1, 0.5, 0, 1]"), dir: dir, store: store)
        for t in stride(from: 0.0, through: 1.0, by: 0.1) { c.update(to: t) }
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings[0].contains("p001.jpg: truncated or corrupt JPEG"), warnings[0])
        XCTAssertFalse(warnings[0].contains("\n"))
        guard case .color(let placeholder)? = itemLayer(c, 1)?.contents else { return XCTFail("no placeholder") }
        XCTAssertEqual(placeholder, Color(1, 0.5, 0, 1))
        guard case .image? = itemLayer(c, 0)?.contents else { return XCTFail("item 0 has no image") }
    }

    func testBadFileAmongManyDecodedInTheBackgroundWarnsOnceAndKeepsThePlaceholder() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(7, in: dir)
        _ = try dir.write("posters/p003.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0x41, 0x41])
        let store = ImageStore()
        store.decodesInBackground = true
        var warnings: [String] = []
        store.warn = { warnings.append($0) }       // called from poll(), on this thread
        let c = try load(carouselScene("\"posters\"", extra: ", \"background\": [1, 0.5, 0, 1]"), dir: dir, store: store)
        let shelf = try XCTUnwrap(c.shelf)
        let deadline = Date().addingTimeInterval(10)
        var t = 0.0
        while Date() < deadline && (shelf.decodedCount < 6 || !shelf.hasFailed(3)) {
            Thread.sleep(forTimeInterval: 0.01)
            t += 0.01
            c.update(to: t)
        }
        for _ in 0..<30 { t += 0.05; c.update(to: t) }      // more frames: still one warning
        XCTAssertEqual(shelf.decodedCount, 6)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("p003.jpg: truncated or corrupt JPEG") ?? false, "\(warnings)")
        guard case .color(let placeholder)? = itemLayer(c, 3)?.contents else { return XCTFail("no placeholder") }
        XCTAssertEqual(placeholder, Color(1, 0.5, 0, 1))
        guard case .image? = itemLayer(c, 2)?.contents else { return XCTFail("item 2 has no image") }
    }

    func testVisibleJPEGGetsAnEighthSizePreviewFirstAndEndsOnItsImage() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(3, in: dir)
        let store = ImageStore()
        store.pixelsPerPoint = 1
        store.decodesInBackground = true
        let c = try load(carouselScene("\"posters\"", extra: ", \"contentsGravity\": \"resizeAspectFill\""), dir: dir,
                         store: store)
        let shelf = try XCTUnwrap(c.shelf)
        let deadline = Date().addingTimeInterval(10)
        var t = 0.0
        c.update(to: t)
        while Date() < deadline && !(shelf.isResident(1) && shelf.preview(for: 1) != nil) {
            Thread.sleep(forTimeInterval: 0.01)
            c.update(to: t)
        }
        // The centre's preview job runs before its image (priority 0): 640x350 / 8, rounded
        // up, is 80x44, the part of the 333x777 poster shown (decoded at 1/4 scale, 84x195).
        let preview = try XCTUnwrap(shelf.preview(for: 1), "no preview")
        XCTAssertEqual([preview.width, preview.height], [80, 44])
        XCTAssertGreaterThanOrEqual(shelf.previewCount, 1)
        // The image covers the preview until the renderer takes its pixels (by hand here).
        _ = store.mipChain(for: try XCTUnwrap(shelf.image(for: 1)))
        for _ in 0..<10 { t += 0.05; c.update(to: t) }
        guard case .image(let shown)? = itemLayer(c, 1)?.contents else { return XCTFail("no image") }
        XCTAssertEqual([shown.width, shown.height], [333, 182])
    }

    /// Waits (bounded, scene time standing still) until `arrived` holds for item 1.
    func waitForItem1(_ c: Carousel, _ arrived: (Layer) -> Bool) -> Layer? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            c.update(to: 0)
            if let item = itemLayer(c, 1), arrived(item) { return item }
        }
        return nil
    }

    /// PNG files get no preview: the image fades in over the placeholder colour as a
    /// sublayer, opacity 0, then 0.25 at 0.05 s of 0.2 s, then, once the renderer has its
    /// pixels (here taken by hand: no renderer), the item's own contents; before that the
    /// placeholder stays under it (swapping earlier drew nothing for a few frames).
    func testBackgroundDecodeShowsPlaceholderThenFadesInOverPointTwoSeconds() throws {
        let dir = try TemporaryDirectory()
        let folder = try dir.makeDirectory("posters")
        for i in 0..<3 {
            var image = Image(width: 64, height: 36)
            for k in 0..<(64 * 36) { image.pixels[k * 4 + 1] = 200; image.pixels[k * 4 + 3] = 255 }
            try image.writePNG(path: folder + "/p\(i).png")
        }
        let store = ImageStore()
        store.decodesInBackground = true
        let c = try load(carouselScene("\"posters\""), dir: dir, store: store)
        c.update(to: 0)
        guard case .color? = itemLayer(c, 1)?.contents else { return XCTFail("expected the placeholder first") }
        let item = try XCTUnwrap(waitForItem1(c) { !$0.sublayers.isEmpty }, "the image never arrived")
        guard case .color = item.contents else { return XCTFail("the fade is over the colour") }
        let image = item.sublayers[0]
        XCTAssertEqual(image.name, "c/item1/image")
        XCTAssertEqual(image.opacity, 0)
        c.update(to: 0.05)
        XCTAssertEqual(image.opacity, 0.25, accuracy: 1e-9)    // 0.05 s of 0.2 s
        c.update(to: 0.2)
        guard case .color? = itemLayer(c, 1)?.contents, case .image(let ref) = image.contents else {
            return XCTFail("the placeholder must stay until the renderer has the image")
        }
        XCTAssertEqual(image.opacity, 1)
        _ = store.mipChain(for: ref)                            // what the renderer's upload does
        c.update(to: 0.21)
        guard case .image? = itemLayer(c, 1)?.contents else { return XCTFail("the fade did not finish") }
        XCTAssertTrue(itemLayer(c, 1)?.sublayers.isEmpty ?? false)
    }

    /// A JPEG's image covers its preview at once (opacity 1, no fade) and becomes the
    /// item's own contents in the first update after the renderer took its pixels (here
    /// taken by hand: no renderer), whatever the scene time.
    func testImageCoversItsPreviewAtOnceAndTakesOverOnceHandedToTheRenderer() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(3, in: dir)
        let store = ImageStore()
        store.decodesInBackground = true
        let c = try load(carouselScene("\"posters\""), dir: dir, store: store)
        let shelf = try XCTUnwrap(c.shelf)
        let item = try XCTUnwrap(waitForItem1(c) { !$0.sublayers.isEmpty }, "the image never arrived")
        let preview = try XCTUnwrap(shelf.preview(for: 1))
        let image = try XCTUnwrap(shelf.image(for: 1))
        XCTAssertEqual(item.contents, .image(preview))
        XCTAssertEqual(item.sublayers[0].contents, .image(image))
        XCTAssertEqual(item.sublayers[0].opacity, 1)
        c.update(to: 5)                                         // not handed over yet: unchanged
        XCTAssertEqual(item.contents, .image(preview))
        XCTAssertFalse(store.wasHandedOver(image))
        XCTAssertNotNil(store.mipChain(for: image))             // what the renderer's upload does
        XCTAssertTrue(store.wasHandedOver(image))
        c.update(to: 5)
        XCTAssertEqual(item.contents, .image(image))
        XCTAssertTrue(item.sublayers.isEmpty)
    }

    func testBudgetEvictsLeastRecentlyUsedAndQueuesTextureDeletion() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(12, in: dir)
        let store = ImageStore()
        store.pixelsPerPoint = 0.25                  // 160x88 items: 333x777 covers as 160x374, crop 160x88
        let perImage = 160 * 88 * 4 * 4 / 3
        store.posterBudgetBytes = perImage * 6
        let c = try load(carouselScene("\"posters\"", extra: ", \"contentsGravity\": \"resizeAspectFill\", \"startIndex\": 0"),
                         dir: dir, store: store)
        let shelf = try XCTUnwrap(c.shelf)
        var t = 0.0
        for _ in 0..<11 {
            _ = c.moveFocus(.right, at: t)
            for _ in 0..<30 { t += 1.0 / 30; c.update(to: t) }
        }
        XCTAssertEqual(shelf.decodedCount, 12)
        XCTAssertLessThanOrEqual(shelf.residentBytes, store.posterBudgetBytes)
        XCTAssertEqual(shelf.evictedCount, 12 - shelf.residentBytes / perImage)
        var evicted: [ImageRef] = []
        store.drainEvicted { evicted.append($0) }
        XCTAssertEqual(evicted.count, shelf.evictedCount)
        // The first items went first (least recently used); the visible end is resident.
        XCTAssertFalse(shelf.isResident(0))
        XCTAssertTrue(shelf.isResident(11))
    }

    /// In the background mode the budget counts each image with its mip chain and its
    /// preview, by hand: a 160x88 item halves (rounding down) to 80x44, 40x22, 20x11, 10x5,
    /// 5x2, 2x1, 1x1: 18,763 pixels, 75,052 bytes; its preview is 160x88 / 8 = 20x11, 880
    /// bytes.
    func testBackgroundBudgetCountsEachImageWithItsMipChainAndPreview() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(12, in: dir)
        let store = ImageStore()
        store.pixelsPerPoint = 0.25
        store.decodesInBackground = true
        let chain = 75_052, preview = 880
        store.posterBudgetBytes = 5 * chain
        let c = try load(carouselScene("\"posters\"", extra: ", \"contentsGravity\": \"resizeAspectFill\", \"startIndex\": 0"),
                         dir: dir, store: store)
        let shelf = try XCTUnwrap(c.shelf)
        var t = 0.0
        let deadline = Date().addingTimeInterval(30)
        for step in 0..<11 {
            _ = c.moveFocus(.right, at: t)
            repeat { t += 1.0 / 30; c.update(to: t); Thread.sleep(forTimeInterval: 0.002) }
            while !shelf.isResident(step + 1) && Date() < deadline
        }
        XCTAssertTrue(shelf.isResident(11))
        XCTAssertGreaterThan(shelf.evictedCount, 0)
        var expected = 0
        for i in 0..<12 {
            if shelf.isResident(i) { expected += chain }
            if shelf.preview(for: i) != nil { expected += preview }
        }
        XCTAssertEqual(shelf.residentBytes, expected)
        XCTAssertLessThanOrEqual(shelf.residentBytes, store.posterBudgetBytes)
    }

    func testLayersReusedAfterTheirImageWasEvictedShowTheCurrentImage() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(12, in: dir)
        let store = ImageStore()
        store.pixelsPerPoint = 0.25
        store.posterBudgetBytes = 1                  // everything not on screen goes at once
        let c = try load(carouselScene("\"posters\"", extra: ", \"startIndex\": 0"), dir: dir, store: store)
        let shelf = try XCTUnwrap(c.shelf)
        var t = 0.0
        for key in ["Right", "Right", "Right", "Left", "Left", "Left"] {
            _ = c.moveFocus(FocusDirection(key: key)!, at: t)
            for _ in 0..<30 { t += 1.0 / 30; c.update(to: t) }
        }
        XCTAssertGreaterThan(shelf.evictedCount, 0)
        for layer in c.rootLayer.sublayers where !layer.isHidden && layer.tag >= 0 {
            guard case .image(let shown) = layer.contents else { return XCTFail("\(layer.name): no image") }
            XCTAssertEqual(shown.id, shelf.image(for: layer.tag)?.id, layer.name)
        }
    }

    func testPrefetchRunsAheadInTheBrowsingDirection() throws {
        let dir = try TemporaryDirectory()
        _ = try folder(40, in: dir)
        let c = try load(carouselScene("\"posters\"", extra: ", \"startIndex\": 20"), dir: dir)
        let visible = c.poolSize
        let forward = c.wantedItems(start: 18, visible: 5)
        // Visible 18...22 from the centre (20) out, then 23...27 ahead, then 17, 16 behind.
        XCTAssertEqual(forward, [20, 21, 19, 22, 18, 23, 24, 25, 26, 27, 17, 16])
        XCTAssertGreaterThan(visible, 0)
    }
}

/// Streamed images are held once: the store hands the pixels to the first asker (the
/// renderer's texture upload) and drops its copy.
final class ImageStoreHandOffTests: XCTestCase {
    func testHandOffGivesThePixelsOnceThenForgetsThem() {
        let store = ImageStore()
        let image = Image(width: 2, height: 1, pixels: [1, 2, 3, 255, 4, 5, 6, 255])
        let ref = store.addHandOff(image, key: "a")
        XCTAssertEqual(store.residentBytes, 8)
        XCTAssertEqual(store.image(for: ref), image)
        XCTAssertNil(store.image(for: ref))
        XCTAssertEqual(store.residentBytes, 0)
        // A plain image stays.
        let kept = store.add(image, key: "b")
        XCTAssertEqual(store.image(for: kept), image)
        XCTAssertEqual(store.image(for: kept), image)
    }
}

/// The byte-block file list behind folder listings.
final class FileListTests: XCTestCase {
    func testSortsByBytesAndMakesPathsOnRead() {
        // Byte order: upper case before lower case, "10" before "9", UTF-8 "é" (0xC3) last.
        var list = FileList(prefix: "/f/")
        for name in ["b.jpg", "a.jpg", "B.jpg", "p10.jpg", "p9.jpg", "é.jpg"] { list.append(name: name) }
        list.sortByName()
        XCTAssertEqual(Array(list), ["/f/B.jpg", "/f/a.jpg", "/f/b.jpg", "/f/p10.jpg", "/f/p9.jpg", "/f/é.jpg"])
        XCTAssertEqual(FileList(["x", "y"]).count, 2)
        XCTAssertTrue(FileList().isEmpty)
    }
}

/// Folders listed on a thread: a provisional count, then the complete sorted list.
final class FolderListingTests: XCTestCase {
    func testLargeFolderArrivesSortedAndTheStartIndexAppliesToTheCompleteList() throws {
        let dir = try TemporaryDirectory()
        let folder = try dir.makeDirectory("many")
        // 600 names written in reverse order (readdir order is the file system's, not ours).
        for i in stride(from: 599, through: 0, by: -1) {
            _ = try dir.write("many/p" + String(format: "%04d", i) + ".jpg", bytes: [0xFF, 0xD8, 0xFF])
        }
        _ = try dir.write("many/notes.txt", text: "not an image")
        let store = ImageStore()
        store.decodesInBackground = true
        store.warn = { _ in }
        let scene = try SceneLoader.parse("""
            {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "carousel", "name": "c",
             "frame": [0, 180, 1280, 360], "images": "many", "startIndex": 7}]}
            """, file: "scene.json", directory: dir.path, images: store)
        let c = try XCTUnwrap(scene.components.first as? Carousel)
        let shelf = try XCTUnwrap(c.shelf)
        XCTAssertGreaterThanOrEqual(c.count, FolderListing.firstBatch)
        let deadline = Date().addingTimeInterval(10)
        var t = 0.0
        while shelf.isListing && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            t += 1.0 / 60
            c.update(to: t)
        }
        XCTAssertFalse(shelf.isListing, "the listing never completed")
        XCTAssertEqual(c.count, 600)
        XCTAssertEqual(shelf.paths[0], folder + "/p0000.jpg")
        XCTAssertEqual(shelf.paths[599], folder + "/p0599.jpg")
        XCTAssertEqual(c.centredIndex, 7)
        XCTAssertNotNil(c.rootLayer.sublayers.first { $0.tag == 7 })
    }

    func testSmallFolderIsCompleteBeforeTheSceneLoads() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.makeDirectory("few")
        for i in 0..<9 { _ = try dir.write("few/t\(i).jpg", bytes: [0xFF, 0xD8, 0xFF]) }
        let store = ImageStore()
        store.decodesInBackground = true
        store.warn = { _ in }
        let scene = try SceneLoader.parse("""
            {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "carousel", "name": "c",
             "frame": [0, 180, 1280, 360], "images": "few"}]}
            """, file: "scene.json", directory: dir.path, images: store)
        let c = try XCTUnwrap(scene.components.first as? Carousel)
        XCTAssertEqual(c.count, 9)
        XCTAssertFalse(try XCTUnwrap(c.shelf).isListing)
        XCTAssertEqual(c.centredIndex, 4)
    }

    func testEmptyFolderIsStillAnErrorWhenListedOnAThread() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.makeDirectory("empty")
        let store = ImageStore()
        store.decodesInBackground = true
        XCTAssertThrowsError(try SceneLoader.parse("""
            {"canvas": {"width": 1280, "height": 720}, "components": [{"kind": "carousel", "name": "c",
             "frame": [0, 180, 1280, 360], "images": "empty"}]}
            """, file: "scene.json", directory: dir.path, images: store)) { error in
            XCTAssertTrue("\(error)".contains("no image files"), "\(error)")
        }
    }
}

