import Components
import Foundation
import GLRenderer
import Images
import Platform
import Scene
import SceneRuntime

/// An error the command-line tools print as one line (naming the file and the reason)
/// followed by exit status 1, instead of a usage message.
public protocol OneLineError: Error, CustomStringConvertible {}

extension SceneError: OneLineError {}
extension ImageError: OneLineError {}
extension RendererError: OneLineError {}
extension FileError: OneLineError {}
extension PlatformError: OneLineError {}
extension ExportError: OneLineError {}

/// The tools' `--shaders` check: nil when `path` is absent or an existing folder,
/// otherwise the message to report.
public func shaderFolderProblem(_ path: String?) -> String? {
    guard let path else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        return "--shaders \(path): no such folder"
    }
    return nil
}
