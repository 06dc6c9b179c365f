/// The structural checks a font file must pass before its numbers are trusted.
///
/// HarfBuzz reads damaged fonts leniently: a table that runs past the end of the file is
/// dropped, a short `hmtx` reads as zero advances, so a file cut in half still "measures"
/// text — with plausible, wrong numbers. These checks refuse such files with a message
/// naming what is wrong: the table directory and every table inside the file, `maxp`,
/// `hhea`, `hmtx` and `loca` consistent with one another, and the `CFF ` charstrings
/// present for every glyph; `unitsPerEm` in the 16…16384 the OpenType spec allows.
package enum FontFileCheck {
    /// What is wrong with face `index` of the font file `bytes`, or nil when nothing is.
    package static func problem(in bytes: UnsafeRawBufferPointer, faceIndex index: UInt32) -> String? {
        var reader = Reader(bytes: bytes)
        guard let version = reader.u32(at: 0) else { return "the file is \(bytes.count) bytes, too short for a font" }
        var directory = 0
        if version == 0x7474_6366 {  // 'ttcf': a collection, one directory per face
            guard let faces = reader.u32(at: 8), index < faces,
                  let offset = reader.u32(at: 12 + 4 * Int(index)) else {
                return "the collection header runs past the end of the file (\(bytes.count) bytes)"
            }
            directory = Int(offset)
        }
        guard let tableCount = reader.u16(at: directory + 4) else {
            return "the table directory starts past the end of the file (\(bytes.count) bytes)"
        }
        let recordsEnd = directory + 12 + 16 * Int(tableCount)
        guard recordsEnd <= bytes.count else {
            return "the table directory (\(tableCount) tables) runs past the end of the file (\(bytes.count) bytes)"
        }
        var tables: [String: (offset: Int, length: Int)] = [:]
        for record in stride(from: directory + 12, to: recordsEnd, by: 16) {
            let tag = reader.tag(at: record)
            let offset = Int(reader.u32(at: record + 8)!), length = Int(reader.u32(at: record + 12)!)
            guard offset + length <= bytes.count else {
                return "table '\(tag)' (\(length) bytes at offset \(offset)) runs past the end of the file (\(bytes.count) bytes)"
            }
            tables[tag] = (offset, length)
        }
        for required in ["head", "hhea", "maxp", "hmtx", "cmap"] where tables[required] == nil {
            return "it has no '\(required)' table"
        }
        reader.tables = tables
        guard let glyphs = reader.u16(in: "maxp", at: 4) else { return "'maxp' is too short to hold the glyph count" }
        guard glyphs > 0 else { return "'maxp' says the font has no glyphs" }
        guard let metrics = reader.u16(in: "hhea", at: 34) else { return "'hhea' is too short to hold numberOfHMetrics" }
        guard metrics >= 1, metrics <= glyphs else {
            return "'hhea' numberOfHMetrics is \(metrics), but 'maxp' says \(glyphs) glyphs"
        }
        let hmtxNeeds = 4 * Int(metrics) + 2 * (Int(glyphs) - Int(metrics))
        if tables["hmtx"]!.length < hmtxNeeds {
            return "'hmtx' holds \(tables["hmtx"]!.length) bytes, fewer than the \(hmtxNeeds) that \(metrics) metrics for \(glyphs) glyphs need"
        }
        // OpenType 'head': "unitsPerEm: Set to a value from 16 to 16384." HarfBuzz replaces
        // any other value with 1000, which would measure the font at a size it never had.
        guard let unitsPerEm = reader.u16(in: "head", at: 18) else { return "'head' is too short to hold unitsPerEm" }
        guard (16...16384).contains(unitsPerEm) else {
            return "'head' unitsPerEm is \(unitsPerEm), outside the 16…16384 the OpenType spec allows"
        }
        if let loca = tables["loca"] {
            guard let format = reader.u16(in: "head", at: 50) else { return "'head' is too short to hold indexToLocFormat" }
            let needs = (Int(glyphs) + 1) * (format == 0 ? 2 : 4)
            if loca.length < needs {
                return "'loca' holds \(loca.length) bytes, fewer than the \(needs) that \(glyphs) glyphs need"
            }
        }
        // (Counted once: a CJK font's 65,535 charstrings took ~6.5 M instructions a count.)
        if tables["CFF "] != nil {
            guard let charStrings = reader.cffCharStringCount() else {
                return "'CFF ' is truncated or malformed (its charstrings cannot be found)"
            }
            if charStrings != Int(glyphs) {
                return "'CFF ' has \(charStrings) charstrings, but 'maxp' says \(glyphs) glyphs"
            }
        }
        return nil
    }

    /// Big-endian reads that answer nil past the end instead of trapping.
    package struct Reader {
        package let bytes: UnsafeRawBufferPointer
        package var tables: [String: (offset: Int, length: Int)] = [:]

        func u8(at offset: Int) -> Int? {
            offset >= 0 && offset < bytes.count ? Int(bytes[offset]) : nil
        }

        package func u16(at offset: Int) -> UInt16? {
            guard let high = u8(at: offset), let low = u8(at: offset + 1) else { return nil }
            return UInt16(high << 8 | low)
        }

        package func u32(at offset: Int) -> UInt32? {
            guard let high = u16(at: offset), let low = u16(at: offset + 2) else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }

        package func tag(at offset: Int) -> String {
            String(decoding: (0..<4).map { bytes[offset + $0] }, as: UTF8.self)
        }

        /// A u16 inside table `table`, nil when the table is shorter.
        package func u16(in table: String, at offset: Int) -> UInt16? {
            guard let (start, length) = tables[table], offset + 2 <= length else { return nil }
            return u16(at: start + offset)
        }

        /// The number of charstrings of the first font of the `CFF ` table (from its Top
        /// DICT's CharStrings offset), or nil when any structure on the way is cut short.
        func cffCharStringCount() -> Int? {
            guard let (start, length) = tables["CFF "], let headerSize = u8(at: start + 2) else { return nil }
            let end = start + length
            /// The count of an INDEX at `offset`, where its first item starts and ends (0..<0
            /// when it has none) and where its data ends, or nil when its offsets run past the
            /// file, go backwards or past the table. (No array of the offsets: a CJK font's
            /// CharStrings INDEX has 65,536 of them.)
            func index(at offset: Int) -> (count: Int, first: Range<Int>, end: Int)? {
                guard let count = u16(at: offset).map(Int.init) else { return nil }
                if count == 0 { return (0, 0..<0, offset + 2) }
                guard let offSize = u8(at: offset + 2), (1...4).contains(offSize) else { return nil }
                let offsets = offset + 3, data = offsets + (count + 1) * offSize - 1
                // Every offset's bytes inside the file: the last one's last byte is.
                guard offsets + (count + 1) * offSize <= bytes.count, let base = bytes.baseAddress else { return nil }
                var previous = 0, firstStart = 0, firstEnd = 0
                for i in 0...count {
                    var value = 0
                    let at = base + offsets + i * offSize
                    for k in 0..<offSize { value = value << 8 | Int(at.load(fromByteOffset: k, as: UInt8.self)) }
                    let itemStart = data + value
                    if i > 0, itemStart < previous { return nil }
                    if i == 0 { firstStart = itemStart } else if i == 1 { firstEnd = itemStart }
                    previous = itemStart
                }
                guard previous <= end else { return nil }
                return (count, firstStart..<firstEnd, previous)
            }
            guard let names = index(at: start + headerSize), let top = index(at: names.end), top.count >= 1 else { return nil }
            // Walk the first Top DICT for operator 17 (CharStrings), an offset from the table's start.
            var operands: [Int] = []
            var at = top.first.lowerBound
            while at < top.first.upperBound {
                guard let b0 = u8(at: at) else { return nil }
                switch b0 {
                case 17:
                    guard let offset = operands.last, offset > 0, offset < length,
                          let charStrings = index(at: start + offset) else { return nil }
                    return charStrings.count
                case 0...21:
                    at += b0 == 12 ? 2 : 1
                    operands.removeAll()
                case 28:
                    guard let value = u16(at: at + 1) else { return nil }
                    operands.append(Int(Int16(bitPattern: value)))
                    at += 3
                case 29:
                    guard let value = u32(at: at + 1) else { return nil }
                    operands.append(Int(Int32(bitPattern: value)))
                    at += 5
                case 30:  // a real number: nibbles up to 0xF
                    at += 1
                    while let byte = u8(at: at), byte & 0x0F != 0x0F, byte >> 4 != 0x0F { at += 1 }
                    at += 1
                    operands.append(0)
                case 32...246: operands.append(b0 - 139); at += 1
                case 247...250:
                    guard let b1 = u8(at: at + 1) else { return nil }
                    operands.append((b0 - 247) * 256 + b1 + 108); at += 2
                case 251...254:
                    guard let b1 = u8(at: at + 1) else { return nil }
                    operands.append(-(b0 - 251) * 256 - b1 - 108); at += 2
                default: return nil
                }
            }
            return nil
        }
    }
}
