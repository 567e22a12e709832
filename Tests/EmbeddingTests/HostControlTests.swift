import Foundation
import ParallaxKit
import _TestSupport
import XCTest

/// Programmatic control through the host: carousels, focus, parallax buttons.
final class HostControlTests: XCTestCase {
    /// A parallax button with the `finger` rotate method, at rest at first.
    private let buttonFinger = packageRoot().appendingPathComponent("Assets/scenes/button-finger.json").path

    private func carousel(_ host: ParallaxHost) throws -> Carousel {
        try host.component("carousel", as: Carousel.self, kind: "carousel")
    }

    /// Not animated: item 7 is centred at once (the scene starts on item 4, the middle of
    /// nine), and an index event says so.
    func testScrollCarouselAtOnceCentresTheItemNow() throws {
        let host = try ParallaxHost(scene: "carousel")
        var indices: [Int] = []
        host.onIndexChange { _, item in indices.append(item) }
        host.advance(to: 1)
        XCTAssertEqual(try carousel(host).centredIndex, 4)
        try host.scrollCarousel("carousel", toItem: 7, animated: false)
        XCTAssertEqual(try carousel(host).centredIndex, 7)
        XCTAssertEqual(indices.last, 7)
    }

    /// Animated: still on item 4 at the call, on item 1 once the scroll has run (well
    /// past the carousel's scroll duration).
    func testScrollCarouselAnimatedArrivesLater() throws {
        let host = try ParallaxHost(scene: "carousel")
        try host.scrollCarousel("carousel", toItem: 1)
        XCTAssertEqual(try carousel(host).centredIndex, 4)
        host.advance(to: 3)
        XCTAssertEqual(try carousel(host).centredIndex, 1)
    }

