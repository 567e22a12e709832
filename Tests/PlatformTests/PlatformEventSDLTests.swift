import CSDL2
import Platform
import XCTest

/// SDL events, filled in as SDL documents them, become platform events
/// (`PlatformEvent(sdl:)`, for an app with its own SDL loop). No SDL_Init needed.
final class PlatformEventSDLTests: XCTestCase {
    func testRightArrowKeyDownIsTheRightKey() {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(SDLK_RIGHT.rawValue)
        e.key.repeat = 1
        XCTAssertEqual(PlatformEvent(sdl: e), .key(name: "Right", down: true, repeat: true))
        e.type = SDL_KEYUP.rawValue
        e.key.repeat = 0
        XCTAssertEqual(PlatformEvent(sdl: e), .key(name: "Right", down: false, repeat: false))
    }

    func testLetterKeysAreUpperCaseNames() {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(UInt8(ascii: "f"))   // SDL's keycode of a letter is its lower-case ASCII
        XCTAssertEqual(PlatformEvent(sdl: e), .key(name: "F", down: true, repeat: false))
    }

    func testLeftButtonPressKeepsItsWindowPoint() {
        var e = SDL_Event()
        e.type = SDL_MOUSEBUTTONDOWN.rawValue
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.x = 12
        e.button.y = 34
        XCTAssertEqual(PlatformEvent(sdl: e), .pointer(x: 12, y: 34, button: "left", down: true))
    }

    func testMotionIsAMove() {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.x = 5
        e.motion.y = 7
        XCTAssertEqual(PlatformEvent(sdl: e), .move(x: 5, y: 7))
    }

    func testFlippedWheelIsUnflipped() {
        // SDL_MOUSEWHEEL_FLIPPED: the values are negated, "multiply by -1 to change them back".
        var e = SDL_Event()
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.preciseX = 0.5
        e.wheel.preciseY = 2
        e.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
        XCTAssertEqual(PlatformEvent(sdl: e), .wheel(dx: -0.5, dy: -2))
        e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        XCTAssertEqual(PlatformEvent(sdl: e), .wheel(dx: 0.5, dy: 2))
    }

    func testAxisExtremesMapToMinusOneAndOne() {
        // SDL axis values run -32768...32767: divided by 32767, the lowest is clamped to -1.
        var e = SDL_Event()
        e.type = SDL_CONTROLLERAXISMOTION.rawValue
        e.caxis.axis = UInt8(SDL_CONTROLLER_AXIS_LEFTX.rawValue)
        e.caxis.value = 32767
        XCTAssertEqual(PlatformEvent(sdl: e), .controllerAxis(name: "leftx", value: 1))
        e.caxis.value = -32768
        XCTAssertEqual(PlatformEvent(sdl: e), .controllerAxis(name: "leftx", value: -1))
    }

    func testQuitAndUnknownEvents() {
        var e = SDL_Event()
        e.type = SDL_QUIT.rawValue
        XCTAssertEqual(PlatformEvent(sdl: e), .quit)
        e.type = SDL_TEXTINPUT.rawValue
        XCTAssertNil(PlatformEvent(sdl: e), "text input has no platform event")
    }

    func testSizeChangedOfAnUnknownWindowUsesItsPointsForPixels() {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        e.window.windowID = 999
        e.window.data1 = 800
        e.window.data2 = 600
        XCTAssertEqual(PlatformEvent(sdl: e), .resized(pointsWidth: 800, pointsHeight: 600, pixelsWidth: 800, pixelsHeight: 600))
        e.window.event = UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
        XCTAssertNil(PlatformEvent(sdl: e))
    }
}
