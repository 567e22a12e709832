import JSON
import LayerMath

/// The quads dump (docs/quads-dump.md): `{"canvas": [w, h], "time": T, "quads": [...]}`
/// with one entry per drawn quad in drawing order: name, the bounds corners (TL, TR, BR,
/// BL) in canvas points after the perspective divide, and the accumulated opacity.
package enum QuadsDump {
    /// The dump as JSON text (one quad per line, for readable diffs).
    package static func json(_ list: RenderList, time: Double) -> String {
        func n(_ v: Double) -> String {
            guard v.isFinite else { return "null" }
            // Rounded to 1e-6; beyond about 1e302 the scaling itself would overflow to inf.
            let rounded = (v * 1e6).rounded() / 1e6
            return JSONNode.format(rounded.isFinite ? rounded : v)
        }
        var out = "{\"canvas\": [\(n(list.canvas.width)), \(n(list.canvas.height))], \"time\": \(n(time)), \"quads\": ["
        var first = true
        for command in list.commands {
            guard case .quad(let i) = command else { continue }
            let q = list.quads[i]
            let corners = q.cornerArray.map { "[\(n($0.x)), \(n($0.y))]" }.joined(separator: ", ")
            out += (first ? "\n  " : ",\n  ")
            out += "{\"name\": \(JSONNode.quote(q.name + q.part.nameSuffix + (q.instance > 0 ? "/instance\(q.instance)" : ""))), \"corners\": [\(corners)], \"opacity\": \(n(q.opacity))}"
            first = false
        }
        out += first ? "]}\n" : "\n]}\n"
        return out
    }
}
