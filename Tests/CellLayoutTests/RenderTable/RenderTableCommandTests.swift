import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// `layout-cli render` end to end, and its errors.
@Suite("Render: the render command")
struct RenderTableCommandTests {
    /// A new empty folder.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func decode(_ url: URL) throws -> DecodedPNG {
        try #require(DecodedPNG(Array(try Data(contentsOf: url))))
    }

    @Test(arguments: RenderTableExampleTests.names) func examplesRenderAsTheLibraryDraws(_ name: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("table.png")
        let path = RenderTables.examples.appendingPathComponent(name).path
        let result = try CLI.run(["render", path, "--no-system-fonts", "--scale", "2", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let png = try decode(out)
        let table = try RenderTables.example(name)
        #expect(png.width == Int(table.width * 2))
        #expect(png.height == Int((table.contentHeight * 2).rounded(.up)))
        #expect(png.pixels == (try TableRenderer().render(table, scale: 2, frames: false)).pixels)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["table.png"], "no temporary file left")
    }

    /// One default scale for every command (issue 23): without --scale, render draws the
    /// layout `layout` writes — the file's metrics.scale, else 1 — at that many pixels per point.
    @Test func withoutAScaleRenderDrawsTheLayoutAtTheFilesScale() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("table.png")
        for (metrics, scale) in [("", 1), (#", "metrics": {"scale": 3}"#, 3)] {
            let document = #"{"width": 320, "rows": [{"text": "Wi-Fi"}, {"text": "Bluetooth"}]"# + metrics + "}"
            let result = try CLI.run(["render", "-", "--no-system-fonts", "-o", out.path], stdin: Array(document.utf8))
            #expect(result.status == 0, "\(result.stderr)")
            let table = try RenderTables.layout(try JSONParser.parse(document), scale: scale)
            let png = try decode(out)
            // Two 44-pt rows (a 17-pt line is 20.287 pt high: 44 is the minimum) = 88 pt.
            #expect(png.width == 320 * scale && png.height == 88 * scale)
            #expect(png.pixels == (try TableRenderer().render(table, scale: scale, frames: false)).pixels)
        }
    }

    @Test func widthScaleAndFramesOptions() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = RenderTables.examples.appendingPathComponent("form.json").path
        let plain = dir.appendingPathComponent("plain.png"), framed = dir.appendingPathComponent("framed.png")
        for (out, extra) in [(plain, [String]()), (framed, ["--frames"])] {
            let result = try CLI.run(["render", path, "--width", "320", "--scale", "3", "--no-system-fonts",
                                      "--output", out.path] + extra)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let table = try RenderTables.example("form.json", scale: 3, width: 320)
        let png = try decode(plain)
        #expect(png.width == 960 && png.height == Int((table.contentHeight * 3).rounded(.up)))
        #expect(try decode(framed).pixels != png.pixels)
    }

    @Test func badTableExitsOneAndLeavesTheOutputAlone() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("table.json"), out = dir.appendingPathComponent("table.png")
        try #"{"width": 375, "sections": [{"rows": [{"accessory": "chevron"}]}]}"#.write(to: table, atomically: true, encoding: .utf8)
        try Data("old".utf8).write(to: out)
        let result = try CLI.run(["render", table.path, "-o", out.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(table.path): sections[0].rows[0].accessory: unknown accessory \"chevron\""))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: out) == Data("old".utf8))
    }

    @Test func unwritableOutputNamesThePath() throws {
        let path = RenderTables.examples.appendingPathComponent("settings.json").path
        let result = try CLI.run(["render", path, "-o", "/nonexistent-dir/table.png"])
        #expect(result.status == 1)
        #expect(result.stderr == "--output: /nonexistent-dir/table.png: cannot write: No such file or directory\n")
    }

    @Test func outputThatIsAFolderFailsWithoutLeavingATemporaryFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        let path = RenderTables.examples.appendingPathComponent("settings.json").path
        let result = try CLI.run(["render", path, "-o", target.path])
        #expect(result.status == 1)
        #expect(result.stderr == "--output: \(target.path): is a directory, not a regular file: only a regular file is replaced\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["taken"])
    }

    @Test func tooLargeAPictureExitsOne() throws {
        let path = RenderTables.examples.appendingPathComponent("settings.json").path
        let result = try CLI.run(["render", path, "--width", "1000000", "--no-system-fonts", "-o", "/tmp/never.png"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(path): too large to draw: 1000000 × "))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never.png"))
    }

    @Test func missingOutputIsAUsageError() throws {
        let path = RenderTables.examples.appendingPathComponent("settings.json").path
        let result = try CLI.run(["render", path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--output"))
    }

    @Test func badScaleExitsOne() throws {
        let path = RenderTables.examples.appendingPathComponent("settings.json").path
        let result = try CLI.run(["render", path, "--scale", "4", "-o", "/tmp/never.png"])
        #expect(result.status == 1)
        #expect(result.stderr == "--scale: must be 1, 2 or 3, got 4\n")
    }

    @Test func helpHasAnExample() throws {
        let result = try CLI.run(["render", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Example:"))
        #expect(result.stdout.contains("layout-cli render Examples/settings.json --scale 2 -o settings.png"))
    }
}
