import CSDL2
import Foundation
import Images

/// SDL's game-controller mappings (the community `gamecontrollerdb.txt` format, one
/// controller per line) loaded from the usual places and from the files a user names.
///
/// Files, in order (a later mapping for the same controller wins):
/// `$XDG_DATA_HOME/parallax/gamecontrollerdb.txt` (`~/.local/share/...`),
/// `/usr/local/share/parallax/gamecontrollerdb.txt`, `/usr/share/parallax/gamecontrollerdb.txt`
/// (each only if present), then `SDL_GAMECONTROLLERCONFIG_FILE`, then `--controller-db`.
/// Files are read safely (`InputFile`: no FIFO blocks, 4 MiB at most) and handed to SDL
/// from memory, so SDL never opens a path itself.
///
/// Does not: open controllers (`GLContextHost` does, as they are plugged in).
package enum ControllerDatabase {
    /// Largest file read (the community database is about 600 KiB).
    package static let maxBytes = 4 << 20

    /// A file to load, and whether a user named it (then its absence is worth a line).
    package struct Source: Equatable {
        package var path: String
        package var named: Bool
        package init(path: String, named: Bool) { self.path = path; self.named = named }
    }

    /// The files to try, in load order.
    package static func sources(environment: [String: String], option: String?) -> [Source] {
        let home = environment["HOME"] ?? ""
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (home.isEmpty ? "" : home + "/.local/share")
        var list: [Source] = []
        if !data.isEmpty { list.append(Source(path: data + "/parallax/gamecontrollerdb.txt", named: false)) }
        list.append(Source(path: "/usr/local/share/parallax/gamecontrollerdb.txt", named: false))
        list.append(Source(path: "/usr/share/parallax/gamecontrollerdb.txt", named: false))
        if let file = environment["SDL_GAMECONTROLLERCONFIG_FILE"], !file.isEmpty { list.append(Source(path: file, named: true)) }
        if let option, !option.isEmpty { list.append(Source(path: option, named: true)) }
        return list
    }

    /// Takes `SDL_GAMECONTROLLERCONFIG_FILE` away from SDL before `SDL_Init` (SDL would
    /// open it itself, and a FIFO there would hang the start); `load` reads it instead.
    package static func keepSDLFromReadingTheFile() {
        unsetenv("SDL_GAMECONTROLLERCONFIG_FILE")
    }

    /// Loads every present source into SDL (after `SDL_Init` with game controllers);
    /// returns the mappings added and one line per named file that could not be used.
    package static func load(_ sources: [Source]) -> (mappings: Int, problems: [String]) {
        var total = 0
        var problems: [String] = []
        for s in sources {
            if !s.named && !InputFile.namesSomething(s.path) { continue }
            do {
                total += try add(InputFile.read(s.path, maxBytes: maxBytes, allowEmpty: true), path: s.path)
            } catch {
                if s.named || InputFile.namesSomething(s.path) { problems.append("controller database: \(error)") }
            }
        }
        return (total, problems)
    }

    /// Adds the mappings in `bytes`; returns how many SDL took.
    static func add(_ bytes: [UInt8], path: String) throws -> Int {
        guard !bytes.isEmpty else { return 0 }
        let added = bytes.withUnsafeBytes { raw -> Int32 in
            guard let rw = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)) else { return -1 }
            return SDL_GameControllerAddMappingsFromRW(rw, 1)
        }
        guard added >= 0 else {
            throw DatabaseError("\(path): not a controller database (\(String(cString: SDL_GetError())))")
        }
        return Int(added)
    }
}

/// A one-line error of this file.
private struct DatabaseError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
