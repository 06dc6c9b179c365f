/// A text's UTF-16 code units, transcoded in one pass over the String's UTF-8 storage.
///
/// Every prepared text starts here. Copying the String's UTF-16 view walks breadcrumbs, and
/// appending its scalars one by one costs a call and a capacity check per scalar; this is
/// one loop that widens ASCII 16 bytes at a time (a vector, where no byte has its high bit)
/// and byte by byte, and decodes 2-, 3- and 4-byte sequences by hand into a buffer of the
/// UTF-8 count (a text never has more UTF-16 units than UTF-8
/// bytes: 1 → 1, 2 → 1, 3 → 1, 4 → 2).
package enum UTF16Units {
    /// `text` in UTF-16: the same units as `Array(text.utf16)`.
    package static func of(_ text: String) -> [UInt16] {
        if let units = text.utf8.withContiguousStorageIfAvailable({ transcode($0) }) ?? nil { return units }
        // A bridged or non-contiguous String (or, never for a Swift String, invalid UTF-8).
        return byScalars(text)
    }

    /// Writes `text` in UTF-16 at `target`, which has room for `text.utf8.count` units (a
    /// text never needs more), and returns how many units: the runs of an attributed text
    /// go one after another into one buffer, with no array per run.
    package static func write(_ text: String, into target: UnsafeMutablePointer<UInt16>) -> Int {
        if let count = text.utf8.withContiguousStorageIfAvailable({ transcode($0, into: target) }) ?? nil { return count }
        let units = byScalars(text)
        target.update(from: units, count: units.count)
        return units.count
    }

    /// The UTF-16 of `bytes`, or nil where they are not well-formed UTF-8 (a stray or
    /// missing continuation byte, an overlong form, a surrogate, anything above U+10FFFF:
    /// Unicode's Table 3-7).
    package static func transcode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16]? {
        var wellFormed = true
        let units = [UInt16](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            if let count = transcode(bytes, into: buffer.baseAddress) {
                initialized = count
            } else {
                wellFormed = false
                initialized = 0
            }
        }
        return wellFormed ? units : nil
    }

    /// Writes the UTF-16 of `bytes` at `target` (room for `bytes.count` units, never
    /// fewer than needed) and returns how many units, or nil where the bytes are not
    /// well-formed UTF-8 (`transcode(_:)`).
    package static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt16>?) -> Int? {
        guard !bytes.isEmpty, let source = bytes.baseAddress, let target else { return 0 }
        let end = bytes.count
        var i = 0, o = 0
        while i < end {
            // ASCII, 16 bytes at a time while no byte has its high bit set: one vector widened.
            while i + 16 <= end {
                let raw = UnsafeRawPointer(source + i)
                let high = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                guard high & 0x8080_8080_8080_8080 == 0 else { break }
                UnsafeMutableRawPointer(target + o).storeBytes(
                    of: SIMD16<UInt16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD16<UInt8>.self)),
                    as: SIMD16<UInt16>.self)
                i += 16
                o += 16
            }
            if i == end { return o }
            var lead = source[i]
            // ASCII byte by byte, to the next non-ASCII byte or the end.
            while lead < 0x80 {
                target[o] = UInt16(lead)
                o += 1
                i += 1
                if i == end { return o }
                lead = source[i]
            }
            // Sequences one after another, to the next ASCII byte (a run of Cyrillic or CJK).
            repeat {
                if lead < 0xE0 {
                    // C2...DF 80...BF: U+0080...U+07FF (C0, C1 are overlong; 80...BF stray).
                    guard lead >= 0xC2, i + 1 < end else { return nil }
                    let c1 = source[i + 1]
                    guard c1 & 0xC0 == 0x80 else { return nil }
                    target[o] = UInt16(lead & 0x1F) << 6 | UInt16(c1 & 0x3F)
                    o += 1
                    i += 2
                } else if lead < 0xF0 {
                    // E0 A0...BF, E1...EC 80...BF, ED 80...9F (not a surrogate), EE...EF 80...BF.
                    guard i + 2 < end else { return nil }
                    let c1 = source[i + 1], c2 = source[i + 2]
                    let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80, high: UInt8 = lead == 0xED ? 0x9F : 0xBF
                    guard c1 >= low, c1 <= high, c2 & 0xC0 == 0x80 else { return nil }
                    target[o] = UInt16(lead & 0x0F) << 12 | UInt16(c1 & 0x3F) << 6 | UInt16(c2 & 0x3F)
                    o += 1
                    i += 3
                } else {
                    // F0 90...BF, F1...F3 80...BF, F4 80...8F: U+10000...U+10FFFF, a surrogate pair.
                    guard lead <= 0xF4, i + 3 < end else { return nil }
                    let c1 = source[i + 1], c2 = source[i + 2], c3 = source[i + 3]
                    let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80, high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
                    guard c1 >= low, c1 <= high, c2 & 0xC0 == 0x80, c3 & 0xC0 == 0x80 else {
                        return nil
                    }
                    let scalar = UInt32(lead & 0x07) << 18 | UInt32(c1 & 0x3F) << 12
                        | UInt32(c2 & 0x3F) << 6 | UInt32(c3 & 0x3F)
                    let offset = scalar - 0x10000
                    target[o] = 0xD800 | UInt16(truncatingIfNeeded: offset >> 10)
                    target[o + 1] = 0xDC00 | UInt16(truncatingIfNeeded: offset & 0x3FF)
                    o += 2
                    i += 4
                }
                if i == end { return o }
                lead = source[i]
            } while lead >= 0x80
        }
        return o
    }

    /// Calls `body` with `text` in UTF-16 (the units of `of(_:)`) in memory that lives for
    /// the call only, where `of(_:)` allocates an array per text: on the stack for a text of
    /// up to `stackBytes` UTF-8 bytes (most texts of a table), from the heap for a longer one.
    package static func withUnits<R>(of text: String, _ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
        let count = text.utf8.count
        if count <= stackBytes {
            // At most 1,024 bytes: always on the stack.
            return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: stackBytes) { withUnits(of: text, in: $0, body) }
        }
        let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: count)
        defer { buffer.deallocate() }
        return withUnits(of: text, in: buffer, body)
    }

    /// The longest text (in UTF-8 bytes) whose units `withUnits(of:_:)` keeps on the stack.
    package static let stackBytes = 512

    /// `body` on `text`'s units written into `buffer` (room for its UTF-8 count), or on
    /// `byScalars(_:)`'s array for a String without contiguous UTF-8.
    @inline(__always)
    private static func withUnits<R>(of text: String, in buffer: UnsafeMutableBufferPointer<UInt16>,
                                     _ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
        if let count = text.utf8.withContiguousStorageIfAvailable({ transcode($0, into: buffer.baseAddress) }) ?? nil {
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        return byScalars(text).withUnsafeBufferPointer(body)
    }

    /// `text` in UTF-16 scalar by scalar: the path for Strings without contiguous UTF-8.
    package static func byScalars(_ text: String) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x10000 {
                units.append(UInt16(scalar.value))
            } else {
                units.append(UTF16.leadSurrogate(scalar))
                units.append(UTF16.trailSurrogate(scalar))
            }
        }
        return units
    }
}
