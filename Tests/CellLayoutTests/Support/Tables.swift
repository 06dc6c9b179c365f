import CellLayout
import Foundation

/// Lays out table documents through the library the way `layout-cli layout` does.
enum Tables {
    /// `document` decoded and laid out with the bundled fonts, its image files looked for
    /// in `imageFolder` (nil: the current directory).
    static func layout(_ document: JSONValue, width: Double? = nil, imageFolder: String? = nil) throws -> TableLayout {
        let spec = try TableDecoder(fonts: TestFonts.library, imageFolder: imageFolder).decode(document, width: width)
        return try TableLayout(spec: spec, engine: TestFonts.engine)
    }

    /// The table's layout output (SPEC.md's JSON), parsed back.
    static func output(_ table: TableLayout) throws -> JSONValue {
        var writer = JSONWriter()
        TableEncoder.encode(table, into: &writer)
        return try JSONParser.parse(writer.bytes)
    }

    /// The value at a dotted path such as `sections.0.rows.1.subviews.switch`.
    static func value(_ json: JSONValue, at path: String) -> JSONValue? {
        var current: JSONValue? = json
        for part in path.split(separator: ".") {
            if let index = Int(part), case .array(let elements)? = current {
                current = index < elements.count ? elements[index] : nil
            } else {
                current = current?[String(part)]
            }
        }
        return current
    }
}
