/// Bad input in a JSON document, with the path to the value at fault.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where: `sections[0].rows[12].accessory` (empty for the document itself).
    public let path: String
    /// What: `unknown accessory "chevron" (expected none, …)`.
    public let message: String
    /// For an unknown key: the keys the object takes there (the format reference's tables
    /// are checked against them).
    package var knownKeys: [String]? = nil

    /// - Parameters: the JSON path and the message.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// "path: message", or the message alone at the root.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
