import JSON
import LayerMath

/// A scene file's transform key (a layer's `transform` / `sublayerTransform`, an
/// animation's transform values).
///
/// Does not: decompose or animate (Layers does), or accept anything but the four operations.
package enum SceneTransform {
    /// A list of transform operations, the first acting on the layer's points first:
    /// `{"translate":[x,y,z]}`, `{"scale":[x,y,z]}`, `{"rotate":[radians,x,y,z]}`,
    /// `{"perspective":d}`.
    package static func read(_ node: JSONNode) throws -> Transform3D {
        var t = Transform3D.identity
        for op in try node.array(default: []) {
            let keys = try op.keys()
            guard keys.count == 1 else {
                throw op.error("expected an object with exactly one of translate, scale, rotate, perspective; found keys \(keys)")
            }
            let k = keys[0]
            let v = op[k]
            switch k {
            case "translate":
                let n = try v.numbers(3)
                t = t * .translation(n[0], n[1], n[2])
            case "scale":
                let n = try v.numbers(3)
                t = t * .scale(n[0], n[1], n[2])
            case "rotate":
                let n = try v.numbers(4)
                guard n[1] != 0 || n[2] != 0 || n[3] != 0 else { throw v.error("expected a non-zero rotation axis") }
                t = t * .rotation(n[0], n[1], n[2], n[3])
            case "perspective":
                t = t * .perspective(try v.positive())
            default:
                throw op.error("unknown transform operation \"\(k)\" (expected translate, scale, rotate or perspective)")
            }
        }
        return t
    }
}
