import CellLayout
import Testing

/// A row's id is opaque to layout and comes back out exactly as it went in.
@Suite struct RowIDTests {
    @Test func everyKindOfJSONIdIsEchoedUnchanged() throws {
        let ids = [#""wifi""#, "7", "2.5", "null", "true", #"[1,{"x":true}]"#, #"{"k":"v","n":[]}"#]
        let rows = ids.map { #"{"id": \#($0), "text": "A"}"# }.joined(separator: ",")
        let output = try Tables.output(try Tables.layout(try JSONParser.parse(#"{"width": 320, "rows": [\#(rows)]}"#)))
        for (r, id) in ids.enumerated() {
            #expect(Tables.value(output, at: "sections.0.rows.\(r).id") == (try JSONParser.parse(id)))
        }
    }

    @Test func idsBuiltInSwiftAreStringsAndNumbers() throws {
        let string: RowID = "wifi", number: RowID = 7
        #expect(string == .string("wifi") && string.stringValue == "wifi" && string.json == .string("wifi"))
        #expect(number == RowID(7.0) && number.numberValue == 7 && number.json == .number(7))
        #expect(RowID.none.json == .null && RowID(json: .null) == .none)
        let object = RowID(json: try JSONParser.parse(#"{"a":[1,2]}"#))
        #expect(object.json == (try JSONParser.parse(#"{"a":[1,2]}"#)))
        #expect(object != RowID(#"{"a":[1,2]}"#))
    }
}
