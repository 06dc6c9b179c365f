import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// Switch state, selection, swipe-open rows, hit testing, checkmark lists and moves
/// (SPEC.md "Interaction state"), with the expected values derived by hand from UIKit's rules.
@Suite struct InteractionStateTests {
    /// Four fixed 44-pt rows in a 320-wide plain table (no headers): row r spans
    /// y ∈ [44r, 44r + 44).
    static let document = """
        {"width": 320, "rows": [
          {"id": "a", "text": "Sounds", "height": 44, "accessory": {"view": {"kind": "switch", "on": false}}},
          {"id": "b", "text": "Mail", "height": 44, "swipeActions": [{"title": "Delete", "style": "destructive"}],
           "swipeOpen": true, "selected": true},
          {"id": "c", "text": "Notes", "height": 44, "accessory": "checkmark"},
          {"id": "d", "text": "Music", "height": 44}]}
        """

    func table() throws -> TableLayout { try Tables.layout(try JSONParser.parse(Self.document)) }

    @Test func aSwitchAccessoryIsHitAndTheContentBesideIt() throws {
        let table = try table()
        // UISwitch is 51 × 31; an accessory view sits 16 pt from the trailing edge:
        // x = 320 − 16 − 51 = 253, y = (43 − 31) / 2 = 6 (43 = 44 − the separator).
        #expect(table.sections[0].rows[0].accessoryView == CGRect(x: 253, y: 6, width: 51, height: 31))
        #expect(table.hitTest(CGPoint(x: 290, y: 20)) == HitTestResult(path: RowPath(section: 0, row: 0), view: .switch))
        // 253 is the switch's first column; 252 is the content view's last (width 253).
        #expect(table.hitTest(CGPoint(x: 253, y: 6))?.view == .switch)
        #expect(table.hitTest(CGPoint(x: 252, y: 6))?.view == .contentView)
        // Below the switch (y 37 ≥ 6 + 31) and right of the content view: the cell itself.
        #expect(table.hitTest(CGPoint(x: 300, y: 40)) == HitTestResult(path: RowPath(section: 0, row: 0), view: nil))
        // The separator strip (y 43 of row 0) is outside the content view: the cell itself.
        #expect(table.hitTest(CGPoint(x: 5, y: 43.5))?.view == nil)
        #expect(table.hitTest(CGPoint(x: 5, y: 176)) == nil)
    }

    @Test func aSwipedOpenRowShiftsItsContentByTheButtonsWidthAndTheButtonsAreHitFirst() throws {
        let row = try table().sections[0].rows[1]
        // The button is revealed at the trailing edge; the content view moves left by
        // exactly its width, whatever the title measures.
        let button = try #require(row.swipeActions.first)
        #expect(button.maxX == 320 && row.swipeOffset == button.width)
        #expect(row.contentView == CGRect(x: -button.width, y: 0, width: 320, height: 43))
        let table = try table()
        #expect(table.hitTest(CGPoint(x: 319, y: 50))?.view == .swipeAction(0))
        #expect(table.hitTest(CGPoint(x: button.minX - 1, y: 50))?.view != .swipeAction(0))
        // Closed, the same point is the content view's: the buttons hide under the content.
        try table.setSwipeOpen(false, at: RowPath(section: 0, row: 1))
        #expect(table.sections[0].rows[1].contentView.minX == 0)
        #expect(table.hitTest(CGPoint(x: 319, y: 50))?.view == .contentView)
    }

    @Test func theSwitchStateChangesNoFrame() throws {
        let table = try table()
        let before = table.sections[0].rows[0].accessoryView
        #expect(table.setSwitch(true, at: RowPath(section: 0, row: 0)))
        guard case .view(let view) = table.spec.sections[0].rows[0].accessory else { Issue.record("no view"); return }
        #expect(view.on && table.sections[0].rows[0].accessoryView == before)
        #expect(!table.setSwitch(true, at: RowPath(section: 0, row: 3)))
    }

