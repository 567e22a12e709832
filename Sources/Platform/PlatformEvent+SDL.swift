import CSDL2

extension PlatformEvent {
    /// The platform event an SDL event stands for, for an app that runs its own SDL event
    /// loop: `if let e = PlatformEvent(sdl: event) { host.handle(e) }`. Nil for SDL events
    /// with no platform event (window exposure, text input, ...).
    ///
    /// A resize takes its size in points from the event and the drawable's pixels from the
    /// event's window (SDL must be initialised, as it is while an app polls events). A
    /// controller coming or going is reported, not opened or closed: that stays the app's
    /// (`GLContextHost` opens the controllers of the window it made).
    public init?(sdl event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            self = .quit
        case SDL_KEYDOWN, SDL_KEYUP:
            self = .key(name: KeyNames.name(for: event.key.keysym.sym), down: event.type == SDL_KEYDOWN.rawValue,
                        repeat: event.key.repeat != 0)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            let name: String
            switch Int32(b.button) {
            case SDL_BUTTON_LEFT: name = "left"
            case SDL_BUTTON_RIGHT: name = "right"
            case SDL_BUTTON_MIDDLE: name = "middle"
            case SDL_BUTTON_X1: name = "x1"
            default: name = "x2"
            }
            self = .pointer(x: Double(b.x), y: Double(b.y), button: name, down: event.type == SDL_MOUSEBUTTONDOWN.rawValue)
        case SDL_MOUSEMOTION:
            self = .move(x: Double(event.motion.x), y: Double(event.motion.y))
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            let flip: Double = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            self = .wheel(dx: Double(w.preciseX) * flip, dy: Double(w.preciseY) * flip)
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            self = .controllerButton(name: KeyNames.controllerButton(Int(event.cbutton.button)),
                                     down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
        case SDL_CONTROLLERAXISMOTION:
            self = .controllerAxis(name: KeyNames.controllerAxis(Int(event.caxis.axis)),
                                   value: max(-1, min(1, Double(event.caxis.value) / 32767)))
        case SDL_CONTROLLERTOUCHPADDOWN, SDL_CONTROLLERTOUCHPADMOTION, SDL_CONTROLLERTOUCHPADUP:
            let t = event.ctouchpad
            self = .controllerTouchpad(x: min(max(Double(t.x), 0), 1), y: min(max(Double(t.y), 0), 1),
                                       down: event.type != SDL_CONTROLLERTOUCHPADUP.rawValue)
        case SDL_CONTROLLERSENSORUPDATE:
            guard event.csensor.sensor == SDL_SENSOR_GYRO.rawValue else { return nil }
            let d = event.csensor.data
            self = .controllerGyro(x: Double(d.0), y: Double(d.1), z: Double(d.2))
        case SDL_CONTROLLERDEVICEADDED:
            // `which` is a device index here.
            self = .controllerAdded(name: SDL_GameControllerNameForIndex(event.cdevice.which).map { String(cString: $0) }
                                    ?? "controller")
        case SDL_CONTROLLERDEVICEREMOVED:
            self = .controllerRemoved
        case SDL_WINDOWEVENT:
            guard SDL_WindowEventID(UInt32(event.window.event)) == SDL_WINDOWEVENT_SIZE_CHANGED else { return nil }
            let points = (Int(event.window.data1), Int(event.window.data2))
            var pw = event.window.data1, ph = event.window.data2
            if let window = SDL_GetWindowFromID(event.window.windowID) { SDL_GL_GetDrawableSize(window, &pw, &ph) }
            self = .resized(pointsWidth: points.0, pointsHeight: points.1, pixelsWidth: Int(pw), pixelsHeight: Int(ph))
        default:
            return nil
        }
    }
}
