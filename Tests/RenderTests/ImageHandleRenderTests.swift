import Assets
import GLRenderer
import Images
import LayerMath
import Layers
import SceneRuntime
import XCTest

/// Image handles carry their store and generation into the texture cache: a handle of a
/// previous store or of an evicted image never shows another image's texture, a store's
/// textures go when the store does (no manual purge), and a mip chain made on a decode
/// thread streams in level by level, smallest first, within the upload budget.
final class ImageHandleRenderTests: XCTestCase {
    let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255)

    func solid(_ c: (UInt8, UInt8, UInt8, UInt8)) -> Image { makeImage(width: 4, height: 4) { _, _ in c } }

    func layer(_ ref: ImageRef, size: Double = 8) -> Layer {
        let l = Layer(name: "img", bounds: Size(size, size), position: Point(size / 2, size / 2))
        l.contents = .image(ref)
        return l
    }

    func testSameSlotInANewStoreShowsTheNewImageWithoutAPurge() throws {
        let h = try RenderHarness.shared()
        let first = ImageStore(), second = ImageStore()
        let a = first.add(solid(red), key: "poster"), b = second.add(solid(blue), key: "poster")
        XCTAssertEqual(a.id, b.id, "both stores use their first slot")
        XCTAssertNotEqual(a.store, b.store)
        assertPixel(try h.render([layer(a)], canvas: Size(8, 8), source: first), 4, 4, red)
        // The previous scene's texture is still cached; the new store's handle must not find it.
        assertPixel(try h.render([layer(b)], canvas: Size(8, 8), source: second), 4, 4, blue)
        XCTAssertEqual(h.renderer.stats.textureUploads, 1)
    }

    func testHandleKeptFromAPreviousSceneMissesInTheNextScenesStore() throws {
        let h = try RenderHarness.shared()
        let next = ImageStore()
        _ = next.add(solid(blue), key: "x")
        var kept: ImageRef?
        do {
            let previous = ImageStore()
            kept = previous.add(solid(red), key: "x")
            assertPixel(try h.render([layer(kept!)], canvas: Size(8, 8), source: previous), 4, 4, red)
        }
        _ = try h.render([], canvas: Size(8, 8))      // the previous store is gone: its textures too
        // Same slot, drawn from the next scene's store: neither the old red nor the new blue.
        let image = try h.render([layer(kept!)], canvas: Size(8, 8), background: .black, source: next)
        assertPixel(image, 4, 4, (0, 0, 0, 255))
        XCTAssertEqual(h.renderer.stats.missingImages, 1)
    }

    func testEvictedSlotReusedWithTheNextGenerationGetsANewTexture() throws {
        let h = try RenderHarness.shared()
        let store = ImageStore()
        let old = store.add(solid(red), key: "one")
        assertPixel(try h.render([layer(old)], canvas: Size(8, 8), source: store), 4, 4, red)
        store.evict(old)
        let new = store.add(solid(blue), key: "two")
        XCTAssertEqual(new.id, old.id)
        XCTAssertEqual(new.generation, old.generation + 1)
        assertPixel(try h.render([layer(new)], canvas: Size(8, 8), source: store), 4, 4, blue)
        h.renderer.textures.invalidate(old)      // a late eviction notice keeps the newer texture
        XCTAssertTrue(h.renderer.textures.holds(new))
        // The old handle finds nothing now: its quad is skipped (the background shows).
        let image = try h.render([layer(old)], canvas: Size(8, 8), background: .black, source: store)
        assertPixel(image, 4, 4, (0, 0, 0, 255))
        XCTAssertEqual(h.renderer.stats.missingImages, 1)
    }

    func testTexturesOfAStoreThatWentAwayAreDeletedAtTheNextFrame() throws {
        let h = try RenderHarness.shared()
        var ref: ImageRef?
        do {
            let store = ImageStore()
            ref = store.add(solid(red), key: "gone")
            _ = try h.render([layer(ref!)], canvas: Size(8, 8), source: store)
            XCTAssertTrue(h.renderer.textures.holds(ref!))
        }
        _ = try h.render([], canvas: Size(8, 8))
        XCTAssertFalse(h.renderer.textures.holds(ref!))
    }

    /// An 8x8 chain of red and blue columns: levels 1 and 2 average to (128, 0, 128)
    /// ((255 + 255 + 0 + 0 + 2) / 4 = 128), level 0 keeps the columns.
    func testStreamedChainIsDrawnFromItsSmallestLevelsFirstWithinTheBudget() throws {
        let h = try RenderHarness.shared()
        let saved = h.renderer.textures.uploadBudget
        defer { h.renderer.textures.uploadBudget = saved }
        h.renderer.textures.uploadBudget = UploadBudget(bytesPerFrame: 64)
        let columns = makeImage(width: 8, height: 8) { x, _ in x % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let store = ImageStore()
        let ref = store.addHandOff(MipChain(columns), isOpaque: true, key: "chain")
        // Frame 1: 1x1 (4 bytes) and 2x2 (16) whole, 2 of 4 rows of 4x4 (32): base level 2.
        let first = try h.render([layer(ref)], canvas: Size(8, 8), source: store)
        XCTAssertEqual(h.renderer.stats.uploadedBytes, 52)
        XCTAssertEqual(h.renderer.stats.deferredUploads, 1, "levels left: the host must draw another frame")
        assertPixel(first, 0, 4, (128, 0, 128, 255), tolerance: 2)
        assertPixel(first, 1, 4, (128, 0, 128, 255), tolerance: 2)
        XCTAssertNil(store.mipChain(for: ref), "handed over once")
        var frames = 1
        var last = first
        while h.renderer.stats.uploadedBytes > 0 || frames == 1 {
            last = try h.render([layer(ref)], canvas: Size(8, 8), source: store)
            XCTAssertLessThanOrEqual(h.renderer.stats.uploadedBytes, 64)
            frames += 1
            if frames > 10 { break }
        }
        // 340 bytes in all: frame 2 the last 2 rows of 4x4 and 1 row of 8x8 (32 + 32),
        // frames 3-5 two rows each (64), frame 6 the last row (32).
        XCTAssertEqual(frames, 7, "six frames upload, the seventh has nothing left")
        XCTAssertEqual(h.renderer.stats.deferredUploads, 0)
        assertPixel(last, 0, 4, red)
        assertPixel(last, 1, 4, blue)
    }

    /// A large streamed chain's texture outlives its image as a spare: the next chain of
    /// that shape streams into it (no new texture, whose memory the driver would clear),
    /// and `prepareSpare` makes one ahead only while none is kept.
    func testEvictedChainTextureIsReusedByTheNextChainOfItsShape() throws {
        let h = try RenderHarness.shared()
        let saved = h.renderer.textures.uploadBudget
        defer { h.renderer.textures.uploadBudget = saved }
        h.renderer.textures.uploadBudget = UploadBudget()
        h.renderer.textures.removeAll()
        // 512x256: 699,052 bytes with its levels, over the spares' 256 KB minimum.
        let stripes = makeImage(width: 512, height: 256) { x, _ in x % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let store = ImageStore()
        let first = store.addHandOff(MipChain(stripes), isOpaque: true, key: "first")
        _ = try h.render([layer(first, size: 64)], canvas: Size(64, 64), source: store)
        XCTAssertEqual(h.renderer.textures.spareBytes, 0)
        h.renderer.textures.invalidate(first)
        XCTAssertEqual(h.renderer.textures.spareBytes, 699_052, "kept, not deleted")
        XCTAssertFalse(h.renderer.textures.prepareSpare(), "one spare is enough")
        let second = store.addHandOff(MipChain(makeImage(width: 512, height: 256) { _, _ in (0, 255, 0, 255) }),
                                      isOpaque: true, key: "second")
        let shown = try h.render([layer(second, size: 64)], canvas: Size(64, 64), source: store)
        XCTAssertEqual(h.renderer.textures.spareBytes, 0, "taken by the next chain of its shape")
        assertPixel(shown, 32, 32, (0, 255, 0, 255), tolerance: 1)
        // The shape keeps arriving: a spare is made ahead once, then not while one is kept.
        XCTAssertTrue(h.renderer.textures.prepareSpare())
        XCTAssertEqual(h.renderer.textures.spareBytes, 699_052)
        XCTAssertFalse(h.renderer.textures.prepareSpare())
        // A small image's texture is not kept.
        let small = store.addHandOff(MipChain(solid(red)), isOpaque: true, key: "small")
        _ = try h.render([layer(small)], canvas: Size(8, 8), source: store)
        h.renderer.textures.invalidate(small)
        XCTAssertEqual(h.renderer.textures.spareBytes, 699_052)
        h.renderer.textures.removeAll()
        XCTAssertEqual(h.renderer.textures.spareBytes, 0)
    }

    /// A new large texture (its memory cleared by the driver) waits for a frame that has
    /// uploaded nothing, and nothing more is uploaded in its frame.
    func testANewLargeTextureGetsAFrameOfItsOwn() throws {
        let h = try RenderHarness.shared()
        let saved = h.renderer.textures.uploadBudget
        defer { h.renderer.textures.uploadBudget = saved }
        h.renderer.textures.removeAll()
        h.renderer.textures.uploadBudget = UploadBudget(bytesPerFrame: 1 << 20)
        let store = ImageStore()
        let big = store.addHandOff(MipChain(makeImage(width: 512, height: 256) { _, _ in (0, 255, 0, 255) }),
                                   isOpaque: true, key: "big")
        _ = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
        XCTAssertEqual(h.renderer.stats.uploadedBytes, 0, "the frame that made the texture uploads nothing")
        XCTAssertEqual(h.renderer.stats.deferredUploads, 1)
        let next = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
        XCTAssertEqual(h.renderer.stats.uploadedBytes, 699_052, "the whole chain fits the next frame's budget")
        assertPixel(next, 32, 32, (0, 255, 0, 255), tolerance: 1)
        h.renderer.textures.removeAll()
    }

    /// Once the host makes textures between frames (`prepareSpare`), a large chain with no
    /// spare of its shape makes no texture in a frame: it waits, the next `prepareSpare`
    /// makes its shape, and the frame after streams into it.
    func testALargeChainWaitsForItsTextureToBeMadeBetweenFrames() throws {
        try withLargeChain(green: 255) { h, store, big in
            XCTAssertFalse(h.renderer.textures.prepareSpare(), "nothing to make yet; the host makes spares from now on")
            _ = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
            XCTAssertEqual(h.renderer.stats.textureUploads, 0, "no texture made in the frame")
            XCTAssertEqual(h.renderer.stats.deferredUploads, 1)
            XCTAssertEqual(h.renderer.textures.spareBytes, 0)
            XCTAssertTrue(h.renderer.textures.prepareSpare(), "between frames: the waiting chain's shape")
            XCTAssertEqual(h.renderer.textures.spareBytes, 699_052, "512x256 and its 9 smaller levels, by hand")
            let next = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
            XCTAssertEqual(h.renderer.textures.spareBytes, 0, "taken")
            XCTAssertEqual(h.renderer.stats.uploadedBytes, 699_052, "the whole chain fits the frame's budget")
            assertPixel(next, 32, 32, (0, 255, 0, 255), tolerance: 1)
        }
    }

    /// A host that stops making spares (or whose frames leave no time) does not starve a
    /// waiting chain: after `maximumWaitFrames` frames, a frame makes its texture.
    func testAWaitingChainIsMadeInAFrameAfterEightFrames() throws {
        try withLargeChain(green: 0) { h, store, big in
            h.renderer.textures.prepareSpare()
            var waited = 0
            _ = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
            while h.renderer.stats.textureUploads == 0 && waited < 20 {
                _ = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
                waited += 1
            }
            XCTAssertEqual(waited, 8, "it waits through 7 more frames; the eighth makes the texture")
            XCTAssertEqual(h.renderer.stats.uploadedBytes, 0, "the frame that made it uploads nothing (the driver cleared it)")
            let shown = try h.render([layer(big, size: 64)], canvas: Size(64, 64), source: store)
            assertPixel(shown, 32, 32, (255, 0, 0, 255), tolerance: 1)
        }
    }

    /// Runs `body` with an empty texture cache and a 1 MB upload budget (restored after),
    /// and a 512x256 opaque chain (699,052 bytes with its levels: a large one) of red 255 -
    /// `green` and green `green`, not yet drawn.
    private func withLargeChain(green: UInt8,
                                   _ body: (RenderHarness, ImageStore, ImageRef) throws -> Void) throws {
        let h = try RenderHarness.shared()
        let saved = h.renderer.textures.uploadBudget
        defer { h.renderer.textures.uploadBudget = saved; h.renderer.textures.removeAll() }
        h.renderer.textures.removeAll()
        h.renderer.textures.uploadBudget = UploadBudget(bytesPerFrame: 1 << 20)
        let store = ImageStore()
        let big = store.addHandOff(MipChain(makeImage(width: 512, height: 256) { _, _ in (255 - green, green, 0, 255) }),
                                   isOpaque: true, key: "big")
        try body(h, store, big)
    }

    /// Through pixel-buffer objects (what the demo uses on a GPU), a streamed chain arrives
    /// in the same bands and ends with the same pixels as from client memory.
    func testStreamedChainThroughPixelBuffersMatchesClientMemoryUploads() throws {
        let h = try RenderHarness.shared()
        let saved = h.renderer.textures.uploadBudget
        defer { h.renderer.textures.uploadBudget = saved }
        let stripes = makeImage(width: 64, height: 32) { x, y in ((x * 4) % 256 == 0 ? 255 : UInt8(x * 4), UInt8(y * 8), 77, 255) }
        var results: [[UInt8]] = []
        for pbo in [false, true] {
            var budget = UploadBudget(bytesPerFrame: 2048)
            budget.usesPixelBuffers = pbo
            h.renderer.textures.uploadBudget = budget
            let store = ImageStore()
            let ref = store.addHandOff(MipChain(stripes), isOpaque: true, key: "chain")
            var frames = 0, uploaded: [Int] = []
            var last = try h.render([layer(ref, size: 64)], canvas: Size(64, 64), source: store)
            uploaded.append(h.renderer.stats.uploadedBytes)
            while h.renderer.stats.deferredUploads > 0 && frames < 20 {
                last = try h.render([layer(ref, size: 64)], canvas: Size(64, 64), source: store)
                uploaded.append(h.renderer.stats.uploadedBytes)
                frames += 1
            }
            // 64x32 with its levels is 10,924 bytes, in bands of whole rows of at most 2 KB a frame.
            XCTAssertEqual(uploaded.reduce(0, +), 10_924, "pbo \(pbo): \(uploaded)")
            XCTAssertTrue(uploaded.allSatisfy { $0 <= 2048 }, "pbo \(pbo): \(uploaded)")
            results.append(last.pixels)
        }
        XCTAssertEqual(results[0], results[1])
    }
}
