// Video: video files as YUV frames on the scene clock.
//
// What this module does:
// - `VideoFile`: opens an MP4, WebM or MKV file (chosen by signature) with FFmpeg and
//   decodes its first video stream to 4:2:0 planes or NV12 (`VideoFrame`), in order or the frame
//   showing at a time (looping), with bounded time, size and memory for bad files;
// - `VideoPlayer`: decodes ahead on a worker thread into a bounded queue that the frame
//   loop reads without ever waiting, recycling the frames shown;
// - `HardwareDecoding`: the device's decoders through FFmpeg's hwaccels, software otherwise;
// - `PreviewTiming`: when a focused card's preview starts, fades in and stops;
// - `MediaStream` and `PacketLoop`: opening one stream of a file with its decoder, and
//   FFmpeg's send/receive loop over it, which Audio's sound decoder shares.
//
// What this module does NOT do: convert to RGB (the renderer's shader does, from the
// planes), draw, or play the sound track.
