import Foundation

/// A fixture the tests need is not where it should be.
public struct MissingFixture: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// The package root: the folder holding `Package.swift` (found from this file's path).
public func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // _TestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
}

/// `Tests/Fixtures/<name>` inside the repository (see `Tests/Fixtures/README.md`), or a
/// `MissingFixture` error that says where it looked (never a silent skip). The suite
/// reads nothing outside the repository, so it passes on a fresh clone.
public func fixture(_ name: String) throws -> URL {
    let url = packageRoot().appendingPathComponent("Tests/Fixtures/\(name)", isDirectory: true)
    var directory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &directory), directory.boolValue else {
        throw MissingFixture(description: "test fixture \"\(name)\" not found at \(url.path) "
                             + "(it belongs in the repository under Tests/Fixtures)")
    }
    return url
}

