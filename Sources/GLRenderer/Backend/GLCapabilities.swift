// What the current context offers, read once when the renderer is made: desktop OpenGL 3.3
// core or OpenGL ES 3.0+, and the features that differ between them or between drivers.
// Everything else the renderer calls is in both APIs with the same meaning.
//
// Does NOT: create contexts (Platform's `GLContextHost` picks the API), or emulate what
// is missing: a missing feature turns its user off (timer queries, visible-pixel counts).

import CGL
import Glibc

/// The current context's API, version, limits and optional features.
public struct GLCapabilities: Sendable, Equatable {
    /// True for an OpenGL ES context (GL_VERSION starts with "OpenGL ES").
    public var isES: Bool
    /// GL_MAJOR_VERSION, GL_MINOR_VERSION.
    public var major: Int, minor: Int
    /// GL_MAX_TEXTURE_SIZE: images larger than this are downsampled before upload.
    public var maxTextureSize: Int
    /// GL_TIME_ELAPSED queries: core in desktop 3.3, EXT_disjoint_timer_query on ES.
    public var timerQueries: Bool
    /// GL_SAMPLES_PASSED (an exact fragment count): desktop only (ES has only "any passed").
    public var exactSampleCounts: Bool
    /// glPolygonMode: desktop only.
    public var polygonMode: Bool
    /// glDrawArraysInstancedBaseInstance: desktop 4.2 or ARB_base_instance, ES with
    /// EXT_base_instance (the same entry point); else the instance attributes are re-pointed
    /// per batch (`InstanceStream`).
    public var baseInstance: Bool
    /// Anisotropic filtering's largest ratio (1: not offered).
    public var maxAnisotropy: Float
    /// sRGB textures and framebuffer control (GL 3.0+ core; ES 3.0 textures, EXT_sRGB_write_control).
    public var sRGBWriteControl: Bool
    /// KHR_debug message callbacks (desktop 4.3, ES 3.2, or the extension).
    public var debugOutput: Bool
    /// GL_FRAMEBUFFER_SRGB, GL_COLOR_LOGIC_OP, GL_DEPTH_CLAMP and GL_SAMPLE_MASK exist as
    /// capabilities (desktop; GL_SAMPLE_MASK from ES 3.1).
    public var desktopEnables: Bool

    /// "OpenGL ES 3.2" or "OpenGL 4.5": the API and version, as reports and titles show them.
    public var apiName: String { "OpenGL \(isES ? "ES " : "")\(major).\(minor)" }
    /// The API alone: "es" or "desktop" (the `--gl` option's words).
    public var apiKey: String { isES ? "es" : "desktop" }

    /// Reads the current context; `RendererError.noContext` when none is current or it is
    /// older than desktop 3.3 or ES 3.0.
    public static func current() throws -> GLCapabilities {
        guard let versionPtr = glGetString(GLenum(GL_VERSION)) else {
            throw RendererError.noContext("glGetString(GL_VERSION) returned nil (no current context)")
        }
        let version = String(cString: UnsafeRawPointer(versionPtr).assumingMemoryBound(to: CChar.self))
        let es = version.hasPrefix("OpenGL ES")
        var major: GLint = 0, minor: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        let newEnough = es ? major >= 3 : (major > 3 || (major == 3 && minor >= 3))
        guard newEnough else {
            throw RendererError.noContext("OpenGL \(es ? "ES " : "")\(major).\(minor) is older than \(es ? "ES 3.0" : "3.3") (\(version))")
        }
        let extensions = GLRenderer.extensionNames()
        func at(_ a: GLint, _ b: GLint) -> Bool { major > a || (major == a && minor >= b) }
        var maxSize: GLint = 0
        glGetIntegerv(GLConstant.maxTextureSize, &maxSize)
        var anisotropy: GLfloat = 1
        if extensions.contains("GL_EXT_texture_filter_anisotropic") || extensions.contains("GL_ARB_texture_filter_anisotropic") {
            glGetFloatv(GLConstant.maxTextureMaxAnisotropy, &anisotropy)
        }
        return GLCapabilities(
            isES: es, major: Int(major), minor: Int(minor), maxTextureSize: Int(max(maxSize, 1)),
            timerQueries: es ? extensions.contains("GL_EXT_disjoint_timer_query") : true,
            exactSampleCounts: !es, polygonMode: !es,
            baseInstance: es ? extensions.contains("GL_EXT_base_instance")
                             : at(4, 2) || extensions.contains("GL_ARB_base_instance"),
            maxAnisotropy: max(1, anisotropy),
            sRGBWriteControl: !es || extensions.contains("GL_EXT_sRGB_write_control"),
            debugOutput: (es ? at(3, 2) : at(4, 3)) || extensions.contains("GL_KHR_debug"),
            desktopEnables: !es)
    }

    /// Whether the current context is OpenGL ES, read without allocating (state snapshots
    /// taken around an app's frame ask every frame).
    public static func currentIsES() -> Bool {
        guard let p = glGetString(GLenum(GL_VERSION)) else { return false }
        let prefix: StaticString = "OpenGL ES"   // a String argument would be copied (allocated)
        return memcmp(p, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
    }

    /// glClearDepth on desktop, glClearDepthf on ES (which has no double entry point).
    static func clearDepth(_ depth: Float, es: Bool) {
        if es { glClearDepthf(depth) } else { glClearDepth(Double(depth)) }
    }
}
