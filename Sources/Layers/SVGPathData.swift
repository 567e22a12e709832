import Foundation
import LayerMath

/// A malformed SVG path: what was expected, at which character (1-based) of the data.
public struct SVGPathError: Error, Equatable, Sendable {
    /// The 1-based character of the data where it goes wrong.
    public var position: Int
    /// What was expected there.
    public var message: String
    /// "at character N: message".
    public var description: String { "at character \(position): \(message)" }
}

extension ShapePath {
    /// The largest coordinate or radius accepted, in points.
    public static let maximumCoordinate = 1e6

    /// Parses SVG path data (the `d` attribute: M L H V C S Q T A Z, absolute in capitals,
    /// relative in lower case, repeated arguments repeating the command, a move's extra
    /// pairs being lines). Quadratics and arcs become cubics (SVG 1.1 appendix F.6).
    /// - Throws: `SVGPathError` naming the first character that does not fit.
    public init(svg: String) throws {
        var p = SVGPathScanner(Array(svg.utf8))
        var out: [Element] = []
        var pen = Point.zero, start = Point.zero
        var lastCubic: Point? = nil, lastQuad: Point? = nil
        var command: UInt8 = 0
        p.skipSpace()
        if p.atEnd { self.init([]); return }
        guard let first = p.peek, first == UInt8(ascii: "M") || first == UInt8(ascii: "m") else {
            throw SVGPathError(position: p.index + 1, message: "expected a move (M or m) first")
        }
        while true {
            p.skipSpace()
            if p.atEnd { break }
            if let c = p.peek, SVGPathScanner.isCommand(c) {
                command = c
                p.index += 1
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw SVGPathError(position: p.index + 1, message: "expected a command letter (M L H V C S Q T A Z)")
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? pen : Point.zero
            func pt() throws -> Point {
                let x = try p.number(), y = try p.number()
                return Point(base.x + x, base.y + y)
            }
            var cubicControl: Point? = nil, quadControl: Point? = nil
            switch command | 0x20 {   // lower case
            case UInt8(ascii: "m"):
                pen = try pt(); start = pen
                out.append(.move(pen))
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")   // further pairs are lines
            case UInt8(ascii: "l"):
                pen = try pt(); out.append(.line(pen))
            case UInt8(ascii: "h"):
                pen = Point((relative ? pen.x : 0) + (try p.number()), pen.y); out.append(.line(pen))
            case UInt8(ascii: "v"):
                pen = Point(pen.x, (relative ? pen.y : 0) + (try p.number())); out.append(.line(pen))
            case UInt8(ascii: "c"):
                let c1 = try pt(), c2 = try pt(), e = try pt()
                out.append(.cubic(c1, c2, e)); pen = e; cubicControl = c2
            case UInt8(ascii: "s"):
                let c1 = lastCubic.map { pen + (pen - $0) } ?? pen
                let c2 = try pt(), e = try pt()
                out.append(.cubic(c1, c2, e)); pen = e; cubicControl = c2
            case UInt8(ascii: "q"):
                let q = try pt(), e = try pt()
                out.append(ShapePath.quadratic(pen, q, e)); pen = e; quadControl = q
            case UInt8(ascii: "t"):
                let q = lastQuad.map { pen + (pen - $0) } ?? pen
                let e = try pt()
                out.append(ShapePath.quadratic(pen, q, e)); pen = e; quadControl = q
            case UInt8(ascii: "a"):
                let rx = try p.number(), ry = try p.number(), angle = try p.number()
                let large = try p.flag(), sweep = try p.flag()
                let e = try pt()
                ShapePath.appendArc(from: pen, to: e, rx: rx, ry: ry, degrees: angle, large: large, sweep: sweep, into: &out)
                pen = e
            default:   // z
                out.append(.close); pen = start
            }
            lastCubic = cubicControl
            lastQuad = quadControl
            guard out.count <= ShapePath.maximumElements else {
                throw SVGPathError(position: p.index + 1, message: "more than \(ShapePath.maximumElements) path segments")
            }
            // A comma may separate repeated arguments, never a command letter.
            p.skipSpace()
            if p.peek == UInt8(ascii: ",") {
                p.index += 1
                p.skipSpace()
                if p.atEnd || p.peek.map(SVGPathScanner.isCommand) == true {
                    throw SVGPathError(position: p.index + 1, message: "expected a number after ','")
                }
            }
        }
        self.init(out)
    }

    /// The cubic equal to the quadratic from `a` through control `q` to `b`.
    static func quadratic(_ a: Point, _ q: Point, _ b: Point) -> Element {
        .cubic(a + (q - a) * (2.0 / 3), b + (q - b) * (2.0 / 3), b)
    }

    /// An SVG elliptical arc as cubics of at most a quarter turn each (F.6.5 / F.6.6:
    /// radii scaled up when too small, a zero radius a line, equal ends nothing).
    static func appendArc(from a: Point, to b: Point, rx rx0: Double, ry ry0: Double, degrees: Double, large: Bool, sweep: Bool,
                          into out: inout [Element]) {
        if a == b { return }
        var rx = abs(rx0), ry = abs(ry0)
        guard rx > 0, ry > 0 else { out.append(.line(b)); return }
        let phi = degrees * .pi / 180, c = cos(phi), s = sin(phi)
        let dx = (a.x - b.x) / 2, dy = (a.y - b.y) / 2
        let x1 = c * dx + s * dy, y1 = -s * dx + c * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let cx = c * cx1 - s * cy1 + (a.x + b.x) / 2, cy = s * cx1 + c * cy1 + (a.y + b.y) / 2
        func angle(_ ux: Double, _ uy: Double) -> Double { atan2(uy, ux) }
        let t1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var dt = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - t1
        if sweep && dt < 0 { dt += 2 * .pi }
        if !sweep && dt > 0 { dt -= 2 * .pi }
        let n = max(1, Int((abs(dt) / (.pi / 2)).rounded(.up)))
        let step = dt / Double(n)
        // Each piece's control points along the tangents, 4/3 tan(step/4) of the radius.
        let h = 4.0 / 3 * tan(step / 4)
        func onEllipse(_ t: Double) -> Point {
            Point(cx + rx * cos(t) * c - ry * sin(t) * s, cy + rx * cos(t) * s + ry * sin(t) * c)
        }
        func derivative(_ t: Double) -> Point {
            Point(-rx * sin(t) * c - ry * cos(t) * s, -rx * sin(t) * s + ry * cos(t) * c)
        }
        var t = t1, p0 = a
        for i in 0..<n {
            let tn = t + step
            let p3 = i == n - 1 ? b : onEllipse(tn)
            out.append(.cubic(p0 + derivative(t) * h, p3 - derivative(tn) * h, p3))
            t = tn; p0 = p3
        }
    }
}

/// Reads numbers and flags of SVG path data, byte by byte.
struct SVGPathScanner {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isCommand(_ c: UInt8) -> Bool {
        switch c | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"), UInt8(ascii: "s"),
             UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"): return true
        default: return false
        }
    }

