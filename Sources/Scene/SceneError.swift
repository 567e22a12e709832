import JSON

/// A scene-file error: the file, the JSON path and what was expected versus found, one
/// line. Scene files are read with the one strict JSON reader, so this is its error.
public typealias SceneError = JSONError