    @Test func aSwitchSetThroughTheAPIDrawsAsOneWrittenOnInTheInput() throws {
        // Found by Examples/SnapshotRenderer: a switch accessory turned on by `setSwitch`
        // kept drawing off (the laid-out row kept its own copy of the accessory).
        let toggled = try RenderTables.layout(try JSONParser.parse(Self.document))
        #expect(toggled.setSwitch(true, at: RowPath(section: 0, row: 0)))
        let written = try RenderTables.layout(try JSONParser.parse(
            Self.document.replacingOccurrences(of: #""on": false"#, with: #""on": true"#)))
        #expect(toggled.isSwitchOn(at: RowPath(section: 0, row: 0)) == true)
        let renderer = try TableRenderer()
        #expect(try renderer.render(toggled, scale: 2, frames: false).pixels
            == renderer.render(written, scale: 2, frames: false).pixels)
    }

    @Test func whereAViewIsIsWhereATapFindsIt() throws {
        // rect(of:at:) is hitTest's way back: the middle of each view's rect hits that view.
        let table = try table()
        let row0 = RowPath(section: 0, row: 0), row1 = RowPath(section: 0, row: 1)
        // The switch accessory: [253, 6, 51, 31] in row 0 (see above).
        #expect(table.rect(of: .switch, at: row0) == CGRect(x: 253, y: 6, width: 51, height: 31))
        // Row 1 is swiped open: its content view starts at −(button width), its text label
        // 16 pt into it, one row (44 pt) down.
        let row = table.sections[0].rows[1]
        let label = try #require(row.textLabel)
        #expect(table.rect(of: .textLabel, at: row1) == label.offsetBy(dx: row.contentView.minX, dy: 44))
        for (view, path) in [(HitView.switch, row0), (.swipeAction(0), row1), (.textLabel, row0)] {
            let rect = try #require(table.rect(of: view, at: path))
            #expect(table.hitTest(CGPoint(x: rect.midX, y: rect.midY)) == HitTestResult(path: path, view: view))
        }
        #expect(table.rect(of: .switch, at: row1) == nil && table.rect(of: .subview("nope"), at: row0) == nil)
        #expect(table.isSwitchOn(at: row0) == false && table.isSwitchOn(at: row1) == nil)
    }

    @Test func aRowThatDoesNotExistHasNoViewsInsteadOfTrapping() throws {
        // Issue 23: "Building a Renderer" asked for row [1, 1] of a table whose section 1
        // had one row, and rect(of:at:) stopped on BlockedArray's precondition.
        let table = try table()
        let rows = table.numberOfRows(inSection: 0)
        for path in [RowPath(section: 0, row: rows), RowPath(section: 1, row: 0), RowPath(section: 0, row: -1),
                     RowPath(section: -1, row: 0)] {
            #expect(!table.containsRow(path))
            #expect(table.rect(of: .contentView, at: path) == nil)
            #expect(table.isSwitchOn(at: path) == nil)
            #expect(!table.setSwitch(true, at: path))
        }
        #expect(table.containsRow(RowPath(section: 0, row: rows - 1)))
        #expect(table.rect(of: .contentView, at: RowPath(section: 0, row: rows - 1)) != nil)
    }

    @Test func checkmarkListsBehaveAsTheGuidesListings() throws {
        // Listing 6-3 (exclusive): the new row gains the checkmark, the old one loses it;
        // the row already checked changes nothing.
        var table = try table()
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 3), mode: .exclusive)
            == [RowPath(section: 0, row: 2), RowPath(section: 0, row: 3)])
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 3), mode: .exclusive) == [])
        // Only a row without an accessory gains one: row 0's switch stays, row 3 loses its mark.
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 0), mode: .exclusive) == [RowPath(section: 0, row: 3)])
        // Listing 6-4 (inclusive): the tapped row toggles, nothing else changes.
        table = try self.table()
        #expect(try table.selectCheckmark(at: RowPath(section: 0, row: 2), mode: .inclusive) == [RowPath(section: 0, row: 2)])
        #expect(table.spec.sections[0].rows[2].accessory == .none)
    }

    @Test func movesAnswerTheNewYOfEveryRowThatMoved() throws {
        let path = try write(Self.document)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Row 0 to index 2: rows 1 and 2 move up one place (y 0 and 44), row 0 lands at 88.
        let moved = try CLI.run(["query", path, "--move-row", "0,0,0,2", "--no-system-fonts"])
        #expect(moved.stdout == """
            {"rows":[{"from":[0,1],"to":[0,0],"y":0},{"from":[0,2],"to":[0,1],"y":44},{"from":[0,0],"to":[0,2],"y":88}]}

            """, "\(moved.stderr)")
        // Two plain sections without titles: [A: one row] [B: two rows]; B to index 0 puts
        // its rows at 0 and 44 and A's row at 88.
        let sections = try write("""
            {"width": 320, "sections": [{"rows": [{"height": 44}]}, {"rows": [{"height": 44}, {"height": 44}]}]}
            """)
        defer { try? FileManager.default.removeItem(atPath: sections) }
        let section = try CLI.run(["query", sections, "--move-section", "1,0", "--no-system-fonts"])
        #expect(section.stdout == """
            {"rows":[{"from":[1,0],"to":[0,0],"y":0},{"from":[1,1],"to":[0,1],"y":44},{"from":[0,0],"to":[1,0],"y":88}]}

            """, "\(section.stderr)")
    }

    @Test func badQuestionsAreLocatedErrors() throws {
        let path = try write(Self.document)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (arguments, message) in [
            (["--hit", "5,176"], "--hit: 5,176 is outside the table"),
            (["--hit", "320,0"], "--hit: 320,0 is outside the table"),
            (["--move-section", "0,0"], "--move-section: section 0 onto itself"),
            (["--move-section", "0,3"], "--move-section: TO 3 is out of range"),
            (["--select", "1,0"], "--select: no section 1"),
            (["--move-row", "0,0,0,4"], "--move-row: row 4 is out of range"),
        ] {
            let result = try CLI.run(["query", path] + arguments + ["--no-system-fonts"])
            #expect(result.status == 1 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test func stateKeysAreCheckedAndTheTableComesFromStandardInput() throws {
        let result = try CLI.run(["query", "--hit", "290,20", "--no-system-fonts"], stdin: Array(Self.document.utf8))
        #expect(result.stdout == "{\"section\":0,\"row\":0,\"view\":\"switch\"}\n", "\(result.stderr)")
        for (row, message) in [
            (#"{"subviews": [{"id": "l", "kind": "label", "text": "x", "on": true}]}"#, "\"on\" is for a switch, not a label"),
            (#"{"text": "x", "swipeOpen": true}"#, "a row swiped open needs \"swipeActions\""),
        ] {
            let bad = try CLI.run(["layout", "-", "--no-system-fonts"], stdin: Array(#"{"width": 320, "rows": [\#(row)]}"#.utf8))
            #expect(bad.status == 1 && bad.stderr.contains(message), "\(bad.stderr)")
        }
    }

    func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
