// The shaders of the top-level `Shaders/` folder, compiled into the binary as SwiftPM
// resources (`.embedInCode`, through the link `Sources/GLRenderer/Shaders`): no bundle, and
// no path of the machine that built it. A new shader file needs a line here (a test checks).

/// The shader files of the top-level `Shaders/` folder, by file name.
enum EmbeddedShaders {
    static let files: [(name: String, text: String)] = [
        ("blur.frag", PackageResources.blur_frag),
        ("clip.frag", PackageResources.clip_frag),
        ("fill.frag", PackageResources.fill_frag),
        ("fill.vert", PackageResources.fill_vert),
        ("quad.frag", PackageResources.quad_frag),
        ("quad.vert", PackageResources.quad_vert),
        ("video.frag", PackageResources.video_frag),
        ("video.vert", PackageResources.video_vert),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
}
