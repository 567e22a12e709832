import ParallaxKit
import XCTest

/// A host that was never told where the app's window is says so instead of drawing the
/// canvas unscaled into a corner of the window.
final class WindowGeometryMissingTests: XCTestCase {
    func testDrawIntoTheWindowWithoutGeometryThrowsWindowNotSet() throws {
        let host = try ParallaxHost(scene: "carousel")
        XCTAssertFalse(host.hasWindowGeometry)
        XCTAssertThrowsError(try host.draw(loadAction: .keep)) { error in
            XCTAssertEqual(error as? HostWindowError, .windowNotSet(canvas: host.scene.canvas))
            XCTAssertTrue("\(error)".contains("host.window is not set"), "\(error)")
        }
    }

    func testGeometryGivenAtInitBySettingOrByAResizeCounts() throws {
        XCTAssertTrue(try ParallaxHost(scene: "carousel", window: WindowGeometry(width: 640, height: 360)).hasWindowGeometry)
        let set = try ParallaxHost(scene: "carousel")
        set.window = WindowGeometry(width: 640, height: 360)
        XCTAssertTrue(set.hasWindowGeometry)
        let resized = try ParallaxHost(scene: "carousel")
        XCTAssertFalse(resized.handle(.resized(pointsWidth: 640, pointsHeight: 360, pixelsWidth: 1280, pixelsHeight: 720)))
        XCTAssertTrue(resized.hasWindowGeometry)
        XCTAssertEqual(resized.window.sceneViewport, ViewportRect(x: 0, y: 0, width: 1280, height: 720))
    }
}
