import CellLayout
import CellLayoutRender
import Foundation

/// What each libFuzzer target does with its bytes. Besides "no crash, no sanitizer report",
/// each checks properties that must hold for any input (a broken one stops the run with
/// `fatalError`, which libFuzzer records as a crash with its input).
public enum FuzzTargets {
    /// One engine for the whole run, over the bundled fonts only (the same on every machine).
    static let engine: TextEngine = {
        do { return TextEngine(fonts: try FontLibrary(useSystemFonts: false)) } catch { fatalError("no bundled fonts: \(error)") }
    }()

    /// Rows laid out per input at most (more is slow, not more interesting).
    static let maxItems = 200

    /// Bytes → JSON parser → writer (must round-trip) → table decoder → layout → encoder.
    public static func json(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        // What the writer writes parses again, and writing that gives the same bytes.
        var writer = JSONWriter()
        writer.write(value)
        let written = writer.bytes
        guard let again = try? JSONParser.parse(written) else {
            fatalError("the writer's output does not parse: \(String(decoding: written, as: UTF8.self))")
        }
        writer.reset()
        writer.write(again)
        if writer.bytes != written { fatalError("writing is not idempotent") }
        guard let table = layout(value) else { return }
        writer.reset()
        TableEncoder.encode(table, into: &writer)
        if (try? JSONParser.parse(writer.bytes)) == nil { fatalError("the table encoder's output does not parse") }
    }

    /// Bytes → (options from the first 8 bytes, the rest as UTF-8 text) → prepare and fit.
    /// The 6th byte's low bit asks for the extremes the engine accepts: the largest size
    /// (`Font.maximumSize`) and a width of 1e-3 or 1,000,000 pt, where a cluster passes 32
    /// bits of layout units.
    public static func measure(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return }
        let extreme = bytes[5] & 1 == 1
        let width = extreme ? (bytes[0] & 1 == 0 ? 1e-3 : 1_000_000)
            : Double(UInt16(bytes[0]) << 8 | UInt16(bytes[1])) / 16 + 0.0625  // 1/16 … 4096 pt
        let size = extreme ? Font.maximumSize : Double(bytes[2]) / 2 + 0.5  // 0.5 … 128 pt
        let modes = LineBreakMode.allCases, weights = FontWeight.allCases
        let options = FitOptions(maxLines: Int(bytes[3] % 6), lineBreakMode: modes[Int(bytes[4]) % modes.count])
        let weight = weights[Int(bytes[6]) % weights.count]
        let text = String(decoding: bytes[8...], as: UTF8.self)
        guard let font = try? engine.fonts.font(family: bytes[7] & 1 == 0 ? "Inter" : "DejaVu Sans", weight: weight, size: size)
        else { fatalError("a bundled font is missing") }
        let prepared = engine.prepare(text, font: font)
        check(prepared.fit(width: width, options: options), against: prepared.size(width: width, options: options), text: text)
    }

    /// Bytes → a font file → the library → "hello world" and a few scripts measured, and
    /// drawn. A fresh library per input: a font never outlives its input.
    public static func font(_ bytes: [UInt8]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cell-layout-fuzz-\(getpid())")
        let file = directory.appendingPathComponent("fuzzed.otf")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        } catch { fatalError("cannot write \(file.path): \(error)") }
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let library = try? FontLibrary(fontDirectories: [directory], useSystemFonts: false),
              let font = try? library.font(file: file.path, size: 17),
              let huge = try? library.font(file: file.path, size: Font.maximumSize) else { return }
        let engine = TextEngine(fonts: library)
        if !(font.lineHeight >= 0 && font.lineGap >= 0) { fatalError("line height \(font.lineHeight), gap \(font.lineGap)") }
        // The extremes first: the largest size at the narrowest and widest widths (a font's
        // widest glyph must still fit a glyph position; a long word's clusters add up).
        let word = String(repeating: "W", count: 64) + " hello"
        let prepared = engine.prepare(word, font: huge)
        for width in [1e-3, 1_000_000] { check(prepared.fit(width: width), against: prepared.size(width: width), text: word) }
        for text in ["hello world", "Hi 0123. ffi", "שלום עולם", "日本語"] {
            let prepared = engine.prepare(text, font: font)
            let layout = prepared.fit(width: 100)
            check(layout, against: prepared.size(width: 100), text: text)
            guard let rasterizer = try? GlyphRasterizer(),
                  var canvas = try? Canvas(width: 120, height: 60, scale: 1, background: .white) else { return }
            for (index, line) in layout.lines.enumerated() {
                for run in layout.glyphRuns(ofLine: index) {
                    rasterizer.draw(run, at: CGPoint(x: 0, y: line.baseline), color: .label, into: &canvas)
                }
            }
        }
    }

    /// Bytes → a table document → layout → a picture, when it is small.
    public static func render(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes), let table = layout(value) else { return }
        let scale = 1 + (bytes.count % 3)
        // At most 4 Mpx: the canvas refuses only past 2²⁸ px, which would be 1 GB a run.
        guard table.width * table.contentHeight * Double(scale * scale) <= 4_000_000,
              let renderer = try? TableRenderer() else { return }
        _ = try? renderer.render(table, scale: scale, frames: bytes.count % 2 == 0)
    }

    /// A document's table laid out, when it decodes and is small.
    static func layout(_ document: JSONValue) -> TableLayout? {
        guard let spec = try? TableDecoder(fonts: engine.fonts).decode(document),
              spec.sections.reduce(0, { $0 + $1.rows.count + 2 }) <= maxItems else { return nil }
        return try? TableLayout(spec: spec, engine: engine)
    }

    /// What holds for any fitted text: finite sizes, break offsets inside the text and
    /// increasing, no more lines than allowed, and the size path equal to the lines path.
    static func check(_ layout: TextLayout, against size: TextSize, text: String) {
        let utf16Count = text.utf16.count
        let breaks = layout.breakOffsets
        func fail(_ what: String) -> Never {
            fatalError("\(what): width \(layout.width), options \(layout.options), text \(text.debugDescription)")
        }
        if !layout.usedWidth.isFinite || layout.usedWidth < 0 || !layout.height().isFinite { fail("a size is negative or not finite") }
        if zip(breaks, breaks.dropFirst()).contains(where: { $0 >= $1 }) || breaks.contains(where: { $0 <= 0 || $0 > utf16Count }) {
            fail("break offsets \(breaks) are not increasing inside 1...\(utf16Count)")
        }
        if layout.options.maxLines > 0, layout.lineCount > layout.options.maxLines { fail("\(layout.lineCount) lines") }
        if layout.size != size { fail("fit gives \(layout.size), size(width:) gives \(size)") }
    }
}
