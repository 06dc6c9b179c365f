import Foundation

/// Runs the built `layout-cli` (the test target depends on it, so it is built beside the
/// test bundle).
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let executable: URL = {
        var directory = Bundle.module.bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: directory.appendingPathComponent("layout-cli").path) {
            directory = Bundle.main.bundleURL
        }
        return directory.appendingPathComponent("layout-cli")
    }()

    /// Runs `layout-cli arguments` with `stdin` as standard input, waiting for it to end.
    /// - Parameters:
    ///   - environment: variables to set (or replace) for this run.
    ///   - directory: the current directory to run in (nil: this process's).
    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
                    directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Feed stdin on its own thread, so that no pipe fills up while the other end waits.
        let writer = input.fileHandleForWriting
        let feeding = Thread {
            writer.write(Data(stdin))
            try? writer.close()
        }
        feeding.start()
        return finish(process, output: output, error: error)
    }

    /// Reads the started `process`'s standard output and error to their ends (stderr on a
    /// thread of its own) and waits for it to end.
    private static func finish(_ process: Process, output: Pipe, error: Pipe) -> Result {
        nonisolated(unsafe) var err = Data()
        let errorReader = error.fileHandleForReading
        let draining = DispatchSemaphore(value: 0)
        Thread {
            err = errorReader.readDataToEndOfFile()
            draining.signal()
        }.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        draining.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `script` with `/bin/sh` (`"$CLI"` is the built `layout-cli`), for what a
    /// `Process` cannot set up: standard output on /dev/full or closed, an endless pipe
    /// into standard input. The script runs under `timeout`, so a hang ends as status 124
    /// rather than as a test that never returns.
    /// - Parameter seconds: how long the script may run.
    static func shell(_ script: String, seconds: Int = 60) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["-k", "5", "\(seconds)", "/bin/sh", "-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["CLI": executable.path]) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return finish(process, output: output, error: error)
    }
}
