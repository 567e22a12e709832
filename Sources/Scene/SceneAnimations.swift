import JSON
import LayerMath
import Layers

// The `animations` list of a `layer` in a scene file
// (docs/animations.md): CAAnimation's names read into `Animation` values, checked with
// one-line errors that name the file and the JSON path.
//
// Does not: evaluate anything (Layers does), nor accept animation groups or paced /
// cubic keyframes.

/// Reads a layer's `animations` list.
package enum SceneAnimations {
    /// Keys an animation object may have.
    package static let keys: Set<String> = [
        "key", "keyPath", "type", "fromValue", "toValue", "byValue", "values", "keyTimes", "timingFunctions",
        "calculationMode", "duration", "beginTime", "timingFunction", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "speed", "timeOffset", "additive",
        "mass", "stiffness", "damping", "initialVelocity",
    ]
    static let basicOnly: Set<String> = ["fromValue", "toValue", "byValue"]
    static let keyframeOnly: Set<String> = ["values", "keyTimes", "timingFunctions", "calculationMode"]
    static let springOnly: Set<String> = ["mass", "stiffness", "damping", "initialVelocity"]

    /// The animation kinds of the `type` key.
    enum Kind: String, CaseIterable { case basic, keyframe, spring }

    /// Parses `node` (an array, or absent) into (key, animation) pairs in list order.
    package static func parse(_ node: JSONNode) throws -> [(key: String?, animation: Animation)] {
        try node.array(default: []).map { try animation($0) }
    }

    /// Parses one animation object.
    package static func animation(_ node: JSONNode) throws -> (key: String?, animation: Animation) {
        try node.allowKeys(keys)
        let key = node["key"].exists ? try node["key"].string() : nil
        let pathName = try node["keyPath"].string()
        guard let keyPath = AnimationKeyPath(rawValue: pathName) else {
            throw node["keyPath"].error("unknown keyPath \"\(pathName)\" (expected one of: \(AnimationKeyPath.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let kind = try node["type"].enumValue(Kind.self, default: .basic)
        let present = Set(try node.keys())
        let foreign: Set<String>
        switch kind {
        case .basic: foreign = keyframeOnly.union(springOnly)
        case .keyframe: foreign = basicOnly.union(springOnly)
        case .spring: foreign = keyframeOnly
        }
        if let k = present.intersection(foreign).sorted().first {
            throw node[k].error("\"\(k)\" does not apply to a \(kind.rawValue) animation")
        }

        var timing = MediaTiming()
        timing.beginTime = try nonNegative(node["beginTime"], default: 0)
        timing.speed = try nonNegative(node["speed"], default: 1)
        timing.timeOffset = try node["timeOffset"].double(default: 0)
        timing.repeatCount = try nonNegative(node["repeatCount"], default: 0)
        timing.repeatDuration = try nonNegative(node["repeatDuration"], default: 0)
        if timing.repeatCount > 0 && timing.repeatDuration > 0 {
            throw node["repeatDuration"].error("expected either repeatCount or repeatDuration, found both (Core Animation leaves that undefined)")
        }
        timing.autoreverses = try node["autoreverses"].bool(default: false)
        timing.fillMode = try node["fillMode"].enumValue(FillMode.self, default: .removed)

        let animationKind: Animation.Kind
        switch kind {
        case .basic, .spring:
            let from = try value(node["fromValue"], keyPath, delta: false)
            let to = try value(node["toValue"], keyPath, delta: false)
            let by = try value(node["byValue"], keyPath, delta: true)
            guard from != nil || to != nil || by != nil else {
                throw node.error("expected at least one of fromValue, toValue, byValue")
            }
            if kind == .basic {
                animationKind = .basic(from: from, to: to, by: by)
            } else {
                var spring = Spring()
                spring.mass = try node["mass"].positive(default: 1)
                spring.stiffness = try node["stiffness"].positive(default: 100)
                spring.damping = try nonNegative(node["damping"], default: 10)
                spring.initialVelocity = try node["initialVelocity"].double(default: 0)
                animationKind = .spring(spring, from: from, to: to, by: by)
            }
        case .keyframe:
            animationKind = .keyframe(try keyframes(node, keyPath))
        }

        if node["duration"].exists {
            timing.duration = try nonNegative(node["duration"], default: 0)
        } else if case .spring(let spring, _, _, _) = animationKind {
            // Convenience: a spring without a duration plays until it settles.
            let settle = spring.settlingDuration
            guard settle.isFinite else {
                let why = spring.damping == 0 ? "a spring with damping 0 never settles"
                    : "a spring with mass \(spring.mass), stiffness \(spring.stiffness) and damping \(spring.damping) does not settle in a finite time"
                throw node.error("\(why): give it a duration")
            }
            timing.duration = settle
        }
        var animation = Animation(keyPath: keyPath, kind: animationKind, timing: timing)
        animation.timingFunction = try timingFunction(node["timingFunction"], default: .linear)
        animation.isAdditive = try node["additive"].bool(default: false)
        animation.isRemovedOnCompletion = try node["removedOnCompletion"].bool(default: true)
        return (key, animation)
    }

    /// `values`, `keyTimes`, `timingFunctions` and `calculationMode` of a keyframe animation.
    static func keyframes(_ node: JSONNode, _ keyPath: AnimationKeyPath) throws -> Keyframes {
        let valueNodes = try node["values"].array()
        guard !valueNodes.isEmpty else { throw node["values"].error("expected at least one value") }
        let values = try valueNodes.map { try value($0, keyPath, delta: false)! }
        let mode = try node["calculationMode"].enumValue(CalculationMode.self, default: .linear)
        var keyTimes: [Double]?
        if node["keyTimes"].exists {
            let timeNodes = try node["keyTimes"].array()
            let times = try timeNodes.map { try $0.double() }
            let allowed = mode == .discrete ? [values.count, values.count + 1] : [values.count]
            guard allowed.contains(times.count) else {
                throw node["keyTimes"].error("expected \(allowed.map(String.init).joined(separator: " or ")) key times for \(values.count) values, found \(times.count)")
            }
            for (i, t) in times.enumerated() where !(0...1).contains(t) || (i > 0 && t < times[i - 1]) {
                throw timeNodes[i].error("expected key times in 0...1 in ascending order, found \(JSONNode.format(t))")
            }
            keyTimes = times
        }
        var functions: [TimingFunction]?
        if node["timingFunctions"].exists {
            let list = try node["timingFunctions"].array()
            guard list.count == values.count - 1 else {
                throw node["timingFunctions"].error("expected \(values.count - 1) timing functions (one per segment), found \(list.count)")
            }
            functions = try list.map { try timingFunction($0, default: .linear) }
        }
        return Keyframes(values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
    }

    /// A value of the key path's kind, or nil when absent. `delta` allows negative
    /// colour components (a `byValue`).
    static func value(_ node: JSONNode, _ keyPath: AnimationKeyPath, delta: Bool) throws -> AnimationValue? {
        guard node.exists else { return nil }
        switch keyPath.valueKind {
        case .scalar: return .scalar(try node.double())
        case .point:
            let p = try node.point()
            return .point(Point(p.0, p.1))
        case .size:
            let s = try node.numbers(2)
            guard delta || (s[0] >= 0 && s[1] >= 0) else {
                throw node.error("expected a size >= 0, found [\(JSONNode.format(s[0])), \(JSONNode.format(s[1]))]")
            }
            return .size(Size(s[0], s[1]))
        case .color:
            if delta {
                let n = try node.numbers(4)
                for v in n where !(-1...1).contains(v) {
                    throw node.error("expected colour components in -1...1, found \(JSONNode.format(v))")
                }
                return .color(Color(n[0], n[1], n[2], n[3]))
            }
            let c = try node.rgba()
            return .color(Color(c.0, c.1, c.2, c.3))
        case .transform:
            return .transform(try SceneTransform.read(node))
        case .rect:
            let r = try node.numbers(4)
            guard r.allSatisfy({ abs($0) <= JSONNode.maxExtent }), delta || (r[2] >= 0 && r[3] >= 0) else {
                throw node.error("expected [x, y, w, h] in unit coordinates of the image, w and h >= 0")
            }
            return .rect(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        case .path:
            do {
                return .path(try ShapePath(svg: try node.string()))
            } catch let e as SVGPathError {
                throw node.error(e.description)
            }
        }
    }

    /// A named timing function or `[c1x, c1y, c2x, c2y]` with the x coordinates in 0...1.
    static func timingFunction(_ node: JSONNode, default d: TimingFunction) throws -> TimingFunction {
        guard node.exists else { return d }
        if case .string(let name)? = node.value {
            guard let f = TimingFunction.named(name) else {
                throw node.error("unknown timing function \"\(name)\" (expected \(TimingFunction.names.joined(separator: ", ")) or [c1x, c1y, c2x, c2y])")
            }
            return f
        }
        let n = try node.numbers(4)
        guard (0...1).contains(n[0]), (0...1).contains(n[2]) else {
            throw node.error("expected control point x coordinates in 0...1, found \(JSONNode.format(n[0])) and \(JSONNode.format(n[2]))")
        }
        return TimingFunction(n[0], n[1], n[2], n[3])
    }

    /// A number >= 0, or `default` when absent.
    static func nonNegative(_ node: JSONNode, default d: Double) throws -> Double {
        let v = try node.double(default: d)
        guard v >= 0 else { throw node.error("expected a number >= 0, found \(JSONNode.format(v))") }
        return v
    }
}

extension TimingFunction {
    /// The names a scene file may use, CAMediaTimingFunctionName's.
    package static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    /// The named function, or nil.
    package static func named(_ name: String) -> TimingFunction? {
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut": return .easeInEaseOut
        case "default": return .default
        default: return nil
        }
    }
}
