/// "Did you mean …?": the known names nearest a misspelt one, for the errors that refuse an
/// unknown JSON key or enumeration value.
///
/// Names are compared without regard to case, and the nearest win, scored:
/// 0 the same name in another case, or a synonym the caller gives (`"title"` for `"text"`);
/// 1 to 3 the optimal string alignment distance (insertions, deletions, substitutions and
/// swaps of two neighbours), allowed 1 edit in a name of 4–5 letters, 2 in 6–9, 3 from 10;
/// 4 one name inside the other (`"accessoryType"` holds `"accessory"`), the shorter of at
/// least 4 letters; 5 a misspelt start of a longer name (`"detial"` for `"detailText"`).
/// A misspelling (scores 1 to 3) is suggested only when one name is nearest (`"ios9"` is as
/// near `"ios6"` as `"ios8"`: no guess); otherwise all the names tied at the best score are,
/// but no more than ``maximumSuggestions``: past that the guess says nothing.
package enum Suggestions {
    /// The most names one suggestion lists.
    static let maximumSuggestions = 3

    /// The names among `candidates` nearest `unknown`, best first (in `candidates`' order
    /// among equals), each once; empty when none is near.
    /// - Parameters:
    ///   - unknown: the name given.
    ///   - candidates: every accepted spelling and the name to suggest for it (a canonical
    ///     name for an alias), in the order errors list them.
    ///   - synonyms: names that mean a known one although they are spelt nothing like it,
    ///     by the lowercased unknown name (`"title": ["text"]`); only the known ones count.
    package static func nearest(
        to unknown: String, among candidates: [(spelling: String, name: String)], synonyms: [String: [String]] = [:]
    ) -> [String] {
        let given = unknown.lowercased()
        guard !given.isEmpty else { return [] }
        var best = Int.max
        var found: [String] = []
        func consider(_ name: String, score: Int) {
            if score < best {
                best = score
                found = [name]
            } else if score == best, !found.contains(name) {
                found.append(name)
            }
        }
        let synonymous = Set(synonyms[given] ?? [])
        for (spelling, name) in candidates {
            if let score = self.score(given, spelling.lowercased()) { consider(name, score: score) }
            if synonymous.contains(name) { consider(name, score: 0) }
        }
        if (1...3).contains(best), found.count > 1 { return [] }
        return found.count <= maximumSuggestions ? found : []
    }

    /// `did you mean "a"?`, `did you mean "a" or "b"?`, `did you mean "a", "b" or "c"?`;
    /// nil for no names.
    package static func phrase(_ names: [String]) -> String? {
        guard let last = names.last else { return nil }
        let quoted = names.map { "\"\($0)\"" }
        let list = names.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or \"\(last)\""
        return "did you mean \(list)?"
    }

    /// How near `given` is to `known` (both lowercased), or nil when it is not near.
    private static func score(_ given: String, _ known: String) -> Int? {
        if given == known { return 0 }
        let a = Array(given.utf8), b = Array(known.utf8)
        let longest = max(a.count, b.count)
        let allowed = longest >= 10 ? 3 : longest >= 6 ? 2 : longest >= 4 ? 1 : 0
        // A length difference past the allowance cannot come within it: skip the table.
        if abs(a.count - b.count) <= allowed, allowed > 0 {
            let d = distance(a, b)
            if d <= allowed { return d }
        }
        if min(a.count, b.count) >= 4, given.contains(known) || known.contains(given) { return 4 }
        if a.count >= 5, b.count > a.count, distance(a, Array(b.prefix(a.count))) <= 1 { return 5 }
        return nil
    }

    /// The optimal string alignment distance between `a` and `b`: the fewest insertions,
    /// deletions, substitutions and swaps of adjacent bytes that turn one into the other,
    /// no byte edited twice.
    package static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)  // row i − 2
        var previous = Array(0...b.count)                     // row i − 1
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                current[j] = d
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
