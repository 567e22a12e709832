// ParallaxKit: the one module an app imports (`import ParallaxKit`). It re-exports the
// library's public modules, in the order data flows through them (docs/architecture.md):
// JSON -> LayerMath -> Layers -> Images -> Typography -> Assets -> Input -> Scene ->
// Components -> GLRenderer -> Platform -> SceneRuntime.
//
// Does not: add behaviour of its own beyond the embedding host, re-export the C system
// libraries (CSDL2, CGL, ...) or the executables' ToolSupport, or hide the modules: an
// app may still import one module alone (a tool that only reads scene files needs
// `Scene` and `Components`, not SDL).
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
