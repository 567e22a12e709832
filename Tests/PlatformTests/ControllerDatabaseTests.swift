import CSDL2
import Foundation
import Platform
import XCTest

/// Where mappings come from, and what a bad file says. A mapping line is SDL's format:
/// GUID, name, then `sdlname:physical` pairs, then the platform.
final class ControllerDatabaseTests: XCTestCase {
    let mapping = "03000000f1f10000e2e2000001000000,Test Pad,a:b0,b:b1,x:b2,y:b3,back:b6,start:b7,leftx:a0,lefty:a1,platform:Linux,\n"

    override func setUp() {
        XCTAssertEqual(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER), 0, "SDL game controllers: \(String(cString: SDL_GetError()))")
    }

    override func tearDown() { SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER) }

    func temporary(_ name: String, _ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "controllerdb-\(getpid())-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { unlink(path) }
        return path
    }

    func testSourcesInLoadOrder() {
        let list = ControllerDatabase.sources(environment: ["HOME": "/home/u", "SDL_GAMECONTROLLERCONFIG_FILE": "/e.txt"], option: "/o.txt")
        XCTAssertEqual(list.map(\.path), ["/home/u/.local/share/parallax/gamecontrollerdb.txt",
                                          "/usr/local/share/parallax/gamecontrollerdb.txt",
                                          "/usr/share/parallax/gamecontrollerdb.txt", "/e.txt", "/o.txt"])
        XCTAssertEqual(list.map(\.named), [false, false, false, true, true])
        let xdg = ControllerDatabase.sources(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data"], option: nil)
        XCTAssertEqual(xdg.first?.path, "/data/parallax/gamecontrollerdb.txt")
        XCTAssertEqual(xdg.count, 3)
    }

    func testOneMappingLineAddsOne() throws {
        let path = try temporary("one.txt", "# a comment\n" + mapping)
        let result = ControllerDatabase.load([.init(path: path, named: true)])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(result.mappings, 1)
    }

    func testMissingUsualPlaceIsSilentButMissingNamedFileIsOneLine() {
        let result = ControllerDatabase.load([.init(path: "/nonexistent/usual.txt", named: false),
                                              .init(path: "/nonexistent/named.txt", named: true)])
        XCTAssertEqual(result.mappings, 0)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].contains("/nonexistent/named.txt"), result.problems[0])
        XCTAssertFalse(result.problems[0].contains("\n"))
    }

    func testFifoIsRefusedWithoutBlocking() {
        let path = NSTemporaryDirectory() + "controllerdb-fifo-\(getpid())"
        unlink(path)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        defer { unlink(path) }
        let result = ControllerDatabase.load([.init(path: path, named: true)])
        XCTAssertEqual(result.mappings, 0)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertTrue(result.problems[0].contains("FIFO"), result.problems[0])
    }

    func testGarbageAddsNothing() throws {
        let path = try temporary("garbage.txt", "not,a,mapping\n\u{1}\u{2}\n")
        XCTAssertEqual(ControllerDatabase.load([.init(path: path, named: true)]).mappings, 0)
    }
}
