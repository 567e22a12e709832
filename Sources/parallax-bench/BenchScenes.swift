import SceneRuntime

/// The benchmark's named scenes (all built in, DESIGN.md section 5 / issue 6).
enum BenchScenes {
    /// Run by default (and cycled by --soak).
    static let names = ["button", "grid", "carousel", "carousel-100k", "cube", "header"]
    /// Available by name but not run by default: 1,000 small layers, for the flatten
    /// pass's marginal cost per layer; the TV home screen (issue #15).
    static let extras = ["layers-1000", "home"]

    static func json(_ name: String) -> String? {
        names.contains(name) || extras.contains(name) ? BuiltInScenes.json(name) : nil
    }
}
