@testable import CellLayout
import Testing

/// A `trak` table applied as CoreText applies it: the normal track (track value 0) at the
/// point size, interpolated linearly between the table's sizes, the end values held beyond
/// them, added once to every grapheme cluster.
///
/// The font: `TrakTest-Regular.ttf` (`Tests/Oracles/make_test_fonts.py`), 2048 units per
/// em, "H" 1458 units wide, normal track +60 units at 8 pt, 0 at 12, −40 at 17, +20 at 28.
/// Each golden is "HH": 2 × (1458 + t) × size / 2048 points, t derived by hand beside it.
/// Inside the table `hb-shape --font-ptem=N` (HarfBuzz 6.0, which rounds t to whole units)
/// gives the same advances: 1488 at 10 pt, 1438 at 14.5, 1418 at 17.
@Suite struct TrackingTests {
    static let path = TestFonts.fixture("Fonts/TrakTest-Regular.ttf").path

    static let goldens: [(size: Double, tracking: Double, width: Double)] = [
        (6, 60, 2 * 1518 * 6 / 2048.0),      // below the first size: its value, +60
        (8, 60, 2 * 1518 * 8 / 2048.0),      // a size of the table: +60
        (10, 30, 2 * 1488 * 10 / 2048.0),    // halfway from 8 (+60) to 12 (0): +30
        (12, 0, 2 * 1458 * 12 / 2048.0),     // 0
        (14.5, -20, 2 * 1438 * 14.5 / 2048.0),  // halfway from 12 (0) to 17 (−40): −20
        (17, -40, 2 * 1418 * 17 / 2048.0),   // −40
        (20, -40 + 60 * 3 / 11.0, 2 * (1458 - 40 + 60 * 3 / 11.0) * 20 / 2048),  // 3/11 of the way to +20
        (28, 20, 2 * 1478 * 28 / 2048.0),    // +20
        (40, 20, 2 * 1478 * 40 / 2048.0),    // above the last size: +20 held (HarfBuzz 6.0 extrapolates to +85)
    ]

    @Test(arguments: goldens.indices) func trackingFollowsThePointSize(_ index: Int) throws {
        let golden = Self.goldens[index]
        let width = try TestFonts.withLibrary(adding: [Self.path]) { library in
            let font = try library.font(family: "Trak Test", size: golden.size)
            #expect(abs(font.tracking - golden.tracking * golden.size / 2048) < 1.0 / 2048)
            return TextEngine(fonts: library).prepare("HH", font: font).fit(width: 1000).usedWidth
        }
        // Each glyph's advance and its tracking are rounded to 1/1024 pt.
        #expect(abs(width - golden.width) <= 2.0 / 1024, "\(golden.size) pt: \(width) vs \(golden.width)")
    }

    /// The track of value 0 is the one used; without it, the two around 0 interpolated.
    @Test func theNormalTrackIsTheOneOfValueZero() {
        let table = TrackingTable(sizes: [10, 20], values: [40, -20])
        #expect(table.value(at: 15) == 10)
        #expect(table.value(at: 5) == 40)
        #expect(table.value(at: 25) == -20)
        #expect(TrackingTable(sizes: [], values: []).value(at: 12) == 0)
    }

    /// A tracked font is never measured from its face's plain tables (which hold untracked
    /// advances), and HarfBuzz adds nothing of its own (the font's ptem is unset): the
    /// tracking is in the width once.
    @Test func trackingIsAppliedOnce() throws {
        try TestFonts.withLibrary(adding: [Self.path]) { library in
            let font = try library.font(family: "Trak Test", size: 17)
            #expect(!font.usesFaceTables)
            let one = TextEngine(fonts: library).prepare("H", font: font).fit(width: 1000).usedWidth
            #expect(abs(one - 1418 * 17 / 2048.0) <= 1.0 / 1024)
        }
    }
}
