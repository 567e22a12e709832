import JSON

/// A value inside a parsed `.imagestack` / `.lsr` JSON file (`Contents.json`), with its key
/// path, so that a shape error names the file and the place:
/// `expected object at "properties.frame-size", found string`.
///
/// The parsing is the one strict reader of the `JSON` module (key order, duplicate keys,
/// line and column); this adapter keeps the image errors' own wording (`ImageError`,
/// `.malformedJSON`), which tools and tests match.
struct ContentsJSON {
    /// The value.
    let value: JSONValue
    /// Key path from the top: `""`, `"layers[1].filename"`.
    let path: String
    /// The file shown in errors.
    let file: String

    /// Parses `bytes` as JSON whose top level must be an object.
    static func parse(_ bytes: [UInt8], file: String) throws -> ContentsJSON {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImageError(file: file, .malformedJSON("not valid JSON (not UTF-8 text)"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text, file: file)
        } catch let error as JSONError {
            throw ImageError(file: file, .malformedJSON("not valid JSON (\(error.message))"))
        }
        let node = ContentsJSON(value: value, path: "", file: file)
        _ = try node.object()
        return node
    }

    private var place: String { path.isEmpty ? "the top level" : "\"\(path)\"" }

    private func fail(_ expected: String) -> ImageError {
        ImageError(file: file, .malformedJSON("expected \(expected) at \(place), found \(kindName)"))
    }

    /// A shape error at this node with a custom message.
    func error(_ message: String) -> ImageError {
        ImageError(file: file, .malformedJSON("\(message) at \(place)"))
    }

    /// The JSON type name of this node's value, for messages.
    var kindName: String {
        switch value {
        case .null: return "null"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .bool: return "boolean"
        case .number: return "number"
        }
    }

    /// The members of this object, in file order.
    func object() throws -> [(String, JSONValue)] {
        guard case .object(let members) = value else { throw fail("object") }
        return members
    }

    /// The member `key` of this object; nil when absent or null.
    func member(_ key: String) throws -> ContentsJSON? {
        guard let child = try object().first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = child { return nil }
        return ContentsJSON(value: child, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The member `key` of this object; an error when absent or null.
    func required(_ key: String) throws -> ContentsJSON {
        guard let child = try member(key) else {
            throw ImageError(file: file, .malformedJSON("missing key \"\(key)\" at \(place)"))
        }
        return child
    }

    func array() throws -> [ContentsJSON] {
        guard case .array(let items) = value else { throw fail("array") }
        return items.enumerated().map { ContentsJSON(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    func string() throws -> String {
        guard case .string(let s) = value else { throw fail("string") }
        return s
    }

    /// A finite number (the reader refuses non-finite ones).
    func number() throws -> Double {
        guard case .number(let d) = value else { throw fail("number") }
        return d
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
