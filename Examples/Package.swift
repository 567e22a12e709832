// swift-tools-version:5.9
// Examples of embedding the library in an app: a separate package that depends on the
// library by path, as an app would, and opens its own window and GL context.
import Foundation
import PackageDescription

/// The library package's identity: the name of the folder holding it (the checkout's).
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "ParallaxExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // The app's own SDL and GL bindings (any binding works; the library needs none of them).
        .systemLibrary(name: "CAppSDL", path: "Sources/CAppSDL", pkgConfig: "sdl2",
                       providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CAppGL", path: "Sources/CAppGL", pkgConfig: "gl",
                       providers: [.apt(["libgl-dev", "libegl-dev", "libgl1-mesa-dri", "libegl-mesa0"])]),
        // An SDL app that draws its own background and a carousel scene on top of it.
        .executableTarget(name: "embed-carousel", dependencies: [
            "CAppSDL", "CAppGL", .product(name: "ParallaxKit", package: library)]),
        // Prints a PNG's RGBA at a pixel (the CI check of embed-carousel's output).
        .executableTarget(name: "png-pixel", dependencies: [.product(name: "ParallaxKit", package: library)]),
    ]
)
