import CGL
import Foundation

/// Debug builds only: a KHR_debug / GL 4.3 message callback printing errors and warnings to stderr.
enum DebugOutput {
    static func install(extensions: Set<String>, major: Int, minor: Int) {
        guard major > 4 || (major == 4 && minor >= 3) || extensions.contains("GL_KHR_debug") else { return }
        glEnable(GLConstant.debugOutput)
        glEnable(GLConstant.debugOutputSynchronous)
        glDebugMessageCallback({ _, type, _, severity, _, message, _ in
            guard severity != GLenum(GL_DEBUG_SEVERITY_NOTIFICATION), let message else { return }
            let text = "GL debug (type 0x\(String(type, radix: 16))): \(String(cString: message))\n"
            _ = text.withCString { write(2, $0, strlen($0)) }  // never traps on a closed stderr
        }, nil)
    }
}
