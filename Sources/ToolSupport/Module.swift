// ToolSupport: what the three executables (parallax-demo, parallax-render,
// parallax-bench) share, so that none keeps a private copy.
//
// What this module does:
// - one-line errors with exit status 1 (`OneLineError`, `ToolProcess`), ArgumentParser's
//   own errors included;
// - `WxH` size options (`SizeOption`);
// - a layered image to preview, else a scene file or a built-in scene by name
//   (`BuiltInScenes.load(fileOrName:images:tilt:builtIn:)`);
// - a run's outputs staged and put in place together on success (`ToolOutputs`), SIGINT
//   and SIGTERM obeyed (`StopSignals`), the GL driver's loader noise held back
//   (`DriverNoise`) and a wall-clock budget for loading (`LoadBudget`);
// - the `--events` log (`SceneEventLog`), the demo's scene clock and screenshot names
//   (`SceneSession`, `ScreenshotPath`), frame export through ffmpeg (`FrameExport`).
//
// What this module does NOT do: parse a tool's own options (each tool's
// `ParsableCommand` does), or belong to the library an app imports (ParallaxKit leaves it out).
