import Foundation
import JSON
#if canImport(Glibc)
import Glibc
#endif

/// A folder of images listed on a thread of its own, so a scene naming a folder of
/// 100,000 posters opens as fast as one of 9.
///
/// The folder is opened at once (a missing or unreadable folder is an error then); the
/// names are read, filtered (`ImageFolder`'s image extensions) and sorted by name on the
/// listing thread. The caller waits only for the first `firstBatch` names
/// (`waitForFirstBatch`): a small folder is complete by then and is used as it is; a
/// large one gives a provisional count, and its complete, sorted list arrives later
/// (`completed`), usually a few frames on (readdir of 100,000 names: about 0.2 s).
///
/// Nothing is shown from a list that is not complete: "sorted by name" holds for every
/// item a carousel ever shows (see `Carousel`, which shows placeholders meanwhile).
///
/// Does NOT watch the folder for changes, recurse, or expand globs (`ImageFolder.list`).
public final class FolderListing: @unchecked Sendable {
    /// The folder listed.
    public let folder: String
    /// Names listed before `waitForFirstBatch` returns, unless the folder ends first.
    public static let firstBatch = 256

    private let condition = NSCondition()
    private let dir: OpaquePointer
    private var listed = 0
    private var result: FileList?

    /// Opens `folder` and starts listing it on a new thread.
    /// - Throws: a one-line reason when the folder cannot be opened.
    public init(folder: String) throws {
        guard let dir = FileName.withCString(folder, { opendir($0) }) else { throw ImageFolder.FolderError("cannot read folder \(folder)") }
        self.folder = folder
        self.dir = dir
        let thread = Thread { [self] in self.list() }
        thread.name = "folder-listing"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    private func list() {
        var out = FileList(prefix: folder.hasSuffix("/") ? folder : folder + "/")
        ImageFolder.appendEntries(of: dir, to: &out, every: 64) { n in
            condition.lock()
            listed = n
            if n >= FolderListing.firstBatch { condition.broadcast() }
            condition.unlock()
        }
        closedir(dir)
        out.sortByName()
        condition.lock()
        listed = out.count
        result = out
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `firstBatch` image names are listed or the listing is complete; returns
    /// the complete, sorted list when it is, else nil (then `listedSoFar` names are known).
    public func waitForFirstBatch() -> FileList? {
        condition.lock(); defer { condition.unlock() }
        while result == nil && listed < FolderListing.firstBatch { condition.wait() }
        return result
    }

    /// Waits for the complete, sorted list.
    public func waitUntilComplete() -> FileList {
        condition.lock(); defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }

    /// The complete, sorted list once it is there (never waits).
    public var completed: FileList? {
        condition.lock(); defer { condition.unlock() }
        return result
    }

    /// Image names listed so far (the final count once complete).
    public var listedSoFar: Int {
        condition.lock(); defer { condition.unlock() }
        return listed
    }
}
