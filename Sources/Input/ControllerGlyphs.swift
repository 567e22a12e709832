/// The controller families whose buttons are printed differently.
public enum ControllerFamily: String, CaseIterable, Sendable {
    /// Xbox 360 / One / Series controllers, and any controller SDL does not place (their
    /// layout is SDL's naming model).
    case xbox
    /// DualShock 3 / 4, DualSense.
    case playStation
    /// Switch Pro controller and Joy-Cons.
    case nintendo
}

/// What is printed on a button, by family, for the names `InputEvent.controllerButton`
/// uses. SDL names buttons by position on an Xbox pad (A = the bottom face button,
/// B = right, X = left, Y = top), so the PlayStation's bottom button is "Cross" and the
/// Nintendo's is "B" (its A is on the right).
///
/// Does not: decide what a button does (A selects and B goes back on every family).
public enum ControllerGlyphs {
    /// The label of `button` on a controller of `family`; unknown names come back as given.
    public static func label(_ button: String, family: ControllerFamily) -> String {
        switch family {
        case .xbox:
            switch button {
            case "Back": return "View"
            case "Start": return "Menu"
            case "Guide": return "Xbox"
            case "LeftShoulder": return "LB"
            case "RightShoulder": return "RB"
            case "LeftStick": return "LS"
            case "RightStick": return "RS"
            default: return dpad(button) ?? button
            }
        case .playStation:
            switch button {
            case "A": return "Cross"
            case "B": return "Circle"
            case "X": return "Square"
            case "Y": return "Triangle"
            case "Back": return "Share"
            case "Start": return "Options"
            case "Guide": return "PS"
            case "LeftShoulder": return "L1"
            case "RightShoulder": return "R1"
            case "LeftStick": return "L3"
            case "RightStick": return "R3"
            default: return dpad(button) ?? button
            }
        case .nintendo:
            switch button {
            case "A": return "B"
            case "B": return "A"
            case "X": return "Y"
            case "Y": return "X"
            case "Back": return "Minus"
            case "Start": return "Plus"
            case "Guide": return "Home"
            case "LeftShoulder": return "L"
            case "RightShoulder": return "R"
            case "LeftStick": return "LS"
            case "RightStick": return "RS"
            default: return dpad(button) ?? button
            }
        }
    }

    /// The family of a controller from its name, for hosts without SDL's type (a replay).
    public static func family(name: String) -> ControllerFamily {
        let n = name.lowercased()
        if ["playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5", "sony"].contains(where: n.contains) { return .playStation }
        if ["nintendo", "switch", "joy-con", "joycon"].contains(where: n.contains) { return .nintendo }
        return .xbox
    }

    private static func dpad(_ button: String) -> String? {
        switch button {
        case "DpadUp": return "D-pad up"
        case "DpadDown": return "D-pad down"
        case "DpadLeft": return "D-pad left"
        case "DpadRight": return "D-pad right"
        default: return nil
        }
    }
}
