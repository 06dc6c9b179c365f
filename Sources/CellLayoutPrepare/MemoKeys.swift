import CellLayoutCore

/// What a shaped piece is memoized by: font, script, direction, language (what of it
/// changes shapes: `LanguageSlot.shapingKey`, 0 for most pieces) and the text itself.
///
/// Pieces are mostly words: up to 16 UTF-16 units are kept inline in the key, so looking
/// one up allocates nothing; longer ones go to an array.
package struct ShapeKey: MemoKey {
    package let fontID: Int
    package let script: UInt32
    package let isRightToLeft: Bool
    package let language: UInt8
    private let count: Int
    private let inline: (UInt64, UInt64, UInt64, UInt64)
    private let overflow: [UInt16]?

    package init(fontID: Int, script: UInt32, isRightToLeft: Bool, language: UInt8 = 0, units: UnsafeBufferPointer<UInt16>) {
        self.fontID = fontID
        self.script = script
        self.isRightToLeft = isRightToLeft
        self.language = language
        self.count = units.count
        var packed: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        if units.count <= 16 {
            withUnsafeMutableBytes(of: &packed) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(units))
            }
            overflow = nil
        } else {
            overflow = Array(units)
        }
        inline = packed
    }

    /// Equal keys. The overflow arrays are compared only where there are any: comparing
    /// two optionals copies them (a retain and a release each), on every probe of the memo.
    package static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        a.fontID == b.fontID && a.script == b.script && a.isRightToLeft == b.isRightToLeft && a.language == b.language
            && a.count == b.count && a.inline == b.inline && (a.count <= 16 || a.overflow! == b.overflow!)
    }

    /// The fields folded with `MemoHash.mix`, the code units 8 at a time.
    package var memoHash: UInt64 {
        let fields = UInt64(script) << 32 ^ UInt64(language) << 24 ^ UInt64(count) << 1 | (isRightToLeft ? 1 : 0)
        var h = MemoHash.mix(UInt64(bitPattern: Int64(fontID)), fields)
        h = MemoHash.mix(MemoHash.mix(MemoHash.mix(MemoHash.mix(h, inline.0), inline.1), inline.2), inline.3)
        if let overflow {
            overflow.withUnsafeBufferPointer { units in
                var word: UInt64 = 0
                for (i, unit) in units.enumerated() {
                    word = word << 16 | UInt64(unit)
                    if i & 3 == 3 { h = MemoHash.mix(h, word); word = 0 }
                }
                h = MemoHash.mix(h, word)
            }
        }
        return h
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(memoHash) }

    /// The key as the six words of a `PinnedFront` key, which tell it from every other key;
    /// nil for a piece of more than 16 units (its units are not inline).
    package var frontKey: PinnedFront<ShapedText.Storage>.Key? {
        guard count <= 16 else { return nil }
        let fields = UInt64(script) << 32 | UInt64(language) << 16 | UInt64(count) << 1 | (isRightToLeft ? 1 : 0)
        return (UInt64(bitPattern: Int64(fontID)), fields, inline.0, inline.1, inline.2, inline.3)
    }

    /// About the bytes the key holds.
    package var byteCount: Int { 48 + (overflow.map { 32 + $0.count * 2 } ?? 0) }
}

/// What the kerning between two neighbouring clusters is memoized by: font, script,
/// direction, language (as `ShapeKey`), and the two clusters' code units packed 16 bits each (up to three units a
/// side; longer clusters get no cross-boundary kerning). A key whose `right` is 0 (no packed cluster is)
/// memoizes the width of the `left` cluster shaped alone.
package struct PairKey: MemoKey {
    package let fontID: Int
    package let script: UInt32
    package let isRightToLeft: Bool
    package var language: UInt8 = 0
    package let left: UInt64
    package let right: UInt64

    package var memoHash: UInt64 {
        let fields = UInt64(language) << 40 | UInt64(script) << 1 | (isRightToLeft ? 1 : 0)
        let h = MemoHash.mix(UInt64(bitPattern: Int64(fontID)), fields)
        return MemoHash.mix(MemoHash.mix(h, left), right)
    }
}
