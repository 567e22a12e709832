// swift-tools-version:5.9
// A compositor that turns image layers into textured quads on the GPU (OpenGL 3.3 core
// through SDL2) and animates them with Core Animation's semantics.
import PackageDescription

// MARK: - Products

let products: [Product] = [
    // The library another package depends on: `import ParallaxKit` re-exports every
    // public module (Sources/ParallaxKit/Exports.swift).
    .library(name: "ParallaxKit", targets: ["ParallaxKit"]),
    .executable(name: "parallax-demo", targets: ["parallax-demo"]),
    .executable(name: "parallax-render", targets: ["parallax-render"]),
    .executable(name: "parallax-bench", targets: ["parallax-bench"]),
]

// MARK: - Dependencies

let dependencies: [Package.Dependency] = [
    // Command lines with --help, typed options and one-line errors.
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // Reading `.lsr` layered images, which are ZIP containers.
    .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    // `swift package generate-documentation` (scripts/docs.sh); a plugin, linked into nothing.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
]

// MARK: - System libraries

let systemLibraries: [Target] = [
    // No pkg-config for SDL: its cflags carry -D_REENTRANT, which SwiftPM warns about in every
    // dependent build; the shim includes <SDL2/SDL.h> from the system include path instead.
    .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(name: "CGL", path: "Sources/CGL", pkgConfig: "gl",
                   providers: [.apt(["libgl-dev", "libegl-dev", "libgl1-mesa-dri", "libegl-mesa0"])]),
    .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                   providers: [.apt(["libpng-dev"])]),
    // JPEG through libjpeg-turbo: its libjpeg API decodes (scaled by 1/2, 1/4, 1/8, only the
    // rows and columns shown: CJPEGRegion), its TurboJPEG API encodes (test fixtures, posters).
    .systemLibrary(name: "CLibJPEG", path: "Sources/CLibJPEG", pkgConfig: "libjpeg",
                   providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg",
                   providers: [.apt(["libturbojpeg0-dev"])]),
    // WebP decoding (and encoding, for test fixtures) through libwebp.
    .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
                   providers: [.apt(["libwebp-dev"])]),
    // Text: glyph rasterising, shaping, font lookup (plus the default fonts they find).
    .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                   providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
                   providers: [.apt(["libharfbuzz-dev"])]),
    // Video and sound decoding: FFmpeg's libavformat, libavcodec, libswscale, libswresample
    // and libavutil (the modulemap links all five; their pkg-config files share one include folder).
    .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat",
                   providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev"])]),
    // Speech (espeak-ng's C API; its voice data comes with the library package).
    .systemLibrary(name: "CEspeakNG", path: "Sources/CEspeakNG", pkgConfig: "espeak-ng",
                   providers: [.apt(["libespeak-ng-dev"])]),
    .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                   providers: [.apt(["libfontconfig-dev", "fonts-dejavu-core", "fonts-droid-fallback"])]),
]

// MARK: - Modules

