import Foundation

/// A fixture the tests need is not where it should be.
public struct MissingFixture: Error, CustomStringConvertible {
    public let description: String
}

/// The package root: the folder holding `Package.swift` (found from this file's path).
public func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // _TestSupport
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
}

/// The shared folder beside the package (`<root>/../shared`), or `$PARALLAX_SHARED`
/// when that environment variable is set.
public func sharedDirectory() -> URL {
    if let override = ProcessInfo.processInfo.environment["PARALLAX_SHARED"], !override.isEmpty {
        return URL(fileURLWithPath: override, isDirectory: true)
    }
    return packageRoot().appendingPathComponent("../shared", isDirectory: true).standardizedFileURL
}

/// `<shared>/corpus/<name>`, or a `MissingFixture` error that says where it looked and
/// how to point the tests elsewhere (never a silent skip).
public func sharedCorpus(_ name: String) throws -> URL {
    let url = sharedDirectory().appendingPathComponent("corpus/\(name)", isDirectory: true)
    var directory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &directory), directory.boolValue else {
        throw MissingFixture(description: "test corpus \"\(name)\" not found at \(url.path); "
                             + "set PARALLAX_SHARED to the folder that holds corpus/\(name)")
    }
    return url
}
