import JSON
#if canImport(Glibc)
import Glibc
#endif

/// A sorted list of file paths held as one block of bytes: the names, NUL-terminated, and
/// their offsets. A path becomes a `String` only when it is read (an item about to be
/// seen), so a folder of 100,000 posters costs one allocation for the names and one for
/// the offsets, and sorting compares bytes (`strcmp`), not Unicode strings.
///
/// Does NOT check that the files exist or are images.
public struct FileList: RandomAccessCollection, Sendable {
    /// The folder prefix shared by every path ("" when the names are full paths).
    public let prefix: String
    private var names: [UInt8]
    private var offsets: [Int32]

    /// An empty list under `prefix` (a folder path ending in "/", or "").
    public init(prefix: String = "") {
        self.prefix = prefix
        names = []
        offsets = []
    }

    /// A list of full paths, in the given order.
    public init(_ paths: [String]) {
        self.init()
        for p in paths { append(name: p) }
    }

    /// Adds a name (without the prefix).
    mutating func append<C: Collection>(nameBytes: C) where C.Element == UInt8 {
        offsets.append(Int32(names.count))
        names.append(contentsOf: nameBytes)
        names.append(0)
    }

    mutating func append(name: String) { append(nameBytes: name.utf8) }

    /// Sorts the names by their bytes (the order `ls` shows in the C locale).
    mutating func sortByName() {
        names.withUnsafeBufferPointer { raw in
            let base = raw.baseAddress!
            offsets.sort { a, b in
                var p = base + Int(a), q = base + Int(b)
                while p.pointee != 0 && p.pointee == q.pointee { p += 1; q += 1 }
                return p.pointee < q.pointee
            }
        }
    }

    /// The names for which `keep` (given each name's bytes, NUL-terminated) is true, in order.
    func filter(_ keep: (UnsafePointer<CChar>) -> Bool) -> FileList {
        var out = FileList(prefix: prefix)
        guard !offsets.isEmpty else { return out }
        names.withUnsafeBufferPointer { raw in
            raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { base in
                for o in offsets where keep(base + Int(o)) {
                    out.append(nameBytes: UnsafeRawBufferPointer(start: base + Int(o), count: strlen(base + Int(o))))
                }
            }
        }
        return out
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { offsets.count }

    /// The first character (Unicode scalar) of file `i`'s name, without making a `String`;
    /// nil for an empty name or one that is not UTF-8.
    public func firstScalar(_ i: Int) -> Unicode.Scalar? {
        let start = Int(offsets[i])
        var end = start
        while end < start + 4, names[end] != 0 { end += 1 }
        var decoder = UTF8()
        var bytes = names[start..<end].makeIterator()
        if case .scalarValue(let v) = decoder.decode(&bytes) { return v }
        return nil
    }

    /// The full path of file `i` (made on each call).
    public subscript(i: Int) -> String {
        let start = Int(offsets[i])
        var end = start
        while names[end] != 0 { end += 1 }
        return prefix + FileName.decode(names[start..<end])  // the name's own bytes, lossless
    }
}
