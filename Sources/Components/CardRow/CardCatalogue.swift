import Assets
import Foundation
import Images
import JSON
import Scene

/// The items of a `cardRow`: a list of objects (`image`, `title`, `subtitle`, `backdrop`), a
/// folder or glob of image files (titles from the file names), or a catalogue file ending
/// in `.json` holding `{"items": [...]}` with paths relative to it.
///
/// A folder is held as a `FileList` (one block of bytes): a path or a title becomes a
/// `String` only when its card is about to be seen, so 30,000 files cost two allocations.
/// Nothing is decoded here; files named by a catalogue are checked when decoded (a missing
/// one warns once and stays a placeholder), those in the scene file when the scene loads.
///
/// Does NOT: watch folders, recurse, or read `.imagestack` / `.lsr` folders in a listing.
public struct CardCatalogue {
    /// One card's data (paths absolute).
    public struct Item: Equatable, Sendable {
        /// The poster (a flat image, or a layered `.imagestack` / `.lsr`); nil: a generated poster.
        public var image: String?
        public var title: String
        public var subtitle: String?
        public var backdrop: String?
        /// A video the card plays once it has held focus (`previewDelay`).
        public var preview: String?
        /// Whether the preview plays its sound (nil: the row's `previewAudio`).
        public var previewAudio: Bool?
        public init(image: String?, title: String, subtitle: String? = nil, backdrop: String? = nil, preview: String? = nil,
                    previewAudio: Bool? = nil) {
            self.image = image; self.title = title; self.subtitle = subtitle; self.backdrop = backdrop
            self.preview = preview; self.previewAudio = previewAudio
        }
    }

    private enum Storage {
        case files(FileList)
        /// The items, and for each whether its poster is a flat image file.
        case items([Item], flat: [Bool])
    }
    private let storage: Storage

    /// A catalogue of files (titles from their names).
    public init(files: FileList) { storage = .files(files) }
    /// A catalogue of items.
    public init(items: [Item]) {
        storage = .items(items, flat: items.map { $0.image.map { !CardCatalogue.isLayered($0) } ?? false })
    }

    /// True when the items are objects (a list or a catalogue file), not a folder's files.
    public var hasItemObjects: Bool {
        if case .items = storage { return true }
        return false
    }

    /// Number of items.
    public var count: Int {
        switch storage {
        case .files(let f): return f.count
        case .items(let i, _): return i.count
        }
    }

    /// Item `index` (its strings made now).
    public func item(_ index: Int) -> Item {
        switch storage {
        case .files(let f):
            let path = f[index]
            return Item(image: path, title: CardCatalogue.title(ofFile: path))
        case .items(let i, _):
            return i[index]
        }
    }

    /// The image path of item `index` (nil: a generated poster).
    public func imagePath(_ index: Int) -> String? {
        switch storage {
        case .files(let f): return f[index]
        case .items(let i, _): return i[index].image
        }
    }

    /// Item `index`'s title.
    public func title(_ index: Int) -> String {
        switch storage {
        case .files(let f): return CardCatalogue.title(ofFile: f[index])
        case .items(let i, _): return i[index].title
        }
    }

    /// The initial of item `index`'s title, A-Z folded to upper case (a letter jump's key);
    /// nil for an empty title. Makes no `String` for a folder's files.
    public func initial(_ index: Int) -> Unicode.Scalar? {
        let first: Unicode.Scalar?
        switch storage {
        case .files(let f): first = f.firstScalar(index)
        case .items(let i, _): first = i[index].title.unicodeScalars.first
        }
        guard let c = first else { return nil }
        return c.value >= 0x61 && c.value <= 0x7A ? Unicode.Scalar(c.value - 32) : c
    }

    /// True when item `index`'s poster is a flat image file (streamed), not a layered image
    /// or a generated poster.
    public func isFile(_ index: Int) -> Bool {
        switch storage {
        case .files: return true
        case .items(_, let flat): return flat[index]
        }
    }

