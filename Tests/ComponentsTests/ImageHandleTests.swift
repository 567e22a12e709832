@testable import Assets
import Images
import Layers
import XCTest

/// Image handles name their store and the use of their slot: no store resolves another
/// store's handle, and an evicted image's slot is reused with the next generation.
final class ImageHandleTests: XCTestCase {
    let pixel = Image(width: 1, height: 1, pixels: [1, 2, 3, 255])

    func testStoresHaveDistinctNonZeroIDsCarriedByTheirHandles() {
        let a = ImageStore(), b = ImageStore()
        XCTAssertNotEqual(a.storeID, 0)
        XCTAssertNotEqual(a.storeID, b.storeID)
        XCTAssertEqual(a.add(pixel, key: "k").store, a.storeID)
        XCTAssertEqual(b.addLazy(key: "k", width: 1, height: 1, isOpaque: true) { self.pixel }.store, b.storeID)
    }

    func testAnotherStoresHandleResolvesToNothing() {
        let a = ImageStore(), b = ImageStore()
        let ra = a.add(pixel, key: "k")
        let rb = b.add(Image(width: 2, height: 2), key: "k")
        XCTAssertEqual(ra.id, rb.id)
        XCTAssertNotEqual(ra, rb)
        XCTAssertNil(b.image(for: ra))
        XCTAssertFalse(b.isLive(ra))
        XCTAssertEqual(a.image(for: ra), pixel)
    }

    func testEvictedSlotIsReusedWithTheNextGenerationAndTheOldHandleFindsNothing() {
        let store = ImageStore()
        let first = store.add(pixel, key: "one")
        let other = store.add(pixel, key: "two")
        store.evict(first)
        XCTAssertEqual(store.count, 1)
        XCTAssertNil(store.image(for: first))
        XCTAssertNil(store.ref(forKey: "one"), "the key goes with the image")
        let reused = store.add(Image(width: 3, height: 1), key: "three")
        XCTAssertEqual(reused.id, first.id)
        XCTAssertEqual(reused.generation, first.generation + 1)
        XCTAssertNil(store.image(for: first), "the old handle never finds the new image")
        XCTAssertEqual(store.image(for: reused)?.width, 3)
        XCTAssertEqual(store.image(for: other), pixel)
        store.evict(first)      // stale: does nothing
        XCTAssertEqual(store.image(for: reused)?.width, 3)
        var evicted: [ImageRef] = []
        store.drainEvicted { evicted.append($0) }
        XCTAssertEqual(evicted, [first])
    }

    func testMipChainIsHandedOverOnceThenForgotten() {
        let store = ImageStore()
        let ref = store.addHandOff(MipChain(Image(width: 4, height: 4)), isOpaque: false, key: "c")
        XCTAssertEqual(store.residentBytes, (16 + 4 + 1) * 4)
        XCTAssertEqual(store.mipChain(for: ref)?.levels.count, 3)
        XCTAssertNil(store.mipChain(for: ref))
        XCTAssertNil(store.image(for: ref))
        XCTAssertEqual(store.residentBytes, 0)
    }
}
