import CellLayout
import CellLayoutSnapshotTesting
import Foundation
import SnapshotTesting
import Testing

/// `assertSnapshot(of: table, as: .layout)` and `as: .image`, used as a user's tests use them.
///
/// Serialized: a failing `verifySnapshot` writes the new snapshot to
/// `$TMPDIR/TableSnapshotTests/`, which each test removes again.
@Suite(.serialized) struct TableSnapshotTests {
    /// The bundled fonts only, so that pictures are the same on every machine.
    static let engine = TextEngine(fonts: try! FontLibrary(useSystemFonts: false))

    /// A plain table 320 wide at scale 1, in Swift code: a 44-pt row with a 29-pt image and a
    /// checkmark, a 60-pt row with a switch as its accessory view.
    static func table(secondRowHeight: Double = 60, checkmark: Bool = true) throws -> TableLayout {
        var icon = CellSpec()
        icon.id = .string("icon")
        icon.height = .fixed(44)
        icon.image = TableMetrics.Size(width: 29, height: 29)
        icon.accessory = checkmark ? .checkmark : .none
        var toggle = CellSpec()
        toggle.id = .string("toggle")
        toggle.height = .fixed(secondRowHeight)
        toggle.accessory = .view(ViewSpec(id: "switch", kind: .switch))
        return try TableLayout(spec: TableSpec(width: 320, sections: [SectionSpec(rows: [icon, toggle])]), engine: engine)
    }

    /// The layout of ``table(secondRowHeight:checkmark:)``, derived by hand from Metrics.md's
    /// formulas (scale 1: separators 1 pt):
    /// - "icon": y 0, height 44. The checkmark takes 40 (checkmarkWidth), so the content view
    ///   is [0, 0, 320 − 40 = 280, 44 − 1 = 43]. Image at leadingMargin 16, centred:
    ///   (43 − 29) / 2 = 7 → [16, 7, 29, 29]. Checkmark glyph 14 × 11 at x = 320 − 16 − 14 =
    ///   290, y = (43 − 11) / 2 = 16.
    /// - "toggle": y 44, height 60. A custom accessory view takes accessoryViewPadding 16 +
    ///   its width 51 (UISwitch 51 × 31): content view [0, 0, 320 − 67 = 253, 59]; the switch
    ///   at x = 320 − 16 − 51 = 253, y = (59 − 31) / 2 = 14.
    /// - contentHeight 44 + 60 = 104; a plain section without text has no header or footer.
    static let handDerived = """
        {"width": 320, "contentHeight": 104, "sections": [{"header": null, "footer": null, "rows": [
          {"id": "icon", "y": 0, "height": 44, "contentView": [0, 0, 280, 43], "textLabel": null,
           "detailTextLabel": null, "imageView": [16, 7, 29, 29], "accessoryView": [290, 16, 14, 11],
           "editingControl": null, "reorderControl": null, "swipeActions": null, "subviews": {}, "lines": {}},
          {"id": "toggle", "y": 44, "height": 60, "contentView": [0, 0, 253, 59], "textLabel": null,
           "detailTextLabel": null, "imageView": null, "accessoryView": [253, 14, 51, 31],
           "editingControl": null, "reorderControl": null, "swipeActions": null, "subviews": {}, "lines": {}}]}]}
        """

