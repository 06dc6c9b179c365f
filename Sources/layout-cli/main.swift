import ArgumentParser
import Foundation

// Exit codes are decided here, in one place: 0 success, 1 bad input (a CLIError), 2 a
// usage error (swift-argument-parser's own errors, which would exit 64 on Linux).
// A usage error found while a command runs is reported with that command's usage.
nonisolated(unsafe) var parsed: ParsableCommand.Type = LayoutCLI.self
do {
    var command = try LayoutCLI.parseAsRoot()
    parsed = type(of: command)
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
    var message = LayoutCLI.fullMessage(for: error)
    if let validation = error as? ValidationError, parsed != LayoutCLI.self {
        let name = "layout-cli " + (parsed.configuration.commandName ?? "")
        message = "Error: \(validation.message)\nUsage: \(LayoutCLI.usageString(for: parsed))\n"
            + "  See '\(name) --help' for more information."
    }
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
}
