// ParallaxKit: the one module an app imports (`import ParallaxKit`). It re-exports the
// library's public modules, in the order data flows through them (docs/architecture.md):
// JSON -> LayerMath -> Layers -> Images -> Typography -> Assets -> Input -> Scene ->
// Components -> GLRenderer -> Platform -> SceneRuntime.
//
// It also re-exports SDL2 and OpenGL (CSDL2, CGL): an app with its own window and frame
// loop calls `SDL_*` and `gl*` and passes `SDL_Event`s (`PlatformEvent(sdl:)`) with no
// bindings of its own.
//
// Does not: add behaviour of its own beyond the embedding host, re-export the other C
// libraries (PNG, JPEG, fonts) or the executables' ToolSupport, or hide the modules: an
// app may still import one module alone (a tool that only reads scene files needs
// `Scene` and `Components`, not SDL).
@_exported import CSDL2
@_exported import CGL
@_exported import JSON
@_exported import LayerMath
@_exported import Layers
@_exported import Images
@_exported import Typography
@_exported import Assets
@_exported import Input
@_exported import Scene
@_exported import Components
@_exported import GLRenderer
@_exported import Platform
@_exported import SceneRuntime
