// swift-tools-version:5.9
// Examples of embedding the library in an app, and a template for yours: copy this folder
// anywhere and build it. The library is found at $PARALLAX_COMPOSITOR (a checkout of it),
// or else in the folder above this one (as in the library's own Examples/).
import Foundation
import PackageDescription

let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let library = ProcessInfo.processInfo.environment["PARALLAX_COMPOSITOR"] ?? here.deletingLastPathComponent().path
if !FileManager.default.fileExists(atPath: library + "/Package.swift") {
    FileHandle.standardError.write(Data("set PARALLAX_COMPOSITOR to the library's checkout (no Package.swift in \(library))\n".utf8))
}

let package = Package(
    name: "ParallaxExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "parallax-compositor", path: library),
    ],
    targets: [
        // An SDL app with its own window, GL context and loop: its own background, a carousel on top.
        .executableTarget(name: "embed-carousel", dependencies: [.product(name: "ParallaxKit", package: "parallax-compositor")]),
        // The library's window, the app's own key handler and a layer tree built in code, animated.
        .executableTarget(name: "layer-tree", dependencies: [.product(name: "ParallaxKit", package: "parallax-compositor")]),
        // Prints a PNG's RGBA at a pixel (the CI check of the examples' output).
        .executableTarget(name: "png-pixel", dependencies: [.product(name: "ParallaxKit", package: "parallax-compositor")]),
    ]
)
