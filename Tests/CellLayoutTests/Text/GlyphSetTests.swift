@testable import CellLayout
import Testing

/// `GlyphSet` against Swift's `Set` on seeded random glyph ids (small, around word edges,
/// and up to 65,535): membership, union, intersection, equality and ascending iteration.
@Suite struct GlyphSetTests {
    @Test func agreesWithSet() {
        var generator = TextPropertyTests.SeededRandom(state: 0x6c79_7068)
        for round in 0..<200 {
            let limit: UInt32 = round % 3 == 0 ? 130 : 65_536
            let a = (0..<Int(generator.next() % 300)).map { _ in UInt32(generator.next() % UInt64(limit)) }
            let b = (0..<Int(generator.next() % 300)).map { _ in UInt32(generator.next() % UInt64(limit)) }
            let (sa, sb) = (Set(a), Set(b))
            var ga = GlyphSet(a)
            let gb = GlyphSet(b)
            #expect(Array(ga) == sa.sorted())
            #expect(Array(ga.union(gb)) == sa.union(sb).sorted())
            #expect(Array(ga.intersection(gb)) == sa.intersection(sb).sorted())
            #expect(ga.intersection(gb) == GlyphSet(sa.intersection(sb)))
            #expect(ga.isEmpty == sa.isEmpty)
            for probe in [0, 63, 64, 65, 127, 128, limit - 1, limit] {
                #expect(ga.contains(probe) == sa.contains(probe), "\(probe)")
            }
            ga.formUnion(gb)
            #expect(ga == GlyphSet(sa.union(sb)))
        }
        #expect(Array([0, 63, 64, 65_535] as GlyphSet) == [0, 63, 64, 65_535])
    }
}
