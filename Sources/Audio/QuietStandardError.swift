import Foundation

/// Standard error pointed at /dev/null until `restore`: a C library's own lines while a
/// device or voice data is probed (the app reports the failure itself, in one line).
public struct QuietStandardError {
    private let saved: Int32

    public init() {
        saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2); close(null) }
    }

    /// Points standard error back where it was.
    public func restore() {
        guard saved >= 0 else { return }
        dup2(saved, 2)
        close(saved)
    }
}
