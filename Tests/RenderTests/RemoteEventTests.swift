import CSDL2
import Platform
import XCTest

/// SDL's controller touchpad and gyroscope events become PlatformEvent values (the
/// remote's feel): pushed into SDL's queue, then polled.
final class RemoteEventTests: XCTestCase {
    func testTouchpadAndGyroEventsConvert() throws {
        let h = try RenderHarness.shared()
        var events: [PlatformEvent] = []
        h.host.pollEvents(into: &events)
        events.removeAll()

        var touch = SDL_Event()
        touch.type = SDL_CONTROLLERTOUCHPADDOWN.rawValue
        touch.ctouchpad.x = 0.25
        touch.ctouchpad.y = 0.75
        SDL_PushEvent(&touch)
        touch.type = SDL_CONTROLLERTOUCHPADMOTION.rawValue
        touch.ctouchpad.x = 1.5            // out of range: clamped
        SDL_PushEvent(&touch)
        touch.type = SDL_CONTROLLERTOUCHPADUP.rawValue
        SDL_PushEvent(&touch)
        var gyro = SDL_Event()
        gyro.type = SDL_CONTROLLERSENSORUPDATE.rawValue
        gyro.csensor.sensor = SDL_SENSOR_GYRO.rawValue
        gyro.csensor.data = (0.5, -1, 0.25)
        SDL_PushEvent(&gyro)
        gyro.csensor.sensor = SDL_SENSOR_ACCEL.rawValue   // not used: dropped
        SDL_PushEvent(&gyro)

        h.host.pollEvents(into: &events)
        XCTAssertEqual(events, [
            .controllerTouchpad(x: 0.25, y: 0.75, down: true),
            .controllerTouchpad(x: 1, y: 0.75, down: true),
            .controllerTouchpad(x: 1, y: 0.75, down: false),
            .controllerGyro(x: 0.5, y: -1, z: 0.25),
        ])
    }
}
