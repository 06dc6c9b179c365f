@testable import CellLayoutPrepare
import CellLayout
import Testing

/// What a prepared text keeps of its paragraph style (`ParagraphStyleBox`): nothing for the
/// default style, a box shared by the texts prepared one after another in one other style,
/// and the style it was given, bit for bit, read back.
@Suite struct ParagraphStyleBoxTests {
    @Test func theDefaultStyleIsKeptAsNothing() {
        let text = TestFonts.engine.prepare("Plain text", font: TestFonts.inter17)
        #expect(text.styleBox == nil)
        #expect(text.paragraphStyle == ParagraphStyle())
    }

    /// Texts in one style share its box; another style gets a box of its own; each text
    /// reads back its own style — -0 spacing (which `==` takes for 0) as -0, not as the
    /// style before it.
    @Test func stylesAreSharedAndReadBackBitForBit() {
        let engine = TestFonts.engine, font = TestFonts.inter17
        let indented = ParagraphStyle(alignment: .center, lineSpacing: 3, headIndent: 12)
        let negativeZero = ParagraphStyle(alignment: .center, lineSpacing: -0.0, headIndent: 12)
        let first = engine.prepare("One", font: font, paragraphStyle: indented)
        let second = engine.prepare("Two", font: font, paragraphStyle: indented)
        let zeroSpacing = engine.prepare("Three", font: font, paragraphStyle: ParagraphStyle(lineSpacing: -0.0))
        let zero = engine.prepare("Four", font: font, paragraphStyle: negativeZero)
        #expect(first.styleBox != nil && first.styleBox === second.styleBox)
        #expect(first.paragraphStyle == indented && second.paragraphStyle == indented)
        #expect(zeroSpacing.styleBox != nil && zeroSpacing.paragraphStyle.lineSpacing.sign == .minus)
        #expect(zero.styleBox !== first.styleBox && zero.paragraphStyle.lineSpacing.sign == .minus
                && zero.paragraphStyle.headIndent == 12 && zero.paragraphStyle.alignment == .center)
    }

    /// A prepared text is one allocation of malloc's 160-byte size class (152 bytes usable,
    /// `PreparedText`'s layout with its style boxed): each text is fresh memory.
    @Test func aTextIsOneSmallObject() {
        let text = TestFonts.engine.prepare("Plain text", font: TestFonts.inter17)
        #expect(mallocUsableSize(Unmanaged.passUnretained(text).toOpaque()) <= 152)
    }
}

/// glibc's `malloc_usable_size` (in malloc.h, which the Glibc module leaves out): the bytes
/// an allocation can hold, its size class less malloc's 8-byte header.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int
