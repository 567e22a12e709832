// png-pixel FILE X Y: prints the RGBA of pixel (X, Y) (top-left origin) as "r g b a".
import Foundation
import ParallaxKit

let args = CommandLine.arguments
guard args.count == 4, let x = Int(args[2]), let y = Int(args[3]) else {
    FileHandle.standardError.write("usage: png-pixel FILE X Y\n".data(using: .utf8)!)
    exit(2)
}
do {
    let image = try Image.decode(path: args[1])
    guard (0..<image.width).contains(x), (0..<image.height).contains(y) else {
        FileHandle.standardError.write("png-pixel: \(args[1]): (\(x), \(y)) is outside \(image.width)x\(image.height)\n".data(using: .utf8)!)
        exit(1)
    }
    let p = image.pixel(x, y)
    print("\(p.r) \(p.g) \(p.b) \(p.a)")
} catch {
    FileHandle.standardError.write("png-pixel: \(error)\n".data(using: .utf8)!)
    exit(1)
}
