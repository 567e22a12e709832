import Assets
import Components
import GLRenderer
import Images
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// The demo's kept frame: redrawn only where the render list changed, then copied out.
final class KeptFrameTests: XCTestCase {
    /// The home grid with focus moves (the focused card grows, the old one shrinks, the
    /// drawing order changes): every frame copied out of the kept frame equals a full
    /// redraw of the same list, and resting frames redraw nothing.
    func testKeptFrameEqualsAFullRedrawOnTheGrid() throws {
        var partial = 0, resting = 0
        try browseTheGrid(copiesWhole: { _ in true }) { kept, _, w, h in
            if kept.lastRedrawnPixels == 0 { resting += 1 } else if kept.lastRedrawnPixels < w * h { partial += 1 }
        }
        XCTAssertGreaterThan(partial, 10, "focus animations redraw part of the frame")
        XCTAssertGreaterThan(resting, 10, "frames at rest redraw nothing")
    }

    /// The same focus moves with the kept frame copied out only where it changed
    /// (`copiesWhole: false`, the demo's partial present): the destination, which keeps
    /// what it held, equals a full redraw every time; a changed box lies within the frame,
    /// is smaller than it while a card moves, and is nil when nothing changed.
    func testCopyingOnlyWhatChangedKeepsTheDestinationEqualToAFullRedraw() throws {
        var smaller = 0, unchanged = 0
        try browseTheGrid(copiesWhole: { frame in frame == 1 }) { kept, frame, w, h in
            if let b = kept.lastChangedBox {
                XCTAssertTrue(b.x >= 0 && b.y >= 0 && b.x + b.width <= w && b.y + b.height <= h, "frame \(frame): \(b)")
                if b.width * b.height < w * h { smaller += 1 }
            } else {
                unchanged += 1
                XCTAssertEqual(kept.lastRedrawnPixels, 0)
            }
        }
        XCTAssertGreaterThan(smaller, 10, "focus animations change part of the frame")
        XCTAssertGreaterThan(unchanged, 10, "frames at rest change nothing")
    }

    /// The grid at half size through 90 frames of a Right and a Down press, drawn through a
    /// kept frame into a destination (`copiesWhole(frame)` for each draw); `check` sees the
    /// kept frame after each draw, and every sixth frame the destination must equal a full
    /// redraw of the same list.
    private func browseTheGrid(copiesWhole: (Int) -> Bool, check: (KeptFrame, Int, Int, Int) -> Void) throws {
        _ = try RenderHarness.shared()
        let images = ImageStore()
        let scene = try BuiltInScenes.load("grid", images: images)
        let replay = """
            {"t":0.10,"type":"key","key":"Right","down":true}
            {"t":0.15,"type":"key","key":"Right","down":false}
            {"t":0.60,"type":"key","key":"Down","down":true}
            {"t":0.65,"type":"key","key":"Down","down":false}
            """
        let driver = SceneDriver(scene: scene, events: try Replay.parse(replay, file: "replay"))
        let renderer = try GLRenderer()
        var flattener = Flattener(), list = RenderList()
        let w = Int(scene.canvas.width) / 2, h = Int(scene.canvas.height) / 2
        let out = try Framebuffer(width: w, height: h), full = try Framebuffer(width: w, height: h)
        defer { out.destroy(); full.destroy() }
        let kept = KeptFrame()
        for frame in 1...90 {
            driver.advance(to: Double(frame) / 60)
            flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
            kept.draw(renderer: renderer, list: list, images: images, background: scene.background,
                      width: w, height: h, destination: out.drawFramebuffer, copiesWhole: copiesWhole(frame))
            check(kept, frame, w, h)
            if frame % 6 == 0 || frame == 90 {
                let copied = renderer.readPixels(out)
                renderer.render(list, into: .framebuffer(full), images: images, background: scene.background)
                XCTAssertEqual(copied.pixels, renderer.readPixels(full).pixels, "frame \(frame)")
            }
        }
    }

    /// Built-in scene `name` drawn at half size at each of `times`: the scene, the last
    /// frame's statistics, and the pixels of the last two frames.
    private func frames(_ name: String, at times: [Double]) throws
        -> (scene: Scene, stats: FrameStats, before: [UInt8], last: [UInt8]) {
        let harness = try RenderHarness.shared()
        let images = ImageStore()
        let scene = try BuiltInScenes.load(name, images: images)
        let driver = SceneDriver(scene: scene, events: [])
        let compositor = Compositor(renderer: harness.renderer, scene: scene, images: images)
        let target = try Framebuffer(width: Int(scene.canvas.width) / 2, height: Int(scene.canvas.height) / 2)
        defer { target.destroy() }
        var before: [UInt8] = [], last: [UInt8] = []
        for t in times {
            driver.advance(to: t)
            _ = compositor.capture(atTime: t, target: .framebuffer(target))
            before = last
            last = harness.renderer.readPixels(target).pixels
        }
        return (scene, harness.renderer.stats, before, last)
    }

    /// The grid's cards are rasterized (CALayer.shouldRasterize): once the focus rests, a
    /// frame composites every card from its kept image, drawing none of their layers, and
    /// gives the pixels the frame before gave.
    func testRestingGridCardsAreCompositedFromTheirKeptImages() throws {
        let f = try frames("grid", at: [2, 2])
        let grid = try XCTUnwrap(f.scene.components.compactMap { $0 as? FocusGrid }.first)
        XCTAssertEqual(f.stats.rasterizedReused, grid.cards.count)
        XCTAssertEqual(f.stats.groups, 0)
        XCTAssertTrue(f.before == f.last)
    }

    /// A carousel at rest is composited from one kept image (its items rasterized while
    /// they rest: from their second layout at the same offset, t = 1.5): the frame after
    /// draws none of its quads, with the same pixels.
    func testARestingCarouselIsCompositedFromItsKeptImage() throws {
        let f = try frames("carousel", at: [1.0, 1.5, 2.0])
        XCTAssertEqual(f.stats.rasterizedReused, 1)
        XCTAssertEqual(f.stats.quads, 0, "no item drawn")
        XCTAssertTrue(f.before == f.last)
    }
}
