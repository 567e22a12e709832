import JSON
import XCTest

/// The one strict JSON reader: key order, duplicate keys, line and column, JSON paths.
/// Expected messages are written from the reader's rules (line and column count the
/// bytes before the error position, both from 1).
final class JSONReaderTests: XCTestCase {
    func testObjectsKeepTheirKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b": 1, "a": [true, null]}"#, file: "t.json")
        XCTAssertEqual(v, .object([("b", .number(1)), ("a", .array([.bool(true), .null]))]))
        XCTAssertEqual(try JSONNode.parse(#"{"z": 0, "y": 0, "x": 0}"#, file: "t.json").keys(), ["z", "y", "x"])
    }

    func testDuplicateKeyIsRefusedWithLineAndColumn() {
        // Line 2 is ` "a": 2}`; the error is raised after the key `"a"`, 4 bytes in: column 5.
        XCTAssertThrowsError(try JSONParser.parse("{\"a\": 1,\n \"a\": 2}", file: "t.json")) {
            XCTAssertEqual("\($0)", "t.json: invalid JSON at line 2, column 5: duplicate key \"a\"")
        }
    }

    func testNumberThatOverflowsADoubleIsRefused() {
        // `[1e400]`: the number ends after 6 bytes, column 7.
        XCTAssertThrowsError(try JSONParser.parse("[1e400]", file: "t.json")) {
            XCTAssertEqual("\($0)", "t.json: invalid JSON at line 1, column 7: number 1e400 is out of range")
        }
    }

    func testShapeErrorNamesTheJSONPath() throws {
        let root = try JSONNode.parse(#"{"layers": [{"w": "x"}]}"#, file: "t.json")
        XCTAssertThrowsError(try root["layers"].array()[0]["w"].double()) {
            XCTAssertEqual("\($0)", "t.json: at layers[0].w: expected a number, found string \"x\"")
        }
        XCTAssertFalse(root["missing"].exists)
        XCTAssertEqual(try root["missing"].double(default: 7), 7)
    }

    func testErrorDescriptionStaysOneLine() {
        XCTAssertEqual(JSONError(file: "f", path: "a\nb", message: "m\tn").description, "f: at a\\nb: m\\tn")
    }
}
