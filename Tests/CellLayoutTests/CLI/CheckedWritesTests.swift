import CellLayout
import Foundation
import Testing

/// Issue 21, silent loss and destruction: every write is checked (SPEC.md, "Every write is
/// checked"), a failure names the output and the system's reason, exit 1; `render -o`
/// replaces only a regular file.
@Suite struct CheckedWritesTests {
    static let examples = TestFonts.packageRoot.appendingPathComponent("Examples")
    static var settings: String { examples.appendingPathComponent("settings.json").path }

    /// Each command that writes standard output, as a shell command line.
    static let commands = [
        #""$CLI" measure --width 200 --no-system-fonts < "$EX/texts.jsonl""#,
        #""$CLI" measure --width 200 --no-system-fonts --text "Hello""#,
        #""$CLI" layout "$EX/settings.json" --no-system-fonts"#,
        #""$CLI" layout --jsonl "$EX/rows.jsonl" --width 375 --no-system-fonts"#,
        #""$CLI" query "$EX/feed.json" --viewport-height 667 --visible 0 --no-system-fonts"#,
        #""$CLI" render "$EX/settings.json" --no-system-fonts -o -"#,
        #""$CLI" measure --help"#,
    ]

    /// On main before issue 21: exit 0, the output lost.
    @Test(arguments: commands) func aFullDiskIsAnError(command: String) throws {
        let result = try CLI.shell("EX='\(Self.examples.path)'; \(command) > /dev/full")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("<stdout>: cannot write: No space left on device\n"), "\(result.stderr)")
    }

    @Test(arguments: commands) func aClosedStandardOutputIsAnError(command: String) throws {
        let result = try CLI.shell("EX='\(Self.examples.path)'; \(command) >&-")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("<stdout>: cannot write: Bad file descriptor\n"), "\(result.stderr)")
    }

    /// On main before issue 21: killed by a signal (FileHandle traps on a failed write).
    @Test func badInputWithStandardErrorClosedExitsOne() throws {
        for command in [#"echo '{"text": 1}' | "$CLI" measure --width 100 2>&-"#,
                        #"echo '{' | "$CLI" layout 2>&-"#, #""$CLI" measure --width -3 --text a 2>&-"#] {
            let result = try CLI.shell(command)
            #expect(result.status == 1, "\(command)")
        }
    }

    /// A layout written with standard output closed must not land in a file the process
    /// opened later (a temporary file taking descriptor 1).
    @Test func aClosedStandardOutputIsNotReusedForATemporaryFile() throws {
        let result = try CLI.shell(#"cat "$EX/settings.json" | "$CLI" layout --no-system-fonts >&-"#
            .replacingOccurrences(of: "$EX", with: Self.examples.path))
        #expect(result.status == 1)
        #expect(result.stderr == "<stdout>: cannot write: Bad file descriptor\n")
    }

    /// A new empty folder.
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("checked-writes-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: false)
        return dir
    }

    /// On main before issue 21: the FIFO, the symbolic link and the device were replaced by
    /// the PNG, exit 0.
    @Test func renderReplacesOnlyARegularFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo.png").path, link = dir.appendingPathComponent("link.png").path
        let target = dir.appendingPathComponent("target.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for (path, kind) in [(fifo, "a FIFO"), (link, "a symbolic link"), (dir.path, "a directory"),
                             ("/dev/null", "a character device")] {
            let result = try CLI.run(["render", Self.settings, "--no-system-fonts", "-o", path])
            #expect(result.status == 1)
            #expect(result.stderr == "--output: \(path): is \(kind), not a regular file: only a regular file is replaced\n")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("old".utf8))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["fifo.png", "link.png", "target.png"])
    }

    @Test func renderReplacesARegularFileKeepingItsPermissions() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        #expect(chmod(out, 0o640) == 0)
        let result = try CLI.run(["render", Self.settings, "--no-system-fonts", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        var info = stat()
        #expect(stat(out, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.png"])
    }

    /// On main before issue 21: a file named "-".
    @Test func renderToADashWritesStandardOutput() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.shell("cd '\(dir.path)' && \"$CLI\" render '\(Self.settings)' --no-system-fonts -o - | od -An -tx1 -N8")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: " ").joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                == "89 50 4e 47 0d 0a 1a 0a")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// On main before issue 21: "cannot write PATH", no reason.
    @Test func renderIntoAMissingOrReadOnlyFolderSaysWhy() throws {
        let missing = try CLI.run(["render", Self.settings, "--no-system-fonts", "-o", "/nonexistent-dir/x.png"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "--output: /nonexistent-dir/x.png: cannot write: No such file or directory\n")
        // sysfs takes no new files, even from root (whom a chmod'ed folder would not stop).
        let readOnly = try CLI.run(["render", Self.settings, "--no-system-fonts", "-o", "/sys/x.png"])
        #expect(readOnly.status == 1)
        #expect(readOnly.stderr == "--output: /sys/x.png: cannot write: Permission denied\n")
    }
}
