import Assets
import Components
import LayerMath
import Layers
import Scene
import XCTest

/// The cube against Core Animation math computed here, independently of `Flattener`.
final class CubeTests: XCTestCase {
    let canvas = Size(600, 600)
    let frame = Rect(x: 112.5, y: 100, width: 375, height: 375)

    func makeCube(preset: Int = 1, perspective: Double = 0, lighting: CubeLighting = .diffuse) -> Cube {
        Cube(name: "cube", frame: frame, canvas: canvas, images: ImageStore(), preset: preset,
             perspective: perspective, lighting: lighting)
    }

    /// The seed's face transforms, written out as R * T with plain matrices.
    func seedFace(_ k: Int) -> Transform3D {
        let half = Double.pi / 2
        switch k {
        case 1: return .translation(0, 0, 70)
        case 2: return .rotation(-half, 0, 1, 0) * .translation(-70, 0, 0)
        case 3: return .rotation(half, 0, 1, 0) * .translation(70, 0, 0)
        case 4: return .rotation(half, 1, 0, 0) * .translation(0, -70, 0)
        case 5: return .rotation(-half, 1, 0, 0) * .translation(0, 70, 0)
        default: return .rotation(.pi, 0, 1, 0) * .translation(0, 0, -70)
        }
    }

    /// The seed's container rotations: CATransform3DRotate(m, ...) = R * m.
    func seedPreset(_ n: Int) -> Transform3D {
        let q = Double.pi / 4
        switch n {
        case 1: return .rotation(q, 1, 0, 0) * .rotation(q, 0, 1, 0)
        case 2: return .rotation(q, 1, 0, 0) * .rotation(-q, 0, 1, 0)
        default: return .rotation(q, 1, 0, 0) * .rotation(q, 0, 1, 0) * .rotation(.pi, 0, 1, 0)
        }
    }

    /// Canvas matrix of face k: bounds -> face transform about its centre -> container
    /// centre -> sublayerTransform about the container centre -> flattened -> frame origin.
    func faceMatrix(_ k: Int, rotation: Transform3D, perspective: Double = 0) -> Transform3D {
        let c = (x: frame.width / 2, y: frame.height / 2)
        var sub = rotation
        if perspective > 0 { var p = Transform3D.identity; p.m34 = -1 / perspective; sub = sub * p }
        return Transform3D.translation(-70, -70, 0) * seedFace(k) * .translation(c.x, c.y, 0)
            * .translation(-c.x, -c.y, 0) * sub * .translation(c.x, c.y, 0)
            * .flatten * .translation(frame.minX, frame.minY, 0) * .flatten
    }

    func corners(_ m: Transform3D) -> [Point] {
        [Point(0, 0), Point(140, 0), Point(140, 140), Point(0, 140)].map { m.project($0) }
    }

    /// Front-facing when the TL->TR->BL frame keeps its on-screen orientation (y down).
    func facesViewer(_ c: [Point]) -> Bool {
        let u = c[1] - c[0], v = c[3] - c[0]
        return u.x * v.y - u.y * v.x > 0
    }

