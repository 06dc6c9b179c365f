// SnapshotRenderer: a renderer built on the library, as a user's app or test tool would be.
//
//   swift run SnapshotRenderer [output-directory]     (default: ./snapshots)
//
// Builds a settings table in Swift code, lays it out at 320, 375 and 667 points wide and
// back at 320 (a rotation), and right to left at 375, and writes a PNG of each, then a JSON
// summary of what it did.
// Exits 1 when the table does not come back to the layout it started with.
import CellLayout
import CellLayoutRender
import Foundation

let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "snapshots", isDirectory: true)
let scale = 2

do {
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    // The bundled fonts only: the pictures are the same on every machine.
    let engine = TextEngine(fonts: try FontLibrary(useSystemFonts: false))
    let renderer = try TableRenderer()
    let widths: [Double] = [320, 375, 667, 320]
    let table = try TableLayout(spec: SettingsTable.spec(width: widths[0], scale: Double(scale)), engine: engine)
    let start = LayoutComparison.document(of: table)

    /// Draws `table` as it is now into `name`, and returns the file name.
    func draw(_ table: TableLayout, _ name: String) throws -> JSONValue {
        try renderer.render(table, scale: scale, frames: false).write(to: output.appendingPathComponent(name).path)
        print("wrote \(output.appendingPathComponent(name).path)")
        return .string(name)
    }

    // Rotation: each width in turn; custom subviews autoresize from where the last left them.
    var rotation: [JSONValue] = []
    for (i, width) in widths.enumerated() {
        if i > 0 { try table.setWidth(width) }
        rotation.append(Summary.layout(of: table, picture: try draw(table, "settings-\(i)-\(Int(width)).png")))
    }
    let roundTrip = LayoutComparison.differences(table, golden: start)

    // Right to left, as an Arabic or Hebrew user sees the same screen: the standard cells
    // mirrored (the custom cell's frames stay where its code put them, as in UIKit).
    var rightToLeftSpec = SettingsTable.spec(width: 375, scale: Double(scale))
    rightToLeftSpec.semanticContentAttribute = .forceRightToLeft
    let rightToLeft = try TableLayout(spec: rightToLeftSpec, engine: engine)
    let rightToLeftSummary = Summary.layout(of: rightToLeft, picture: try draw(rightToLeft, "settings-rtl-375.png"))

    let summary: JSONValue = .object([
        ("scale", .number(Double(scale))),
        ("rotation", .array(rotation)),
        ("roundTripDifferences", .array(roundTrip.map { .string($0.description) })),
        ("rightToLeft", rightToLeftSummary),
    ])
    var writer = JSONWriter()
    writer.write(summary)
    writer.raw("\n")
    try Data(writer.bytes).write(to: output.appendingPathComponent("summary.json"))
    print("wrote \(output.appendingPathComponent("summary.json").path)")
    guard roundTrip.isEmpty else {
        FileHandle.standardError.write(Data("back at \(widths[0]) the layout differs from the first:\n\(roundTrip)\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("SnapshotRenderer: \(error)\n".utf8))
    exit(1)
}
