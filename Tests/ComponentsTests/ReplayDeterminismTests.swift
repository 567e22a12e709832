import Assets
import Components
import Foundation
import Input
import LayerMath
import Layers
import Scene
import SceneRuntime
import XCTest

/// The same replay through fresh scenes gives identical quads dumps (no GPU involved).
final class ReplayDeterminismQuadsTests: XCTestCase {
    static let replay = """
        {"t":0.10,"type":"move","x":500,"y":300}
        {"t":0.20,"type":"key","key":"Right","down":true}
        {"t":0.25,"type":"key","key":"Right","down":false}
        {"t":0.40,"type":"pointer","x":520,"y":310,"button":"left","down":true}
        {"t":0.60,"type":"move","x":700,"y":420}
        {"t":0.80,"type":"move","x":820,"y":260}
        {"t":1.10,"type":"pointer","x":820,"y":260,"button":"left","down":false}
        {"t":1.30,"type":"wheel","dx":0,"dy":-3}
        """

    /// Plays the replay over a fresh built-in scene frame by frame and returns the dumps at
    /// a few times (so intermediate states are compared too).
    static func dumps(_ name: String, replay: String) throws -> String {
        let scene = try BuiltInScenes.load(name, images: ImageStore())
        let driver = SceneDriver(scene: scene, events: try Replay.parse(replay, file: "replay"))
        var out = ""
        var list = RenderList()
        var flattener = Flattener()
        for frame in 1...120 {
            let t = Double(frame) / 60
            driver.advance(to: t)
            if frame % 30 == 0 {
                flattener.flatten(scene.rootLayers, canvas: scene.canvas, into: &list)
                out += QuadsDump.json(list, time: t)
            }
        }
        return out
    }

    func testSameReplaySameQuadsDump() throws {
        for name in ["button", "carousel", "cube", "header"] {
            let a = try Self.dumps(name, replay: Self.replay)
            let b = try Self.dumps(name, replay: Self.replay)
            XCTAssertFalse(a.isEmpty)
            XCTAssertEqual(a, b, "\(name): the same replay gave different quads dumps")
        }
    }

    func testDifferentReplayDifferentQuadsDump() throws {
        let other = "{\"t\":0.2,\"type\":\"key\",\"key\":\"Left\",\"down\":true}\n"
        for name in ["carousel"] {
            XCTAssertNotEqual(try Self.dumps(name, replay: Self.replay), try Self.dumps(name, replay: other), name)
        }
    }
}
