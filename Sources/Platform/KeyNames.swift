import CSDL2

/// Maps SDL keycodes and controller buttons to the stable names used by `PlatformEvent`.
enum KeyNames {
    /// The normalised name of an SDL keycode.
    static func name(for sym: SDL_Keycode) -> String {
        switch Int(sym) {
        case Int(SDLK_LEFT.rawValue): return "Left"
        case Int(SDLK_RIGHT.rawValue): return "Right"
        case Int(SDLK_UP.rawValue): return "Up"
        case Int(SDLK_DOWN.rawValue): return "Down"
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return "Return"
        case Int(SDLK_ESCAPE.rawValue): return "Escape"
        case Int(SDLK_SPACE.rawValue): return "Space"
        case Int(SDLK_HOME.rawValue): return "Home"
        case Int(SDLK_END.rawValue): return "End"
        case Int(SDLK_PAGEUP.rawValue): return "PageUp"
        case Int(SDLK_PAGEDOWN.rawValue): return "PageDown"
        case Int(SDLK_TAB.rawValue): return "Tab"
        case Int(SDLK_BACKSPACE.rawValue): return "Backspace"
        case Int(SDLK_DELETE.rawValue): return "Delete"
        default: break
        }
        if sym >= 97 && sym <= 122 {   // 'a'...'z' -> "A"..."Z"
            return String(UnicodeScalar(UInt8(sym - 32)))
        }
        if sym >= 48 && sym <= 57 { return String(UnicodeScalar(UInt8(sym))) }
        if sym >= Int32(SDLK_F1.rawValue) && sym <= Int32(SDLK_F12.rawValue) {
            return "F\(Int(sym) - Int(SDLK_F1.rawValue) + 1)"
        }
        guard let c = SDL_GetKeyName(sym) else { return "Unknown" }
        let raw = String(cString: c)
        return raw.isEmpty ? "Unknown" : String(raw.filter { $0 != " " })
    }

    /// The normalised name of a game controller button.
    static func controllerButton(_ button: Int) -> String {
        switch button {
        case Int(SDL_CONTROLLER_BUTTON_A.rawValue): return "A"
        case Int(SDL_CONTROLLER_BUTTON_B.rawValue): return "B"
        case Int(SDL_CONTROLLER_BUTTON_X.rawValue): return "X"
        case Int(SDL_CONTROLLER_BUTTON_Y.rawValue): return "Y"
        case Int(SDL_CONTROLLER_BUTTON_BACK.rawValue): return "Back"
        case Int(SDL_CONTROLLER_BUTTON_GUIDE.rawValue): return "Guide"
        case Int(SDL_CONTROLLER_BUTTON_START.rawValue): return "Start"
        case Int(SDL_CONTROLLER_BUTTON_LEFTSTICK.rawValue): return "LeftStick"
        case Int(SDL_CONTROLLER_BUTTON_RIGHTSTICK.rawValue): return "RightStick"
        case Int(SDL_CONTROLLER_BUTTON_LEFTSHOULDER.rawValue): return "LeftShoulder"
        case Int(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER.rawValue): return "RightShoulder"
        case Int(SDL_CONTROLLER_BUTTON_DPAD_UP.rawValue): return "DpadUp"
        case Int(SDL_CONTROLLER_BUTTON_DPAD_DOWN.rawValue): return "DpadDown"
        case Int(SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue): return "DpadLeft"
        case Int(SDL_CONTROLLER_BUTTON_DPAD_RIGHT.rawValue): return "DpadRight"
        default: return "Button\(button)"
        }
    }

    /// The normalised name of a game controller axis.
    static func controllerAxis(_ axis: Int) -> String {
        switch axis {
        case Int(SDL_CONTROLLER_AXIS_LEFTX.rawValue): return "leftx"
        case Int(SDL_CONTROLLER_AXIS_LEFTY.rawValue): return "lefty"
        case Int(SDL_CONTROLLER_AXIS_RIGHTX.rawValue): return "rightx"
        case Int(SDL_CONTROLLER_AXIS_RIGHTY.rawValue): return "righty"
        case Int(SDL_CONTROLLER_AXIS_TRIGGERLEFT.rawValue): return "lefttrigger"
        case Int(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue): return "righttrigger"
        default: return "axis\(axis)"
        }
    }
}
