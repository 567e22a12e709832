// Images: files in, pixel values out (and back).
//
// What this module does:
// - reads PNG files and in-memory PNG bytes through libpng's simplified API into
//   premultiplied RGBA8 `Image` values, refusing oversized images after the header and
//   before any pixel allocation (`ImageLimits`);
// - decodes PNG, JPEG (libjpeg-turbo's libjpeg API through the C target `CJPEGRegion`:
//   scaled decode, only the rows and columns shown, EXIF orientation, CMYK, greyscale)
//   and WebP (libwebp) behind one seam chosen by signature (`Image.decode`) from one table
//   of formats (`ImageFormat.all`: name, extensions, signature test, decoder), optionally
//   at the size shown (`DecodeSize.cover`, one area-filtered downsample), or as a quick
//   1/8-scale JPEG preview (`Image.decodePreview`), calling a `DecodeCheckpoint` between
//   bands of rows so a worker can yield while its host renders;
// - builds mip chains on the CPU (`MipChain`: a decode thread's work, not the frame loop's)
//   and numbers image stores (`ImageStoreID`: the store half of an image handle);
// - writes JPEG (TurboJPEG) and WebP for fixtures and generated assets;
// - writes `Image` values as straight-alpha RGBA8 PNG files;
// - loads layered images (`LayeredImage`): Xcode `.imagestack` folders, `.lsr` ZIP
//   containers and plain lists of PNGs, with every path kept inside its stack.
// - opens the files users name safely (`InputFile`: regular files only, checked without
//   blocking, read within a size limit) and writes outputs without losing data
//   (`OutputFile`: atomic replacement of regular files, write-through to devices), and
//   makes private scratch folders (`TemporaryFolder`: mkdtemp, removed on every exit).
//
// What this module does NOT do:
// - no GL, no textures, no knowledge of layers, components or scenes;
// - no HEIF, GIF or PDF decoding (an image set that only offers those is an error), no
//   animated WebP, no ICC profiles (pixels are taken as sRGB);
// - no compiled `.lcr` stacks, no `.brandassets`, no colour management beyond what
//   libpng's simplified API does (8-bit sRGB output);
// - no caching: every call reads the file again.
