/// A value the JSON format and the command-line options name by a word — a cell style, a
/// line break mode, an accessory type — that is also taken as UIKit spells it, so that a
/// value copied from an app's code reads as written: `"tail"`, `"byTruncatingTail"`,
/// `".byTruncatingTail"`, `"NSLineBreakMode.byTruncatingTail"` and
/// `"NSLineBreakByTruncatingTail"` are one line break mode.
///
/// A spelling names a value when, once a trailing `()`, the longest of the type's
/// ``namePrefixes`` and then a leading `.` are taken off, it is the value's ``name`` or one of
/// its ``aliases`` in any case. Output and errors always use ``name``, the format's own.
public protocol NamedChoice: Sendable {
    /// Every value that has a name, in the order an error lists them.
    static var namedValues: [Self] { get }
    /// What may stand before a name: the Swift type (`UITableViewCell.CellStyle`, which
    /// `.subtitle` follows) and the Objective-C constants' common start
    /// (`UITableViewCellStyle`, as in `UITableViewCellStyleSubtitle`).
    static var namePrefixes: [String] { get }
    /// The format's name of the value (SPEC.md's spelling), the one output and errors use.
    var name: String { get }
    /// Further names of the value where UIKit's differ from ``name`` by more than case and
    /// prefix: the Swift case (`byTruncatingTail` for `tail`), an older SDK's constant
    /// (`tailTruncation`, `UILineBreakModeTailTruncation`'s end), the class of a view kind.
    var aliases: [String] { get }
    /// The value `spelling` names (see ``NamedChoice``), or nil.
    init?(named spelling: String)
}

extension NamedChoice {
    /// No prefixes.
    public static var namePrefixes: [String] { [] }

    /// No aliases.
    public var aliases: [String] { [] }

    /// The value `spelling` names (see ``NamedChoice``), or nil.
    public init?(named spelling: String) {
        // The format's own spelling, as nearly every input writes it, needs no folding.
        if let value = Self.namedValues.first(where: { $0.name == spelling }) {
            self = value
            return
        }
        guard let value = Self.value(folding: spelling) else { return nil }
        self = value
    }

    /// The value `spelling` names once folded (a trailing `()`, a prefix, a leading dot and
    /// case; see ``NamedChoice``), or nil: what `init?(named:)` falls back to after its
    /// exact lookup of the format's name.
    public static func value(folding spelling: String) -> Self? {
        let key = key(spelling)
        return namedValues.first { value in
            value.name.lowercased() == key || value.aliases.contains { $0.lowercased() == key }
        }
    }

    /// The format's names of every value, in ``namedValues``' order.
    public static var names: [String] { namedValues.map(\.name) }

    /// The error for a `spelling` that names no value: `unknown line break mode "trunc"
    /// (did you mean "tail"? expected one of word, char, clip, head, tail, middle)`, the
    /// suggestion there when a name is near (`Suggestions`).
    /// - Parameters:
    ///   - spelling: what was given.
    ///   - what: what the value is, as the message names it (`line break mode`).
    ///   - orElse: another accepted form, listed last (`{"view": …}`).
    public static func unknownNameMessage(_ spelling: String, what: String, orElse: String? = nil) -> String {
        let candidates = namedValues.flatMap { value in
            [(value.name, value.name)] + value.aliases.map { ($0, value.name) }
        }
        let hint = Suggestions.phrase(Suggestions.nearest(to: key(spelling), among: candidates)).map { "\($0) " } ?? ""
        let expected = names.joined(separator: ", ") + (orElse.map { ", or \($0)" } ?? "")
        return "unknown \(what) \"\(spelling)\" (\(hint)expected one of \(expected))"
    }

    /// `spelling` without a trailing `()`, its longest name prefix and a leading dot, lowercased.
    private static func key(_ spelling: String) -> String {
        var key = Substring(spelling)
        if key.hasSuffix("()") { key = key.dropLast(2) }
        if let prefix = namePrefixes.filter({ key.hasPrefix($0) }).max(by: { $0.count < $1.count }) {
            key = key.dropFirst(prefix.count)
        }
        if key.hasPrefix(".") { key = key.dropFirst() }
        return key.lowercased()
    }
}

extension NamedChoice where Self: CaseIterable {
    /// Every case.
    public static var namedValues: [Self] { Array(allCases) }
}

extension NamedChoice where Self: RawRepresentable, Self.RawValue == String {
    /// The raw value.
    public var name: String { rawValue }

    /// The value `spelling` names (see ``NamedChoice``), or nil: the format's own spelling
    /// through `init(rawValue:)`, as nearly every input writes it, without building the list
    /// of values (a row's values are looked up on every row of a stream).
    public init?(named spelling: String) {
        if let value = Self(rawValue: spelling) {
            self = value
            return
        }
        guard let value = Self.value(folding: spelling) else { return nil }
        self = value
    }
}
