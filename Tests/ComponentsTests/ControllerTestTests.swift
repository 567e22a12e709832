import Assets
import Input
import LayerMath
import Scene
import SceneRuntime
import XCTest
@testable import Components

/// The controller test screen on a 1280x720 canvas: positions are the unit centres in
/// `ControllerTest.buttons` times the canvas, worked out by hand below.
final class ControllerTestTests: XCTestCase {
    func pad(_ family: String = "playStation") throws -> (Scene, ControllerTest) {
        let s = try scene(#"{"kind": "controllerTest", "name": "pad", "family": "\#(family)"}"#)
        return (s, try XCTUnwrap(s.component(named: "pad") as? ControllerTest))
    }

    func testHeldButtonLightsAndReleaseRestsIt() throws {
        let (s, p) = try pad()
        s.handle(.controllerButton("A", down: true), at: 0.1)
        XCTAssertTrue(p.isHeld("A"))
        XCTAssertFalse(p.isHeld("B"))
        s.handle(.controllerButton("A", down: false), at: 0.2)
        XCTAssertFalse(p.isHeld("A"))
        s.handle(.controllerButton("Button17", down: true), at: 0.3)   // not in SDL's model: ignored
    }

    func testLabelsFollowTheFamily() throws {
        let (_, p) = try pad()
        XCTAssertEqual(p.label(of: "A"), "Cross")
        XCTAssertEqual(p.label(of: "Start"), "Options")
        p.setFamily(.nintendo)
        XCTAssertEqual(p.label(of: "A"), "B")
        XCTAssertEqual(p.label(of: "Guide"), "Home")
    }

    func testStickKnobMovesFortyPointsAtFullDeflection() throws {
        let (s, _) = try pad("xbox")
        let knob = try XCTUnwrap(s.rootLayers[0].sublayers.first { $0.name == "pad/LeftStick" })
        // LeftStick at (0.38, 0.8) of 1280x720: (486.4, 576).
        XCTAssertEqual(knob.position.x, 486.4, accuracy: 1e-9)
        s.handle(.controllerAxis("leftx", value: 1), at: 0.1)
        s.handle(.controllerAxis("lefty", value: -0.5), at: 0.1)
        XCTAssertEqual(knob.position.x, 526.4, accuracy: 1e-9)
        XCTAssertEqual(knob.position.y, 556, accuracy: 1e-9)
        s.handle(.controllerAxis("leftx", value: .nan), at: 0.2)
        XCTAssertEqual(knob.position.x, 486.4, accuracy: 1e-9)
    }

    func testTriggerFillsItsBar() throws {
        let (s, _) = try pad()
        let track = try XCTUnwrap(s.rootLayers[0].sublayers.first { $0.name == "pad/righttrigger" })
        s.handle(.controllerAxis("righttrigger", value: 0.5), at: 0.1)
        XCTAssertEqual(track.sublayers[0].transform, .scale(0.5, 1, 1))
        s.handle(.controllerAxis("righttrigger", value: -3), at: 0.2)
        XCTAssertEqual(track.sublayers[0].transform, .scale(0, 1, 1))
    }

    func testBuiltInControllerTestSceneIsTheScreen() throws {
        let s = try BuiltInScenes.load("controller-test", images: ImageStore())
        let p = try XCTUnwrap(s.component(named: "pad") as? ControllerTest)
        XCTAssertEqual(p.family, .xbox)
        XCTAssertEqual(s.rootLayers[0].sublayers.count, ControllerTest.buttons.count + ControllerTest.triggers.count)
    }

    func testUnknownFamilyIsASceneError() {
        XCTAssertThrowsError(try pad("sega")) { error in
            XCTAssertTrue("\(error)".contains("expected one of xbox, playStation, nintendo"), "\(error)")
        }
    }
}