    /// The poster paths in item order, "" for items whose poster is not a flat file.
    public var fileList: FileList {
        switch storage {
        case .files(let f): return f
        case .items(let i, _): return FileList(i.map { $0.image.map { CardCatalogue.isLayered($0) ? "" : $0 } ?? "" })
        }
    }

    /// A file's name without its folder and extension ("posters/The Long Night.jpg" -> "The Long Night").
    public static func title(ofFile path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// True for a layered image (`.imagestack` folder or `.lsr` file), by its extension.
    public static func isLayered(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ext == "imagestack" || ext == "lsr"
    }

    /// Largest catalogue file read (64 MiB: about 400,000 items).
    public static let maxCatalogueBytes = 64 << 20
    /// Most items in one row.
    public static let maxItems = 1_000_000
    /// Keys of one item object.
    static let itemKeys: Set<String> = ["image", "title", "subtitle", "backdrop", "preview", "previewAudio"]

    /// Reads a row's `items`: a list, or a string naming a folder, a glob or a `.json` catalogue.
    public static func read(_ node: JSONNode, context: SceneContext) throws -> CardCatalogue {
        if case .string(let name)? = node.value {
            if name.lowercased().hasSuffix(".json") {
                let path = try context.resolve(node)
                let text: String
                do { text = try JSONError.readText(path, maxBytes: maxCatalogueBytes, what: "catalogue") } catch {
                    throw node.error("\(error)")
                }
                let root = try JSONNode.parse(text, file: path)
                try root.allowKeys(["items"])
                let folder = (path as NSString).deletingLastPathComponent
                return try CardCatalogue(items: items(root["items"], folder: folder, checked: false))
            }
            do {
                return CardCatalogue(files: try ImageFolder.list(name, relativeTo: context.directory, folders: context.folders))
            } catch {
                throw node.error("\(error)")
            }
        }
        return try CardCatalogue(items: items(node, folder: context.directory, checked: true))
    }

    /// The item objects of a list; paths relative to `folder`, checked to exist when `checked`.
    static func items(_ node: JSONNode, folder: String, checked: Bool) throws -> [Item] {
        let list = try node.array()
        guard !list.isEmpty else { throw node.error("expected at least one item, found an empty list") }
        guard list.count <= maxItems else { throw node.error("expected at most \(maxItems) items, found \(list.count)") }
        var out: [Item] = []
        out.reserveCapacity(list.count)
        for entry in list {
            try entry.allowKeys(itemKeys)
            let image = entry["image"].exists ? try path(entry["image"], folder: folder, checked: checked) : nil
            let title: String
            if entry["title"].exists {
                title = try entry["title"].string()
                guard title.unicodeScalars.count <= 1000 else { throw entry["title"].error("expected a title of at most 1000 characters") }
            } else if let image {
                title = CardCatalogue.title(ofFile: image)
            } else {
                throw entry.error("expected an image or a title")
            }
            let subtitle = entry["subtitle"].exists ? try entry["subtitle"].string() : nil
            let backdrop = entry["backdrop"].exists ? try path(entry["backdrop"], folder: folder, checked: checked) : nil
            let preview = entry["preview"].exists ? try path(entry["preview"], folder: folder, checked: checked) : nil
            let audio = entry["previewAudio"].exists ? try entry["previewAudio"].bool() : nil
            out.append(Item(image: image, title: title, subtitle: subtitle, backdrop: backdrop, preview: preview, previewAudio: audio))
        }
        return out
    }

    /// An absolute path from `node` (relative to `folder`); with `checked`, it must exist.
    static func path(_ node: JSONNode, folder: String, checked: Bool) throws -> String {
        let raw = try node.string()
        guard !raw.isEmpty else { throw node.error("expected a file path, found an empty string") }
        guard !raw.utf8.contains(0) else { throw node.error("the path contains a NUL byte") }
        let path = raw.hasPrefix("/") ? raw : (folder as NSString).appendingPathComponent(raw)
        if checked && !FileManager.default.fileExists(atPath: path) { throw node.error("no such file: \(path)") }
        return path
    }
}
