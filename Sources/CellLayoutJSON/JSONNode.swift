import CellLayoutCore

/// A JSON value with its path in the document, and typed reads that fail with an
/// `InputError` naming that path.
struct JSONNode {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    func error(_ message: String) -> InputError { InputError(path: path, message) }

    /// The object's members by key, refusing keys not in `known` (a typo must not pass
    /// silently): `unknown key (did you mean "text"?)` when a known key is near
    /// (`Suggestions`, with ``keySynonyms``), else the known keys listed; nil `known` takes
    /// any key.
    func members(known: [String]?) throws(InputError) -> [String: JSONNode] {
        guard case .object(let members) = value else { throw error("expected an object, got \(value.typeName)") }
        var result: [String: JSONNode] = [:]
        for (key, member) in members {
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if let known, !known.contains(key) {
                let near = Suggestions.nearest(to: key, among: known.map { ($0, $0) }, synonyms: Self.keySynonyms)
                var error = InputError(
                    path: childPath, "unknown key (\(Suggestions.phrase(near) ?? "expected one of \(known.joined(separator: ", "))"))")
                error.knownKeys = known
                throw error
            }
            guard result[key] == nil else { throw InputError(path: childPath, "appears twice") }
            result[key] = JSONNode(member, path: childPath)
        }
        return result
    }

    /// Keys a UIKit developer writes for one of the format's although they are spelt
    /// nothing like it (UIKit's property names, mostly), by the lowercased key: suggested
    /// where the format's key is known. Keys spelt near, inside or around a known one
    /// (`accessoryType`, `imageView`, `fontSize`) need no entry.
    static let keySynonyms: [String: [String]] = [
        "title": ["text"], "textlabel": ["text"], "detailtextlabel": ["detailText", "secondaryText"],
        "subtitle": ["detailText", "secondaryText"], "secondarytext": ["detailText"], "detailtext": ["secondaryText"],
        "ison": ["on"], "isselected": ["selected"], "name": ["family"], "fontname": ["family"], "familyname": ["family"],
        "pointsize": ["size"], "bold": ["weight"], "tracking": ["kern"], "cells": ["rows"], "items": ["rows"],
        "identifier": ["id"], "reuseidentifier": ["id"], "type": ["kind"], "class": ["kind"],
    ]

    /// The array's elements.
    func elements() throws(InputError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw error("expected an array, got \(value.typeName)") }
        return elements.enumerated().map { JSONNode($1, path: "\(path)[\($0)]") }
    }

    func string() throws(InputError) -> String {
        guard case .string(let string) = value else { throw error("expected a string, got \(value.typeName)") }
        return string
    }

    /// A string, or nil for JSON null.
    func optionalString() throws(InputError) -> String? {
        if case .null = value { return nil }
        return try string()
    }

    func bool() throws(InputError) -> Bool {
        guard case .bool(let bool) = value else { throw error("expected true or false, got \(value.typeName)") }
        return bool
    }

    /// A number in `range` (finite by construction: the parser refuses NaN and infinities).
    func number(in range: ClosedRange<Double> = -1e6...1e6) throws(InputError) -> Double {
        guard case .number(let number) = value else { throw error("expected a number, got \(value.typeName)") }
        guard range.contains(number) else {
            throw error("must be from \(range.lowerBound.formatted3) to \(range.upperBound.formatted3), got \(number.formatted3)")
        }
        return number
    }

    /// A number greater than zero, at most `maximum`.
    func positive(maximum: Double = 1e6) throws(InputError) -> Double {
        let number = try number(in: 0...maximum)
        guard number > 0 else { throw error("must be a positive number, got \(number.formatted3)") }
        return number
    }

    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws(InputError) -> Int {
        let number = try number(in: Double(range.lowerBound)...Double(range.upperBound))
        guard number == number.rounded() else { throw error("expected a whole number, got \(number.formatted3)") }
        return Int(number)
    }

    /// The value a string names, in the format's spelling or UIKit's (`NamedChoice`).
    /// - Parameters:
    ///   - what: what the value is, as an error names it (`line break mode`).
    ///   - orElse: another form the value may take, which the error lists last.
    func choice<T: NamedChoice>(_ what: String, orElse: String? = nil) throws(InputError) -> T {
        let name = try string()
        guard let value = T(named: name) else { throw error(T.unknownNameMessage(name, what: what, orElse: orElse)) }
        return value
    }
}
