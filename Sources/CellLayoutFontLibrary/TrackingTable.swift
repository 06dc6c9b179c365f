import CHarfBuzz

/// A face's AAT `trak` table, horizontal tracking only: the spacing CoreText adds to every
/// glyph by point size (Apple's TrueType Reference Manual, "The 'trak' table").
///
/// The track CoreText uses by default is the normal one, track value 0: the entry with that
/// value, else the two entries around 0 interpolated, else the nearest. Along the sizes the
/// value is interpolated linearly between the two sizes around the point size; below the
/// first size and above the last the end value holds (CoreText does not extrapolate, as
/// HarfBuzz's maintainers found matching it; HarfBuzz 6.0 did). Values are in font units,
/// not rounded. The CellLayout catalog's article "The system font and Dynamic Type" has the
/// sources.
package struct TrackingTable: Sendable, Equatable {
    /// The table's sizes in points, ascending.
    package let sizes: [Double]
    /// The normal track's value at each size, in font units.
    package let values: [Double]

    /// The tracking at `pointSize`, in font units.
    package func value(at pointSize: Double) -> Double {
        guard let first = sizes.first, let last = sizes.last else { return 0 }
        if pointSize <= first { return values[0] }
        if pointSize >= last { return values[values.count - 1] }
        let upper = sizes.firstIndex { $0 >= pointSize }!
        if sizes[upper] == pointSize { return values[upper] }
        let s0 = sizes[upper - 1], s1 = sizes[upper]
        let t = (pointSize - s0) / (s1 - s0)
        return values[upper - 1] + t * (values[upper] - values[upper - 1])
    }

    /// The horizontal tracking table of `face`, or nil when it has none (or one that
    /// cannot be read: a damaged `trak` is ignored, as HarfBuzz's sanitizer drops it).
    init?(face: OpaquePointer) {
        let tag = hb_tag_t(0x7472_616B)  // 'trak'
        guard let blob = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 12 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        guard let parsed = Self.parse(bytes) else { return nil }
        (sizes, values) = parsed
    }

    /// A table of `sizes` and `values` (the same count, sizes ascending).
    package init(sizes: [Double], values: [Double]) {
        self.sizes = sizes
        self.values = values
    }

    /// The normal track of the horizontal TrackData in the table `bytes`.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> (sizes: [Double], values: [Double])? {
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func i16(_ at: Int) -> Int? { u16(at).map { Int(Int16(truncatingIfNeeded: $0)) } }
        func u32(_ at: Int) -> Int? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return high << 16 | low
        }
        func fixed(_ at: Int) -> Double? { u32(at).map { Double(Int32(truncatingIfNeeded: $0)) / 65536 } }
        guard u16(0) == 1, let horizontal = u16(6), horizontal != 0,
              let trackCount = u16(horizontal), let sizeCount = u16(horizontal + 2),
              let sizeTable = u32(horizontal + 4), trackCount > 0, sizeCount > 0 else { return nil }
        var sizes: [Double] = []
        for i in 0..<sizeCount {
            guard let size = fixed(sizeTable + 4 * i) else { return nil }
            sizes.append(size)
        }
        guard zip(sizes, sizes.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        var tracks: [(track: Double, values: [Double])] = []
        for t in 0..<trackCount {
            let entry = horizontal + 8 + 8 * t
            guard let track = fixed(entry), let offset = u16(entry + 6) else { return nil }
            var values: [Double] = []
            for i in 0..<sizeCount {
                guard let value = i16(offset + 2 * i) else { return nil }
                values.append(Double(value))
            }
            tracks.append((track, values))
        }
        tracks.sort { $0.track < $1.track }
        let below = tracks.last { $0.track <= 0 }, above = tracks.first { $0.track >= 0 }
        switch (below, above) {
        case let (below?, above?) where below.track == above.track:
            return (sizes, below.values)
        case let (below?, above?):
            let t = (0 - below.track) / (above.track - below.track)
            return (sizes, zip(below.values, above.values).map { $0 + t * ($1 - $0) })
        case let (nearest?, nil), let (nil, nearest?):
            return (sizes, nearest.values)
        case (nil, nil):
            return nil
        }
    }
}