    /// Point-in-convex-quad test (either winding).
    func quadContains(_ c: [Point], _ p: Point) -> Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross != 0 {
                if sign != 0 && (cross > 0) != (sign > 0) { return false }
                sign = cross
            }
        }
        return true
    }

    func faceQuads(_ list: RenderList) -> [Int: [Point]] {
        var out: [Int: [Point]] = [:]
        for q in list.quads where q.name.hasPrefix("cube/face") && !q.name.dropFirst(9).contains("/") {
            out[q.tag] = q.cornerArray
        }
        return out
    }

    func assertClose(_ a: Transform3D, _ b: Transform3D, _ message: String = "", line: UInt = #line) {
        XCTAssertTrue(zip(a.entries, b.entries).allSatisfy { abs($0 - $1) < 1e-12 }, "\(a)\n!=\n\(b) \(message)", line: line)
    }

    func testFaceTransformsMatchTheSeed() {
        for k in 1...6 { assertClose(CubeGeometry.faceTransform(k, size: 140), seedFace(k), "face \(k)") }
        // Face 2 (left) is rotated so its front looks along -x, then moved to x = -70.
        let left = CubeGeometry.faceTransform(2, size: 140)
        let centre = left.project(Vector3(0, 0, 0)), normal = CubeGeometry.outwardNormal(2, rotation: .identity)
        XCTAssertEqual(centre.x, -70, accuracy: 1e-9)
        XCTAssertEqual(normal.x, -1, accuracy: 1e-12)
    }

    func testPresetQuadsMatchCoreAnimationMath() {
        for perspective in [0.0, 500.0] {
            for n in 1...3 {
                let cube = makeCube(preset: n, perspective: perspective)
                let drawn = faceQuads(cube.rootLayer.flatten(canvas: canvas))
                var expectedDrawn: Set<Int> = []
                for k in 1...6 {
                    let c = corners(faceMatrix(k, rotation: seedPreset(n), perspective: perspective))
                    if facesViewer(c) { expectedDrawn.insert(k) }
                    guard let q = drawn[k] else { continue }
                    for i in 0..<4 {
                        XCTAssertEqual(q[i].x, c[i].x, accuracy: 0.5, "preset \(n) face \(k) corner \(i)")
                        XCTAssertEqual(q[i].y, c[i].y, accuracy: 0.5, "preset \(n) face \(k) corner \(i)")
                    }
                }
                XCTAssertEqual(Set(drawn.keys), expectedDrawn, "preset \(n), perspective \(perspective)")
                XCTAssertEqual(expectedDrawn.count, 3, "a cube seen from a corner direction shows 3 faces")
                // Orthographic view: drawn exactly when the outward normal points at the viewer.
                let byNormal = Set((1...6).filter { CubeGeometry.outwardNormal($0, rotation: seedPreset(n)).z > 0 })
                XCTAssertEqual(byNormal, expectedDrawn)
            }
        }
        // Preset 1 turns the cube +45 degrees about X first (the front moves up, the
        // bottom comes toward the viewer), then +45 about Y (the front moves right, the
        // left face comes into view): front, left and bottom are drawn.
        XCTAssertEqual(Set(faceQuads(makeCube(preset: 1).rootLayer.flatten(canvas: canvas)).keys), [1, 2, 5])
        XCTAssertEqual(Set(faceQuads(makeCube(preset: 2).rootLayer.flatten(canvas: canvas)).keys), [1, 3, 5])
        XCTAssertEqual(Set(faceQuads(makeCube(preset: 3).rootLayer.flatten(canvas: canvas)).keys), [3, 4, 6])
    }

    func testClickAtEachVisibleFaceCentreSelectsIt() {
        for n in 1...3 {
            let cube = makeCube(preset: n)
            let drawn = faceQuads(cube.rootLayer.flatten(canvas: canvas))
            for k in drawn.keys.sorted() {
                let centre = faceMatrix(k, rotation: seedPreset(n)).project(Point(70, 70))
                cube.handle(.pointer(centre, button: .left, down: true), at: 0)
                cube.handle(.pointer(centre, button: .left, down: false), at: 0.1)
                XCTAssertEqual(cube.selectedFace, k, "preset \(n)")
                XCTAssertFalse(cube.rootLayer.find("cube/face\(k)/highlight")!.isHidden)
            }
            XCTAssertNil(cube.select(at: Point(2, 2)), "outside the cube nothing is selected")
        }
    }

    func testClickOverACulledBackFaceSelectsTheFrontFace() {
        // UIKit would hand the touch to the view highest in the view tree that contains
        // the point, culled or not; the render list only knows drawn faces.
        var checked = 0
        for n in 1...3 {
            let cube = makeCube(preset: n)
            let drawn = faceQuads(cube.rootLayer.flatten(canvas: canvas))
            for k in drawn.keys {
                let p = faceMatrix(k, rotation: seedPreset(n)).project(Point(70, 70))
                let naiveWinner = (1...6).last { quadContains(corners(faceMatrix($0, rotation: seedPreset(n))), p) }!
                guard naiveWinner != k else { continue }
                XCTAssertNil(drawn[naiveWinner], "the naive winner is a culled face")
                XCTAssertEqual(cube.select(at: p), k)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testDragRotatesAndClickSlopKeepsClicks() {
        let cube = makeCube(preset: 1)
        let start = Point(300, 300)
        cube.handle(.pointer(start, button: .left, down: true), at: 0)
        cube.handle(.move(Point(350, 300)), at: 0.1)
        cube.handle(.pointer(Point(350, 300), button: .left, down: false), at: 0.2)
        XCTAssertNil(cube.preset)
        XCTAssertNil(cube.selectedFace, "a drag is not a click")
        // Past the 4-point slop the whole motion counts: 50 points about Y.
        assertClose(cube.rotation, seedPreset(1) * .rotation(50 * cube.dragSensitivity, 0, 1, 0))
        cube.handle(.key("2", down: true), at: 1)
        XCTAssertEqual(cube.preset, 2)
        assertClose(cube.rotation, seedPreset(2))
        cube.handle(.key("Tab", down: true), at: 2)
        XCTAssertEqual(cube.preset, 3)
        cube.handle(.key("Right", down: true), at: 3)
        XCTAssertNil(cube.preset)
        cube.update(to: 3)
        assertClose(cube.rootLayer.sublayerTransform, seedPreset(3) * .rotation(.pi / 12, 0, 1, 0))
    }

    func testPerspectiveIsAppliedAfterTheRotation() {
        let cube = makeCube(preset: 1, perspective: 500)
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        assertClose(cube.rootLayer.sublayerTransform, seedPreset(1) * p)
    }

    func testSeedLightingAsWritten() {
        // dot = m11 of the face transform (its +x axis dotted with the light (1,0,0)).
        let raw = (1...6).map { CubeLighting.seedShadow(faceTransform: CubeGeometry.faceTransform($0, size: 140), ambient: 0.5) }
        let expected = [1.5, 0.5, 0.5, 1.5, 1.5, -0.5]
        for k in 0..<6 { XCTAssertEqual(raw[k], expected[k], accuracy: 1e-12, "face \(k + 1)") }
        let cube = makeCube(preset: 2, lighting: .seed)
        let drawn = [1.0, 0.5, 0.5, 1.0, 1.0, 0.0]
        for k in 1...6 {
            XCTAssertEqual(cube.shadeLayer(k).opacity, drawn[k - 1], accuracy: 1e-12, "face \(k)")
        }
        // The container rotation plays no part in the seed's formula.
        cube.handle(.key("3", down: true), at: 0)
        cube.update(to: 0)
        XCTAssertEqual(cube.shadeLayer(2).opacity, 0.5, accuracy: 1e-12)
    }

    func testDiffuseLighting() {
        let cube = makeCube(preset: 1)
        // Preset 1 sends the front normal (0,0,1) to (1/2, -sqrt(1/2), 1/2).
        let n = CubeGeometry.outwardNormal(1, rotation: cube.rotation)
        XCTAssertEqual(n.x, 0.5, accuracy: 1e-12)
        XCTAssertEqual(n.y, -0.5.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(n.z, 0.5, accuracy: 1e-12)
        let l = Vector3(-0.5, -0.7, 1).normalized
        let dot = (-0.25 + 0.7 * 0.5.squareRoot() + 0.5) / 1.74.squareRoot()
        XCTAssertEqual(cube.shadeLayer(1).opacity, 0.5 * (1 - dot), accuracy: 1e-12)
        XCTAssertEqual(cube.light.x, l.x, accuracy: 1e-12)
        // Light straight from the viewer, cube unturned: front unshaded, sides and back at
        // (1 - ambient).
        cube.light = Vector3(0, 0, 1)
        cube.rotation = .identity
        cube.update(to: 0)
        XCTAssertEqual(cube.shadeLayer(1).opacity, 0, accuracy: 1e-12)
        for k in 2...6 { XCTAssertEqual(cube.shadeLayer(k).opacity, 0.5, accuracy: 1e-12) }
        cube.ambient = 0.2
        cube.update(to: 0)
        XCTAssertEqual(cube.shadeLayer(6).opacity, 0.8, accuracy: 1e-12)
    }

    func testShadeOverlaysAreCulledWithTheirFace() {
        let list = makeCube(preset: 1).rootLayer.flatten(canvas: canvas)
        let names = Set(list.quads.map(\.name))
        XCTAssertFalse(names.contains("cube/face6"))
        XCTAssertFalse(names.contains("cube/face6/shade"))
        XCTAssertFalse(names.contains("cube/face6/highlight"))
    }

    func testSceneFile() throws {
        let json = """
        {"canvas": {"width": 600, "height": 500}, "components": [
          {"kind": "cube", "name": "c", "preset": 3, "perspective": 600, "lighting": "seed", "faceSize": 100}]}
        """
        let scene = try SceneLoader.parse(json, file: "s.json", directory: ".", images: ImageStore())
        let cube = try XCTUnwrap(scene.component(named: "c") as? Cube)
        XCTAssertEqual(cube.preset, 3)
        XCTAssertEqual(cube.lighting, .seed)
        XCTAssertEqual(cube.faceSize, 100)
        XCTAssertEqual(cube.rootLayer.frame, Rect(x: 112.5, y: 62.5, width: 375, height: 375))

        func failure(_ component: String) -> String {
            let text = "{\"canvas\": {\"width\": 600, \"height\": 500}, \"components\": [\(component)]}"
            do { _ = try SceneLoader.parse(text, file: "s.json", directory: ".", images: ImageStore()) } catch {
                return "\(error)"
            }
            return "no error"
        }
        XCTAssertTrue(failure(#"{"kind":"cube","name":"c","preset":4}"#).contains("at components[0].preset"))
        XCTAssertTrue(failure(#"{"kind":"cube","name":"c","lighting":"phong"}"#).contains("at components[0].lighting"))
        XCTAssertTrue(failure(#"{"kind":"cube","name":"c","light":[0,0,0]}"#).contains("at components[0].light"))
        XCTAssertTrue(failure(#"{"kind":"cube","name":"c","ambient":2}"#).contains("at components[0].ambient"))
        XCTAssertTrue(failure(#"{"kind":"cube","name":"c","sise":2}"#).contains("at components[0].sise"))
    }
}
