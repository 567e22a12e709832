import SceneRuntime

/// The benchmark's named scenes (all built in, DESIGN.md section 5 / issue 6).
enum BenchScenes {
    static let names = ["button", "grid", "carousel", "carousel-100k", "cube", "header"]

    static func json(_ name: String) -> String? {
        names.contains(name) ? BuiltInScenes.json(name) : nil
    }
}
