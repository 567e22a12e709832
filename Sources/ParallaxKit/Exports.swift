// ParallaxKit: the one module an app imports (`import ParallaxKit`). It re-exports the
// public API of the library's modules and adds `ParallaxHost`, the object that owns a
// scene and draws it into the app's framebuffer.
//
// Does NOT: open windows, create GL contexts or run a frame loop (the app does; see
// `Examples/`), nor re-export the C modules (SDL, GL, libpng).

@_exported import Components
@_exported import GLRenderer
@_exported import Images
@_exported import LayerMath
@_exported import Layers
@_exported import Platform
@_exported import SceneRuntime
