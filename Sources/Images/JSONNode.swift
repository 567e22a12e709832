import Foundation

/// A value inside a parsed JSON file, with its key path, so that a shape error names
/// the file and the place: `expected object at "properties.frame-size", found string`.
struct JSONNode {
    /// What `JSONSerialization` produced.
    let value: Any
    /// Key path from the top: `""`, `"layers[1].filename"`.
    let path: String
    /// The file shown in errors.
    let file: String

    /// Parses `bytes` as JSON whose top level must be an object.
    static func parse(_ bytes: [UInt8], file: String) throws -> JSONNode {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw ImageError(file: file, .malformedJSON("not valid JSON" + (detail.map { " (\($0))" } ?? "")))
        }
        let node = JSONNode(value: value, path: "", file: file)
        _ = try node.object()
        return node
    }

    private func fail(_ expected: String) -> ImageError {
        let place = path.isEmpty ? "the top level" : "\"\(path)\""
        return ImageError(file: file, .malformedJSON("expected \(expected) at \(place), found \(kindName)"))
    }

    /// A shape error at this node with a custom message.
    func error(_ message: String) -> ImageError {
        let place = path.isEmpty ? "the top level" : "\"\(path)\""
        return ImageError(file: file, .malformedJSON("\(message) at \(place)"))
    }

    private var isBoolean: Bool {
        if value is Bool && type(of: value) == Bool.self { return true }
        if let n = value as? NSNumber, String(cString: n.objCType) == "c" { return true }
        return false
    }

    /// The JSON type name of this node's value, for messages.
    var kindName: String {
        if value is NSNull { return "null" }
        if value is String { return "string" }
        if value is [Any] { return "array" }
        if value is [String: Any] { return "object" }
        if isBoolean { return "boolean" }
        if value is NSNumber || value is Int || value is Double { return "number" }
        return "unknown value"
    }

    func object() throws -> [String: Any] {
        guard let dictionary = value as? [String: Any] else { throw fail("object") }
        return dictionary
    }

    /// The member `key` of this object; nil when absent or null.
    func member(_ key: String) throws -> JSONNode? {
        let dictionary = try object()
        guard let child = dictionary[key], !(child is NSNull) else { return nil }
        return JSONNode(value: child, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The member `key` of this object; an error when absent or null.
    func required(_ key: String) throws -> JSONNode {
        guard let child = try member(key) else {
            let place = path.isEmpty ? "the top level" : "\"\(path)\""
            throw ImageError(file: file, .malformedJSON("missing key \"\(key)\" at \(place)"))
        }
        return child
    }

    func array() throws -> [JSONNode] {
        guard let items = value as? [Any] else { throw fail("array") }
        return items.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws -> String {
        guard let s = value as? String else { throw fail("string") }
        return s
    }

    func number() throws -> Double {
        guard !isBoolean, !(value is String) else { throw fail("number") }
        if let n = value as? NSNumber {
            let d = n.doubleValue
            guard d.isFinite else { throw fail("finite number") }
            return d
        }
        throw fail("number")
    }

    /// A number in `range`.
    func number(in range: ClosedRange<Double>) throws -> Double {
        let d = try number()
        guard range.contains(d) else { throw error("expected a number in \(range.lowerBound)...\(range.upperBound), found \(d)") }
        return d
    }

    /// A number that must be > 0 and at most `limit`.
    func positiveNumber(limit: Double = 1_000_000) throws -> Double {
        let d = try number()
        guard d > 0, d <= limit else { throw error("expected a number in (0, \(Int(limit))], found \(d)") }
        return d
    }
}
