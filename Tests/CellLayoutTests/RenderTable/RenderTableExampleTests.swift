import CellLayout
import CellLayoutRender
import Foundation
import Testing

/// The bar: each example drawn at scale 2 is the whole table, with ink where the
/// layout put text and controls and nothing where it put nothing.
@Suite("Render: example tables")
struct RenderTableExampleTests {
    static let names = ["settings.json", "feed.json", "form.json", "lists.json"]

    private func draw(_ name: String) throws -> (TableLayout, Canvas) {
        let table = try RenderTables.example(name)
        return (table, try TableRenderer().render(table, scale: 2, frames: false))
    }

    @Test(arguments: names) func pictureIsTheWholeTable(_ name: String) throws {
        let (table, canvas) = try draw(name)
        #expect(canvas.pixelWidth == 750)
        #expect(canvas.pixelHeight == Int((table.contentHeight * 2).rounded(.up)))
        #expect(canvas.pixelHeight > 800)
    }

    @Test(arguments: names) func everyLabelHasInk(_ name: String) throws {
        let (table, canvas) = try draw(name)
        for (s, section) in table.sections.enumerated() {
            for r in section.rows.indices {
                let row = RenderTables.row(table, s, r)
                for label in row.layout.labels {
                    let inked = canvas.count(in: label.frame.offsetBy(dx: row.content.x, dy: row.content.y)) {
                        $0.isDark || $0.isGrayInk
                    }
                    #expect(inked > 20, "\(name) [\(s), \(r)] \(label.id)")
                }
            }
            for (header, y) in [(section.header, table.headerSpan(s).y), (section.footer, table.footerSpan(s).y)] {
                for label in [header.textLabel, header.detailTextLabel].compactMap({ $0 }) {
                    let inked = canvas.count(in: label.frame.offsetBy(dx: 0, dy: y)) { $0.isDark || $0.isGrayInk }
                    #expect(inked > 20, "\(name) section \(s) header or footer \(label.id)")
                }
            }
        }
    }

    @Test(arguments: names) func leadingMarginsAreBlank(_ name: String) throws {
        let (table, canvas) = try draw(name)
        for (s, section) in table.sections.enumerated() {
            for r in section.rows.indices {
                let row = RenderTables.row(table, s, r)
                let cell = table.spec.sections[s].rows[r]
                guard row.layout.imageView == nil, cell.indentationLevel == 0 else { continue }
                let margin = CGRect(x: row.content.x + 1, y: row.content.y + 11,
                                    width: table.metrics.leadingMargin - 3, height: row.layout.contentView.height - 22)
                let colors = canvas.colors(in: margin)
                // A selected cell's background is gray.
                let background: RGBA = cell.selected ? .selectedCellBackground : .white
                #expect(!colors.isEmpty && colors.allSatisfy { $0 == background }, "\(name) [\(s), \(r)]")
            }
        }
    }

    @Test(arguments: names) func separatorsAreHairlinesFromTheMargin(_ name: String) throws {
        let (table, canvas) = try draw(name)
        let style = table.spec.style
        for (s, section) in table.sections.enumerated() {
            for r in section.rows.indices {
                let row = RenderTables.row(table, s, r)
                let cellRect = table.rect(of: RowPath(section: s, row: r))
                let y = Int(((row.cell.y + row.layout.contentView.maxY) * 2).rounded())
                let isLast = r == section.rows.count - 1
                let start = isLast && style == .grouped ? cellRect.minX
                    : row.content.x + (row.layout.imageView == nil ? 16 : row.layout.textLabel!.minX)
                let line = (Int((start * 2).rounded())..<Int((cellRect.maxX * 2).rounded())).map { canvas[$0, y] }
                if isLast && style == .insetGrouped {
                    #expect(line.dropLast(24).allSatisfy { $0 == .white }, "\(name) [\(s), \(r)] has no separator")
                } else {
                    #expect(line.allSatisfy { $0 == .separator }, "\(name) [\(s), \(r)] separator")
                    if start > cellRect.minX {
                        let background: RGBA = table.spec.sections[s].rows[r].selected ? .selectedCellBackground : .white
                        #expect(canvas[Int((start * 2).rounded()) - 2, y] == background, "\(name) [\(s), \(r)] inset")
                    }
                }
            }
        }
    }

