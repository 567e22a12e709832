@testable import Assets
import Foundation
import XCTest
import _TestSupport

/// Folders shared by one load (`FolderListings`): every folder or glob naming a folder is
/// answered from one sorted listing. Expected lists are those of `ls` and glob(3): names
/// sorted by bytes, hidden files only for a pattern starting with ".", folders dropped.
final class FolderListingsTests: XCTestCase {
    func names(_ list: FileList) -> [String] { list.map { ($0 as NSString).lastPathComponent } }

    func makeFolder() throws -> (TemporaryDirectory, String) {
        let dir = try TemporaryDirectory()
        let f = try dir.makeDirectory("p")
        for name in ["b.jpg", "a.PNG", "ab.png", "c.webp", "notes.txt", ".hidden.jpg", "d.jpeg", "[x].png"] {
            _ = try dir.write("p/" + name, bytes: [1])
        }
        _ = try dir.makeDirectory("p/sub.jpg")
        try FileManager.default.createSymbolicLink(atPath: f + "/linked.jpg", withDestinationPath: f + "/sub.jpg")
        return (dir, f)
    }

    func testSharedGlobsMatchGlob3ForEveryPatternKind() throws {
        let (dir, f) = try makeFolder()
        let shared = FolderListings()
        for pattern in ["*.jpg", "a*", "?.jp*g", "[ab]*", ".*", "*", "\\[x\\].png", "*.gif"] {
            let alone = (try? ImageFolder.list("p/" + pattern, relativeTo: dir.path)).map(names) ?? []
            let viaShared = (try? ImageFolder.list("p/" + pattern, relativeTo: dir.path, folders: shared)).map(names) ?? []
            XCTAssertEqual(viaShared, alone, pattern)
        }
        XCTAssertEqual(names(try ImageFolder.list("p/*", relativeTo: dir.path, folders: shared)),
                       ["[x].png", "a.PNG", "ab.png", "b.jpg", "c.webp", "d.jpeg", "notes.txt"], "no hidden files, no folders, no links to folders")
        XCTAssertEqual(names(try ImageFolder.list(f, relativeTo: "/", folders: shared)),
                       ["[x].png", "a.PNG", "ab.png", "b.jpg", "c.webp", "d.jpeg"], "a folder: image extensions only")
        XCTAssertEqual(shared.count, 1, "one folder, one listing")
    }

    func testASecondGlobOverTheSameFolderReusesTheFirstListing() throws {
        let (dir, _) = try makeFolder()
        let shared = FolderListings()
        XCTAssertEqual(names(try ImageFolder.list("p/a*", relativeTo: dir.path, folders: shared)), ["a.PNG", "ab.png"])
        _ = try dir.write("p/e.jpg", bytes: [1])
        // The shared listing was made before e.jpg: the same load does not read the folder again.
        XCTAssertEqual(names(try ImageFolder.list("p/*.jpg", relativeTo: dir.path, folders: shared)), ["b.jpg"])
        XCTAssertEqual(names(try ImageFolder.list("p/*.jpg", relativeTo: dir.path, folders: FolderListings())),
                       ["b.jpg", "e.jpg"], "a new load reads it again")
    }

    func testMissingFolderAndUnmatchedGlobAreOneLineErrors() throws {
        let (dir, _) = try makeFolder()
        let shared = FolderListings()
        XCTAssertThrowsError(try ImageFolder.list("absent", relativeTo: dir.path, folders: shared)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no such folder"), "\(error)")
        }
        XCTAssertThrowsError(try ImageFolder.list("absent/*.jpg", relativeTo: dir.path, folders: shared)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no files match"), "\(error)")
        }
        XCTAssertThrowsError(try ImageFolder.list("p/*.gif", relativeTo: dir.path, folders: shared)) { error in
            XCTAssertTrue("\(error)".hasPrefix("no files match"), "\(error)")
        }
    }
}
