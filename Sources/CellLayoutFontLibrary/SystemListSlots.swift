import Synchronization

/// The sorted system font list of each language slot (`SystemFonts.list(language:)`), read
/// without a lock once a slot has asked for it: a fallback miss found its list through a
/// lock and a dictionary keyed by the language's name, and on two threads that lock was
/// where the second waited. A slot holds its list as one atomic word, unretained (the
/// `SystemFonts` that made the list keeps it for as long as it lives); slots past the first
/// 256 always ask.
final class SystemListSlots: @unchecked Sendable {
    static let count = 256
    private let slots: UnsafeMutablePointer<Atomic<UInt>>

    init() {
        slots = .allocate(capacity: Self.count)
        for i in 0..<Self.count { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: Self.count)
        slots.deallocate()
    }

    /// The list of language slot `slot`: the one kept, else `make()`'s, kept. `make` must give
    /// the same list every time for a slot, and that list must outlive this.
    func list(_ slot: UInt16, make: () -> SystemFontList) -> SystemFontList {
        guard Int(slot) < Self.count else { return make() }
        if let pointer = UnsafeRawPointer(bitPattern: slots[Int(slot)].load(ordering: .acquiring)) {
            return Unmanaged<SystemFontList>.fromOpaque(pointer).takeUnretainedValue()
        }
        let list = make()
        slots[Int(slot)].store(UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque()), ordering: .releasing)
        return list
    }
}