    @Test func settingsLooksLikeSettings() throws {
        let (table, canvas) = try draw("settings.json")
        #expect(canvas[2, 2] == .groupedBackground)
        let airplane = RenderTables.row(table, 0, 0)
        let toggle = airplane.layout.accessoryView!.offsetBy(dx: airplane.cell.x, dy: airplane.cell.y)
        #expect(canvas.count(in: toggle, where: \.isGreen) > 1000)
        #expect(canvas.count(in: toggle, where: { $0 == .white }) > 500, "the knob")
        let icon = airplane.layout.imageView!.offsetBy(dx: airplane.content.x, dy: airplane.content.y)
        #expect(canvas.colors(in: icon.insetBy(dx: 4, dy: 4)).allSatisfy { $0 == .placeholder })
        for r in 1...2 {
            let row = RenderTables.row(table, 0, r)
            let chevron = row.layout.accessoryView!.offsetBy(dx: row.cell.x, dy: row.cell.y)
            #expect(canvas.count(in: chevron, where: \.isGrayInk) > 20, "chevron of row \(r)")
            // value1's detail: gray, its right end at the frame's right edge.
            let detail = row.layout.detailTextLabel!.offsetBy(dx: row.content.x, dy: row.content.y)
            let ink = try #require(canvas.horizontalExtent(in: detail, where: \.isGrayInk))
            #expect(ink.maxX > detail.maxX - 3, "detail of row \(r) is right-aligned")
            #expect(canvas.count(in: detail, where: \.isDark) == 0, "detail of row \(r) is gray")
        }
        for r in 0...1 {
            let row = RenderTables.row(table, 1, r)
            let toggle = row.layout.accessoryView!.offsetBy(dx: row.cell.x, dy: row.cell.y)
            #expect(canvas.count(in: toggle, where: \.isGreen) > 1000, "switch accessory of [1, \(r)]")
        }
    }

    @Test func formShowsAccessoriesAndControls() throws {
        let (table, canvas) = try draw("form.json")
        func inCell(_ s: Int, _ r: Int, _ rect: KeyPath<RowLayout, CGRect?>) -> CGRect {
            let row = RenderTables.row(table, s, r)
            return row.layout[keyPath: rect]!.offsetBy(dx: row.cell.x, dy: row.cell.y)
        }
        func inContent(_ s: Int, _ r: Int, _ rect: CGRect) -> CGRect {
            let row = RenderTables.row(table, s, r)
            return rect.offsetBy(dx: row.content.x, dy: row.content.y)
        }
        // insetGrouped: gray beside the cells, round outer corners.
        let first = table.rect(of: RowPath(section: 0, row: 0))
        #expect(canvas[Int(first.minX * 2) - 4, Int(first.midY * 2)] == .groupedBackground)
        #expect(canvas[Int(first.minX * 2) + 1, Int(first.minY * 2) + 1] == .groupedBackground)
        #expect(canvas[Int(first.minX * 2) + 1, Int(first.midY * 2)] == .white)
        // value2's text label is blue, its detail black.
        let email = RenderTables.row(table, 0, 1).layout
        #expect(canvas.count(in: inContent(0, 1, email.textLabel!), where: \.isBlue) > 20)
        #expect(canvas.count(in: inContent(0, 1, email.detailTextLabel!), where: { $0.isDark && !$0.isBlue }) > 20)
        // Info buttons are blue; the detail disclosure button adds a gray chevron.
        #expect(canvas.count(in: inCell(0, 2, \.accessoryView), where: \.isBlue) > 50)
        #expect(canvas.count(in: inCell(0, 2, \.accessoryView), where: \.isGrayInk) > 20)
        #expect(canvas.count(in: inCell(0, 3, \.accessoryView), where: \.isBlue) > 50)
        // Checkmarks are blue.
        #expect(canvas.count(in: inCell(1, 0, \.accessoryView), where: \.isBlue) > 20)
        #expect(canvas.count(in: inCell(2, 2, \.accessoryView), where: \.isBlue) > 20)
        // The slider's track is blue; the button's title is blue.
        let controls = RenderTables.row(table, 2, 0).layout
        #expect(canvas.count(in: inContent(2, 0, controls.subviews[0].frame), where: \.isBlue) > 20)
        let reset = RenderTables.row(table, 2, 1).layout
        #expect(canvas.count(in: inContent(2, 1, reset.subviews[0].frame), where: \.isBlue) > 50)
        // The delete control is red, the reorder control gray.
        #expect(canvas.count(in: inCell(2, 1, \.editingControl), where: \.isRed) > 500)
        #expect(canvas.count(in: inCell(2, 1, \.reorderControl), where: \.isGrayInk) > 50)
    }

