/// A parsed JSON value. Objects keep their key order; duplicate keys are an error.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A short name of the value's type for error messages ("string", "number 3", ...).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .number(let n): return "number \(JSONNode.format(n))"
        case .string(let s): return "string \"\(s.count > 40 ? String(s.prefix(40)) + "..." : s)\""
        case .array(let a): return "array of \(a.count)"
        case .object: return "object"
        }
    }
}

/// A strict JSON parser (RFC 8259) that reports line and column on errors and refuses
/// duplicate keys, NaN, infinities and numbers that overflow a Double.
public struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private let file: String
    private var depth = 0

    /// Parses `text`; `file` names the source in errors.
    public static func parse(_ text: String, file: String) throws -> JSONValue {
        var p = JSONParser(bytes: Array(text.utf8), file: file)
        p.skipSpace()
        let v = try p.value()
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    private init(bytes: [UInt8], file: String) { self.bytes = bytes; self.file = file }

    private func error(_ message: String) -> JSONError {
        var line = 1, col = 1
        for b in bytes[0..<min(i, bytes.count)] { if b == 10 { line += 1; col = 1 } else { col += 1 } }
        return JSONError(file: file, path: "", message: "invalid JSON at line \(line), column \(col): \(message)")
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
    }

    private mutating func value() throws -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[i])))'")
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else {
            throw error("expected \(word)")
        }
        i += w.count
    }

    private mutating func nest() throws {
        depth += 1
        if depth > 200 { throw error("nesting deeper than 200") }
    }

    private mutating func object() throws -> JSONValue {
        try nest(); defer { depth -= 1 }
        i += 1
        var members: [(String, JSONValue)] = []
        var seen = Set<String>()
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let key = try string()
            if !seen.insert(key).inserted { throw error("duplicate key \"\(key)\"") }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':'") }
            i += 1
            skipSpace()
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func array() throws -> JSONValue {
        try nest(); defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of input in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return s
            }
            if b < 0x20 { throw error("control character in a string") }
            if b == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\\"), bytes[i + 2] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate") }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape")
                }
                i += 1
                continue
            }
            out.append(b)
            i += 1
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 < bytes.count else { throw error("short \\u escape") }
        var v: UInt32 = 0
        for k in 1...4 {
            let c = bytes[i + k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + d
        }
        i += 4
        return v
    }

    private mutating func number() throws -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        let intStart = i
        if digits() == 0 { throw error("expected digits") }
        if bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1 { throw error("leading zero in a number") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw error("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw error("expected exponent digits") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text), v.isFinite else { throw error("number \(text) is out of range") }
        return v
    }
}

/// A scene, replay or stack file error: names the file, the JSON path, and what was
/// expected versus found. `description` is one line.
public struct JSONError: Error, CustomStringConvertible, Equatable {
    public var file: String
    public var path: String
    public var message: String
    public init(file: String, path: String, message: String) {
        self.file = file; self.path = path; self.message = message
    }
    public var description: String {
        let line = path.isEmpty ? "\(file): \(message)" : "\(file): at \(OneLine.bounded(path)): \(message)"
        return JSONError.oneLine(line)
    }

