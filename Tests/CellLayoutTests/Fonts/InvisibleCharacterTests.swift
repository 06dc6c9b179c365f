@testable import CellLayout
import Testing

/// `FontLibrary.isInvisible` lists its ranges by hand: they must be exactly the characters
/// Unicode calls controls (Cc) or Default_Ignorable_Code_Point, as Swift's own property
/// tables have them, over every scalar value.
@Suite struct InvisibleCharacterTests {
    @Test func theRangesAreUnicodesControlsAndDefaultIgnorables() {
        var differ: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let unicode = properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control
            if FontLibrary.isInvisible(scalar) != unicode { differ.append("U+" + String(value, radix: 16, uppercase: true)) }
        }
        #expect(differ.isEmpty, "isInvisible disagrees with Unicode at \(differ.prefix(20))")
    }
}