    /// A fresh directory for references, removed after `body`.
    func withReferences<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory.path)
    }

    /// `verifySnapshot` of `table` against the reference "t.table.<ext>" in `directory`.
    func verify<Format>(_ table: TableLayout, as strategy: Snapshotting<TableLayout, Format>,
                        record: SnapshotTestingConfiguration.Record, in directory: String) -> String? {
        let failure = verifySnapshot(
            of: table, as: strategy, named: "table", record: record, snapshotDirectory: directory, testName: "t")
        if ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] == nil {
            let artifacts = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("TableSnapshotTests")
            try? FileManager.default.removeItem(at: artifacts.appendingPathComponent("t.table.\(strategy.pathExtension ?? "")"))
            rmdir(artifacts.path)
        }
        return failure
    }

    /// The reference file `verifySnapshot(…, named: "table", testName: "t", …)` reads in `directory`.
    func reference(in directory: String, _ ext: String) throws -> URL {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".table.\(ext)") }
        return URL(fileURLWithPath: directory).appendingPathComponent(try #require(files.first))
    }

    /// The committed reference under `__Snapshots__` is the hand-derived layout above.
    @Test func layoutMatchesTheCommittedReference() throws {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: try! Self.table(), as: .layout, named: "handDerived")
        }
    }

    @Test func layoutMatchesAHandDerivedReference() throws {
        try withReferences { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("t.table.json")
            try Self.handDerived.write(to: file, atomically: true, encoding: .utf8)
            let table = try Self.table()
            #expect(verify(table, as: .layout, record: .never, in: directory) == nil)
        }
    }

    @Test func aChangedLayoutListsEveryDifference() throws {
        try withReferences { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("t.table.json")
            try Self.handDerived.write(to: file, atomically: true, encoding: .utf8)
            // A 61-pt second row: its height, its content view (60 tall) and its switch
            // (y = (60 − 31) / 2 = 14.5, rounded to the nearest pixel at scale 1: 15) change,
            // and so does the table's content height.
            let failure = try #require(verify(try Self.table(secondRowHeight: 61), as: .layout, record: .never, in: directory))
            #expect(failure.contains("""
                4 differences from the reference (tolerance 0.0), as "path (row id): layout, golden reference":
                contentHeight: 105, golden 104
                sections[0].rows[1].height (row "toggle"): 61, golden 60
                sections[0].rows[1].contentView (row "toggle"): [0,0,253,60], golden [0,0,253,59]
                sections[0].rows[1].accessoryView (row "toggle"): [253,15,51,31], golden [253,14,51,31]
                """), "\(failure)")
            // Within a point, the same table matches.
            #expect(verify(try Self.table(secondRowHeight: 61), as: .layout(tolerance: 1), record: .never, in: directory) == nil)
        }
    }

    @Test func recordedLayoutReadsRowByRowAndChecksWithTheCLIFormat() throws {
        try withReferences { directory in
            let table = try Self.table()
            _ = verify(table, as: .layout, record: .all, in: directory)
            let recorded = try String(contentsOf: reference(in: directory, "json"), encoding: .utf8)
            // A line for the table, one for the section, one per row: readable in a diff.
            #expect(recorded.split(separator: "\n").count == 4)
            #expect(recorded.hasPrefix("{\"width\":320,\"contentHeight\":104,\"sections\":[\n{\"header\":null"))
            #expect(LayoutComparison.differences(try JSONParser.parse(recorded), golden: try JSONParser.parse(Self.handDerived))
                .isEmpty)
            #expect(verify(table, as: .layout, record: .never, in: directory) == nil)
        }
    }

    @Test func aReferenceThatIsNotALayoutSaysSo() throws {
        try withReferences { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("t.table.json")
            try #"{"width": 320, "rows": []}"#.write(to: file, atomically: true, encoding: .utf8)
            let failure = verify(try Self.table(), as: .layout, record: .never, in: directory)
            #expect(failure?.contains(#"The reference is not a layout: not a layout: missing "sections" (is this a table, not its layout?)"#)
                == true, "\(failure ?? "nil")")
        }
    }

    @Test func imageIsRecordedAndMatchesItself() throws {
        try withReferences { directory in
            let table = try Self.table()
            _ = verify(table, as: .image, record: .all, in: directory)
            let png = try Data(contentsOf: reference(in: directory, "png"))
            // 320 × 104 points at the table's scale 1.
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(png[16..<24] == Data([0, 0, 1, 64, 0, 0, 0, 104]))
            #expect(verify(table, as: .image, record: .never, in: directory) == nil)
        }
    }

    @Test func aChangedPictureFailsWithTheDifference() throws {
        try withReferences { directory in
            _ = verify(try Self.table(), as: .image, record: .all, in: directory)
            let taller = verify(try Self.table(secondRowHeight: 61), as: .image, record: .never, in: directory)
            #expect(taller?.contains("The picture is 320 × 105 pixels, the reference 320 × 104") == true, "\(taller ?? "nil")")
            // Without the checkmark: the same size, a few pixels differ (the 14 × 11 glyph's
            // strokes, nothing else: no more than its box and a pixel of antialiasing around it).
            let plain = try #require(verify(try Self.table(checkmark: false), as: .image, record: .never, in: directory))
            let line = try #require(plain.split(separator: "\n").first { $0.contains("pixels differ") })
            let count = try #require(Int(line.prefix { $0 != " " }))
            #expect(count > 0 && count <= (14 + 2) * (11 + 2), "\(plain)")
            #expect(plain.contains("of 33280 pixels differ from the reference"), "\(plain)")
            // At most 208 of 33,280 pixels is 0.6 %: precision 0.99 lets it pass.
            #expect(verify(try Self.table(checkmark: false), as: .image(precision: 0.99), record: .never, in: directory) == nil)
        }
    }

    @Test func aReferenceThatIsNotAPictureSaysSo() throws {
        try withReferences { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("t.table.png")
            try Data("not a png".utf8).write(to: file)
            let failure = verify(try Self.table(), as: .image, record: .never, in: directory)
            #expect(failure?.contains("The reference is not a picture: not a PNG libpng can decode") == true, "\(failure ?? "nil")")
        }
    }
}
