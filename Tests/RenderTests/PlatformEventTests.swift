import CSDL2
import Platform
import XCTest

/// SDL events become PlatformEvent values (pushed into SDL's queue, then polled).
final class PlatformEventTests: XCTestCase {
    func testSDLEventsConvertToPlatformEvents() throws {
        let h = try RenderHarness.shared()
        var events: [PlatformEvent] = []
        h.host.pollEvents(into: &events)   // drain whatever the driver queued
        events.removeAll()

        var key = SDL_Event()
        key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_LEFT.rawValue)
        SDL_PushEvent(&key)
        key.type = SDL_KEYUP.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_f.rawValue)
        SDL_PushEvent(&key)
        key.type = SDL_KEYDOWN.rawValue
        key.key.keysym.sym = SDL_Keycode(SDLK_F5.rawValue)
        key.key.repeat = 1
        SDL_PushEvent(&key)
        var button = SDL_Event()
        button.type = SDL_MOUSEBUTTONDOWN.rawValue
        button.button.button = UInt8(SDL_BUTTON_LEFT)
        button.button.x = 12
        button.button.y = 34
        SDL_PushEvent(&button)
        var removed = SDL_Event()
        removed.type = SDL_CONTROLLERDEVICEREMOVED.rawValue
        removed.cdevice.which = 12345   // never opened: must not crash
        SDL_PushEvent(&removed)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        SDL_PushEvent(&quit)

        h.host.pollEvents(into: &events)
        XCTAssertEqual(events, [
            .key(name: "Left", down: true, repeat: false),
            .key(name: "F", down: false, repeat: false),
            .key(name: "F5", down: true, repeat: true),
            .pointer(x: 12, y: 34, button: "left", down: true),
            .controllerRemoved,
            .quit,
        ])
    }

    func testClockIsMonotonic() {
        let clock = Clock()
        let a = clock.now(), b = clock.now()
        XCTAssertGreaterThanOrEqual(a, 0)
        XCTAssertGreaterThanOrEqual(b, a)
    }
}
