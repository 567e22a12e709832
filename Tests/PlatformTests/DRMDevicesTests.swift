import Foundation
import Glibc
import XCTest
@testable import Platform

/// Why SDL's kmsdrm driver has no device: one line naming the folder or each refused node.
final class DRMDevicesTests: XCTestCase {
    private func folder(_ entries: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("drm-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for e in entries { _ = FileManager.default.createFile(atPath: dir + "/" + e, contents: Data()) }
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func testAMissingFolderHasNoDevice() {
        XCTAssertEqual(DRMDevices.problem(in: "/nonexistent/dri"),
                       "no DRM device: /nonexistent/dri has no card* node (no GPU driver loaded, or a container started without /nonexistent/dri)")
    }

    func testRenderNodesAloneAreNoDevice() throws {
        let dir = try folder(["renderD128", "by-path"])
        XCTAssertEqual(DRMDevices.problem(in: dir)?.hasPrefix("no DRM device: \(dir) has no card* node"), true)
    }

    func testACardThatOpensIsUsable() throws {
        let dir = try folder(["card0", "renderD128"])
        XCTAssertNil(DRMDevices.problem(in: dir))
    }

    func testEveryCardRefusedNamesEachAndTheGroupsForPermission() throws {
        let dir = try folder(["card1", "card0"])
        let problem = DRMDevices.problem(in: dir) { $0.hasSuffix("card0") ? EACCES : ENODEV }
        XCTAssertEqual(problem, "no usable DRM device: \(dir)/card0: no permission (add the user to the video and render groups); "
                       + "\(dir)/card1: \(String(cString: strerror(ENODEV)))")
    }

    func testOneCardThatOpensIsEnoughWhenAnotherIsRefused() throws {
        let dir = try folder(["card0", "card1"])
        XCTAssertNil(DRMDevices.problem(in: dir) { $0.hasSuffix("card0") ? EACCES : 0 })
    }
}
