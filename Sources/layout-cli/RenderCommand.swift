import ArgumentParser
import CellLayout
import CellLayoutRender

/// `layout-cli render`: a picture of the laid-out table, as a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a laid-out table as a PNG, as a user would see it.",
        discussion: """
            The picture is the whole table: width × contentHeight points, times the scale \
            in pixels per point: --scale, else the file's metrics.scale, else 1, the scale \
            every command lays out at by default; so the picture is the layout `layout` \
            writes for the same input. The table is laid out at that scale, so heights \
            round and separators are one pixel thick as on a device of that scale. Text is drawn from the layout's own glyph runs. Swipe \
            action buttons are not drawn (they show only while a row is swiped); --frames \
            outlines them, and every other computed frame, in semi-transparent colors. The \
            PNG is written to a temporary file beside the output and renamed, so it is \
            never half-written; only a regular file is replaced (a directory, a symbolic \
            link, a FIFO or a device is an error). -o - writes the PNG to standard output.

            Example:
              layout-cli render Examples/settings.json --scale 2 -o settings.png
              layout-cli render Examples/form.json --width 320 --scale 3 --frames -o form.png
            """
    )

    @OptionGroup var input: TableInput

    @Option(parsing: .unconditional, help: "Pixels per point: 1, 2 or 3 (default: the file's metrics.scale, else 1).")
    var scale: String?

    @Flag(help: "Outline every frame the layout computed.")
    var frames = false

    @Option(name: [.customShort("o"), .customLong("output")], help: "The PNG file to write (- for standard output).")
    var output: String

    func run() throws {
        let (table, _) = try input.load(scale: try scale.map { try OptionValues.scale($0) })
        Warnings.report(table, input: input.name)
        let canvas: Canvas
        do {
            canvas = try TableRenderer().render(table, scale: Int(table.spec.metrics.scale), frames: frames)
        } catch RenderError.invalidCanvas(let width, let height, let scale) {
            throw CLIError("\(input.name): too large to draw: \(width.formatted3) × \(height.formatted3) pt "
                + "at scale \(scale) is more than 2^28 pixels")
        } catch let error as FontError {
            throw CLIError("\(input.name): \(error)")
        }
        do {
            guard output == "-" else { return try canvas.write(to: output) }
            try Output.write(try canvas.pngData())
        } catch let error as RenderError {
            throw CLIError("--output: \(error)")
        }
    }
}
