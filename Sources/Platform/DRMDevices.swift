// SDL's kmsdrm driver draws with GLES on GBM straight to a display, with no X server or
// Wayland compositor (a kiosk started at boot). It needs a DRM device node (/dev/dri/cardN)
// the user may open read-write: this says, in one line, why there is none to use.
//
// Does NOT: set a mode, pick a connector, or open the device for SDL (SDL does both).

import Glibc

/// The DRM device nodes SDL's kmsdrm driver would open.
package enum DRMDevices {
    /// Why no `card*` node under `folder` can be opened read-write, nil when one can.
    /// `open` returns 0 when a path opens read-write, else the errno (tests pass their own).
    package static func problem(in folder: String = "/dev/dri",
                               open: (String) -> Int32 = DRMDevices.openReadWrite) -> String? {
        let cards = cardNames(in: folder)
        guard !cards.isEmpty else {
            return "no DRM device: \(folder) has no card* node (no GPU driver loaded, or a container "
                + "started without \(folder))"
        }
        var refused: [String] = []
        for card in cards {
            let path = folder + "/" + card
            let error = open(path)
            if error == 0 { return nil }
            refused.append(error == EACCES || error == EPERM
                           ? "\(path): no permission (add the user to the video and render groups)"
                           : "\(path): \(String(cString: strerror(error)))")
        }
        return "no usable DRM device: " + refused.joined(separator: "; ")
    }

    /// The `card*` entries of `folder`, sorted; none when it cannot be read.
    static func cardNames(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("card") { names.append(name) }
        }
        return names.sorted()
    }

    /// 0 when `path` opens read-write (closed again at once), else the errno.
    package static func openReadWrite(_ path: String) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return errno }
        close(fd)
        return 0
    }
}
