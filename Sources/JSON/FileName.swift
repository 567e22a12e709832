/// File names are bytes: a lossless mapping between any byte string the system gives or
/// takes (command-line arguments, folder entries) and a Swift `String`.
///
/// Valid UTF-8 decodes as usual. A byte that is not part of valid UTF-8 decodes to one
/// private-use scalar, U+10FF00 + byte (0x80...0xFF); a valid scalar in that reserved range
/// is stored the same way, byte by byte, so that every byte string decodes to one string
/// and encodes back to exactly the same bytes.
///
/// Does not: normalise (two spellings of "é" stay two names), or touch NUL (C stops there;
/// `InputFile.refuseNUL` refuses it).
public enum FileName {
    /// The first scalar of the reserved range; scalar 0x10FF00 + b stands for byte b.
    static let base: UInt32 = 0x10FF00

    static func isEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= base + 0x80 && scalar.value <= base + 0xFF }

    /// The name whose bytes are `bytes`.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        if let text = String(validating: array, as: UTF8.self), !text.unicodeScalars.contains(where: isEscape) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            let lead = array[i]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if i + length <= array.count, let text = String(validating: array[i..<(i + length)], as: UTF8.self),
               text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first {
                // A reserved scalar is stored byte by byte, like bytes that are not UTF-8.
                if isEscape(scalar) {
                    for b in array[i..<(i + length)] { scalars.append(Unicode.Scalar(base + UInt32(b))!) }
                } else {
                    scalars.append(scalar)
                }
                i += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(lead))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The name of the C string `cString` (a folder entry, an argument).
    public static func decode(cString: UnsafePointer<CChar>) -> String {
        var end = 0
        while cString[end] != 0 { end += 1 }
        return decode(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: end))
    }

    /// The bytes `name` stands for (without a terminating NUL).
    public static func bytes(_ name: String) -> [UInt8] {
        guard name.unicodeScalars.contains(where: isEscape) else { return Array(name.utf8) }
        var out: [UInt8] = []
        for scalar in name.unicodeScalars {
            if isEscape(scalar) { out.append(UInt8(scalar.value - base)) } else { out += Array(String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with `name` as the system's C string (its own bytes, NUL-terminated).
    public static func withCString<R>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard name.unicodeScalars.contains(where: isEscape) else { return try name.withCString(body) }
        let terminated = bytes(name).map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The command-line arguments after the program name, each decoded losslessly.
    public static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { decode(cString: $0) } }
    }

    /// `name` for a message: a byte that is not UTF-8 shown as `\xNN`.
    public static func escaped(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: isEscape) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if isEscape(scalar) {
                out += "\\x" + String(scalar.value - base, radix: 16)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
