import CGL
import Foundation

/// Debug builds only: a KHR_debug / GL 4.3 message callback printing errors and warnings to stderr.
enum DebugOutput {
    /// Installs the callback (the caller checks `GLCapabilities.debugOutput`).
    static func install() {
        glEnable(GLConstant.debugOutput)
        glEnable(GLConstant.debugOutputSynchronous)
        glDebugMessageCallback({ _, type, _, severity, _, message, _ in
            guard severity != GLenum(GL_DEBUG_SEVERITY_NOTIFICATION), let message else { return }
            let text = "GL debug (type 0x\(String(type, radix: 16))): \(String(cString: message))\n"
            _ = text.withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
        }, nil)
    }
}
