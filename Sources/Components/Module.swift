// Components: the state machines, one folder each: (state, input, time) -> state and the
// layers that show it.
//
// - Button/: the tvOS parallax button (`ParallaxButton`, its `.imagestack` layers);
// - ParallaxCard/: what button and grid share: a card's layers, pose, focus effect and
//   shadow (the layer's own, under a silhouette beside the clipping card) and generated glare;
// - Grid/: the focus grid of cards; Carousel/: iCarousel's layouts, scroll physics,
//   posters from files, captions; Shelf/: rows of titled content (a TV home screen);
// - Cube/: the lit 3D cube; Header/: the scroll-view parallax header;
//   AffineOrders/: seed 002's lesson; LayerTree/: any layer tree written as JSON.
// Each folder's `<Kind>+Scene.swift` reads the kind's scene-file keys; all kinds are
// registered in one place, `SceneKinds.standard` (SceneKinds+Standard.swift).
//
// What this module does NOT do: GL, SDL, file formats of its own (JSON, Images and
// Input read files), own the pixels (Assets' `ImageStore` does), keep globals, or read
// arrow keys in a focus container (the focus engine calls its `moveFocus`).
