import ArgumentParser
import Foundation

// Exit codes are decided here, in one place: 0 success, 1 bad input (a CLIError), 2 a
// usage error (swift-argument-parser's own errors, which would exit 64 on Linux).
// A usage error found while a command runs is reported with that command's usage.
Output.holdClosedStandardDescriptors()
nonisolated(unsafe) var parsed: ParsableCommand.Type = LayoutCLI.self

/// Ends the run: what is buffered written out, the warnings' summary, `error` (if any) on
/// standard error; exit 1 when either failed.
func finish(_ error: CLIError?) -> Never {
    var failed = error != nil
    do {
        try Output.flushStandardOutput()
    } catch {
        Output.standardError("\(error)\n")
        failed = true
    }
    Warnings.finish()
    if let error { Output.standardError("\(error.description)\n") }
    exit(failed ? 1 : 0)
}

do {
    try Arguments.checkEncoding()
    var command = try LayoutCLI.parseAsRoot()
    parsed = type(of: command)
    try command.run()
    finish(nil)
} catch let error as CLIError {
    finish(error)
} catch {
    let code = LayoutCLI.exitCode(for: error)
    if code == .success {
        do {
            try Output.writeLine(Array(LayoutCLI.fullMessage(for: error).utf8))
        } catch {
            finish(error as? CLIError ?? CLIError("\(Output.name): \(error)"))
        }
        finish(nil)
    }
    var message = LayoutCLI.fullMessage(for: error)
    if let validation = error as? ValidationError, parsed != LayoutCLI.self {
        let name = "layout-cli " + (parsed.configuration.commandName ?? "")
        message = "Error: \(validation.message)\nUsage: \(LayoutCLI.usageString(for: parsed))\n"
            + "  See '\(name) --help' for more information."
    }
    Output.standardError(message + "\n")
    exit(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
}
