// Platform: the SDL2 side of the compositor.
//
// What this module does:
// - `GLContextHost` (alias `Window`) opens an SDL window with an OpenGL 3.3 core or
//   OpenGL ES 3.0+ context (`GraphicsAPI`; 8-bit stencil), windowed (X11, Wayland, KMS),
//   fullscreen or headless (SDL's `offscreen` driver, EGL pbuffer), and makes it current.
//   GL functions are then callable from other modules directly (on Linux libglvnd's libGL
//   dispatches to the current context, ES included; no loader is needed).
// - `DRMDevices` and `WaylandSeatProbe` say, before SDL starts, why KMS or Wayland cannot.
// - `pollEvents(into:)` turns SDL events into the pure-Swift `PlatformEvent`
//   and opens/closes game controllers as they come and go; `PlatformEvent(sdl:)` is
//   the same conversion for an app that polls SDL itself.
// - `Clock` is a monotonic clock in seconds (SDL's performance counter).
// - `FramePacer` holds presents to the display's refresh rate where vsync does not
//   (`GLContextHost.refreshRate`).
// - `PartialPresenter` presents a rectangle of the back buffer without a swap
//   (GLX_MESA_copy_sub_buffer), for hosts that redraw only what changed.
//
// What this module does NOT do: it never calls GL (the renderer owns every GL call,
// including framebuffers and readback; presenting is window-system work: SDL's swap, GLX's
// sub-buffer copy), it does not interpret input (no focus, no
// gestures, no replay files), it keeps no globals (SDL itself is process-global: create
// one host per process), and it does not pace frames itself: `FramePacer` says how long
// to wait where vsync does not, the caller waits.