    @Test func listsShowEachAccessory() throws {
        let (table, canvas) = try draw("lists.json")
        // Each accessory in its colour: chevrons and labels gray, the switch green, the info
        // button, checkmark, outline disclosure and selected multiselect circle blue, delete
        // red, insert green, the grip gray.
        let ink: [CellAccessory.Kind: (RGBA) -> Bool] = [
            .disclosureIndicator: \.isGrayInk, .label: \.isGrayInk, .detail: \.isBlue, .checkmark: \.isBlue,
            .outlineDisclosure: \.isBlue, .delete: \.isRed, .insert: \.isGreen, .reorder: \.isGrayInk,
            .multiselect: \.isBlue, .customView: \.isGreen,
        ]
        var kinds: Set<CellAccessory.Kind> = []
        for (s, section) in table.sections.enumerated() {
            for r in section.rows.indices {
                let row = RenderTables.row(table, s, r)
                for accessory in row.layout.accessories {
                    kinds.insert(accessory.kind)
                    let frame = accessory.frame.offsetBy(dx: row.cell.x, dy: row.cell.y)
                    #expect(canvas.count(in: frame, where: ink[accessory.kind]!) > 20, "[\(s), \(r)] \(accessory.kind)")
                }
            }
        }
        #expect(kinds.count == 10, "every kind: \(kinds)")
        // "Date modified"'s checkmark is hidden: it keeps its room (the content view ends 8
        // before where it would be, as "Name"'s) and is not drawn.
        let name = RenderTables.row(table, 1, 0), date = RenderTables.row(table, 1, 1)
        #expect(date.layout.accessories.isEmpty)
        #expect(date.layout.contentView == name.layout.contentView)
        let check = name.layout.accessories[0].frame.offsetBy(dx: date.cell.x, dy: date.cell.y)
        #expect(canvas.colors(in: check).allSatisfy { $0 == .white })
        // The favourites' header image is a placeholder beside its text.
        let image = try #require(table.sections[2].header.imageView).offsetBy(dx: 0, dy: table.headerSpan(2).y)
        #expect(canvas.colors(in: image.insetBy(dx: 4, dy: 4)).allSatisfy { $0 == .placeholder })
    }

    @Test func feedIsPlain() throws {
        let (table, canvas) = try draw("feed.json")
        let header = table.headerSpan(0)
        // iOS 15's plain headers have no bar (the default profile); iOS 7–14's are pale gray.
        #expect(canvas[2, Int(header.y * 2) + 2] == .white)
        let older = try RenderTables.example("feed.json", platform: .ios13)
        let olderCanvas = try TableRenderer().render(older, scale: 2, frames: false)
        #expect(olderCanvas[2, Int(older.headerSpan(0).y * 2) + 2] == .plainHeaderBackground)
        let row = table.rect(of: RowPath(section: 0, row: 1))
        #expect(canvas[2, Int(row.minY * 2) + 4] == .white)
        // Swipe buttons are not drawn: right of the text, the first row is white.
        let first = RenderTables.row(table, 0, 0)
        let text = first.layout.textLabel!.offsetBy(dx: first.content.x, dy: first.content.y)
        let right = CGRect(x: text.maxX + 1, y: first.cell.y + 4, width: table.width - text.maxX - 2,
                           height: first.layout.contentView.height - 8)
        #expect(canvas.colors(in: right).allSatisfy { $0 == .white })
    }
}

/// Each generation drawn recognisably (issue 20): iOS 5–6's grouped sections rounded
/// inside a gray border on pinstripes, iOS 7–12's edge to edge on light gray, insetGrouped
/// sections rounded from iOS 13.
@Suite struct RenderGenerationTests {
    @Test func iOS6GroupedSectionsAreRoundedBlocksOnPinstripes() throws {
        let table = try RenderTables.example("settings.json", platform: .ios6)
        let canvas = try TableRenderer().render(table, scale: 2, frames: false)
        let first = table.rect(of: RowPath(section: 0, row: 0))
        // Inset 10 (C11): left of the section the background, its stripes two colors.
        #expect(first.minX == 10)
        let stripes = Set(canvas.colors(in: CGRect(x: 0, y: first.midY, width: 9, height: 1)))
        #expect(stripes == [RGBA(hex: 0xC5CCD4), RGBA(hex: 0xCBD2D8)])
        // The section's border: gray on its left edge, white inside.
        #expect(canvas[Int(first.minX * 2), Int(first.midY * 2)] == RGBA(hex: 0xABABAB))
        #expect(canvas[Int(first.minX * 2) + 4, Int(first.midY * 2)] == .white)
        // The top left corner is rounded (radius 10): its outermost pixel is background.
        #expect(canvas[Int(first.minX * 2), Int(first.minY * 2)] != .white)
    }

    @Test func iOS7GroupedSectionsAreFlatOnLightGray() throws {
        let table = try RenderTables.example("settings.json", platform: .ios7)
        let canvas = try TableRenderer().render(table, scale: 2, frames: false)
        let first = table.rect(of: RowPath(section: 0, row: 0))
        #expect(first.minX == 0)
        #expect(canvas[0, Int(first.midY * 2)] == .white)
        #expect(canvas[0, Int(first.minY * 2) - 4] == .groupedBackground)
    }
}
