import CHarfBuzz
import CellLayoutFontLibrary
import Synchronization

/// What preparing text learns once about each font face, kept by the engine: which
/// characters the face draws plainly (`PlainFace`) and which of its CJK glyphs no lookup
/// acts on (`IdeographFace`, per script and language).
///
/// The analyses belong to this stage, so they live here, keyed by face, and not inside
/// `FontFace`. An entry holds its face, so the face's identity stays its key. One engine
/// per font library is the intended use; a second engine analyses the faces again.
package final class FaceAnalyses: Sendable {
    private struct Entry {
        let face: FontFace
        /// nil: not yet analysed; .some(nil): the face has no plain character.
        var plain: PlainFace??
        /// nil: not yet worked out; .some(nil): the face draws no CJK candidate.
        var ideographCandidates: IdeographFace.Candidates??
        /// Scripts that select the same lookups share one analysis.
        var ideographsByLookups: [IdeographFace.Lookups: IdeographFace?] = [:]
    }

    /// A face (whose `Entry` holds it, so the identifier stays its own), a script and a
    /// language (a HarfBuzz language, an interned pointer; 0 for none).
    private struct IdeographKey: Hashable {
        let face: ObjectIdentifier
        let script: UInt32
        let language: UInt
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Every face's `IdeographFace` by script and language, apart from the entries: the
        /// lookup each CJK paragraph makes copies one optional reference, not an `Entry`
        /// (its face, its dictionaries: ~2,000 instructions a lookup, 14,226 on 10,000
        /// international rows).
        var ideographs: [IdeographKey: IdeographFace?] = [:]
        /// Every face's `PieceBoundaries` by script and language (the face held by its entry).
        var boundaries: [IdeographKey: PieceBoundaries?] = [:]
        /// How many times each was asked for before it was worked out.
        var boundaryAsks: [IdeographKey: Int] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// The face's plain-shaping tables, worked out on first use; nil when no character is
    /// plain in it.
    package func plainFace(of face: FontFace) -> PlainFace? {
        if let known = state.withLock({ $0.entries[ObjectIdentifier(face)]?.plain }) { return known }
        let made = PlainFace.analyse(face)
        return state.withLock { state in
            let id = ObjectIdentifier(face)
            if let kept = state.entries[id]?.plain { return kept }
            state.entries[id, default: Entry(face: face)].plain = .some(made)
            return made
        }
    }

    /// The face's `IdeographFace` for text in `script` and `language`, worked out on first
    /// use, once per distinct set of lookups (nil: no CJK glyph of the face is plain in it).
    package func ideographFace(of face: FontFace, script: hb_script_t, language: hb_language_t?) -> IdeographFace? {
        let id = ObjectIdentifier(face)
        let key = IdeographKey(face: id, script: script.rawValue, language: language.map { UInt(bitPattern: $0) } ?? 0)
        if let known = state.withLock({ $0.ideographs[key] }) { return known }
        let lookups = IdeographFace.lookups(face, script: script, language: language)
        let shared = lookups.flatMap { lookups in state.withLock { $0.entries[id]?.ideographsByLookups[lookups] } }
        let made = shared ?? lookups.flatMap { lookups in
            candidates(of: face).flatMap { IdeographFace.analyse(face, candidates: $0, lookups: lookups) }
        }
        return state.withLock { state in
            if let kept = state.ideographs[key] { return kept }
            var entry = state.entries[id] ?? Entry(face: face)
            if let lookups { entry.ideographsByLookups[lookups] = entry.ideographsByLookups[lookups] ?? .some(made) }
            state.entries[id] = entry
            state.ideographs[key] = .some(made)
            return made
        }
    }

    /// How many pairs of a face, script and language are met for the first time before its
    /// `PieceBoundaries` is worked out: reading a face's GSUB costs ~3.5 M instructions for
    /// one whose lookups name thousands of glyphs, shaping a pair ~10 k, so a face that
    /// meets few new pairs is not read.
    static let boundaryAsksBeforeAnalysis = 256

    /// The face's `PieceBoundaries` for text in `script` and `language` (nil: refused, or
    /// not yet asked for `boundaryAsksBeforeAnalysis` times), worked out once. Asked only
    /// for pairs met for the first time.
    package func pieceBoundaries(of face: FontFace, script: hb_script_t, language: hb_language_t?) -> PieceBoundaries? {
        let id = ObjectIdentifier(face)
        let key = IdeographKey(face: id, script: script.rawValue, language: language.map { UInt(bitPattern: $0) } ?? 0)
        let known: PieceBoundaries?? = state.withLock { state in
            if let known = state.boundaries[key] { return known }
            state.boundaryAsks[key, default: 0] += 1
            return state.boundaryAsks[key]! < Self.boundaryAsksBeforeAnalysis ? .some(nil) : nil
        }
        if let known { return known }
        let made = PieceBoundaries.analyse(face, script: script, language: language)
        return state.withLock { state in
            if let kept = state.boundaries[key] { return kept }
            if state.entries[id] == nil { state.entries[id] = Entry(face: face) }
            state.boundaries[key] = .some(made)
            return made
        }
    }

    /// The face's CJK candidates (`IdeographFace.Candidates`), worked out on first use and
    /// shared by the face's analyses for every script and language.
    private func candidates(of face: FontFace) -> IdeographFace.Candidates? {
        let id = ObjectIdentifier(face)
        if let known = state.withLock({ $0.entries[id]?.ideographCandidates }) { return known }
        let made = IdeographFace.candidates(of: face)
        return state.withLock { state in
            if let kept = state.entries[id]?.ideographCandidates { return kept }
            state.entries[id, default: Entry(face: face)].ideographCandidates = .some(made)
            return made
        }
    }
}
