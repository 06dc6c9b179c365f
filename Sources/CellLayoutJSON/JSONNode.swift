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
    /// silently); nil `known` takes any key.
    func members(known: [String]?) throws(InputError) -> [String: JSONNode] {
        guard case .object(let members) = value else { throw error("expected an object, got \(value.typeName)") }
        var result: [String: JSONNode] = [:]
        for (key, member) in members {
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if let known, !known.contains(key) {
                var error = InputError(path: childPath, "unknown key (expected one of \(known.joined(separator: ", ")))")
                error.knownKeys = known
                throw error
            }
            guard result[key] == nil else { throw InputError(path: childPath, "appears twice") }
            result[key] = JSONNode(member, path: childPath)
        }
        return result
    }

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

    /// One of an enumeration's raw values.
    func choice<T: RawRepresentable & CaseIterable>(_ what: String) throws(InputError) -> T where T.RawValue == String {
        let name = try string()
        guard let value = T(rawValue: name) else {
            let known = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw error("unknown \(what) \"\(name)\" (expected \(known))")
        }
        return value
    }
}