    /// Unknown names and items are one-line errors naming what exists.
    func testScrollCarouselUnknownNameOrItemIsAnError() throws {
        let host = try ParallaxHost(scene: "carousel")
        XCTAssertThrowsError(try host.scrollCarousel("nope", toItem: 1)) {
            XCTAssertEqual("\($0)", #"no carousel named "nope" (carousels: carousel)"#)
        }
        XCTAssertThrowsError(try host.scrollCarousel("carousel", toItem: 9)) {
            XCTAssertEqual($0 as? HostControlError, .noItem(component: "carousel", item: 9))
        }
        XCTAssertThrowsError(try host.setButton("carousel", focused: true)) {
            XCTAssertEqual("\($0)", #"no parallax button named "carousel" (parallax buttons: none in this scene)"#)
        }
    }

    /// The home screen: focus a card of a shelf row ("apps", item 2) through the focus
    /// engine; a focus event reports it and the engine says so.
    func testFocusMovesTheScreensFocusToAShelfRowCard() throws {
        let host = try ParallaxHost(scene: "home")
        var focus: [String] = []
        host.onFocus { c, i in focus.append("\(c) \(i)") }
        host.advance(to: 0.5)
        try host.focus("apps", item: 2)
        XCTAssertEqual(host.scene.focus.focused?.component, "apps")
        XCTAssertEqual(host.scene.focus.focused?.item, 2)
        XCTAssertEqual(focus.last, "apps 2")
        XCTAssertThrowsError(try host.focus("apps", item: 999)) {
            XCTAssertEqual($0 as? HostControlError, .noItem(component: "apps", item: 999))
        }
        XCTAssertEqual(host.scene.focus.focused?.item, 2, "a refused call changes nothing")
    }

    /// A grid card by index: the grid's focused index follows.
    func testFocusGridCard() throws {
        let host = try ParallaxHost(scene: "grid")
        try host.focus("grid", item: 7)
        let grid = try host.component("grid", as: FocusGrid.self, kind: "focus grid")
        XCTAssertEqual(grid.focusedIndex, 7)
    }

    /// focused: the effect begins (spotlight 0.1 s + move 0.4 s: active from 0.5 s after);
    /// unfocused at 2 s: ending for 0.5 s, then at rest.
    func testSetButtonFocusedRunsTheEffectAndItsEnd() throws {
        let host = try ParallaxHost(scene: buttonFinger)
        let button = try host.component("button", as: ParallaxButton.self, kind: "parallax button")
        try host.setButton("button", focused: true)
        host.advance(to: 0.3)
        XCTAssertEqual(button.phase, .beginning)
        host.advance(to: 1)
        XCTAssertEqual(button.phase, .active)
        host.advance(to: 2)
        try host.setButton("button", focused: false)
        host.advance(to: 2.3)
        XCTAssertEqual(button.phase, .ending)
        host.advance(to: 2.6)
        XCTAssertEqual(button.phase, .rest)
    }

    /// pressed and held past the long-press duration (0.5 s) starts the effect; released
    /// before it, nothing happens.
    func testSetButtonPressedHeldFiresTheLongPress() throws {
        let host = try ParallaxHost(scene: buttonFinger)
        let button = try host.component("button", as: ParallaxButton.self, kind: "parallax button")
        try host.setButton("button", pressed: true)
        host.advance(to: 0.4)
        try host.setButton("button", pressed: false)
        host.advance(to: 1.5)
        XCTAssertEqual(button.phase, .rest, "released at 0.4 s: no long press")
        host.advance(to: 1.5)
        try host.setButton("button", pressed: true)
        host.advance(to: 2.6)
        XCTAssertNotEqual(button.phase, .rest, "held 1.1 s")
    }

    /// Tilt right and tilt left are mirror images about the card's vertical centre line
    /// (x = 640 on the 1280-wide canvas): the image layer's top-left corner at tilt +1 is
    /// the mirror of its top-right corner at tilt -1.
    func testSetButtonTiltMirrorsLeftAndRight() throws {
        func corners(tilt x: Double) throws -> [Point] {
            let host = try ParallaxHost(scene: buttonFinger)
            try host.setButton("button", focused: true)
            host.advance(to: 1)
            try host.setButton("button", tilt: (x, 0))
            host.advance(to: 1.01)
            let list = host.scene.rootLayers.flatten(canvas: host.scene.canvas)
            let q = try XCTUnwrap(list.quads.first { $0.name == "button/0" })
            return [q.corners.0, q.corners.1, q.corners.2, q.corners.3]
        }
        let right = try corners(tilt: 1), left = try corners(tilt: -1)
        XCTAssertNotEqual(right[0].y, right[1].y, accuracy: 1e-6, "tilted: the top edge is not level")
        XCTAssertEqual(right[0].x, 1280 - left[1].x, accuracy: 1e-6)
        XCTAssertEqual(right[0].y, left[1].y, accuracy: 1e-6)
        XCTAssertEqual(right[2].x, 1280 - left[3].x, accuracy: 1e-6)
    }
}

/// Events to the app: callbacks and the drained queue, and platform events mapped
/// through HiDPI and letterboxing.
final class HostEventTests: XCTestCase {
    /// Right then Return on the carousel (on item 4 at first): index 5 then select 5, in
    /// that order, as callbacks; the drained queue has the focus move to 5 before them,
    /// and, first of all, the initial focus (item 4), posted before any callback existed.
    func testCallbacksAndQueueReportIndexThenSelect() throws {
        let host = try ParallaxHost(scene: "carousel")
        var seen: [String] = []
        host.onIndexChange { c, i in seen.append("index \(c) \(i)") }
        host.onSelect { c, i in seen.append("select \(c) \(i)") }
        var drained: [SceneEvent] = []
        host.drainEvents(into: &drained)
        XCTAssertEqual(drained, [SceneEvent(time: 0, kind: .focus, component: "carousel", item: 4)])
        drained.removeAll()
        host.handle(.key("Right", down: true))
        host.advance(to: 2)
        host.handle(.key("Return", down: true))
        XCTAssertEqual(seen, ["index carousel 5", "select carousel 5"])
        host.drainEvents(into: &drained)
        XCTAssertEqual(drained.map(\.kind), [.focus, .index, .select])
        XCTAssertEqual(drained.map(\.item), [5, 5, 5])
        var again: [SceneEvent] = []
        host.drainEvents(into: &again)
        XCTAssertTrue(again.isEmpty, "drained once")
    }

    /// An event stamped with its own time: Right at 0.5 s then advancing to 3 s centres item
    /// 5, as Right delivered after advancing to 0.5 s does; its index event carries 0.5 s.
    func testEventAtItsOwnTimeAdvancesFirst() throws {
        let host = try ParallaxHost(scene: "carousel")
        var times: [Double] = []
        host.onEvent { e in if e.kind == .focus { times.append(e.time) } }
        host.handle(.key("Right", down: true), at: 0.5)
        host.advance(to: 3)
        XCTAssertEqual(try host.component("carousel", as: Carousel.self, kind: "carousel").centredIndex, 5)
        XCTAssertEqual(times, [0.5])
    }

    /// A 640x640-point window with 1280x1280 pixels (HiDPI 2) over the 1280x720 canvas:
    /// scale 1, bars of 280 pixels above and below. The centred item's centre, canvas
    /// (640, 360), is pixel (640, 640) = window point (320, 320): a click there selects
    /// it (item 4, the middle of nine). Window point (320, 100) is pixel y 200, canvas y -80, in the bar: nothing.
    func testPlatformClickMapsThroughHiDPIAndLetterbox() throws {
        let host = try ParallaxHost(scene: "carousel",
                                    window: WindowGeometry(points: Size(640, 640), pixels: PixelSize(width: 1280, height: 1280)))
        var selected: [Int] = []
        host.onSelect { _, i in selected.append(i) }
        host.advance(to: 1)
        host.handle(PlatformEvent.pointer(x: 320, y: 100, button: "left", down: true))
        host.handle(PlatformEvent.pointer(x: 320, y: 100, button: "left", down: false))
        XCTAssertEqual(selected, [], "the letterbox bar")
        host.handle(PlatformEvent.pointer(x: 320, y: 320, button: "left", down: true))
        host.handle(PlatformEvent.pointer(x: 320, y: 320, button: "left", down: false))
        XCTAssertEqual(selected, [4])
    }

    /// Wheel notches scale by wheelPointsPerNotch; quit and resize are the app's, and a
    /// resize updates the window geometry.
    func testPlatformEventsTheSceneDoesNotTake() throws {
        let host = try ParallaxHost(scene: "carousel")
        XCTAssertEqual(host.inputEvent(for: .wheel(dx: 0, dy: 2)), .wheel(dx: 0, dy: 80))
        XCTAssertFalse(host.handle(.quit))
        XCTAssertFalse(host.handle(.resized(pointsWidth: 800, pointsHeight: 600, pixelsWidth: 1600, pixelsHeight: 1200)))
        XCTAssertEqual(host.window, WindowGeometry(points: Size(800, 600), pixels: PixelSize(width: 1600, height: 1200)))
        XCTAssertTrue(host.handle(.key(name: "Right", down: true, repeat: false)))
    }
}

/// Loading: a file, a built-in name, neither.
final class HostLoadingTests: XCTestCase {
    /// A name that is neither a file nor a built-in scene: one line listing the built-ins.
    func testUnknownSceneNameListsTheBuiltInScenes() {
        XCTAssertThrowsError(try ParallaxHost(scene: "no-such-scene")) { error in
            XCTAssertEqual(error as? SceneNotFound, SceneNotFound(name: "no-such-scene"))
            XCTAssertTrue("\(error)".hasPrefix("no-such-scene: no such file, and not a built-in scene (built-in scenes: home, "))
        }
    }

    /// A path that is a symbolic link loop is opened and reported as one, not as an
    /// unknown scene name.
    func testASceneLinkLoopIsReportedAsALoop() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("host-loop-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json").path, b = dir.appendingPathComponent("b.json").path
        XCTAssertEqual(symlink(b, a), 0)
        XCTAssertEqual(symlink(a, b), 0)
        XCTAssertThrowsError(try ParallaxHost(scene: a)) { error in
            XCTAssertNil(error as? SceneNotFound)
            XCTAssertTrue("\(error)".contains("symbolic link loop"), "\(error)")
        }
    }

    /// A scene file by path loads its components.
    func testSceneFileByPath() throws {
        let host = try ParallaxHost(scene: packageRoot().appendingPathComponent("Assets/scenes/cube.json").path)
        XCTAssertTrue(host.scene.components.contains { $0 is Cube })
    }
}