    /// Escapes line breaks and other control characters (they can come from the file's
    /// own strings, keys or names) so that the description stays one line.
    static func oneLine(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u == "\u{2028}" || u == "\u{2029}":
                out += "\\u{" + String(u.value, radix: 16) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

/// A JSON value with its path in the document, for typed access with good errors:
/// `try node["frame"].rect()` fails with `scene.json: at components[0].frame: expected
/// an array of 4 numbers, found string "x"`.
public struct JSONNode {
    /// The value, or nil when the key is absent.
    public let value: JSONValue?
    /// The JSON path ("components[2].frame").
    public let path: String
    /// The file, for errors.
    public let file: String

    public init(value: JSONValue?, path: String, file: String) {
        self.value = value; self.path = path; self.file = file
    }

    /// Parses text into a root node.
    public static func parse(_ text: String, file: String) throws -> JSONNode {
        JSONNode(value: try JSONParser.parse(text, file: file), path: "", file: file)
    }

    /// True when the key was present (even if null).
    public var exists: Bool { value != nil }

    /// An error at this node.
    public func error(_ message: String) -> JSONError { JSONError(file: file, path: path, message: message) }

    /// An "expected X, found Y" error at this node.
    public func mismatch(_ expected: String) -> JSONError {
        error("expected \(expected), found \(value?.kindDescription ?? "nothing (missing key)")")
    }

    /// The member `key` of an object (a missing member when this is not an object).
    public subscript(key: String) -> JSONNode {
        var member: JSONValue?
        if case .object(let m)? = value { member = m.first { $0.0 == key }?.1 }
        return JSONNode(value: member, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The keys of an object, in order.
    public func keys() throws -> [String] {
        guard case .object(let m)? = value else { throw mismatch("an object") }
        return m.map(\.0)
    }

    /// Refuses keys not in `allowed` (typos must not be ignored silently).
    public func allowKeys(_ allowed: Set<String>) throws {
        for k in try keys() where !allowed.contains(k) {
            throw JSONError(file: file, path: path.isEmpty ? k : "\(path).\(k)",
                             message: "unknown key \"\(OneLine.bounded(k))\" (expected one of: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// The elements of an array.
    public func array() throws -> [JSONNode] {
        guard case .array(let a)? = value else { throw mismatch("an array") }
        return a.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// An array, or `[]` when absent.
    public func array(default: [JSONNode]) throws -> [JSONNode] { exists ? try array() : `default` }

    /// A finite number.
    public func double() throws -> Double {
        guard case .number(let n)? = value else { throw mismatch("a number") }
        return n
    }

    /// A number, or `default` when the key is absent.
    public func double(default d: Double) throws -> Double { exists ? try double() : d }

    /// A number > 0.
    public func positive() throws -> Double {
        let v = try double()
        guard v > 0 else { throw error("expected a number > 0, found \(JSONNode.format(v))") }
        return v
    }

    /// A number > 0, or `default` when absent.
    public func positive(default d: Double) throws -> Double { exists ? try positive() : d }

    /// The largest width or height (points) a scene may give a frame, size or generated
    /// image, like the canvas limit: larger values would overflow pixel sizes.
    public static let maxExtent = 16384.0

    /// A length in 0 < v <= `maxExtent` (sizes that become image pixels), or `default`.
    public func extent(default d: Double) throws -> Double {
        let v = try positive(default: d)
        guard v <= JSONNode.maxExtent else {
            throw error("expected a number in (0, \(JSONNode.format(JSONNode.maxExtent))], found \(JSONNode.format(v))")
        }
        return v
    }

    /// A number in a closed range.
    public func double(in range: ClosedRange<Double>, default d: Double) throws -> Double {
        let v = try double(default: d)
        guard range.contains(v) else {
            throw error("expected a number in \(JSONNode.format(range.lowerBound))...\(JSONNode.format(range.upperBound)), found \(JSONNode.format(v))")
        }
        return v
    }

    /// An integer-valued number.
    public func int() throws -> Int {
        let v = try double()
        guard v == v.rounded(), abs(v) < 1e15 else { throw mismatch("an integer") }
        return Int(v)
    }

    /// An integer, or `default` when absent.
    public func int(default d: Int) throws -> Int { exists ? try int() : d }

    /// An integer >= `minimum`, or `default` when absent.
    public func int(atLeast minimum: Int, default d: Int) throws -> Int {
        let v = try int(default: d)
        guard v >= minimum else { throw error("expected an integer >= \(minimum), found \(v)") }
        return v
    }

    /// A corner radius (a number >= 0), or `default` when absent.
    public func radius(default d: Double) throws -> Double {
        let v = try double(default: d)
        guard v >= 0 else { throw error("expected a radius >= 0, found \(JSONNode.format(v))") }
        return v
    }

    /// A boolean.
    public func bool() throws -> Bool {
        guard case .bool(let b)? = value else { throw mismatch("true or false") }
        return b
    }

    /// A boolean, or `default` when absent.
    public func bool(default d: Bool) throws -> Bool { exists ? try bool() : d }

    /// A string.
    public func string() throws -> String {
        guard case .string(let s)? = value else { throw mismatch("a string") }
        return s
    }

    /// A string, or `default` when absent.
    public func string(default d: String) throws -> String { exists ? try string() : d }

    /// One of the raw values of a string enum.
    public func enumValue<E: RawRepresentable & CaseIterable>(_ type: E.Type, default d: E) throws -> E
    where E.RawValue == String {
        guard exists else { return d }
        let s = try string()
        guard let e = E(rawValue: s) else {
            throw error("expected one of \(E.allCases.map { $0.rawValue }.joined(separator: ", ")), found \"\(s)\"")
        }
        return e
    }

    /// A fixed-length array of numbers.
    public func numbers(_ count: Int) throws -> [Double] {
        guard case .array(let a)? = value, a.count == count else { throw mismatch("an array of \(count) numbers") }
        return try a.enumerated().map { k, v in
            guard case .number(let n) = v else {
                throw JSONError(file: file, path: "\(path)[\(k)]", message: "expected a number, found \(v.kindDescription)")
            }
            return n
        }
    }

    /// `[x, y]`.
    public func point() throws -> (Double, Double) { let n = try numbers(2); return (n[0], n[1]) }

    /// `[w, h]` with both > 0.
    public func size() throws -> (Double, Double) {
        let n = try numbers(2)
        guard n[0] > 0, n[1] > 0 else { throw error("expected a positive size, found [\(JSONNode.format(n[0])), \(JSONNode.format(n[1]))]") }
        guard n[0] <= JSONNode.maxExtent, n[1] <= JSONNode.maxExtent else {
            throw error("expected a size of at most \(JSONNode.format(JSONNode.maxExtent)) points, found [\(JSONNode.format(n[0])), \(JSONNode.format(n[1]))]")
        }
        return (n[0], n[1])
    }

    /// `[x, y, w, h]` with w, h > 0.
    public func rect() throws -> (x: Double, y: Double, w: Double, h: Double) {
        let n = try numbers(4)
        guard n[2] > 0, n[3] > 0 else {
            throw error("expected a frame with positive width and height, found [\(n.map(JSONNode.format).joined(separator: ", "))]")
        }
        guard n[2] <= JSONNode.maxExtent, n[3] <= JSONNode.maxExtent else {
            throw error("expected a frame of at most \(JSONNode.format(JSONNode.maxExtent)) points wide and high, found [\(n.map(JSONNode.format).joined(separator: ", "))]")
        }
        return (n[0], n[1], n[2], n[3])
    }

    /// `[r, g, b, a]` (or `[r, g, b]`) in 0...1.
    public func rgba() throws -> (Double, Double, Double, Double) {
        guard case .array(let a)? = value, a.count == 3 || a.count == 4 else { throw mismatch("an array of 3 or 4 numbers in 0...1") }
        let n = try numbers(a.count)
        for (k, v) in n.enumerated() where !(0...1).contains(v) {
            throw JSONError(file: file, path: "\(path)[\(k)]", message: "expected a number in 0...1, found \(JSONNode.format(v))")
        }
        return (n[0], n[1], n[2], n.count == 4 ? n[3] : 1)
    }

    /// Formats a number without a trailing ".0" for integers; JSON has no infinity or
    /// NaN, so those become `null`.
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return "\(v)"
    }

    /// A JSON string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
