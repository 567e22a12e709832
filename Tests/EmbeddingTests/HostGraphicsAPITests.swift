import ParallaxKit
import XCTest
import _GLTestSupport

/// `ParallaxHost.api`: the app says which OpenGL it made; the other is refused in one line.
final class HostGraphicsAPITests: XCTestCase {
    private func host() -> ParallaxHost {
        ParallaxHost(scene: Scene(canvas: Size(64, 64), components: []), images: ImageStore())
    }

    func testAutoTakesTheCurrentContext() throws {
        let context = try HeadlessGL.context(suite: "EmbeddingTests")
        let h = host()
        let renderer = try h.makeCompositor().renderer
        XCTAssertEqual(renderer.capabilities.apiKey, context.api.rawValue)
    }

    func testTheOtherAPIIsRefusedInOneLine() throws {
        let context = try HeadlessGL.context(suite: "EmbeddingTests")
        let h = host()
        let (asked, current): (GraphicsAPI, String) = context.api == .es ? (.desktop, "OpenGL ES") : (.es, "OpenGL ")
        h.api = asked
        XCTAssertThrowsError(try h.makeCompositor()) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("no usable OpenGL context: the host asks for \(asked.requestName) "
                                         + "but the current context is \(current)"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        XCTAssertNil(h.compositor, "no compositor is kept after a refusal")
    }
}
