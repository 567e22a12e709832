import Assets
import Components
import Foundation
import LayerMath
import Layers
import Scene
import XCTest

/// Every example scene in Assets/scenes loads, and its images (files and generated ones) are there.
final class ExampleScenesTests: XCTestCase {
    static func scenesDirectory() -> URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Assets/scenes")
    }

    static func sceneFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scenesDirectory().path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    func testEveryExampleSceneLoads() throws {
        let files = try Self.sceneFiles()
        XCTAssertGreaterThanOrEqual(files.count, 19)
        for name in ["button-imagestack.json", "button-layers.json", "carousel-posters.json"] {
            XCTAssertTrue(files.contains(name), "missing example scene \(name)")
        }
        for file in files {
            let path = Self.scenesDirectory().appendingPathComponent(file).path
            do {
                let images = ImageStore()
                let scene = try SceneLoader.load(path: path, images: images)
                XCTAssertFalse(scene.components.isEmpty, "\(file): no components")
                XCTAssertGreaterThan(scene.canvas.width, 0, file)
                XCTAssertGreaterThan(scene.canvas.height, 0, file)
            } catch {
                XCTFail("\(file): \(error)")
            }
        }
    }

    /// The scenes that use the generated asset files draw their images (nothing missing at t = 2).
    func testAssetScenesDrawTheirImages() throws {
        let expected = ["button-imagestack.json": 5, "button-layers.json": 5, "carousel-posters.json": 1]
        for (file, minimum) in expected.sorted(by: { $0.key < $1.key }) {
            let images = ImageStore()
            let scene = try SceneLoader.load(path: Self.scenesDirectory().appendingPathComponent(file).path, images: images)
            let driver = SceneDriver(scene: scene, events: [])
            driver.advance(to: 2)
            let list = scene.rootLayers.flatten(canvas: scene.canvas)
            XCTAssertGreaterThanOrEqual(list.quads.count, minimum, file)
            for quad in list.quads {
                if case .image(let ref) = quad.contents {
                    XCTAssertNotNil(images.image(for: ref), "\(file): \(quad.name) has no pixels")
                }
            }
            XCTAssertTrue(images.loadErrors.isEmpty, "\(file): \(images.loadErrors)")
        }
    }
}
