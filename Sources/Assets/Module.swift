// Assets: the pixels a scene draws, owned in one place.
//
// What this module does:
// - `ImageStore` owns the pixels behind `ImageRef`s: decoded files, generated images,
//   lazily produced ones, and hand-offs to the renderer's texture upload (mip chains
//   made on a worker included); its handles carry its store id and a generation;
// - generated artwork, so the demo and tests need no asset files: `Painter` (a small
//   software painter, with text through Typography), `DefaultIcon` / `BuiltinImages`,
//   `CarouselPoster`;
// - `TextLayer`, the one text painter: a string rasterised into the store at the pixel
//   size it is shown;
// - the poster image source: `ImageFolder` / `FileList` (folders, lists and globs of
//   image files), `FolderListings` (each folder read once per scene load, shared by the
//   rows and globs naming it), `FolderListing` (a large folder listed on a thread of its own) and
//   `DecodeQueue` (decoding, mip chains and 1/8-scale previews on worker threads), and
//   `FrameGate` (workers wait while the host renders a frame on a CPU rasteriser).
//
// What this module does NOT do: GL (the renderer keeps its own texture cache), decode
// formats (Images does), know components, scenes or input.
