import Foundation
import GLRenderer
import Images
import LayerMath
import Layers
import XCTest
import _TestSupport

/// Shader lookup errors, framebuffers, stats and the texture cache.
final class RendererInfrastructureTests: XCTestCase {
    /// A missing shader names the file and every directory searched.
    func testMissingShaderErrorListsSearchedPaths() {
        let library = ShaderLibrary(searchPaths: ["/nonexistent/one", "/nonexistent/two"])
        XCTAssertThrowsError(try library.locate("quad.vert")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("quad.vert"), text)
            XCTAssertTrue(text.contains("/nonexistent/one") && text.contains("/nonexistent/two"), text)
        }
        // The default search order: the override, then $PARALLAX_SHADERS, then the built-in copies.
        let defaults = ShaderLibrary(overrideDirectory: "/override", environment: ["PARALLAX_SHADERS": "/env"])
        XCTAssertEqual(defaults.searchPaths, ["/override", "/env"])
        XCTAssertTrue(defaults.usesBuiltIn)
        XCTAssertEqual(try defaults.source("quad.frag"), ShaderLibrary.builtInSource("quad.frag"))
        XCTAssertThrowsError(try defaults.source("missing.frag")) { error in
            XCTAssertTrue("\(error)".contains("missing.frag"), "\(error)")
        }
    }

    /// `$PARALLAX_SHADERS` (the documented override) replaces a built-in file it holds; the
    /// files it lacks still come from the binary.
    func testTheShaderOverrideVariableReplacesTheFilesItHolds() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("quad.frag", text: "#version 330 core\n// overridden\n")
        let library = ShaderLibrary(environment: ["PARALLAX_SHADERS": dir.path])
        XCTAssertEqual(try library.source("quad.frag"), "#version 330 core\n// overridden\n")
        XCTAssertEqual(try library.source("quad.vert"), ShaderLibrary.builtInSource("quad.vert"))
        XCTAssertNotNil(ShaderLibrary.builtInSource("quad.vert"))
    }

    /// The shaders compiled into the binary are exactly the files of the top-level Shaders/,
    /// byte for byte (embedded resources: a file left out of `EmbeddedShaders.files` fails
    /// here), and no build path is searched.
    func testEmbeddedShadersMatchShadersFolder() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = packageRoot.appendingPathComponent("Shaders")
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") }.sorted()
        XCTAssertEqual(ShaderLibrary.builtInFiles.sorted(), onDisk, "every file of Shaders/ is built in")
        for file in onDisk {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(ShaderLibrary.builtInSource(file), text, "\(file) differs from its built-in copy")
        }
        XCTAssertFalse(ShaderLibrary(environment: [:]).searchPaths.contains { $0.contains("Shaders") },
                       "no source-tree or bundle folder in the default search path")
    }

    /// A shader that does not compile is an error naming the file and carrying the info log.
    func testBrokenShaderReportsFileAndLog() throws {
        _ = try RenderHarness.shared()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("broken-shaders-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "#version 330 core\nvoid main() { this is not glsl; }\n".write(
            to: dir.appendingPathComponent("quad.frag"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try GLRenderer(shaderDirectory: dir.path)) { error in
            guard case RendererError.shaderCompile(let file, let log) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, dir.appendingPathComponent("quad.frag").path)
            XCTAssertFalse(log.isEmpty)
            XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
        }
    }

    /// MSAA framebuffers resolve before readback; stats count draws and pixels.
    func testMultisampledReadbackAndStats() throws {
        let h = try RenderHarness.shared()
        let layer = Layer(name: "half", bounds: Size(50, 100), position: Point(25, 50))
        layer.contents = .color(Color(1, 0, 0))
        let image = try h.render([layer], canvas: Size(100, 100), samples: 4, dump: "msaa")
        assertPixel(image, 10, 50, (255, 0, 0, 255))
        assertPixel(image, 90, 50, (0, 0, 0, 255))
        let s = h.renderer.stats
        XCTAssertEqual(s.quads, 1)
        XCTAssertEqual(s.drawCalls, 1)
        XCTAssertEqual(s.pixelsDrawn, 5000, accuracy: 1)
        XCTAssertEqual(s.programChanges, 0)
    }

    /// Textures upload once, are reused, and unused ones are evicted.
    func testTextureCacheReuseAndEviction() throws {
        let h = try RenderHarness.shared()
        let ref = ImageRef(id: 3001, width: 8, height: 8, isOpaque: true)
        h.images.images[ref.id] = makeImage(width: 8, height: 8) { _, _ in (0, 0, 255, 255) }
        let layer = Layer(name: "tex", bounds: Size(10, 10), position: Point(5, 5))
        layer.contents = .image(ref)
        _ = try h.render([layer], canvas: Size(10, 10))
        XCTAssertEqual(h.renderer.stats.textureUploads, 1)
        let image = try h.render([layer], canvas: Size(10, 10))
        XCTAssertEqual(h.renderer.stats.textureUploads, 0)
        assertPixel(image, 5, 5, (0, 0, 255, 255))
        XCTAssertGreaterThan(h.renderer.textures.totalBytes, 0)
        layer.contents = .color(.white)
        _ = try h.render([layer], canvas: Size(10, 10))
        _ = try h.render([layer], canvas: Size(10, 10))
        let before = h.renderer.textures.count
        XCTAssertGreaterThanOrEqual(h.renderer.textures.evictUnused(olderThanFrames: 1), 1)
        XCTAssertLessThan(h.renderer.textures.count, before)
        // A missing image skips the quad and is counted.
        layer.contents = .image(ImageRef(id: 9999, width: 1, height: 1))
        _ = try h.render([layer], canvas: Size(10, 10))
        XCTAssertEqual(h.renderer.stats.missingImages, 1)
        XCTAssertEqual(h.renderer.stats.quads, 0)
    }

    /// Debug builds check glGetError: a frame of every feature leaves no GL error.
    func testNoGLErrors() throws {
        let h = try RenderHarness.shared()
        XCTAssertEqual(h.renderer.glErrors, [])
    }
}

