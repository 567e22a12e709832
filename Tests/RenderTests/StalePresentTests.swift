import LayerMath
import Platform
import XCTest

/// A frame drawn for one drawable size is never presented once the window has another:
/// it would show at the wrong scale in a corner of the screen (a fullscreen start whose
/// window the window manager resized after the frame began).
final class StalePresentTests: XCTestCase {
    func testFrameDrawnForTheSizeBeforeAFullscreenSwitchIsRefused() throws {
        let host = try RenderHarness.shared().host
        let before = host.drawableSize
        host.toggleFullscreen()
        defer { host.toggleFullscreen() }
        let after = host.drawableSize
        // The offscreen driver's display (1024x768) is not the harness's 64x64 window.
        XCTAssertFalse(before == after, "fullscreen did not change the drawable's size \(before)")
        XCTAssertFalse(host.present(drawnAt: before))
        XCTAssertTrue(host.present(drawnAt: after))
    }

    func testFrameDrawnAtTheCurrentSizeIsPresented() throws {
        let host = try RenderHarness.shared().host
        XCTAssertTrue(host.present(drawnAt: host.drawableSize))
        XCTAssertFalse(host.present(drawnAt: PixelSize(width: host.drawableSize.width + 1, height: host.drawableSize.height)))
    }
}
