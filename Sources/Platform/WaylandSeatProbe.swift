// SDL 2.26 to 2.28 crash in SDL_Init under a Wayland compositor that offers no seat (a
// kiosk with no keyboard, pointer or touch, weston's headless backend): Wayland_InitMouse
// writes through the seat it never made (fixed upstream in SDL 2.30).
//
// This asks the compositor itself, before SDL is initialised, whether it offers a wl_seat.
//
// Does NOT: link libwayland-client (it is loaded with dlopen, as SDL loads it), keep the
// connection, or look at anything but the registry's global names.

import CSDL2
import Glibc

/// Whether the Wayland compositor named by WAYLAND_DISPLAY advertises a `wl_seat`.
enum WaylandSeatProbe {
    /// The first SDL release whose Wayland driver starts without a seat.
    static let fixedIn = (major: 2, minor: 30)

    /// Whether the running SDL crashes in SDL_Init on a compositor without a seat.
    static var sdlNeedsSeat: Bool {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return (Int(v.major), Int(v.minor)) < (fixedIn.major, fixedIn.minor)
    }

    /// True: the compositor offers a seat; false: it offers none; nil: no compositor could
    /// be reached or libwayland-client is missing (SDL's own error will say so).
    static func compositorHasSeat() -> Bool? {
        guard let lib = dlopen("libwayland-client.so.0", RTLD_NOW | RTLD_LOCAL) else { return nil }
        defer { dlclose(lib) }
        typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Disconnect = @convention(c) (OpaquePointer?) -> Void
        typealias Roundtrip = @convention(c) (OpaquePointer?) -> Int32
        typealias Constructor = @convention(c) (OpaquePointer?, UInt32, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> OpaquePointer?
        typealias AddListener = @convention(c) (OpaquePointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        typealias Destroy = @convention(c) (OpaquePointer?) -> Void
        func symbol<T>(_ name: String, _ type: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: type) } }
        guard let connect = symbol("wl_display_connect", Connect.self),
              let disconnect = symbol("wl_display_disconnect", Disconnect.self),
              let roundtrip = symbol("wl_display_roundtrip", Roundtrip.self),
              let construct = symbol("wl_proxy_marshal_array_constructor", Constructor.self),
              let addListener = symbol("wl_proxy_add_listener", AddListener.self),
              let destroy = symbol("wl_proxy_destroy", Destroy.self),
              let registryInterface = dlsym(lib, "wl_registry_interface"),
              let display = connect(nil) else { return nil }
        defer { disconnect(display) }
        // wl_display.get_registry (opcode 1): one new_id argument (a zeroed wl_argument).
        var argument: UInt64 = 0
        guard let registry = construct(display, 1, &argument, registryInterface) else { return nil }
        defer { destroy(registry) }
        typealias Global = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32, UnsafePointer<CChar>?, UInt32) -> Void
        typealias GlobalRemove = @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UInt32) -> Void
        let global: Global = { found, _, _, interface, _ in
            if let interface, strcmp(interface, "wl_seat") == 0 { found?.storeBytes(of: true, as: Bool.self) }
        }
        let remove: GlobalRemove = { _, _, _ in }
        var listener = (global, remove)
        var found = false
        let ok = withUnsafePointer(to: &listener) { l in
            withUnsafeMutablePointer(to: &found) { f in
                addListener(registry, UnsafeRawPointer(l), UnsafeMutableRawPointer(f)) == 0 && roundtrip(display) >= 0
            }
        }
        return ok ? found : nil
    }
}
