import Assets
import Foundation
import JSON
import LayerMath
import Layers
import Scene

extension Carousel {
    /// Keys a `carousel` object may have (docs/scene-format.md).
    static let keys: Set<String> = CarouselPhysicsSettings.keys.union(["autoscrollResumeDelay", "focusedItemScale"]).union([
        "kind", "name", "frame", "images", "count", "type", "startIndex", "wrap", "perspective", "perspectiveRatio",
        "rotationDivisor",
        "cornerRadius", "spacing", "arc", "radius", "tilt", "fadeMin", "fadeMax", "fadeRange", "fadeMinAlpha",
        "showBackfaces", "visibleItems", "vertical", "viewpointOffset", "itemWidth", "itemSize", "enlargeCentre",
        "autoscroll", "background", "clipsToBounds", "captions", "contentsGravity",
    ])

    /// Builds a `carousel` component from its JSON object.
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        let frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)

        // Image files are listed (and checked to exist) now, decoded as they come into view.
        var files = FileList()
        var listing: FolderListing?
        var count = 9
        if node["images"].exists {
            if node["count"].exists { throw node["count"].error("expected either images or count, found both") }
            if case .string(let pattern)? = node["images"].value {
                do {
                    // Streaming hosts list a folder on a thread: a large one starts with a
                    // provisional count (placeholders) and its sorted list arrives a few frames
                    // on. Headless renders wait for the whole list (the same frame every time),
                    // as does a scene whose startIndex or captions need the final count.
                    if context.images.decodesInBackground,
                       let l = try ImageFolder.startListing(pattern, relativeTo: context.directory) {
                        var needsCount = false
                        if case .array? = node["captions"].value { needsCount = true }
                        let startBeyond = (try? node["startIndex"].int()).map { $0 >= FolderListing.firstBatch } ?? false
                        if let complete = needsCount || startBeyond ? l.waitUntilComplete() : l.waitForFirstBatch() {
                            guard !complete.isEmpty else { throw ImageFolder.noImages(in: l.folder) }
                            files = complete
                        } else {
                            listing = l
                        }
                    } else {
                        files = try ImageFolder.list(pattern, relativeTo: context.directory, folders: context.folders)
                    }
                } catch {
                    throw node["images"].error("\(error)")
                }
            } else {
                files = FileList(try node["images"].array().map { item in
                    let path = try context.resolve(item)
                    var isDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                        throw item.error("\(path): is a directory, not an image file")
                    }
                    return path
                })
            }
            guard !files.isEmpty || listing != nil else { throw node["images"].error("expected at least one image") }
            count = listing?.listedSoFar ?? files.count
        } else {
            count = try node["count"].int(default: 9)
            guard count >= 1, count <= 10_000_000 else {
                throw node["count"].error("expected a count in 1...10000000, found \(count)")
            }
        }
        let type = try node["type"].enumValue(CarouselType.self, default: .rotatedFlow)

        var o = CarouselOptions()
        // Meaningful ranges (iCarousel's defaults are 1, 2π, 0.9): beyond them the counts and
        // lengths derived from a value overflow or mean nothing.
        o.spacing = try node["spacing"].double(in: 0.01...100)
        o.arc = try node["arc"].double(in: 0.001...100)
        o.radius = try node["radius"].double(in: -1e6...1e6)
        o.tilt = try node["tilt"].double(in: -100...100)
        o.fadeMin = try node["fadeMin"].double(in: -1e4...1e4)
        o.fadeMax = try node["fadeMax"].double(in: -1e4...1e4)
        o.fadeRange = try node["fadeRange"].double(in: 0.001...1e4)
        o.fadeMinAlpha = node["fadeMinAlpha"].exists ? try node["fadeMinAlpha"].double(in: 0...1, default: 0) : nil
        o.showBackfaces = node["showBackfaces"].exists ? try node["showBackfaces"].bool() : nil
        if node["visibleItems"].exists {
            let v = try node["visibleItems"].int()
            guard v >= 1, v <= 64 else { throw node["visibleItems"].error("expected 1...64 visible items, found \(v)") }
            o.visibleItems = v
        }
        o.vertical = try node["vertical"].bool(default: false)
        if node["viewpointOffset"].exists {
            let p = try node["viewpointOffset"].point()
            o.viewpointOffset = Point(p.0, p.1)
        }
        if node["itemSize"].exists {
            let s = try node["itemSize"].size()
            // Like itemWidth: the items across the frame are counted from it.
            guard s.0 >= 1, s.1 >= 1 else {
                throw node["itemSize"].error("expected an item size of at least 1x1 point, found "
                                             + "[\(JSONNode.format(s.0)), \(JSONNode.format(s.1))]")
            }
            o.itemSize = Size(s.0, s.1)
        }
        o.itemWidth = try node["itemWidth"].double(in: 1...JSONNode.maxExtent)
        o.perspective = try node["perspective"].double(in: 1...1e6)
        if node["perspectiveRatio"].exists {
            if node["perspective"].exists {
                throw node["perspectiveRatio"].error("expected either perspective or perspectiveRatio, found both")
            }
            // A distance of at least 1/1000 of the item width, like `perspective` >= 1 point.
            o.perspectiveRatio = try node["perspectiveRatio"].double(in: 0.001...1e6)
        }
        o.rotationDivisor = try node["rotationDivisor"].double(in: 0.01...1e6) ?? 6
        o.enlargeCentre = try node["enlargeCentre"].double(in: 0.01...100) ?? 1
        if o.spacing.map({ !($0 > 0) }) ?? false { throw node["spacing"].error("expected a spacing > 0") }
        if o.arc.map({ !($0 > 0) }) ?? false { throw node["arc"].error("expected an arc > 0 (radians)") }

        let cornerRadius = try node["cornerRadius"].radius(default: 10)
        var background: Color?
        if node["background"].exists {
            let c = try node["background"].rgba()
            background = Color(c.0, c.1, c.2, c.3)
        }
        let startIndex: Int? = node["startIndex"].exists ? try node["startIndex"].int() : nil
        if let s = startIndex, !(0..<count).contains(s) {
            throw node["startIndex"].error("expected an index in 0...\(count - 1), found \(s)")
        }
        let carousel = Carousel(name: name, frame: frame, count: count, type: type, options: o, images: context.images,
                        imageFiles: files, imageListing: listing,
                        contentsGravity: try node["contentsGravity"].enumValue(ContentsGravity.self, default: .resize),
                        startIndex: startIndex,
                        wrap: node["wrap"].exists ? try node["wrap"].bool() : nil,
                        autoscroll: try node["autoscroll"].double(in: -1000...1000, default: 0), cornerRadius: cornerRadius,
                        background: background,
                        clipsToBounds: try node["clipsToBounds"].bool(default: type == .rotatedFlow),
                        captions: try captions(node["captions"], count: count))
        carousel.clipFollowsType = !node["clipsToBounds"].exists
        carousel.physicsSettings = try CarouselPhysicsSettings.read(node)
        carousel.autoscrollResumeDelay = try node["autoscrollResumeDelay"].double(in: 0...86_400, default: 3)
        carousel.focusedItemScale = try node["focusedItemScale"].double(in: 0.1...10, default: 1)
        return carousel
    }

    /// `captions`: a list of strings, one per item, or a template string where `{n}` is
    /// the item number.
    static func captions(_ node: JSONNode, count: Int) throws -> CarouselCaptions {
        guard node.exists else { return .none }
        if let template = try? node.string() {
            guard template.unicodeScalars.count <= 1000 else { throw node.error("expected a caption template of at most 1000 characters") }
            return .template(template)
        }
        let list = try node.array().map { try $0.string() }
        guard list.count == count else {
            throw node.error("expected one caption per item (\(count)), found \(list.count)")
        }
        guard list.allSatisfy({ $0.unicodeScalars.count <= 1000 }) else {
            throw node.error("expected captions of at most 1000 characters")
        }
        return .list(list)
    }
}