/// State-change accounting and GPU timing.
final class RendererStatsTests: XCTestCase {
    /// Quads sharing a texture bind it once; alternating textures rebind each time.
    func testTextureBindsAreNotRepeated() throws {
        let h = try RenderHarness.shared()
        let a = ImageRef(id: 6001, width: 2, height: 2), b = ImageRef(id: 6002, width: 2, height: 2)
        h.images.images[a.id] = makeImage(width: 2, height: 2) { _, _ in (255, 0, 0, 255) }
        h.images.images[b.id] = makeImage(width: 2, height: 2) { _, _ in (0, 255, 0, 255) }
        func layers(_ refs: [ImageRef]) -> [Layer] {
            refs.enumerated().map { i, ref in
                let l = Layer(name: "q\(i)", bounds: Size(10, 10), position: Point(Double(i) * 10 + 5, 5))
                l.contents = .image(ref)
                return l
            }
        }
        _ = try h.render(layers([a, a, a, a]), canvas: Size(40, 10))
        XCTAssertEqual(h.renderer.stats.textureChanges, 0, "the upload left it bound")
        _ = try h.render(layers([a, a, a, a]), canvas: Size(40, 10))
        XCTAssertEqual(h.renderer.stats.textureChanges, 1)
        _ = try h.render(layers([a, b, a, b]), canvas: Size(40, 10))   // uploads b (its bind is not counted)
        let image = try h.render(layers([a, b, a, b]), canvas: Size(40, 10))
        XCTAssertEqual(h.renderer.stats.textureChanges, 4)
        XCTAssertEqual(h.renderer.stats.textureUploads, 0)
        XCTAssertEqual(h.renderer.stats.quads, 4)
        assertPixel(image, 15, 5, (0, 255, 0, 255))
        assertPixel(image, 25, 5, (255, 0, 0, 255))
    }

    /// GL_TIME_ELAPSED queries report a time after the GPU finished.
    func testGPUTimingReportsMilliseconds() throws {
        let h = try RenderHarness.shared()
        var options = GLRenderer.Options()
        options.gpuTiming = true
        let renderer = try GLRenderer(options: options)
        let fb = try Framebuffer(width: 64, height: 64)
        let layer = Layer(name: "l", bounds: Size(64, 64), position: Point(32, 32))
        layer.contents = .color(.white)
        let list = layer.flatten(canvas: Size(64, 64))
        renderer.render(list, into: .framebuffer(fb), images: h.images, background: .black)
        renderer.finish()
        let ms = try XCTUnwrap(renderer.lastGPUMilliseconds)
        XCTAssertGreaterThanOrEqual(ms, 0)
        XCTAssertEqual(renderer.readPixels(fb).pixel(10, 10).r, 255)
    }
}

/// The window's default framebuffer as a target (the pbuffer when headless).
final class WindowTargetTests: XCTestCase {
    func testRenderIntoDefaultFramebufferAndReadBack() throws {
        let h = try RenderHarness.shared()
        let (w, hgt) = (h.host.drawableSize.width, h.host.drawableSize.height)
        let layer = Layer(name: "top", bounds: Size(Double(w), Double(hgt) / 2), position: Point(Double(w) / 2, Double(hgt) / 4))
        layer.contents = .color(Color(1, 0, 0))
        let list = layer.flatten(canvas: Size(Double(w), Double(hgt)))
        h.renderer.render(list, into: .window(width: w, height: hgt), images: h.images, background: .black)
        let image = h.renderer.readWindowPixels(width: w, height: hgt)
        assertPixel(image, w / 2, hgt / 4, (255, 0, 0, 255), "top half is red (rows flipped once)")
        assertPixel(image, w / 2, hgt * 3 / 4, (0, 0, 0, 255))
        h.host.swapBuffers()
    }
}
