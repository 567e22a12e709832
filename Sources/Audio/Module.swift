// Audio: the sounds a launcher makes and its speech.
//
// What this module does:
// - `SoundClip`: mono PCM at the output rate (48 kHz, Float in -1...1);
// - `NavigationCue` and `NavigationSounds`: the four navigation cues (focus move, select,
//   back, the end of a row) and their built-in sounds, synthesised from a formula;
// - `WAVDecoder`: RIFF WAVE files (integer PCM and float), mixed down and resampled;
// - `SoundFile`: a navigation sound's file, WAV or Ogg by its first bytes;
// - `AudioFileDecoder`: the sound track of any file FFmpeg reads, to the mixer's format;
// - `PreviewSound`: a file's sound streamed by a worker into a `SoundStreamSink`, looping;
// - `SoundMixer`: a fixed set of voices, speech and one stream mixed into a caller's buffer,
//   with no allocation;
// - `SpeechSynthesizer`: text to samples through espeak-ng, on a worker, cancellable.
//
// What this module does NOT do: open an audio device (Platform's `AudioOutput` does, over
// SDL), or lock the mixer (the owner of the device serialises `trigger` and `render`).
