import Assets
import JSON
import LayerMath
import Layers
import Scene

extension Shelf {
    /// Keys a `shelf` object may have.
    static let keys: Set<String> = [
        "kind", "name", "frame", "header", "rows", "titleHeight", "titleColor", "rowSpacing", "scrollInset",
        "backdrop", "backdropDim",
    ]
    /// Keys of one row object, and of the header object.
    static let rowKeys: Set<String> = ["title", "content"]
    static let headerKeys: Set<String> = ["title", "height"]

    /// Builds a `shelf`: `frame [x,y,w,h]`, `header {"title", "height"}` (optional),
    /// `rows [{"title": "...", "content": {a component object}}]`, `titleHeight` (40),
    /// `titleColor [r,g,b,a]` (light grey), `rowSpacing` (24), `scrollInset` (40).
    public static func make(_ node: JSONNode, _ context: SceneContext) throws -> SceneComponent {
        let name = try context.claimComponent(node, allowedKeys: keys)
        let f = try node["frame"].rect()
        let frame = Rect(x: f.x, y: f.y, width: f.w, height: f.h)
        let titleHeight = try node["titleHeight"].double(in: 0...1000, default: 40)
        let rowSpacing = try node["rowSpacing"].double(in: 0...JSONNode.maxExtent, default: 24)
        let scrollInset = try node["scrollInset"].double(in: 0...JSONNode.maxExtent, default: 40)
        var titleColor = Color(0.85, 0.85, 0.9, 1)
        if node["titleColor"].exists {
            let c = try node["titleColor"].rgba()
            titleColor = Color(c.0, c.1, c.2, c.3)
        }

        var header: TextLayer?
        var headerHeight = 0.0
        if node["header"].exists {
            let h = node["header"]
            try h.allowKeys(headerKeys)
            headerHeight = try h["height"].double(in: 1...JSONNode.maxExtent, default: 120)
            let text = try title(h["title"])
            let size = min(headerHeight * 0.45, 72)
            header = RowTitle.layer(name: "\(name)/header", text: text, fontSize: size, width: frame.width - 96,
                                    origin: Point(48, (headerHeight - size * 1.3) / 2), color: titleColor,
                                    images: context.images)
        }

        let rowNodes = try node["rows"].array()
        guard !rowNodes.isEmpty else { throw node["rows"].error("expected at least one row, found an empty list") }
        guard rowNodes.count <= 256 else { throw node["rows"].error("expected at most 256 rows, found \(rowNodes.count)") }
        var rows: [(title: TextLayer?, titleHeight: Double, component: SceneComponent)] = []
        for (k, row) in rowNodes.enumerated() {
            try row.allowKeys(rowKeys)
            let c = row["content"]
            let kind = try c["kind"].string()
            guard kind != "shelf", kind != "focusGuide", let make = context.kinds[kind] else {
                throw c["kind"].error("expected a row kind (\(context.kinds.names.filter { $0 != "shelf" && $0 != "focusGuide" }.joined(separator: ", "))), found \"\(kind)\"")
            }
            let component = try make(c, context)
            var title: TextLayer?
            var rowTitleHeight = 0.0
            if row["title"].exists {
                rowTitleHeight = titleHeight
                title = RowTitle.layer(name: "\(name)/row\(k)/title", text: try Shelf.title(row["title"]),
                                       fontSize: titleHeight * 0.55, width: frame.width - 96,
                                       origin: Point(48, titleHeight * 0.1), color: titleColor, images: context.images)
            }
            rows.append((title, rowTitleHeight, component))
        }
        let shelf = Shelf(name: name, frame: frame, header: header, headerHeight: headerHeight, rows: rows,
                          rowSpacing: rowSpacing, scrollInset: scrollInset)
        if try node["backdrop"].bool(default: false) {
            shelf.backdrop = ShelfBackdrop(name: name, size: frame.size,
                                           dim: try node["backdropDim"].double(in: 0...1, default: 0.6),
                                           rows: rows.map { $0.component as AnyObject }, images: context.images)
        }
        return shelf
    }

    /// A title string of at most 1000 characters (one line: longer ones would only be
    /// shaped to be truncated).
    static func title(_ node: JSONNode) throws -> String {
        let text = try node.string()
        guard text.unicodeScalars.count <= 1000 else {
            throw node.error("expected a title of at most 1000 characters, found \(text.unicodeScalars.count)")
        }
        return text
    }
}
