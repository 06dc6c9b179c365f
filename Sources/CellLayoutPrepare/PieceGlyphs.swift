import CellLayoutCore

/// What holds a paragraph's shaped glyphs for its pieces: a piece refers to its glyphs
/// unretained (`ShapedPiece.glyphs`), so that a piece of a common word, whose glyphs both
/// threads read, costs no write to their reference count. The glyphs come from the engine's
/// shape memo front, which keeps them as long as it lives (`PinnedFront`) — the paragraph
/// then holds the front, through its thread's `FrontHold` — or from the memo, which may drop
/// them, or from no memo: the paragraph then holds them itself.
@usableFromInline
package struct PieceGlyphs: Sendable {
    /// The front the borrowed glyphs are kept in (nil when no piece borrows from it).
    private(set) var front: FrontHold?
    /// The glyphs held one by one (nil, not empty, when there are none: a plain paragraph
    /// copies two nil references, not an empty array's).
    private(set) var held: [ShapedText]?

    /// Nothing held (a paragraph with no shaped piece, so far).
    static var none: PieceGlyphs { PieceGlyphs(front: nil, held: nil) }

    /// Holds `front` (once: every hold leads to the engine's one front).
    @inline(__always)
    mutating func borrow(from front: @autoclosure () -> FrontHold) {
        if self.front == nil { self.front = front() }
    }

    /// Holds `glyphs` themselves.
    mutating func hold(_ glyphs: ShapedText) {
        if held == nil { held = [glyphs] } else { held!.append(glyphs) }
    }
}

/// The engine's shape memo front, held: one per thread lane (`ThreadLanes`), so that two
/// threads' paragraphs holding the front write two reference counts, not one.
package final class FrontHold: Sendable {
    let front: PinnedFront<ShapedText.Storage>
    /// Keeps the next lane's hold (and its reference count) off this one's cache line.
    let padding = CacheLinePadding()

    init(_ front: PinnedFront<ShapedText.Storage>) { self.front = front }
}
