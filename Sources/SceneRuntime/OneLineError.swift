import Components
import GLRenderer
import Images

/// An error the command-line tools print as one line (naming the file and the reason)
/// followed by exit status 1, instead of a usage message.
public protocol OneLineError: Error, CustomStringConvertible {}

extension SceneError: OneLineError {}
extension ImageError: OneLineError {}
extension RendererError: OneLineError {}
