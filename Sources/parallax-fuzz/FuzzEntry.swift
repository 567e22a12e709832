import Foundation

#if FUZZING
/// libFuzzer's entry point: runs the target named by `$PARALLAX_FUZZ_TARGET` on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    FuzzTargets.run(fuzzTarget, bytes)
    return 0
}

/// libFuzzer's driver (in the fuzzer runtime that `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The process entry: SwiftPM links an executable target's `main` to `<module>_main`
/// (so that tests can import it), which here starts libFuzzer's driver.
@_cdecl("parallax_fuzz_main")
public func fuzzProcessMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
}

/// The target chosen for this process (checked once).
let fuzzTarget: String = {
    let name = ProcessInfo.processInfo.environment["PARALLAX_FUZZ_TARGET"] ?? ""
    guard FuzzTargets.names.contains(name) else {
        FileHandle.standardError.write(Data("parallax-fuzz: set PARALLAX_FUZZ_TARGET to one of \(FuzzTargets.names.joined(separator: ", "))\n".utf8))
        exit(1)
    }
    atexit { FuzzTargets.scratch.remove() }
    return name
}()
#else
/// Without libFuzzer: `parallax-fuzz TARGET FILE...` runs each file once through the
/// target (a crash found by the fuzzer replays here under a debugger or plain build).
@main
struct FuzzMain {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let target = args.first, FuzzTargets.names.contains(target) else {
            FileHandle.standardError.write(Data("usage: parallax-fuzz \(FuzzTargets.names.joined(separator: "|")) FILE...\n".utf8))
            exit(1)
        }
        for file in args.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("parallax-fuzz: \(file): cannot read\n".utf8))
                exit(1)
            }
            FuzzTargets.run(target, [UInt8](data))
            print("\(target) \(file): ok")
        }
        if target == "stack" { FuzzTargets.scratch.remove() }
    }
}
#endif
