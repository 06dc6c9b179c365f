@testable import CLICore
import FuzzSupport
import Foundation

// libFuzzer runs the CLI's commands on each input (see Tests/Fuzz/README.md, "cli"): the
// first byte picks a command line, the second how standard input and output are set up
// (a regular file or a pipe in; /dev/null or /dev/full out), the rest is standard input.
// What must hold: no crash, and every failure a CLIError of one line (located, as SPEC.md
// wants) or a usage error; with standard output on /dev/full a command that wrote output
// fails with "<stdout>: cannot write".

let commands: [[String]] = [
    ["measure", "--width", "200"],
    ["measure", "--widths", "0.001,343,1000000", "--detail"],
    ["measure", "--width", "1", "--size", "1000", "--lines", "2", "--break", "tail", "--detail"],
    ["measure", "--width", "1000000", "--size", "1000", "--keep-going"],
    ["layout"],
    ["layout", "--width", "1"],
    ["layout", "--widths", "0.001,1000000"],
    ["layout", "--jsonl", "--width", "375"],
    ["layout", "--jsonl", "--widths", "1,1000000", "--keep-going"],
    ["query", "--viewport-height", "667", "--visible", "0"],
    ["query", "--row-at", "100"],
    ["render", "-o", "-", "--scale", "1"],
]

/// Where standard input and output go back to after each run.
let savedInput = dup(STDIN_FILENO), savedOutput = dup(STDOUT_FILENO)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cell-layout-fuzz-cli-\(getpid())")
try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

func runCommand(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let command = commands[Int(bytes[0]) % commands.count]
    let arguments = command + ["--no-system-fonts", "--language", "en"]
        + (["measure", "layout"].contains(command[0]) ? ["--quiet"] : [])
    let viaPipe = bytes[1] & 1 == 1, full = bytes[1] & 2 == 2
    let input = Array(bytes[2...])
    // Standard input: a regular file, or a pipe already holding every byte (grown to
    // 1 MiB; libFuzzer's inputs stay far below) and closed.
    var inputDescriptor: Int32
    if viaPipe, input.count <= 1 << 20 {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("no pipe") }
        _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ (Glibc does not export it to Swift) */, 1 << 20)
        if Output.writeAll(input, to: ends[1]) != nil { fatalError("the pipe took less than the input") }
        close(ends[1])
        inputDescriptor = ends[0]
    } else {
        let file = scratch.appendingPathComponent("input")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(input))
        inputDescriptor = open(file.path, O_RDONLY)
    }
    let outputDescriptor = open(full ? "/dev/full" : "/dev/null", O_WRONLY)
    dup2(inputDescriptor, STDIN_FILENO)
    dup2(outputDescriptor, STDOUT_FILENO)
    close(inputDescriptor)
    close(outputDescriptor)
    defer {
        dup2(savedInput, STDIN_FILENO)
        dup2(savedOutput, STDOUT_FILENO)
    }
    do {
        var command = try LayoutCLI.parseAsRoot(arguments)
        try command.run()
        try Output.flushStandardOutput()
    } catch let error as CLIError {
        if error.description.contains("\n") { fatalError("a two-line error: \(error.description.debugDescription)") }
        if !full, error.description.hasPrefix("<stdout>") { fatalError("a write to /dev/null failed: \(error)") }
    } catch {
        fatalError("\(arguments): not a located error: \(type(of: error)): \(error)")
    }
}

runLibFuzzer(runCommand)
