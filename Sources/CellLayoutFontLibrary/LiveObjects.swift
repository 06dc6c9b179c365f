import Synchronization

/// The objects made for each key that something still holds: what makes a key's object one
/// object for as long as anything holds it, even after a bounded memo in front has dropped it.
///
/// Fonts need it: the library's memo of fonts is bounded, but a font it drops lives on in
/// what holds it — prepared texts, the fallback front (for the library's life) — and a font
/// made again for the same face and size beside it was a second object. Code that tells
/// fonts apart by identity then took the two for two fonts: a word whose letters got one and
/// the other was cut where they changed and shaped in pieces (Arabic letters in their
/// isolated forms, wider).
///
/// The table holds its objects strongly and lets one go when it is the only holder left
/// (`isKnownUniquelyReferenced`, under the table's lock: nothing can then take a new
/// reference to it but through the table). Not weak references: a weakly referenced object
/// keeps its reference counts in a side table, and every retain and release of a font — a
/// text font is retained for every text — then took the runtime's slow path (+16.9 M
/// instructions in 10,000 international rows). Asked only when the memo in front misses;
/// swept once the table has doubled since the last sweep, so it stays within twice the
/// objects held elsewhere.
final class LiveObjects<Key: Hashable & Sendable, Object: AnyObject & Sendable>: Sendable {
    private struct State {
        var objects: [Key: Object] = [:]
        /// The count at which objects nothing else holds are let go next.
        var sweepAt = 64
    }

    private let state = Mutex(State())

    init() {}

    /// The object made for `key` that is still held, or else the one `make` makes, which is
    /// then `key`'s while anything holds it. `make` runs under the table's lock, so two
    /// threads asking at once get one object.
    func object<Failure: Error>(for key: Key, orMake make: () throws(Failure) -> Object) throws(Failure) -> Object {
        try state.withLock { (state) throws(Failure) -> Object in
            if let held = state.objects[key] { return held }
            let made = try make()
            state.objects[key] = made
            if state.objects.count >= state.sweepAt {
                Self.sweep(&state.objects)
                state.sweepAt = max(64, 2 * state.objects.count)
            }
            return made
        }
    }

    /// Lets go of the objects that only `objects` holds (checked in place: a copy taken out
    /// to check would be a second reference).
    private static func sweep(_ objects: inout [Key: Object]) {
        var unheld: [Key] = []
        var index = objects.values.startIndex
        while index != objects.values.endIndex {
            if isKnownUniquelyReferenced(&objects.values[index]) { unheld.append(objects.keys[index]) }
            objects.values.formIndex(after: &index)
        }
        for key in unheld { objects[key] = nil }
    }

    /// How many objects the table holds (held elsewhere too, or not yet swept).
    var entryCount: Int { state.withLock { $0.objects.count } }
}
