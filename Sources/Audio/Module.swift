// Audio: the sounds a launcher makes, as pure Swift values.
//
// What this module does:
// - `SoundClip`: mono PCM at the output rate (48 kHz, Float in -1...1);
// - `NavigationCue` and `NavigationSounds`: the four navigation cues (focus move, select,
//   back, the end of a row) and their built-in sounds, synthesised from a formula;
// - `WAVDecoder`: RIFF WAVE files (integer PCM and float), mixed down and resampled;
// - `SoundMixer`: a fixed set of voices mixed into a caller's buffer, with no allocation.
//
// What this module does NOT do: open an audio device (Platform's `AudioOutput` does, over
// SDL), lock (the owner of the device serialises `trigger` and `render`), or speak.
