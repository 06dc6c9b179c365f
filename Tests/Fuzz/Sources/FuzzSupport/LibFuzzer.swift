import CFuzzer
import Foundation

/// The target `runLibFuzzer` hands inputs to (a C callback cannot capture it).
nonisolated(unsafe) private var currentTarget: ([UInt8]) -> Void = { _ in }

/// Runs libFuzzer's driver with the process's arguments (`-max_total_time=`, corpus
/// folders, `-runs=`, …), calling `target` with each input; exits with its status.
public func runLibFuzzer(_ target: @escaping ([UInt8]) -> Void) -> Never {
    currentTarget = target
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        currentTarget(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    })
}
