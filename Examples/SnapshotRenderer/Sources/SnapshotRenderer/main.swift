// SnapshotRenderer: a renderer built on the library, as a user's app or test tool would be.
//
//   swift run SnapshotRenderer [output-directory]     (default: ./snapshots)
//
// Builds a settings table in Swift code, lays it out at 320, 375 and 667 points wide and
// back at 320 (a rotation), and right to left at 375, and writes a PNG of each; then taps
// it as a user would — a tap on a switch toggles it, a row is selected, a row is swiped
// open — and writes the pictures before and after, and a JSON summary of what it did.
// Exits 1 when the table does not come back to the layout it started with, or a tap does
// not land where the table drew the view.
import CellLayout
import CellLayoutRender
import Foundation

let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "snapshots", isDirectory: true)
let scale = 2

/// Stops with a message on stderr and exit code 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SnapshotRenderer: \(message)\n".utf8))
    exit(1)
}

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

    // Interaction, on the table at 320 as the rotation left it: taps where the views are
    // drawn, as UIKit delivers them — the view a tap hits, and a switch it hits toggles.
    let before = try draw(table, "settings-before.png")
    func tap(_ view: HitView, of path: RowPath) -> JSONValue {
        guard let rect = table.rect(of: view, at: path) else { fail("row \(path) has no \(view)") }
        let point = CGPoint(x: rect.midX, y: rect.midY)
        guard let hit = table.hitTest(point), hit.path == path, hit.view == view else {
            fail("a tap at (\(point.x), \(point.y)) on \(view) of row \(path) hit \(String(describing: table.hitTest(point)))")
        }
        let switchID: String?? = switch view {
        case .switch: .some(nil)
        case .subview(let id): .some(id)
        default: .none
        }
        var members: [(key: String, value: JSONValue)] = [
            ("point", .array([.number(point.x), .number(point.y)])),
            ("row", .array([.number(Double(path.section)), .number(Double(path.row))])),
            ("view", .string(view.description)),
        ]
        if let id = switchID, let on = table.isSwitchOn(at: path, view: id) {
            table.setSwitch(!on, at: path, view: id)
            members.append(("switchOn", .bool(!on)))
        }
        return .object(members)
    }
    let airplane = RowPath(section: 0, row: 0), wifi = RowPath(section: 0, row: 1)
    let doNotDisturb = RowPath(section: 1, row: 1), inbox = RowPath(section: 2, row: 0)
    let taps = [tap(.switch, of: airplane), tap(.subview("switch"), of: doNotDisturb)]
    table.setSelected(true, at: wifi)
    try table.setSwipeOpen(true, at: inbox)
    // Swiped open, the Delete button is in front: a tap on it is the button's.
    let swipeTap = tap(.swipeAction(0), of: inbox)
    let after = try draw(table, "settings-after.png")

    let summary: JSONValue = .object([
        ("scale", .number(Double(scale))),
        ("rotation", .array(rotation)),
        ("roundTripDifferences", .array(roundTrip.map { .string($0.description) })),
        ("rightToLeft", rightToLeftSummary),
        ("interaction", .object([
            ("before", before),
            ("taps", .array(taps + [swipeTap])),
            ("selected", .array([.number(Double(wifi.section)), .number(Double(wifi.row))])),
            ("swipeOpen", .array([.number(Double(inbox.section)), .number(Double(inbox.row))])),
            ("after", Summary.layout(of: table, picture: after)),
        ])),
    ])
    var writer = JSONWriter()
    writer.write(summary)
    writer.raw("\n")
    try Data(writer.bytes).write(to: output.appendingPathComponent("summary.json"))
    print("wrote \(output.appendingPathComponent("summary.json").path)")
    guard roundTrip.isEmpty else { fail("back at \(widths[0]) the layout differs from the first:\n\(roundTrip)") }
} catch {
    fail("\(error)")
}
