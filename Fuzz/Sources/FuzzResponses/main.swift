import AccessEnablerFuzzing
import Foundation

#if FUZZING
/// libFuzzer's entry point: one input, run to completion.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCase(Data(bytes: data, count: size)).runBlocking()
    return 0
}
#else
/// Without libFuzzer: replays the input files named on the command line.
@main
struct ReplayInputs {
    static func main() async throws {
        for path in CommandLine.arguments.dropFirst() {
            await FuzzCase(try Data(contentsOf: URL(fileURLWithPath: path))).run()
            print("ok \(path)")
        }
    }
}
#endif
