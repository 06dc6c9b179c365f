import CellLayout
import Foundation
import Testing

/// A row's drawing (`TableLayout.drawing(of:)`) carries what the renderer used to read from
/// the spec: selection, the editing control's kind, each label's UIKit default colour (by
/// style: value2's text label blue, value1's and subtitle's detail gray, a content
/// configuration's secondary text gray), the custom subviews' kinds and switch states
/// without the labels, and the swipe buttons' styles; and each text fitted once, the same
/// lines the layout measured.
@Suite("Table: a row's drawing")
struct RowDrawingTests {
    static let table = #"""
    {"width": 320, "sections": [{"rows": [
      {"id": "a", "style": "value2", "text": "Name", "detailText": "Ada"},
      {"id": "b", "style": "value1", "text": "Wi-Fi", "detailText": "Home", "selected": true},
      {"id": "c", "style": "subtitle", "text": "Title", "detailText": "Subtitle", "editing": {"control": "insert"}},
      {"id": "d", "text": "Plain", "detailText": "dropped by the default style"},
      {"id": "e", "content": {"configuration": "valueCell", "text": "Key", "secondaryText": "Value"}},
      {"id": "f", "text": "Controls", "subviews": [
        {"id": "note", "kind": "label", "text": "Note", "frame": {"left": 100, "width": 60, "centerY": 0}},
        {"id": "toggle", "kind": "switch", "on": false, "frame": {"right": 16, "centerY": 0}},
        {"id": "go", "kind": "button", "text": "Go", "frame": {"left": 170, "centerY": 0}}]},
      {"id": "g", "text": "Mail", "swipeOpen": true,
       "swipeActions": [{"title": "Delete", "style": "destructive"}, {"title": "More"}]}
    ]}]}
    """#

    static func drawings() throws -> [RowDrawing] {
        let table = try Tables.layout(try JSONParser.parse(table))
        return (0..<table.numberOfRows(inSection: 0)).map { table.drawing(of: RowPath(section: 0, row: $0)) }
    }

    static func colors(_ drawing: RowDrawing) -> [String: LabelColor] {
        Dictionary(uniqueKeysWithValues: drawing.labels.map { ($0.label.id, $0.color) })
    }

    @Test func labelsTakeTheirStylesColours() throws {
        let rows = try Self.drawings()
        #expect(Self.colors(rows[0]) == ["textLabel": .tint, "detailTextLabel": .label])
        #expect(Self.colors(rows[1]) == ["textLabel": .label, "detailTextLabel": .secondaryLabel])
        #expect(Self.colors(rows[2]) == ["textLabel": .label, "detailTextLabel": .secondaryLabel])
        #expect(Self.colors(rows[3]) == ["textLabel": .label])
        #expect(Self.colors(rows[4]) == ["textLabel": .label, "detailTextLabel": .secondaryLabel])
    }

    @Test func selectionAndEditingComeFromTheCell() throws {
        let rows = try Self.drawings()
        #expect(rows.map(\.isSelected) == [false, true, false, false, false, false, false])
        #expect(rows[2].editingControl == .insert && rows[2].layout.editingControl != nil)
        #expect(rows.enumerated().allSatisfy { $0.offset == 2 || $0.element.editingControl == .none })
    }

    @Test func subviewsAreTheNonLabelViewsWithTheirStates() throws {
        let row = try Self.drawings()[5]
        #expect(row.subviews.map(\.kind) == [.switch, .button])
        #expect(row.subviews.map(\.isOn) == [false, true])
        #expect(row.subviews.map(\.frame) == row.layout.subviews.dropFirst().map(\.frame))
        #expect(row.subviews[0].title == nil)
        let title = try #require(row.subviews[1].title)
        #expect(title.color == .tint && title.label.id == "go" && title.text.lineCount == 1)
        // The custom label is drawn with the labels, in black.
        #expect(Self.colors(row)["note"] == .label)
    }

    @Test func swipeButtonsKeepTheirStylesAndWhiteTitles() throws {
        let row = try Self.drawings()[6]
        #expect(row.swipeButtons.map(\.style) == [.destructive, .normal])
        #expect(row.swipeButtons.map(\.title.label.frame) == row.layout.swipeActions)
        #expect(row.swipeButtons.allSatisfy { $0.title.color == .white })
    }

    @Test func eachTextIsFittedAsTheLayoutMeasuredIt() throws {
        for row in try Self.drawings() {
            for label in row.labels {
                #expect(label.text.lineCount == label.label.measurement.lines, "\(label.label.id)")
                #expect(abs(label.text.usedWidth - label.label.measurement.usedWidth) < 1e-9, "\(label.label.id)")
            }
        }
    }
}
