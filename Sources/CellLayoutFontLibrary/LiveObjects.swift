import Synchronization

/// The objects made for each key that are still alive anywhere, held weakly: what makes a
/// key's object one object for as long as any holder keeps it, even after a bounded memo
/// in front has dropped it.
///
/// Fonts need it: the library's memo of fonts is bounded, but a font it drops lives on in
/// what holds it — prepared texts, the fallback front (for the library's life) — and a font
/// made again for the same face and size beside it was a second object. Code that tells
/// fonts apart by identity then took the two for two fonts: a word whose letters got one and
/// the other was cut where they changed and shaped in pieces (Arabic letters in their
/// isolated forms, wider).
///
/// Asked only when the memo in front misses; entries whose object has gone are swept once
/// the table has doubled since the last sweep, so it stays within twice the live objects.
final class LiveObjects<Key: Hashable & Sendable, Object: AnyObject & Sendable>: Sendable {
    private struct Entry {
        weak var object: Object?
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// The count at which dead entries are swept next.
        var sweepAt = 64
    }

    private let state = Mutex(State())

    init() {}

    /// The live object made for `key`, or else the one `make` makes, which is then `key`'s
    /// while it lives. `make` runs under the table's lock, so two threads asking at once
    /// get one object.
    func object<Failure: Error>(for key: Key, orMake make: () throws(Failure) -> Object) throws(Failure) -> Object {
        try state.withLock { (state) throws(Failure) -> Object in
            if let live = state.entries[key]?.object { return live }
            let made = try make()
            state.entries[key] = Entry(object: made)
            if state.entries.count >= state.sweepAt {
                state.entries = state.entries.filter { $0.value.object != nil }
                state.sweepAt = max(64, 2 * state.entries.count)
            }
            return made
        }
    }

    /// How many entries the table has (live or not yet swept).
    var entryCount: Int { state.withLock { $0.entries.count } }
}
