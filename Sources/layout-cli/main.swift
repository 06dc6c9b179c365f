import ArgumentParser
import Foundation

// Exit codes are decided here, in one place: 0 success, 1 bad input (a CLIError), 2 a
// usage error (swift-argument-parser's own errors, which would exit 64 on Linux).
do {
    var command = try LayoutCLI.parseAsRoot()
    try command.run()
} catch let error as CLIError {
    Output.flushStandardOutput()
    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
    exit(1)
} catch {
    let code = LayoutCLI.exitCode(for: error)
    if code == .success {
        print(LayoutCLI.fullMessage(for: error))
        exit(0)
    }
    FileHandle.standardError.write(Data((LayoutCLI.fullMessage(for: error) + "\n").utf8))
    exit(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
}