    mutating func skipSpace() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C { index += 1 }
    }

    /// Skips white space and at most one comma (the separators between arguments).
    mutating func skipSeparator() {
        skipSpace()
        if peek == UInt8(ascii: ",") { index += 1; skipSpace() }
    }

    /// One number: sign, digits, a fraction, an exponent; finite and within the largest coordinate.
    mutating func number() throws -> Double {
        skipSeparator()
        let begin = index
        if let c = peek, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while let c = peek, c >= 0x30 && c <= 0x39 { index += 1; digits += 1 }
        if peek == UInt8(ascii: ".") {
            index += 1
            while let c = peek, c >= 0x30 && c <= 0x39 { index += 1; digits += 1 }
        }
        guard digits > 0 else { throw fault(at: begin) }
        if let c = peek, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            var j = index + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
            if j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
                index = j
                while let c = peek, c >= 0x30 && c <= 0x39 { index += 1 }
            }
        }
        guard let v = Double(String(decoding: bytes[begin..<index], as: UTF8.self)), v.isFinite,
              abs(v) <= ShapePath.maximumCoordinate else {
            throw SVGPathError(position: begin + 1, message: "expected a number within ±\(Int(ShapePath.maximumCoordinate))")
        }
        return v
    }

    /// An arc's flag: 0 or 1, with or without a separator after it.
    mutating func flag() throws -> Bool {
        skipSeparator()
        guard let c = peek, c == UInt8(ascii: "0") || c == UInt8(ascii: "1") else {
            throw SVGPathError(position: index + 1, message: "expected an arc flag, 0 or 1" + found)
        }
        index += 1
        return c == UInt8(ascii: "1")
    }

    private var found: String {
        guard let c = peek else { return ", found the end" }
        return c >= 0x21 && c < 0x7F ? ", found '\(Character(UnicodeScalar(c)))'" : ", found byte \(c)"
    }

    private func fault(at begin: Int) -> SVGPathError {
        var s = self
        s.index = begin
        return SVGPathError(position: begin + 1, message: "expected a number" + s.found)
    }
}
