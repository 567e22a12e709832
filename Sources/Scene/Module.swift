// Scene: a set of components on a canvas, driven by input and time.
//
// What this module does:
// - the component protocol (`SceneComponent`), `Scene` and `SceneDriver` (input and
//   time in, layers out), and when a scene next changes with no input (`nextUpdateTime`);
// - the scene-file loader with an open registry of kinds (`SceneLoader`, `SceneKinds`:
//   a kind registers a factory; the loader switches over none), `SceneContext` for the
//   factories, the shared readers of scene keys (`SceneAnimations`, `SceneTransform`);
// - the focus engine (`FocusEngine`, `FocusContainer`, `FocusScope`, `FocusGuide`) and
//   the events a host reacts to (`SceneEvent`, `SceneEventSink`).
//
// What this module does NOT do: know any concrete component (Components registers the
// library's kinds in `SceneKinds.standard`), draw (GLRenderer does), or read SDL.