let modules: [Target] = [
    // In the order data flows (docs/architecture.md): a module imports only modules above it
    // (scripts/check-module-order.sh checks it; its ORDER line is the one list of the order).
    .target(name: "JSON"),
    .target(name: "LayerMath"),
    .target(name: "Layers", dependencies: ["LayerMath", "JSON"]),
    // libjpeg's errors exit through longjmp, which only C can catch: the region decoder is C.
    .target(name: "CJPEGRegion", dependencies: ["CLibJPEG"]),
    .target(name: "Images", dependencies: ["JSON", "CPNG", "CJPEG", "CJPEGRegion", "CWebP", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
    .target(name: "Typography", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "Layers", "Images"]),
    .target(name: "Assets", dependencies: ["LayerMath", "Layers", "Images", "Typography"]),
    .target(name: "Input", dependencies: ["LayerMath", "JSON", "Images"]),
    // Video files decoded to YUV planes on a worker (FFmpeg), and the preview's timing.
    .target(name: "Video", dependencies: ["Images", "Assets", "CFFmpeg"]),
    // Navigation sounds, WAV reading, the mixer, speech (Platform opens the device).
    .target(name: "Audio", dependencies: ["Images", "Assets", "Video", "CEspeakNG", "CFFmpeg"]),
    .target(name: "Scene", dependencies: ["LayerMath", "Layers", "JSON", "Images", "Typography", "Assets", "Input", "Video", "Audio"]),
    .target(name: "Components", dependencies: ["LayerMath", "Layers", "JSON", "Images", "Typography", "Assets", "Input", "Scene"]),
    // What a frame draws, planned without GL: quads, clips, batches, instance records.
    .target(name: "RenderPlan", dependencies: ["LayerMath", "Layers"]),
    // A RenderBackend that records its calls as values: the planner's tests without a GPU.
    .target(name: "RenderRecording", dependencies: ["RenderPlan"]),
    // Shaders/ is compiled in as resources embedded in code (Sources/GLRenderer/Shaders links
    // to it): no bundle.
    .target(name: "GLRenderer", dependencies: ["CGL", "Layers", "Images", "Video", "RenderPlan"], resources: [.embedInCode("Shaders")]),
    .target(name: "Platform", dependencies: ["CSDL2", "LayerMath", "Images", "Input", "Audio"]),
    .target(name: "SceneRuntime", dependencies: ["Components", "GLRenderer", "Images"]),
    // The umbrella an app imports, with the host object that embeds a scene in an app.
    .target(name: "ParallaxKit", dependencies: ["CSDL2", "CGL", "JSON", "LayerMath", "Layers", "Images", "Typography", "Assets", "Input",
                                                "Scene", "Components", "GLRenderer", "Platform", "SceneRuntime"]),
    // What the three executables share: one-line errors and exit status, `WxH` options,
    // a scene file or a built-in scene by name.
    .target(name: "ToolSupport", dependencies: ["SceneRuntime", "Platform",
                                                .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // Heap-allocation counter (interposes malloc); linked only into parallax-bench.
    .target(name: "CAllocCounter"),
]

// MARK: - Executables

let executables: [Target] = [
    .executableTarget(name: "parallax-demo", dependencies: [
        "ToolSupport", "SceneRuntime", "Platform", "Audio", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .executableTarget(name: "parallax-render", dependencies: [
        "ToolSupport", "SceneRuntime", "Platform", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .executableTarget(name: "parallax-bench", dependencies: [
        "ToolSupport", "SceneRuntime", "Platform", "CAllocCounter", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // Writes the generated example assets under Assets/ (scripts/generate-assets.sh).
    .executableTarget(name: "generate-assets", dependencies: ["Components", "Images"]),
    // Fuzz targets for the readers (scripts/fuzz.sh builds it with libFuzzer into .build-fuzz;
    // the ordinary build replays inputs named on its command line).
    .executableTarget(name: "parallax-fuzz", dependencies: ["Components", "Images", "Layers", "LayerMath"]),
]

// MARK: - Tests

let tests: [Target] = [
    .target(name: "_TestSupport", dependencies: ["LayerMath", "Layers", "Images"], path: "Tests/_TestSupport"),
    // What tests that draw share: the process's one GL context, the built tools, pixel comparison.
    .target(name: "_GLTestSupport", dependencies: ["Platform", "Images", "_TestSupport"], path: "Tests/_GLTestSupport"),
    .testTarget(name: "JSONTests", dependencies: ["JSON"]),
    .testTarget(name: "VideoTests", dependencies: ["Video", "_TestSupport"]),
    .testTarget(name: "AudioTests", dependencies: ["Audio", "Platform", "Scene", "CAllocCounter", "_TestSupport"]),
    .testTarget(name: "LayerMathTests", dependencies: ["LayerMath", "_TestSupport"]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform", "Input", "LayerMath", "CSDL2"]),
    .testTarget(name: "ParallaxKitTests", dependencies: ["ParallaxKit"]),
    .testTarget(name: "LayersTests", dependencies: ["Layers", "_TestSupport", "CAllocCounter"]),
    .testTarget(name: "ImagesTests", dependencies: ["Images", "_TestSupport"]),
    .testTarget(name: "InputTests", dependencies: ["Input", "JSON", "LayerMath"]),
    .testTarget(name: "SceneTests", dependencies: ["Scene", "Assets", "Input", "JSON", "LayerMath", "Layers"]),
    .testTarget(name: "TypographyTests", dependencies: ["Typography", "_TestSupport"]),
    .testTarget(name: "ComponentsTests", dependencies: ["Components", "SceneRuntime", "ToolSupport", "_TestSupport"]),
    .testTarget(name: "RenderPlanTests", dependencies: ["RenderPlan", "RenderRecording", "LayerMath", "Layers", "_TestSupport"]),
    .testTarget(name: "RenderTests", dependencies: ["SceneRuntime", "ToolSupport", "Platform", "GLRenderer", "RenderPlan", "Typography",
                                                    "_TestSupport", "_GLTestSupport"],
                resources: [.copy("Goldens")]),
    .testTarget(name: "EmbeddingTests", dependencies: ["ParallaxKit", "CGL", "CAllocCounter", "_TestSupport", "_GLTestSupport"]),
]

let package = Package(
    name: "parallax-compositor",
    platforms: [.macOS(.v13)],
    products: products,
    dependencies: dependencies,
    targets: systemLibraries + modules + executables + tests
)
